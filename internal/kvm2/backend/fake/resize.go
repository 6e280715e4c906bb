package fake

import (
	"context"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"
)

// DomainBlockResize sets the capacity of the volume behind the active domain's disk at target,
// as QEMU's block_resize does. An inactive domain is ErrOperationInvalid; a target the live
// definition does not have is ErrInvalidArg.
func (b *Backend) DomainBlockResize(ctx context.Context, dom libvirt.Domain, target string, size uint64) (err error) {
	defer b.observe(ctx, "DomainBlockResize", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainBlockResize", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if !active(d.State) {
		return notRunning()
	}
	var doc libvirtxml.Domain
	if err := doc.Unmarshal(d.XML); err == nil && doc.Devices != nil {
		for _, disk := range doc.Devices.Disks {
			if disk.Target == nil || disk.Target.Dev != target {
				continue
			}
			p, err := b.st.sourcePath(disk.Source)
			if err != nil {
				return err
			}
			v := b.st.volumeAt(p)
			if v == nil {
				return noSuchFile("Cannot access storage file '%s'", p)
			}
			v.Capacity = size
			return nil
		}
	}
	return LibvirtError(libvirt.ErrInvalidArg, "invalid argument: disk '%s' was not found in the domain config", target)
}

// StorageVolResize grows a volume. As on libvirt 9.0, a smaller capacity is refused without
// the shrink flag (ErrInvalidArg), and so is a volume an active domain's disk uses, whose image
// QEMU holds locked (ErrInternalError, qemu-img's "Failed to get write lock").
func (b *Backend) StorageVolResize(ctx context.Context, sv libvirt.StorageVol, capacity uint64) (err error) {
	defer b.observe(ctx, "StorageVolResize", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolResize", sv)
	if err != nil {
		return err
	}
	defer unlock()
	if capacity < v.Capacity {
		return LibvirtError(libvirt.ErrInvalidArg,
			"invalid argument: can't shrink capacity below existing capacity unless shrink flag explicitly specified")
	}
	if b.st.inUseByActive(v.Path) {
		return LibvirtError(libvirt.ErrInternalError,
			"internal error: Child process (qemu-img resize %s %d) unexpected exit status 1: qemu-img: Could not open '%s': Failed to get \"write\" lock",
			v.Path, capacity, v.Path)
	}
	v.Capacity = capacity
	return nil
}

// inUseByActive reports whether a disk of an active domain has file p as its source; callers
// hold st.mu.
func (s *state) inUseByActive(p string) bool {
	for _, d := range s.domains {
		if !active(d.State) {
			continue
		}
		var doc libvirtxml.Domain
		if err := doc.Unmarshal(d.XML); err != nil || doc.Devices == nil {
			continue
		}
		for _, disk := range doc.Devices.Disks {
			if sp, err := s.sourcePath(disk.Source); err == nil && sp == p {
				return true
			}
		}
	}
	return false
}
