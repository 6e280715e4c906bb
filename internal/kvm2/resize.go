package kvm2

import (
	"context"
	"errors"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const opResize = "resize"

// RestartShutdownWait is how long a restart for a resize waits for the guest to power off after
// it was asked to before it powers it off hard: the power stop's default.
const RestartShutdownWait = rules.DefaultShutdownTimeout

const defaultShutdownWait = RestartShutdownWait

// overlayDiskTarget is the target of a VM's root disk in the definitions the core builds.
const overlayDiskTarget = "vda"

// ResizeRequest is the size a VM is to have. Each field follows the bounds of a new VM
// (ValidateVCPUs, ValidateMemoryMiB, ValidateDiskGiB); the disk only grows.
type ResizeRequest struct {
	VCPUs     int
	MemoryMiB int
	DiskGiB   int
}

// ResizeResult says what a Resize changed on the host.
type ResizeResult struct {
	// DiskGrown: the overlay was grown. DiskLive: through the running domain's block device,
	// so the guest saw the new size at once (else it sees it at its next start).
	DiskGrown, DiskLive bool
	// Redefined: the persistent definition was rewritten (CPUs, memory or the mark's sizes).
	Redefined bool
	// Restarted: the running domain was shut down (destroyed when the guest did not power off
	// within the wait) and started again, to run with its new CPUs and memory.
	Restarted bool
}

// ShrinkError is a request for a disk smaller than the VM's overlay: a volume is never shrunk
// (the guest's file system would be cut), the VM is replaced instead.
type ShrinkError struct {
	ID               string
	HaveGiB, WantGiB int
	HaveBytes        uint64
}

func (e *ShrinkError) Error() string {
	return fmt.Sprintf("%s: the disk is %d GiB (%d bytes) and cannot shrink to %d GiB; replace the VM for a smaller disk",
		e.ID, e.HaveGiB, e.HaveBytes, e.WantGiB)
}

// ValidateResize applies the bounds of a new VM to a resize request.
func ValidateResize(req ResizeRequest) error {
	return errors.Join(
		rules.ValidateVCPUs(int64(req.VCPUs)),
		rules.ValidateMemoryMiB(int64(req.MemoryMiB)),
		rules.ValidateDiskGiB(int64(req.DiskGiB)),
	)
}

// Resize gives the VM id (whose mark must carry uid, like every change) the CPUs, memory and
// disk of req, and returns it as the host reports it afterwards.
//
// The disk only grows: the overlay (found through the definition, and ours only when its name
// carries the UID) is grown with StorageVolResize while the domain is shut off, and through
// the domain's block device (DomainBlockResize) while it runs, so the guest sees the new size
// at once. A smaller disk than the overlay's is Permanent (*ShrinkError). CPUs and memory are
// written into the persistent definition, together with the mark's new sizes, in one define;
// a running domain whose CPUs or memory differ is then restarted (the ACPI power button,
// powered off hard after RestartShutdownWait, started again), because the hot-plug a live change needs depends on
// the guest: measured on QEMU 7.2 under TCG, a hot-plugged vCPU stays offline in a guest
// without udev rules, and a balloon target is accepted but never reached without the guest's
// balloon driver. A stopped domain is only redefined. Every step is skipped when the host has
// it already, so a retry after a failure part-way converges; the mark says the new sizes only
// once the definition does.
func (c *Client) Resize(ctx context.Context, id, uid string, req ResizeRequest) (Instance, ResizeResult, error) {
	var res ResizeResult
	if err := ValidateResize(req); err != nil {
		host, _, _ := rules.ParseID(id)
		return Instance{}, res, kvmerr.New(kvmerr.Permanent, opResize, host, err)
	}
	inst, err := c.onMarked(ctx, opResize, id, uid, func(b backend.Backend, dom libvirt.Domain, live definition.Mark) error {
		return c.resizeOn(ctx, b, dom, uid, live, req, &res)
	})
	return inst, res, err
}

// resizeOn is Resize's work on our domain dom, whose current definition carries mark live.
func (c *Client) resizeOn(ctx context.Context, b backend.Backend, dom libvirt.Domain, uid string, live definition.Mark, req ResizeRequest, res *ResizeResult) error {
	s, _, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return err
	}
	state := libvirt.DomainState(s)
	active := isActive(state)
	if active {
		persistent, err := b.DomainIsPersistent(ctx, dom)
		if err != nil {
			return err
		}
		if !persistent {
			return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
				"domain %s is no longer defined (transient); it cannot be resized, replace it", dom.Name))
		}
	}
	facts, err := ownership.ReadDefinition(ctx, b, dom)
	if err != nil {
		return err
	}
	needRestart := active && (facts.VCPUs != req.VCPUs || facts.MemoryMiB != req.MemoryMiB)
	if needRestart && (state == libvirt.DomainPaused || state == libvirt.DomainPmsuspended) {
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s is %s and its CPUs or memory change only by a restart; resume it on the host first", dom.Name, stateOf(state)))
	}
	// The mark takes the new disk size before the disk grows: a resize cut off between the two
	// (terraform killed) leaves a mark that asks for more than the disk has, which the next
	// apply grows, never a disk larger than its mark, which reads as grown outside Terraform.
	markDisk := func() error {
		if live.DiskGiB >= req.DiskGiB {
			return nil
		}
		m := live
		m.DiskGiB = req.DiskGiB
		x, err := definition.MarshalMarkForSetMetadata(m)
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		if err := setMark(ctx, b, dom, x); err != nil {
			return err
		}
		live, res.Redefined = m, true
		return nil
	}
	if err := c.growDisk(ctx, b, dom, uid, facts, req.DiskGiB, active, markDisk, res); err != nil {
		return err
	}
	if err := c.redefineSizes(ctx, b, dom, uid, req, res); err != nil {
		return err
	}
	switch {
	case needRestart:
		if err := c.restart(ctx, b, dom); err != nil {
			return err
		}
		res.Restarted = true
	case active && !sizesAre(live, req):
		// The live definition has the sizes already (a disk-only change): its mark says so too.
		x, err := definition.MarshalMarkForSetMetadata(withSizes(live, req))
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		if err := setMark(ctx, b, dom, x); err != nil {
			return err
		}
	}
	c.logf(ctx, corelog.LevelInfo, "domain resized", map[string]any{
		"host": b.Host(), "name": dom.Name, "uid": uid, "vcpus": req.VCPUs, "memory_mib": req.MemoryMiB,
		"disk_gib": req.DiskGiB, "disk_grown": res.DiskGrown, "disk_live": res.DiskLive, "restarted": res.Restarted,
	})
	return nil
}

// growDisk grows the overlay of our domain to gib GiB unless it is that large already, and
// refuses a smaller size. before runs just before the disk grows.
func (c *Client) growDisk(ctx context.Context, b backend.Backend, dom libvirt.Domain, uid string, facts definition.DomainFacts, gib int, active bool, before func() error, res *ResizeResult) error {
	want, err := rules.DiskBytes(int64(gib))
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	vol, err := c.ownOverlay(ctx, b, dom.Name, uid, facts)
	if err != nil {
		return err
	}
	have, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil {
		return err
	}
	switch {
	case have == want:
		return nil
	case have > want:
		return kvmerr.New(kvmerr.Permanent, "", "", &ShrinkError{
			ID: rules.FormatID(b.Host(), dom.Name), HaveGiB: int(have >> 30), WantGiB: gib, HaveBytes: have,
		})
	}
	if err := before(); err != nil {
		return err
	}
	if active {
		// QEMU holds the image open (and locked): only QEMU can grow it, and the guest's
		// virtio disk then reports the new capacity.
		if err := b.DomainBlockResize(ctx, dom, overlayDiskTarget, want); err != nil {
			return err
		}
		res.DiskLive = true
	} else if err := b.StorageVolResize(ctx, vol, want); err != nil {
		return err
	}
	res.DiskGrown = true
	return nil
}

// ownOverlay is the volume behind the overlay path of our domain's definition, when its name
// proves it this VM's: it carries the UID (or, for a VM of an earlier version, whose UID is not
// a UUID, it is the overlay name of that time and backs onto a base). Anything else is never resized.
func (c *Client) ownOverlay(ctx context.Context, b backend.Backend, name, uid string, facts definition.DomainFacts) (libvirt.StorageVol, error) {
	if facts.OverlayPath == "" {
		return libvirt.StorageVol{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s has no disk on %s; it cannot be resized", name, overlayDiskTarget))
	}
	vol, err := b.StorageVolLookupByPath(ctx, facts.OverlayPath)
	if kvmerr.IsNotFound(err) {
		return libvirt.StorageVol{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"the disk %s of domain %s is not a volume of the host (deleted out of band?); replace the VM", facts.OverlayPath, name))
	}
	if err != nil {
		return libvirt.StorageVol{}, err
	}
	ours := vol.Name == rules.OverlayName(name, uid)
	if !ours && vol.Name == rules.LegacyOverlayName(name) && rules.HasLegacyNames(uid) {
		if ours, err = hostops.HasBacking(ctx, b, vol); err != nil {
			return libvirt.StorageVol{}, err
		}
	}
	if !ours {
		return libvirt.StorageVol{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"the disk of domain %s is volume %s/%s, whose name does not carry this VM's uid %s; it is not resized",
			name, vol.Pool, vol.Name, uid))
	}
	return vol, nil
}

// redefineSizes writes req's CPUs and memory, and the mark with req's sizes, into the
// persistent definition unless it says so already. The persistent mark must be ours too.
func (c *Client) redefineSizes(ctx context.Context, b backend.Backend, dom libvirt.Domain, uid string, req ResizeRequest, res *ResizeResult) error {
	px, err := b.DomainGetXMLDesc(ctx, dom, libvirt.DomainXMLInactive)
	if err != nil {
		return err
	}
	pf, err := definition.ParseDomain(px)
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: unreadable persistent definition: %w", dom.Name, err))
	}
	if pf.Mark == nil || pf.Mark.UID != uid || (pf.UUID != "" && pf.UUID != ownership.FormatUUID(dom.UUID)) {
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"the persistent definition of domain %s does not carry the mark of uid %s; it is left alone", dom.Name, uid))
	}
	if pf.VCPUs == req.VCPUs && pf.MemoryMiB == req.MemoryMiB && sizesAre(*pf.Mark, req) {
		return nil
	}
	x, err := definition.ResizeDomainXML(px, ownership.FormatUUID(dom.UUID), req.VCPUs, req.MemoryMiB, withSizes(*pf.Mark, req))
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", dom.Name, err))
	}
	// The definition carries the domain's own UUID, so it can only replace this domain's.
	if _, err := b.DomainDefineXML(ctx, x); err != nil {
		return err
	}
	res.Redefined = true
	return nil
}

// restart stops dom as the power stop does (the guest asked to power off, powered off hard once
// shutdownWait has passed) and starts it again, so that it runs with its persistent definition.
func (c *Client) restart(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	_, forced, err := c.stop(ctx, b, dom, c.shutdownWait, func(string) {})
	if err != nil {
		return err
	}
	if forced {
		c.logf(ctx, corelog.LevelWarn, "the guest did not power off in time; it was powered off to restart it",
			map[string]any{"host": b.Host(), "name": dom.Name, "wait": c.shutdownWait.String()})
	}
	if err := c.boots.Start(ctx, b, dom, c.log); err != nil {
		return err
	}
	return c.waitRunning(ctx, b, dom)
}

// sizesAre reports whether mark m records req's sizes.
func sizesAre(m definition.Mark, req ResizeRequest) bool {
	return m.VCPUs == req.VCPUs && m.MemoryMiB == req.MemoryMiB && m.DiskGiB == req.DiskGiB
}

// withSizes is m recording req's sizes.
func withSizes(m definition.Mark, req ResizeRequest) definition.Mark {
	m.VCPUs, m.MemoryMiB, m.DiskGiB = req.VCPUs, req.MemoryMiB, req.DiskGiB
	return m
}
