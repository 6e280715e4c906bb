package imagecache

import (
	"context"
	"fmt"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// What other processes on the host may be doing to an image while this one looks at it: the
// host lease on the image (hostops.AcquireLease), held by a delete over its in-use check and its
// deletes, and by an ensure over its deletion of debris.

// leaseClock is the owner and clock of this cache's host leases.
func (ic *Cache) leaseClock() hostops.LeaseClock {
	return hostops.LeaseClock{Owner: ic.leaseOwner, Now: ic.now}
}

// deleteDebris deletes what an interrupted fetch or remove of the cache left, unless a domain
// runs on its image: then the unverified image is left alone for an administrator to judge.
// It holds the image's host lease and looks at the pool again under it: another process may
// have deleted the same debris and cached the image meanwhile, and the names read before are
// then its finished image (a Transient wait; the retry finds the image).
func (ic *Cache) deleteDebris(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref, seen cacheEntry) error {
	e, lease, err := ic.underLease(ctx, b, p, ref)
	if err != nil {
		return err
	}
	defer lease.Release(ctx)
	if _, live := ic.liveClaim(e); live || !slices.Equal(e.ourNames(), seen.ourNames()) {
		return kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf(
			"the volumes of base image %s changed while this ensure looked at them: another apply is caching it; retry", ref.ID()))
	}
	if e.image != nil {
		users, err := volumeUsers(ctx, b, *e.image, ref)
		if err != nil {
			return err
		}
		if len(users) > 0 {
			return kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"volume %s in pool %s is an unfinished download of kvm2 and is left alone, because %w: check it, then delete it and its kvm2 markers by hand",
				ref.Name, ref.Pool, newInUseError(ref.ID(), users)))
		}
	}
	ic.logf(ctx, corelog.LevelWarn, "deleting an unfinished base image before fetching it again", ref.fields())
	if !lease.Valid() {
		return lease.Expired()
	}
	if err := hostops.DeleteNamedVolumes(ctx, b, p, e.ourNames()...); err != nil {
		return err
	}
	ic.forgetClaims(ref, e.pendingNames()...)
	return nil
}

// underLease takes the image's host lease, then reads its volumes again under it: what was read
// before the lease may have changed in another process's hands. The caller releases the lease.
func (ic *Cache) underLease(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref) (cacheEntry, *hostops.Lease, error) {
	lease, err := hostops.AcquireLease(ctx, b, p, rules.ImageLeaseSubject(ref.Name), ic.leaseClock())
	if err != nil {
		return cacheEntry{}, nil, err
	}
	e, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		lease.Release(ctx)
		return cacheEntry{}, nil, err
	}
	return e, lease, nil
}
