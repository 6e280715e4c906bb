package imagecache

import (
	"context"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Remove deletes a cached image, then its markers. An interrupted remove leaves markers without
// their image, which no reader takes for a verified image and which a retry (or the next
// ensure) finishes. It refuses while any domain on the host uses the image. Whatever is already
// gone counts as removed; a volume the cache cannot prove it wrote is left alone.
func (ic *Cache) Remove(ctx context.Context, pool backend.Pool, ref Ref, opts ...BaseImageOption) error {
	rec := recordOf(opts)
	unlock, err := ic.locks.Lock(ctx, ref.ID())
	if err != nil {
		return kvmerr.New(kvmerr.Transient, OpDelete, ref.Host,
			fmt.Errorf("waiting for another operation on base image %s: %w", ref.ID(), err))
	}
	defer unlock()
	err = backend.OnPooled(ctx, pool, ref.Host, func(b backend.Backend) error { return ic.removeOn(ctx, b, ref, rec) })
	return kvmerr.Wrap(OpDelete, ref.Host, err)
}

// removeOn is Remove's work on a held connection.
func (ic *Cache) removeOn(ctx context.Context, b backend.Backend, ref Ref, rec baseImageRecord) error {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if kvmerr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	// The lease makes the in-use check and the delete one step for every process on the host:
	// a create of another process that defined its VM on the image after the check finds the
	// lease (StillCached) and backs off instead of keeping a VM whose base is gone.
	e, lease, err := ic.underLease(ctx, b, p, ref)
	if err != nil {
		return err
	}
	defer lease.Release(ctx)
	if r := e.refusal(); r != nil && len(e.digests) > 1 {
		return kvmerr.New(kvmerr.Permanent, "", ref.Host, r)
	}
	names := e.ourNames()
	m, verified := e.verified()
	switch {
	case verified && rec.sha != "" && rec.sha != m.sha:
		ic.leaveAlone(ctx, ref, fmt.Sprintf("it now caches sha256 %s, not the recorded %s", m.sha, rec.sha))
		return nil
	case verified:
		if e.legacy != nil && rec.sha != "" {
			// Left by a move to today's markers whose last step failed.
			held, err := ic.legacyMarkerHolds(ctx, b, *e.legacy, rec.sha)
			if err != nil {
				return err
			}
			if held {
				names = append(names, e.legacy.Name)
			}
		}
	case !e.ours() && e.legacyCandidate():
		_, proven, err := ic.proveLegacy(ctx, b, ref, e, rec)
		if err != nil {
			return err
		}
		if !proven {
			ic.leaveAlone(ctx, ref, "it has no kvm2 marker and no record proves an earlier version cached it")
			return nil
		}
		names = []string{ref.Name, e.legacy.Name}
	case len(e.digests) == 0:
		if _, live := ic.liveClaim(e); live {
			// Another apply is fetching the name: nothing verified of the caller's is left.
			ic.leaveAlone(ctx, ref, "another apply is caching it")
			return nil
		}
		if e.image != nil && !e.ours() {
			ic.leaveAlone(ctx, ref, "it has no kvm2 marker")
			return nil
		}
	}
	if len(names) > 0 && names[0] == ref.Name {
		if err := ic.refuseInUse(ctx, b, *e.image, ref); err != nil {
			return err
		}
	}
	if !lease.Valid() {
		return lease.Expired()
	}
	if err := hostops.DeleteNamedVolumes(ctx, b, p, names...); err != nil {
		return err
	}
	ic.forgetClaims(ref, e.pendingNames()...)
	return nil
}

// StillCached is a create's check, made after it defined its VM on img (so any later delete's
// in-use check sees the VM), that img is still cached and that no process holds its lease (a
// delete whose in-use check may have come before the define): one listing of img's pool p.
// Either failing is Transient; the create removes what it wrote, and its retry resolves the
// image again.
func (ic *Cache) StillCached(ctx context.Context, b backend.Backend, p libvirt.StoragePool, img BaseImage) error {
	vols, err := b.StoragePoolListAllVolumes(ctx, p)
	if err != nil {
		return err
	}
	ref := Ref{Host: img.Host, Pool: img.Pool, Name: img.Name}
	if err := hostops.LeaseStanding(b, p, vols, rules.ImageLeaseSubject(img.Name), ic.now()); err != nil {
		return fmt.Errorf("base image %s is being deleted by another process: %w", ref.ID(), err)
	}
	found := 0
	for _, v := range vols {
		if v.Name == img.Name || v.Name == ref.digestMarker(img.SHA256) {
			found++
		}
	}
	if found != 2 {
		return kvmerr.New(kvmerr.Transient, "", img.Host, fmt.Errorf("base image %s was deleted while this create ran", ref.ID()))
	}
	return nil
}

// leaveAlone logs why a delete left the volume under the name untouched.
func (ic *Cache) leaveAlone(ctx context.Context, ref Ref, why string) {
	f := ref.fields()
	f["reason"] = why
	ic.logf(ctx, corelog.LevelWarn, "base image volume is not the one this resource cached; left alone", f)
}

// refuseInUse fails with a *BaseImageInUseError while domains use the image.
func (ic *Cache) refuseInUse(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, ref Ref) error {
	users, err := volumeUsers(ctx, b, vol, ref)
	if err != nil {
		return err
	}
	if len(users) > 0 {
		return kvmerr.New(kvmerr.Permanent, "", ref.Host, newInUseError(ref.ID(), users))
	}
	return nil
}

// volumeUsers are the domains that use vol, the image ref names, or may (imageUsers of its path).
func volumeUsers(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, ref Ref) ([]hostops.User, error) {
	img, err := describeBase(ctx, b, vol, ref, "")
	if err != nil {
		return nil, err
	}
	return imageUsers(ctx, b, img.Path)
}

// imageUsers are the domains on the host, running or stopped, whose disks in any pool back
// onto the image at path, or may (the in-use rule, hostops.DiskUsers).
func imageUsers(ctx context.Context, b backend.Backend, path string) ([]hostops.User, error) {
	users, err := hostops.DiskUsers(ctx, b, []string{path})
	if err != nil {
		return nil, err
	}
	return users[path], nil
}
