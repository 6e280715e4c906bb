package kvm2

import (
	"context"
	"fmt"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	opSetRunning   = "set power state"
	opSetAutostart = "set autostart"
)

// SetRunning starts or stops (destroys) the domain, and returns it as the host reports it.
// Starting waits for running like Create; a paused or pmsuspended domain is Permanent.
func (c *Client) SetRunning(ctx context.Context, id, uid string, running bool) (Instance, error) {
	return c.onMarked(ctx, opSetRunning, id, uid, func(b backend.Backend, dom libvirt.Domain, _ definition.Mark) error {
		if running {
			return c.ensureRunning(ctx, b, dom)
		}
		err := b.DomainDestroy(ctx, dom)
		if kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
			return nil // not running: already where we want it
		}
		return err
	})
}

// SetAutostart sets whether libvirtd starts the domain when it starts. libvirt refuses it for a
// domain that is no longer defined (transient): Permanent.
func (c *Client) SetAutostart(ctx context.Context, id, uid string, autostart bool) (Instance, error) {
	return c.onMarked(ctx, opSetAutostart, id, uid, func(b backend.Backend, dom libvirt.Domain, _ definition.Mark) error {
		return b.DomainSetAutostart(ctx, dom, autostart)
	})
}

const opPower = "power"

// PowerRequest is one power operation on the VM with ID and UID (both required: an operation
// acts only on the VM whose mark carries UID and whose UUID derives from it).
type PowerRequest struct {
	ID              string
	UID             string
	Operation       rules.PowerOperation
	ShutdownTimeout time.Duration
	// Progress, when set, receives one line per step (for Terraform's action progress).
	Progress func(msg string)
}

// PowerResult says what a power operation did.
type PowerResult struct {
	Instance Instance
	// Stopped is true when the VM was running and was stopped; Forced when the guest did not
	// power off within the shutdown timeout and was powered off hard.
	Stopped, Forced bool
	// Started is true when the VM was started.
	Started bool
	// stopDone is true once the stop of a stop or reboot took effect: the VM was off.
	stopDone bool
}

// Rest is the operation a retry of op runs after attempts that did what r says and then failed:
// a reboot whose stop took effect goes on as a start, so a failure after it (of the start's
// wait, or of the read after the action) never stops the VM a second time. Start and stop leave
// a VM that is already where they take it as it is, so a retry of them after they took effect
// only reads.
func (r PowerResult) Rest(op rules.PowerOperation) rules.PowerOperation {
	if op == rules.PowerReboot && r.stopDone {
		return rules.PowerStart
	}
	return op
}

// Then is r followed by the attempt that returned next: what either did, and the VM as next
// read it.
func (r PowerResult) Then(next PowerResult) PowerResult {
	return PowerResult{
		Instance: next.Instance,
		Stopped:  r.Stopped || next.Stopped, Forced: r.Forced || next.Forced,
		Started: r.Started || next.Started, stopDone: r.stopDone || next.stopDone,
	}
}

// Power runs req on the VM it names, under the VM's lock and only after its ownership is proven.
// On a failure the result still says what took effect; a caller that retries runs Rest of the
// operation and folds the attempts together with Then.
func (c *Client) Power(ctx context.Context, req PowerRequest) (PowerResult, error) {
	var res PowerResult
	if err := rules.ValidatePowerOperation(string(req.Operation)); err != nil {
		return res, kvmerr.New(kvmerr.Permanent, opPower, "", err)
	}
	if req.ShutdownTimeout < 0 || req.ShutdownTimeout > rules.MaxShutdownTimeout {
		return res, kvmerr.New(kvmerr.Permanent, opPower, "", fmt.Errorf("shutdown timeout %s is not %s", req.ShutdownTimeout, rules.ShutdownTimeoutRule))
	}
	progress := req.Progress
	if progress == nil {
		progress = func(string) {}
	}
	inst, err := c.onMarked(ctx, opPower, req.ID, req.UID, func(b backend.Backend, dom libvirt.Domain, _ definition.Mark) error {
		if req.Operation == rules.PowerStop || req.Operation == rules.PowerReboot {
			stopped, forced, err := c.stop(ctx, b, dom, req.ShutdownTimeout, progress)
			if err != nil {
				return err
			}
			res.Stopped, res.Forced, res.stopDone = stopped, forced, true
		}
		if req.Operation == rules.PowerStart || req.Operation == rules.PowerReboot {
			s, _, err := b.DomainGetState(ctx, dom)
			if err != nil {
				return err
			}
			if !isActive(libvirt.DomainState(s)) {
				progress(fmt.Sprintf("starting %s", req.ID))
				res.Started = true
			}
			if err := c.ensureRunning(ctx, b, dom); err != nil {
				return err
			}
		}
		return nil
	})
	res.Instance = inst
	return res, err
}

// stop asks the guest to power off and waits up to grace for it, then powers it off hard. It
// reports whether the domain was running and whether the hard power-off was needed. A paused
// or suspended guest cannot act on the power button, so it is powered off at once.
func (c *Client) stop(ctx context.Context, b backend.Backend, dom libvirt.Domain, grace time.Duration,
	progress func(string)) (stopped, forced bool, _ error) {
	s, _, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return false, false, err
	}
	st := libvirt.DomainState(s)
	if !isActive(st) {
		return false, false, nil
	}
	if grace > 0 && st != libvirt.DomainPaused && st != libvirt.DomainPmsuspended {
		progress(fmt.Sprintf("asking %s to power off (up to %s)", dom.Name, grace))
		off, err := c.shutdownWithin(ctx, b, dom, grace)
		if err != nil || off {
			return true, false, err
		}
		progress(fmt.Sprintf("%s did not power off within %s: powering it off", dom.Name, grace))
	} else {
		why := "shutdown timeout 0s"
		if grace > 0 {
			why = fmt.Sprintf("it is %s and cannot act on the power button", stateOf(st))
		}
		progress(fmt.Sprintf("powering %s off (%s)", dom.Name, why))
	}
	err = b.DomainDestroy(ctx, dom)
	if kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		return true, false, nil // it stopped by itself meanwhile
	}
	return true, true, err
}

// shutdownWithin sends the ACPI power button and polls until the domain is off or grace ends.
// The wait is a timer, not a deadline on ctx, so a state read in flight when it ends completes.
func (c *Client) shutdownWithin(ctx context.Context, b backend.Backend, dom libvirt.Domain, grace time.Duration) (bool, error) {
	err := b.DomainShutdown(ctx, dom)
	if kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		return true, nil // not running any more
	}
	if err != nil {
		return false, err
	}
	capped := time.NewTimer(grace)
	defer capped.Stop()
	for {
		s, _, err := b.DomainGetState(ctx, dom)
		if kvmerr.IsNotFound(err) {
			return true, nil // a transient domain is gone once it stops
		}
		if err != nil {
			return false, err
		}
		if !isActive(libvirt.DomainState(s)) {
			return true, nil
		}
		select {
		case <-ctx.Done():
			return false, kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("waiting for domain %s to power off: %w", dom.Name, ctx.Err()))
		case <-capped.C:
			return false, nil
		case <-time.After(c.statePoll):
		}
	}
}
