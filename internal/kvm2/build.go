package kvm2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostmacs"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Building a new VM for Create: the MAC check, the base image, the pool space, the definition,
// the seed, the overlay and the start, and removing what a failed build wrote.

// debris records what one Create call wrote, so a failure can remove exactly that.
type debris struct {
	pool    libvirt.StoragePool
	volumes []libvirt.StorageVol
	domain  *libvirt.Domain
	// defineSent is set once the definition was sent: a define whose reply was lost may still
	// have happened, and the cleanup then looks the name up (and removes it only when its mark
	// carries this create's UID).
	defineSent bool
	// unknownLogs is set once a console log volume met a file of the pool's directory that
	// libvirt did not know (makeConsoleLogs), which the cleanup finds only after a refresh.
	unknownLogs bool
}

// build creates a new domain: MAC check, base, precheck, define, seed, overlay, console logs,
// start.
func (c *Client) build(ctx context.Context, b backend.Backend, hc hostconfig.HostConfig, req CreateRequest) (inst Instance, err error) {
	seen := map[libvirt.UUID]bool{}
	if err := hostmacs.Check(ctx, b, req.Host, req.UID, req.NICs, seen, c.log); err != nil {
		return Instance{}, err
	}
	base, err := c.images.Resolve(ctx, b, req.BaseImageID)
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
	if err := hostops.CheckPoolSpace(ctx, b, req.Host, hc.Pool, needed); err != nil {
		return Instance{}, err
	}
	pool, err := b.StoragePoolLookupByName(ctx, hc.Pool)
	if err != nil {
		return Instance{}, err
	}
	dir, err := c.facts.PoolDir(ctx, b, pool)
	if err != nil {
		return Instance{}, err
	}
	overlayPath, seedPath := path.Join(dir, rules.OverlayName(req.Name, req.UID)), path.Join(dir, rules.SeedName(req.Name, req.UID))
	logPath := path.Join(dir, rules.ConsoleLogName(req.Name, req.UID))
	made := &debris{pool: pool}
	complete := false
	defer func() {
		// Once the domain is defined and running as asked, a failed read-back is not a failed
		// create: the next Create adopts the domain instead of rebuilding it.
		if err != nil && !complete {
			if cerr := c.removeDebris(ctx, b, req, made); cerr != nil {
				err = &LeftoversError{ID: rules.FormatID(req.Host, req.Name), UID: req.UID, Err: err, Cleanup: cerr}
			}
		}
	}()
	// The domain, with our mark, comes before its disks: from the first write on, the host holds
	// a record of this create that carries its UID, so a run killed part-way (terraform
	// SIGKILLed) leaves a marked domain the next apply reports, never volumes nothing claims. The
	// seed comes before the overlay, so an overlay on the host means the seed was written whole.
	dom, err := c.define(ctx, b, made, req, base, diskPaths{overlayPath, seedPath, logPath}, rules.SeedDigest(userDataSource(req), seed))
	if err != nil {
		return Instance{}, err
	}
	if err := hostmacs.Recheck(ctx, b, req.Host, req.UID, req.NICs, seen); err != nil {
		return Instance{}, err
	}
	if err := c.baseStillCached(ctx, b, hc, made.pool, base); err != nil {
		return Instance{}, err
	}
	if err := c.writeSeed(ctx, b, made, req, seed, seedPath); err != nil {
		return Instance{}, err
	}
	if err := c.ensureOverlay(ctx, b, made, base, req, overlayPath); err != nil {
		return Instance{}, err
	}
	// The console log and its rotated copies are volumes before virtlogd first opens the log
	// (package consolelog), so a delete removes them by name, with no refresh of the pool.
	if err := makeConsoleLogs(ctx, b, made, req); err != nil {
		return Instance{}, err
	}
	// A new definition has autostart off; set before the start, so a VM that runs has it.
	if req.Autostart {
		if err := b.DomainSetAutostart(ctx, dom, true); err != nil {
			return Instance{}, err
		}
	}
	if req.Running {
		if err := c.boots.StartNew(ctx, b, dom, req.NICs, c.log); err != nil {
			return Instance{}, c.withConsole(ctx, b, req, made, logPath, err)
		}
		if err := c.waitRunning(ctx, b, dom); err != nil {
			return Instance{}, c.withConsole(ctx, b, req, made, logPath, err)
		}
	}
	complete = true
	c.logf(ctx, corelog.LevelInfo, "domain created", map[string]any{"host": req.Host, "name": req.Name, "uid": req.UID, "running": req.Running})
	inst, err = c.getOn(ctx, b, req.Host, req.Name, req.UID)
	if err != nil {
		return inst, &UnreadError{ID: rules.FormatID(req.Host, req.Name), UID: req.UID, Err: err}
	}
	return inst, nil
}

// baseStillCached checks, once the domain is defined, that no other process is deleting its
// base image (imagecache.StillCached), in the base's pool: the VM's own unless the image ID names
// another.
func (c *Client) baseStillCached(ctx context.Context, b backend.Backend, hc hostconfig.HostConfig, vmPool libvirt.StoragePool, base imagecache.BaseImage) error {
	p := vmPool
	if base.Pool != hc.Pool {
		var err error
		if p, err = b.StoragePoolLookupByName(ctx, base.Pool); err != nil {
			return err
		}
	}
	return c.images.StillCached(ctx, b, p, base)
}

// ensureOverlay makes the domain's qcow2 overlay on the base at want, the path its definition
// names. The overlay's name carries the UID, so one that exists already was left by an earlier
// attempt of this very create; it is reused when it backs onto this base, and counted as this
// call's debris.
func (c *Client) ensureOverlay(ctx context.Context, b backend.Backend, made *debris, base imagecache.BaseImage, req CreateRequest, want string) error {
	name := rules.OverlayName(req.Name, req.UID)
	vol, err := b.StorageVolLookupByName(ctx, made.pool, name)
	switch {
	case kvmerr.IsNotFound(err):
		vol, err = c.createOverlay(ctx, b, made, base, req)
		if err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		x, err := b.StorageVolGetXMLDesc(ctx, vol)
		if err != nil {
			return err
		}
		backing, err := definition.VolumeBacking(x)
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		if backing != base.Path {
			return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
				"volume %s exists with backing file %q, not the base image %s; it is left alone", name, backing, base.Path))
		}
		made.volumes = append(made.volumes, vol)
	}
	return inPool(ctx, b, made.pool, vol, want)
}

func (c *Client) createOverlay(ctx context.Context, b backend.Backend, made *debris, base imagecache.BaseImage, req CreateRequest) (libvirt.StorageVol, error) {
	x, err := definition.VolumeXML(definition.VolumeSpec{
		Name: rules.OverlayName(req.Name, req.UID), Format: definition.FormatQCOW2, CapacityBytes: uint64(req.DiskGiB) << 30,
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

// writeSeed replaces the seed volume with a fresh one holding iso at want, the path the
// definition names, uploaded on a dedicated connection so that a long stream never holds the
// pooled one. A seed under the name can only be an earlier attempt's: the name carries the UID.
func (c *Client) writeSeed(ctx context.Context, b backend.Backend, made *debris, req CreateRequest, iso []byte, want string) error {
	name := rules.SeedName(req.Name, req.UID)
	old, err := b.StorageVolLookupByName(ctx, made.pool, name)
	switch {
	case err == nil:
		if err := hostops.DeleteVolumes(ctx, b, old); err != nil {
			return err
		}
	case !kvmerr.IsNotFound(err):
		return err
	}
	x, err := definition.VolumeXML(definition.VolumeSpec{Name: name, Format: definition.FormatRaw, CapacityBytes: uint64(len(iso))})
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	vol, err := b.StorageVolCreateXML(ctx, made.pool, x)
	if err != nil {
		return err
	}
	made.volumes = append(made.volumes, vol)
	if err := inPool(ctx, b, made.pool, vol, want); err != nil {
		return err
	}
	return c.upload(ctx, req.Host, vol, iso)
}

// defaultSeedBudget bounds one upload of a seed ISO (tens of KiB). A go-libvirt stream can hang
// its connection; a hung upload is retried once on a new connection instead of waiting out the
// caller's whole timeout.
const defaultSeedBudget = 20 * time.Second

// upload streams data into vol on a dedicated connection (see onDedicated), each attempt within
// seedBudget, in one of the host's upload slots (hostwide/uploads.go), whose connection it takes
// over from the upload before it and leaves to the next. Each upload rewrites vol from the start,
// so a retry never leaves a mixed seed. The upload is made once more on a new connection when its
// attempt on a kept connection failed (the host's libvirtd or sshd may have restarted since) or
// its attempt on a new one was abandoned (hung) while ctx is live; a failed connection is closed.
func (c *Client) upload(ctx context.Context, host string, vol libvirt.StorageVol, data []byte) error {
	slot, err := c.seedUploads.Acquire(ctx, host)
	if err != nil {
		return err
	}
	d, kept := slot.Conn, slot.Conn != nil
	for attempt := 0; ; attempt++ {
		if d == nil {
			if d, err = c.pool.Dedicated(ctx, host); err != nil {
				slot.Release(nil)
				return err
			}
		}
		if err = c.uploadOn(ctx, d, vol, data); err == nil {
			slot.Release(d)
			return nil
		}
		_ = d.Close()
		d = nil
		if attempt > 0 || ctx.Err() != nil || !kept && !errors.Is(err, kvmerr.ErrAbandoned) {
			slot.Release(nil)
			return err
		}
	}
}

// uploadOn streams data into vol on d within seedBudget.
func (c *Client) uploadOn(ctx context.Context, d backend.Backend, vol libvirt.StorageVol, data []byte) error {
	ctx, cancel := context.WithTimeout(ctx, c.seedBudget)
	defer cancel()
	return d.StorageVolUpload(ctx, vol, bytes.NewReader(data), uint64(len(data)))
}

// diskPaths are the files a new definition names in the pool's directory: the overlay, the seed
// and the serial console's log.
type diskPaths struct{ overlay, seed, consoleLog string }

// define renders and defines the domain with our mark, which records seedDigest, the
// rules.SeedDigest of the seed uploaded to the seed path.
func (c *Client) define(ctx context.Context, b backend.Backend, made *debris, req CreateRequest, base imagecache.BaseImage, paths diskPaths, seedDigest string) (libvirt.Domain, error) {
	hv, err := c.facts.Hypervisor(ctx, b)
	if err != nil {
		return libvirt.Domain{}, err
	}
	nics, err := withMACs(req.NICs)
	if err != nil {
		return libvirt.Domain{}, err
	}
	mark := requestMark(req)
	mark.CreatedAt, mark.BaseSHA256, mark.SeedDigest = c.now().UTC(), base.SHA256, seedDigest
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: req.Name, UUID: rules.DomainUUID(req.UID), Type: hv, VCPUs: req.VCPUs, MemoryMiB: req.MemoryMiB, Firmware: string(req.Firmware),
		OverlayPath: paths.overlay, OverlayFormat: definition.FormatQCOW2, SeedPath: paths.seed, ConsoleLogPath: paths.consoleLog,
		BackingPath: base.Path, BackingFormat: base.Format,
		NICs: nics, Mark: mark,
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

// requestMark is the mark a create of req records, but for what only the build knows: its
// time, the base image's digest and the seed's.
func requestMark(req CreateRequest) definition.Mark {
	return definition.Mark{
		UID: req.UID, Tag: req.Tag, BaseImageID: req.BaseImageID,
		VCPUs: req.VCPUs, MemoryMiB: req.MemoryMiB, DiskGiB: req.DiskGiB,
		Network: req.NICs[0].Network, Bridge: req.NICs[0].Bridge, Firmware: string(req.Firmware),
		UserDataSHA256: rules.UserDataSHA256(req.UserData), UserDataSource: userDataSource(req),
		NetworkConfig: req.NetworkConfig, Steering: req.Steering,
	}
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

// inPool fails unless vol is at want, the path the definition names: the pool put it elsewhere.
func inPool(ctx context.Context, b backend.Backend, pool libvirt.StoragePool, vol libvirt.StorageVol, want string) error {
	got, err := b.StorageVolGetPath(ctx, vol)
	if err != nil {
		return err
	}
	if got != want {
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"storage pool %s put volume %s at %s, not at %s in the directory its definition names; "+
				"kvm2 keeps a VM's disks as files in a directory pool (type dir, fs or netfs)", pool.Name, vol.Name, got, want))
	}
	return nil
}

// removeDebris undoes what a failed Create call wrote, with a context that is not cancelled
// (the caller's may be what failed) but bounded. The pooled connection is used unless the
// failure killed it, in which case a dedicated one is dialled; when the pooled one dies under
// the cleanup (another call on the link was abandoned, as an interrupt does to every call in
// flight), the cleanup runs again on a dedicated one: each step ignores what is already gone.
// The volumes named with the UID in the pool are deleted by name too (a name libvirt does not
// know is skipped), so one whose create reply was lost is not left behind. What cannot be removed is returned (and logged): the caller then keeps the
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
		c.logf(ctx, corelog.LevelDebug, "connection died during the cleanup after failed create; again on a dedicated one",
			withField(fields, "error", err.Error()))
	}
	d, derr := c.pool.Dedicated(ctx, req.Host)
	if derr != nil {
		c.logf(ctx, corelog.LevelWarn, "cannot clean up after failed create", withField(fields, "error", derr.Error()))
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
		errs = append(errs, ownership.RemoveDomain(ctx, b, *made.domain))
	case made.defineSent:
		errs = append(errs, ownership.RemoveIfOurs(ctx, b, req.Host, req.Name, req.UID))
	}
	vols := made.volumes
	if made.unknownLogs {
		_, err := hostops.RefreshPoolByName(ctx, b, made.pool.Name)
		errs = append(errs, err)
	}
	for _, name := range ownedNames(req.Name, req.UID) {
		vols = append(vols, libvirt.StorageVol{Pool: made.pool.Name, Name: name})
	}
	errs = append(errs, hostops.DeleteVolumes(ctx, b, vols...))
	return errors.Join(errs...)
}

// logCleanup logs how the cleanup after a failed create ended.
func (c *Client) logCleanup(ctx context.Context, fields map[string]any, err error) {
	if err != nil {
		c.logf(ctx, corelog.LevelWarn, "cleanup after failed create incomplete", withField(fields, "error", err.Error()))
		return
	}
	c.logf(ctx, corelog.LevelDebug, "cleaned up after failed create", fields)
}

// withField returns a copy of fields with key set to value.
func withField(fields map[string]any, key string, value any) map[string]any {
	out := maps.Clone(fields)
	out[key] = value
	return out
}
