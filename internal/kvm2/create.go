package kvm2

import (
	"context"
	"errors"
	"fmt"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	opCreate = "create"

	// quotaMargin is added to the pool-space precheck on top of the base size and the seed, for
	// qcow2 metadata and the first writes of a booting guest.
	quotaMargin = 16 << 20
)

// Create makes (or adopts) the proxy VM described by req and returns it as the host reports it.
//
// Under a per-name lock it first looks the name up. A domain that carries our mark with the
// same UID is adopted (its autostart set as asked, started if req.Running); any other domain
// under the name is refused as Permanent. Otherwise it resolves the base image, checks the pool
// has room (QuotaExceeded before anything is written), defines the domain with our mark (its
// first write, so an interrupted create leaves a marked domain), writes the seed, creates or
// reuses the overlay, sets its autostart and starts it. If a step fails
// after this call wrote something, what this call wrote is removed again (a *LeftoversError
// when that cleanup fails); once the VM is defined and running as asked, it stays, and a failed
// read-back is an *UnreadError.
func (c *Client) Create(ctx context.Context, req CreateRequest) (Instance, error) {
	hc, err := c.host(opCreate, req.Host)
	if err != nil {
		return Instance{}, err
	}
	req, err = normalizeCreate(req, hc)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, opCreate, req.Host, err)
	}
	unlock, err := c.locks.Lock(ctx, lockKey(req.Host, req.Name))
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Transient, opCreate, req.Host,
			fmt.Errorf("waiting for another operation on %s: %w", rules.FormatID(req.Host, req.Name), err))
	}
	defer unlock()
	unlockMACs, err := c.lockMACs(ctx, req.Host, req.NICs)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Transient, opCreate, req.Host, err)
	}
	defer unlockMACs()
	b, release, err := c.pool.Acquire(ctx, req.Host)
	if err != nil {
		return Instance{}, kvmerr.Wrap(opCreate, req.Host, err)
	}
	defer release()
	inst, err := c.createOn(ctx, b, hc, req)
	return inst, kvmerr.Wrap(opCreate, req.Host, err)
}

// normalizeCreate validates req by the exported rules (rules.go) and fills its defaults from
// the host: firmware UEFI, the host's network or bridge, a random UID.
func normalizeCreate(req CreateRequest, hc hostconfig.HostConfig) (CreateRequest, error) {
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	check(rules.ValidateVMName(req.Name))
	check(rules.ValidateVCPUs(int64(req.VCPUs)))
	check(rules.ValidateMemoryMiB(int64(req.MemoryMiB)))
	check(rules.ValidateDiskGiB(int64(req.DiskGiB)))
	if req.Firmware == "" {
		req.Firmware = rules.DefaultFirmware
	}
	check(rules.ValidateFirmware(req.Firmware))
	check(rules.ValidateTag(req.Tag))
	check(rules.ValidateUserDataWOVersion(req.UserDataWOVersion))
	check(rules.ValidateCloudInitWait(req.CloudInitWait))
	check(rules.ValidateIPWaitSteering(req.IPWaitFamily, req.IPWaitInterface))
	check(rules.ValidatePortWaitSteering(req.PortWait))
	check(rules.ValidateNameOfPrefix(req.Name, req.NamePrefix))
	req.NICs = normalizeNICs(req.NICs, hc)
	check(rules.ValidateNICs(req.NICs))
	if req.NetworkConfig != "" {
		check(rules.ValidateNetworkConfig(req.NetworkConfig))
	}
	if req.BaseImageID == "" {
		errs = append(errs, errors.New("base image ID is required"))
	}
	if req.UID == "" {
		uid, err := rules.NewUID()
		check(err)
		req.UID = uid
	} else {
		check(rules.ValidateUID(req.UID))
	}
	return req, errors.Join(errs...)
}

// createOn is Create's work on a held connection.
func (c *Client) createOn(ctx context.Context, b backend.Backend, hc hostconfig.HostConfig, req CreateRequest) (Instance, error) {
	// The adoption guard judges whatever holds the name, whatever its UUID: no UID is given.
	dom, facts, err := ownership.FindDomain(ctx, b, req.Name, "")
	switch {
	case err == nil:
		inst, rebuild, err := c.adopt(ctx, b, dom, facts, req)
		if !rebuild {
			return inst, err
		}
	case !kvmerr.IsNotFound(err):
		return Instance{}, err
	}
	return c.build(ctx, b, hc, req)
}

// adopt takes over dom, the domain under req.Name whose definition gave facts, if, and only if, its mark carries req's
// UID, so that a retried Create after a lost response converges instead of failing. Any other
// domain under the name is refused, and the error says whose it is. A domain of ours whose
// disks are gone (a define whose reply was lost, followed by the cleanup of its disks) is
// removed and rebuilt: rebuild is then true.
func (c *Client) adopt(ctx context.Context, b backend.Backend, dom libvirt.Domain, facts definition.DomainFacts, req CreateRequest) (_ Instance, rebuild bool, _ error) {
	if err := ownership.Claim(req.Host, req.Name, req.UID, facts); err != nil {
		var owned *ownership.OwnedError
		if errors.As(err, &owned) {
			owned.ByCreate, owned.Differs = true, ownership.SettingDiffs(owned.Other, facts, requestMark(req), req.NICs, req.WriteOnlyUserData)
		}
		return Instance{}, false, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the name %s is taken: %w", req.Name, err))
	}
	present, err := disksPresent(ctx, b, facts)
	if err != nil {
		return Instance{}, false, err
	}
	if !present {
		c.logf(ctx, corelog.LevelWarn, "removing a definition of this VM whose disks are gone, to build it again",
			map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID})
		return Instance{}, true, ownership.RemoveDomain(ctx, b, dom)
	}
	c.logf(ctx, corelog.LevelInfo, "adopting existing domain", map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID})
	// A define whose reply was lost may have left the flag unset. A transient domain cannot take
	// it (ErrOperationInvalid); it is reported as transient and replaced.
	if err := b.DomainSetAutostart(ctx, dom, req.Autostart); err != nil && !kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		return Instance{}, false, err
	}
	if req.Running {
		if err := c.ensureRunning(ctx, b, dom); err != nil {
			return Instance{}, false, err
		}
	}
	inst, err := c.getOn(ctx, b, req.Host, req.Name, req.UID)
	if err != nil {
		return inst, false, &UnreadError{ID: rules.FormatID(req.Host, req.Name), UID: req.UID, Err: err}
	}
	return inst, false, nil
}

// disksPresent reports whether the overlay and seed files the definition names still exist
// as volumes of the host.
func disksPresent(ctx context.Context, b backend.Backend, facts definition.DomainFacts) (bool, error) {
	for _, p := range []string{facts.OverlayPath, facts.SeedPath} {
		if p == "" {
			return false, nil
		}
		if _, err := b.StorageVolLookupByPath(ctx, p); err != nil {
			if kvmerr.IsNotFound(err) {
				return false, nil
			}
			return false, err
		}
	}
	return true, nil
}

// ensureRunning starts dom unless it runs, and waits until it does. A paused or pmsuspended
// domain is an administrator's doing that starting cannot undo: Permanent. A domain paused
// because it is starting up (a start whose reply was lost, or still under way) is waited for.
func (c *Client) ensureRunning(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	s, reason, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return err
	}
	switch st := libvirt.DomainState(s); {
	case startingUp(st, reason):
		return c.waitRunning(ctx, b, dom)
	case st == libvirt.DomainPaused || st == libvirt.DomainPmsuspended:
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s is %s; resume it on the host or delete it", dom.Name, stateOf(st)))
	case isActive(st):
		return nil
	}
	if err := c.boots.Start(ctx, b, dom, c.log); err != nil {
		return err
	}
	return c.waitRunning(ctx, b, dom)
}

// startingUp reports whether a domain in state st for reason is one libvirt is starting: it
// starts QEMU with its CPUs paused (reason starting up) and resumes them once QEMU is ready.
func startingUp(st libvirt.DomainState, reason int32) bool {
	return st == libvirt.DomainPaused && libvirt.DomainPausedReason(reason) == libvirt.DomainPausedStartingUp
}

// waitRunning polls the state of a just-started domain until it runs, at most startWait. A
// domain that stopped or crashed right after start is Transient (the next attempt may boot);
// a paused one is Permanent.
func (c *Client) waitRunning(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	// The cap is a timer, not a deadline on ctx, so that a state read in flight when the cap
	// expires is not cut off and misreported as a transport failure.
	capped := time.NewTimer(c.startWait)
	defer capped.Stop()
	for {
		s, reason, err := b.DomainGetState(ctx, dom)
		if err != nil {
			return err
		}
		switch st := libvirt.DomainState(s); {
		case st == libvirt.DomainRunning || st == libvirt.DomainBlocked:
			return nil
		case startingUp(st, reason):
			// QEMU is up but its CPUs not yet: libvirt resumes it in a moment.
		case st == libvirt.DomainPaused || st == libvirt.DomainPmsuspended:
			return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("domain %s is %s right after start (reason %d)", dom.Name, stateOf(st), reason))
		case st == libvirt.DomainShutoff || st == libvirt.DomainCrashed || st == libvirt.DomainShutdown:
			return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("domain %s stopped right after start (state %s, reason %d)", dom.Name, stateOf(st), reason))
		}
		select {
		case <-ctx.Done():
			return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("waiting for domain %s to run: %w", dom.Name, ctx.Err()))
		case <-capped.C:
			return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("domain %s is not running %s after start", dom.Name, c.startWait))
		case <-time.After(c.statePoll):
		}
	}
}

// LeftoversError says that a failed Create could not remove everything it wrote (the host
// stopped answering, say): what is left carries the UID, so the caller must keep the UID and
// Delete the VM with it, which removes the leftovers. Err is the create's own failure, whose
// class the error keeps.
type LeftoversError struct {
	ID, UID string
	Err     error
	Cleanup error
}

func (e *LeftoversError) Error() string {
	return fmt.Sprintf("%v; the cleanup of what this create wrote did not finish (%v): deleting VM %s (uid %s) removes it",
		e.Err, e.Cleanup, e.ID, e.UID)
}

func (e *LeftoversError) Unwrap() error { return e.Err }

// UnreadError says that Create made the VM, defined and running as asked, but could not read
// it back (the caller's context ended, or the host stopped answering). The VM exists under its
// UID: a retried Create with that UID adopts it, and a Delete with it removes it, so the caller
// must keep the UID. Err is the read's failure, whose class the error keeps.
type UnreadError struct {
	ID, UID string
	Err     error
}

func (e *UnreadError) Error() string {
	return fmt.Sprintf("VM %s (uid %s) was created, but reading it back failed: %v", e.ID, e.UID, e.Err)
}

func (e *UnreadError) Unwrap() error { return e.Err }
