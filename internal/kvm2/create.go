package kvm2

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
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
// has room (QuotaExceeded before anything is written), creates or reuses the overlay, rebuilds
// the seed, defines the domain with our mark, sets its autostart and starts it. If a step fails
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
	unlock, err := c.locks.lock(ctx, lockKey(req.Host, req.Name))
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Transient, opCreate, req.Host,
			fmt.Errorf("waiting for another operation on %s: %w", FormatID(req.Host, req.Name), err))
	}
	defer unlock()
	if req.MAC != "" {
		// Two creates of this client asking for one address: the second waits, then finds it taken.
		unlockMAC, err := c.locks.lock(ctx, macLockKey(req.Host, req.MAC))
		if err != nil {
			return Instance{}, kvmerr.New(kvmerr.Transient, opCreate, req.Host,
				fmt.Errorf("waiting for another create with mac address %s: %w", req.MAC, err))
		}
		defer unlockMAC()
	}
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
func normalizeCreate(req CreateRequest, hc HostConfig) (CreateRequest, error) {
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	check(ValidateVMName(req.Name))
	check(ValidateVCPUs(int64(req.VCPUs)))
	check(ValidateMemoryMiB(int64(req.MemoryMiB)))
	check(ValidateDiskGiB(int64(req.DiskGiB)))
	if req.Firmware == "" {
		req.Firmware = DefaultFirmware
	}
	check(ValidateFirmware(req.Firmware))
	req.Network, req.Bridge = attachment(req.Network, req.Bridge, hc)
	check(validateAttachment(req.Network, req.Bridge))
	if req.MAC != "" {
		mac, err := NormalizeMACAddress(req.MAC)
		check(err)
		if err == nil {
			req.MAC = mac
		}
	}
	if req.NetworkConfig != "" {
		check(ValidateNetworkConfig(req.NetworkConfig))
	}
	if req.BaseImageID == "" {
		errs = append(errs, errors.New("base image ID is required"))
	}
	if req.UID == "" {
		uid, err := NewUID()
		check(err)
		req.UID = uid
	} else {
		check(ValidateUID(req.UID))
	}
	return req, errors.Join(errs...)
}

// createOn is Create's work on a held connection.
func (c *Client) createOn(ctx context.Context, b backend.Backend, hc HostConfig, req CreateRequest) (Instance, error) {
	dom, err := b.DomainLookupByName(ctx, req.Name)
	switch {
	case err == nil:
		inst, rebuild, err := c.adopt(ctx, b, dom, req)
		if !rebuild {
			return inst, err
		}
	case !notFound(err):
		return Instance{}, err
	}
	return c.build(ctx, b, hc, req)
}

// adopt takes over an existing domain under req.Name if, and only if, its mark carries req's
// UID, so that a retried Create after a lost response converges instead of failing. Any other
// domain under the name is refused, and the error says whose it is. A domain of ours whose
// disks are gone (a define whose reply was lost, followed by the cleanup of its disks) is
// removed and rebuilt: rebuild is then true.
func (c *Client) adopt(ctx context.Context, b backend.Backend, dom libvirt.Domain, req CreateRequest) (_ Instance, rebuild bool, _ error) {
	facts, err := readDefinition(ctx, b, dom)
	if err != nil {
		return Instance{}, false, err
	}
	if err := claim(req.Host, req.Name, req.UID, facts); err != nil {
		return Instance{}, false, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the name %s is taken: %w", req.Name, err))
	}
	present, err := disksPresent(ctx, b, facts)
	if err != nil {
		return Instance{}, false, err
	}
	if !present {
		c.logf(ctx, LevelWarn, "removing a definition of this VM whose disks are gone, to build it again",
			map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID})
		return Instance{}, true, removeDomain(ctx, b, dom)
	}
	c.logf(ctx, LevelInfo, "adopting existing domain", map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID})
	// A define whose reply was lost may have left the flag unset. A transient domain cannot take
	// it (ErrOperationInvalid); it is reported as transient and replaced.
	if err := b.DomainSetAutostart(ctx, dom, req.Autostart); err != nil && !isLibvirtCode(err, libvirt.ErrOperationInvalid) {
		return Instance{}, false, err
	}
	if req.Running {
		if err := c.ensureRunning(ctx, b, dom); err != nil {
			return Instance{}, false, err
		}
	}
	inst, err := c.getOn(ctx, b, req.Host, req.Name, req.UID)
	if err != nil {
		return inst, false, &UnreadError{ID: FormatID(req.Host, req.Name), UID: req.UID, Err: err}
	}
	return inst, false, nil
}

// readDefinition reads and parses a domain's definition once: mark, disks, devices.
func readDefinition(ctx context.Context, b backend.Backend, dom libvirt.Domain) (definition.DomainFacts, error) {
	x, err := b.DomainGetXMLDesc(ctx, dom, 0)
	if err != nil {
		return definition.DomainFacts{}, err
	}
	facts, err := definition.ParseDomain(x)
	if err != nil {
		return definition.DomainFacts{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: unreadable definition: %w", dom.Name, err))
	}
	return facts, nil
}

// disksPresent reports whether the overlay and seed files the definition names still exist
// as volumes of the host.
func disksPresent(ctx context.Context, b backend.Backend, facts definition.DomainFacts) (bool, error) {
	for _, p := range []string{facts.OverlayPath, facts.SeedPath} {
		if p == "" {
			return false, nil
		}
		if _, err := b.StorageVolLookupByPath(ctx, p); err != nil {
			if notFound(err) {
				return false, nil
			}
			return false, err
		}
	}
	return true, nil
}

// ensureRunning starts dom unless it runs, and waits until it does. A paused or pmsuspended
// domain is an administrator's doing that starting cannot undo: Permanent.
func (c *Client) ensureRunning(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	s, _, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return err
	}
	switch st := libvirt.DomainState(s); {
	case st == libvirt.DomainPaused || st == libvirt.DomainPmsuspended:
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s is %s; resume it on the host or delete it", dom.Name, stateOf(st)))
	case isActive(st):
		return nil
	}
	if err := b.DomainCreate(ctx, dom); err != nil {
		return err
	}
	return c.waitRunning(ctx, b, dom)
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
		switch st := libvirt.DomainState(s); st {
		case libvirt.DomainRunning, libvirt.DomainBlocked:
			return nil
		case libvirt.DomainPaused, libvirt.DomainPmsuspended:
			return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("domain %s is %s right after start (reason %d)", dom.Name, stateOf(st), reason))
		case libvirt.DomainShutoff, libvirt.DomainCrashed, libvirt.DomainShutdown:
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

// debris records what one Create call wrote, so a failure can remove exactly that.
type debris struct {
	pool    libvirt.StoragePool
	volumes []libvirt.StorageVol
	domain  *libvirt.Domain
	// defineSent is set once the definition was sent: a define whose reply was lost may still
	// have happened, and the cleanup then looks the name up (and removes it only when its mark
	// carries this create's UID).
	defineSent bool
}

// build creates a new domain: MAC check, base, precheck, overlay, seed, define, start.
func (c *Client) build(ctx context.Context, b backend.Backend, hc HostConfig, req CreateRequest) (inst Instance, err error) {
	if req.MAC != "" {
		uses, err := c.hostMACs(ctx, b, req.Host)
		if err != nil {
			return Instance{}, err
		}
		if err := MACConflict(req.Host, req.MAC, req.UID, uses); err != nil {
			return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", err)
		}
	}
	base, err := c.resolveBase(ctx, b, req.BaseImageID)
	if err != nil {
		return Instance{}, err
	}
	seed, err := definition.SeedISO(definition.SeedSpec{
		InstanceID: req.UID, Hostname: req.Name, UserData: req.UserData, NetworkConfig: []byte(req.NetworkConfig),
	})
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("build seed: %w", err))
	}
	needed := base.SizeBytes + uint64(len(seed)) + quotaMargin
	if err := checkPoolSpace(ctx, b, req.Host, hc.Pool, needed); err != nil {
		return Instance{}, err
	}
	pool, err := b.StoragePoolLookupByName(ctx, hc.Pool)
	if err != nil {
		return Instance{}, err
	}
	made := &debris{pool: pool}
	complete := false
	defer func() {
		// Once the domain is defined and running as asked, a failed read-back is not a failed
		// create: the next Create adopts the domain instead of rebuilding it.
		if err != nil && !complete {
			if cerr := c.removeDebris(ctx, b, req, made); cerr != nil {
				err = &LeftoversError{ID: FormatID(req.Host, req.Name), UID: req.UID, Err: err, Cleanup: cerr}
			}
		}
	}()
	overlayPath, err := c.ensureOverlay(ctx, b, made, base, req)
	if err != nil {
		return Instance{}, err
	}
	seedPath, err := c.writeSeed(ctx, b, made, req, seed)
	if err != nil {
		return Instance{}, err
	}
	dom, err := c.define(ctx, b, made, req, base, overlayPath, seedPath)
	if err != nil {
		return Instance{}, err
	}
	// A new definition has autostart off; set before the start, so a VM that runs has it.
	if req.Autostart {
		if err := b.DomainSetAutostart(ctx, dom, true); err != nil {
			return Instance{}, err
		}
	}
	if req.Running {
		if err := b.DomainCreate(ctx, dom); err != nil {
			return Instance{}, err
		}
		if err := c.waitRunning(ctx, b, dom); err != nil {
			return Instance{}, err
		}
	}
	complete = true
	c.logf(ctx, LevelInfo, "domain created", map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID, "running": req.Running})
	inst, err = c.getOn(ctx, b, req.Host, req.Name, req.UID)
	if err != nil {
		return inst, &UnreadError{ID: FormatID(req.Host, req.Name), UID: req.UID, Err: err}
	}
	return inst, nil
}

// ensureOverlay returns the path of the domain's qcow2 overlay on the base. The overlay's name
// carries the UID, so one that exists already was left by an earlier attempt of this very
// create; it is reused when it backs onto this base, and counted as this call's debris.
func (c *Client) ensureOverlay(ctx context.Context, b backend.Backend, made *debris, base BaseImage, req CreateRequest) (string, error) {
	name := overlayName(req.Name, req.UID)
	vol, err := b.StorageVolLookupByName(ctx, made.pool, name)
	switch {
	case notFound(err):
		vol, err = c.createOverlay(ctx, b, made, base, req)
		if err != nil {
			return "", err
		}
	case err != nil:
		return "", err
	default:
		x, err := b.StorageVolGetXMLDesc(ctx, vol)
		if err != nil {
			return "", err
		}
		backing, err := definition.VolumeBacking(x)
		if err != nil {
			return "", kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		if backing != base.Path {
			return "", kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
				"volume %s exists with backing file %q, not the base image %s; it is left alone", name, backing, base.Path))
		}
		made.volumes = append(made.volumes, vol)
	}
	return b.StorageVolGetPath(ctx, vol)
}

func (c *Client) createOverlay(ctx context.Context, b backend.Backend, made *debris, base BaseImage, req CreateRequest) (libvirt.StorageVol, error) {
	x, err := definition.VolumeXML(definition.VolumeSpec{
		Name: overlayName(req.Name, req.UID), Format: definition.FormatQCOW2, CapacityBytes: uint64(req.DiskGiB) << 30,
		BackingPath: base.Path, BackingFormat: base.Format,
	})
	if err != nil {
		return libvirt.StorageVol{}, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	vol, err := b.StorageVolCreateXML(ctx, made.pool, x)
	if err != nil {
		return libvirt.StorageVol{}, err
	}
	made.volumes = append(made.volumes, vol)
	return vol, nil
}

// writeSeed replaces the seed volume with a fresh one holding iso, uploaded on a dedicated
// connection so that a long stream never holds the pooled one, and returns its path. A seed
// under the name can only be an earlier attempt's: the name carries the UID.
func (c *Client) writeSeed(ctx context.Context, b backend.Backend, made *debris, req CreateRequest, iso []byte) (string, error) {
	name := seedName(req.Name, req.UID)
	old, err := b.StorageVolLookupByName(ctx, made.pool, name)
	switch {
	case err == nil:
		if err := ignoreNotFound(b.StorageVolDelete(ctx, old)); err != nil {
			return "", err
		}
	case !notFound(err):
		return "", err
	}
	x, err := definition.VolumeXML(definition.VolumeSpec{Name: name, Format: definition.FormatRaw, CapacityBytes: uint64(len(iso))})
	if err != nil {
		return "", kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	vol, err := b.StorageVolCreateXML(ctx, made.pool, x)
	if err != nil {
		return "", err
	}
	made.volumes = append(made.volumes, vol)
	if err := c.upload(ctx, req.Host, vol, iso); err != nil {
		return "", err
	}
	return b.StorageVolGetPath(ctx, vol)
}

// defaultSeedBudget bounds one upload of a seed ISO (tens of KiB). A go-libvirt stream can hang
// its connection; a hung upload is retried once on a new connection instead of waiting out the
// caller's whole timeout.
const defaultSeedBudget = 20 * time.Second

// upload streams data into vol on a dedicated connection (see onDedicated), each attempt within
// seedBudget. Each upload rewrites vol from the start, so a retry never leaves a mixed seed.
func (c *Client) upload(ctx context.Context, host string, vol libvirt.StorageVol, data []byte) error {
	return onDedicated(ctx, c.pool, host, func(d backend.Backend) error {
		release, err := c.seedUploads.acquire(ctx, host) // seedUploadsPerHost (uploads.go)
		if err != nil {
			return err
		}
		defer release()
		ctx, cancel := context.WithTimeout(ctx, c.seedBudget)
		defer cancel()
		return d.StorageVolUpload(ctx, vol, bytes.NewReader(data), uint64(len(data)))
	})
}

// newMAC returns a random address in QEMU's 52:54:00 prefix. Choosing it here rather than
// letting libvirt pick one means the address is known before the domain exists.
func newMAC() (string, error) {
	var b [3]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("generate mac: %w", err)
	}
	return fmt.Sprintf("52:54:00:%02x:%02x:%02x", b[0], b[1], b[2]), nil
}

// define renders and defines the domain with our mark.
func (c *Client) define(ctx context.Context, b backend.Backend, made *debris, req CreateRequest, base BaseImage, overlayPath, seedPath string) (libvirt.Domain, error) {
	hv, err := c.hypervisorType(ctx, b)
	if err != nil {
		return libvirt.Domain{}, err
	}
	mac := req.MAC
	if mac == "" {
		if mac, err = newMAC(); err != nil {
			return libvirt.Domain{}, err
		}
	}
	mark := definition.Mark{
		UID: req.UID, Tag: req.Tag, CreatedAt: c.now().UTC(),
		BaseImageID: req.BaseImageID, BaseSHA256: base.SHA256,
		VCPUs: req.VCPUs, MemoryMiB: req.MemoryMiB, DiskGiB: req.DiskGiB,
		Network: req.Network, Bridge: req.Bridge, Firmware: string(req.Firmware),
		UserDataSHA256: UserDataSHA256(req.UserData), UserDataSource: userDataSource(req),
		NetworkConfig: req.NetworkConfig,
	}
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: req.Name, UUID: domainUUID(req.UID), Type: hv, VCPUs: req.VCPUs, MemoryMiB: req.MemoryMiB, Firmware: string(req.Firmware),
		OverlayPath: overlayPath, OverlayFormat: definition.FormatQCOW2, SeedPath: seedPath,
		BackingPath: base.Path, BackingFormat: base.Format,
		Network: req.Network, Bridge: req.Bridge, MAC: mac, Mark: mark,
	})
	if err != nil {
		return libvirt.Domain{}, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	made.defineSent = true
	dom, err := b.DomainDefineXML(ctx, x)
	if err != nil {
		return libvirt.Domain{}, err
	}
	made.domain = &dom
	return dom, nil
}

// UserDataSHA256 is the hex sha256 of user data, as the mark records it.
func UserDataSHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// userDataSource is what the mark records as the source of req's user data: write-only, stored,
// or nothing when there is none.
func userDataSource(req CreateRequest) string {
	switch {
	case req.WriteOnlyUserData:
		return UserDataWriteOnly
	case len(req.UserData) > 0:
		return UserDataStored
	}
	return ""
}

// removeIfOurs removes the domain under name when its mark carries uid: the cleanup of a define
// whose reply was lost. Anything else under the name is left alone.
func removeIfOurs(ctx context.Context, b backend.Backend, host, name, uid string) error {
	dom, err := b.DomainLookupByName(ctx, name)
	if err != nil {
		return ignoreNotFound(err)
	}
	facts, err := readDefinition(ctx, b, dom)
	if err != nil {
		return err
	}
	if claim(host, name, uid, facts) == nil {
		return removeDomain(ctx, b, dom)
	}
	return nil // another owner's domain holds the name: ours was never defined
}

// hypervisorType asks the host's capabilities once per host whether it offers KVM.
func (c *Client) hypervisorType(ctx context.Context, b backend.Backend) (string, error) {
	c.hvMu.Lock()
	t, ok := c.hvTypes[b.Host()]
	c.hvMu.Unlock()
	if ok {
		return t, nil
	}
	caps, err := b.ConnectGetCapabilities(ctx)
	if err != nil {
		return "", err
	}
	t = definition.HypervisorType(caps)
	c.hvMu.Lock()
	c.hvTypes[b.Host()] = t
	c.hvMu.Unlock()
	return t, nil
}

// removeDebris undoes what a failed Create call wrote, with a context that is not cancelled
// (the caller's may be what failed) but bounded. The pooled connection is used unless the
// failure killed it, in which case a dedicated one is dialled; when the pooled one dies under
// the cleanup (another call on the link was abandoned, as an interrupt does to every call in
// flight), the cleanup runs again on a dedicated one: each step ignores what is already gone.
// Volumes named with the UID are looked for too, so one whose create reply was lost is not
// left behind. What cannot be removed is returned (and logged): the caller then keeps the
// UID, whose Delete removes it.
func (c *Client) removeDebris(ctx context.Context, b backend.Backend, req CreateRequest, made *debris) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.cleanupBudget)
	defer cancel()
	fields := map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID}
	var err error
	if backend.LinkAlive(b) {
		if err = removeDebrisOn(ctx, b, req, made); err == nil || backend.LinkAlive(b) {
			c.logCleanup(ctx, fields, err)
			return err
		}
		c.logf(ctx, LevelDebug, "connection died during the cleanup after failed create; again on a dedicated one",
			withField(fields, "error", err.Error()))
	}
	d, derr := c.pool.Dedicated(ctx, req.Host)
	if derr != nil {
		c.logf(ctx, LevelWarn, "cannot clean up after failed create", withField(fields, "error", derr.Error()))
		return derr
	}
	defer d.Close()
	err = removeDebrisOn(ctx, d, req, made)
	c.logCleanup(ctx, fields, err)
	return err
}

// removeDebrisOn is removeDebris's work on one connection.
func removeDebrisOn(ctx context.Context, b backend.Backend, req CreateRequest, made *debris) error {
	var errs []error
	switch {
	case made.domain != nil:
		errs = append(errs, removeDomain(ctx, b, *made.domain))
	case made.defineSent:
		errs = append(errs, removeIfOurs(ctx, b, req.Host, req.Name, req.UID))
	}
	vols := made.volumes
	for _, name := range []string{overlayName(req.Name, req.UID), seedName(req.Name, req.UID)} {
		v, err := b.StorageVolLookupByName(ctx, made.pool, name)
		switch {
		case err == nil:
			vols = append(vols, v)
		case !notFound(err):
			errs = append(errs, err)
		}
	}
	errs = append(errs, deleteVols(ctx, b, vols))
	return errors.Join(errs...)
}

// logCleanup logs how the cleanup after a failed create ended.
func (c *Client) logCleanup(ctx context.Context, fields map[string]any, err error) {
	if err != nil {
		c.logf(ctx, LevelWarn, "cleanup after failed create incomplete", withField(fields, "error", err.Error()))
		return
	}
	c.logf(ctx, LevelDebug, "cleaned up after failed create", fields)
}

// withField returns a copy of fields with key set to value.
func withField(fields map[string]any, key string, value any) map[string]any {
	out := maps.Clone(fields)
	out[key] = value
	return out
}
