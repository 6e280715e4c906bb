package imagecache

import (
	"context"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// cacheEntry is what a pool holds under one image's name, from one listing of its volumes.
type cacheEntry struct {
	ref     Ref
	image   *libvirt.StorageVol // nil when absent
	digests []marker            // digest markers of the cache's form
	pending []marker            // claims of the cache's form
	legacy  *libvirt.StorageVol // "<name>.sha256", whoever wrote it; nil when absent
	foreign []string            // names in the markers' namespace that are no marker of ours
}

// marker is one marker volume of the cache's form.
type marker struct {
	vol   libvirt.StorageVol
	sha   string    // of a digest marker
	since time.Time // of a claim
}

// inspect lists the pool's volumes once and sorts those under ref's name. Markers are checked
// for their form (empty) by their size, never by reading them.
func (ic *Cache) inspect(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref) (cacheEntry, error) {
	e := cacheEntry{ref: ref}
	vols, err := b.StoragePoolListAllVolumes(ctx, p)
	if err != nil {
		return e, err
	}
	for _, v := range vols {
		switch {
		case v.Name == ref.Name:
			e.image = &v
		case v.Name == ref.legacyMarker():
			e.legacy = &v
		case strings.HasPrefix(v.Name, ref.markerPrefix()):
			kind, sha, since := ref.parseMarkerName(v.Name)
			if kind == notAMarker {
				e.foreign = append(e.foreign, v.Name)
				continue
			}
			form, err := isMarkerForm(ctx, b, v)
			if kvmerr.IsNotFound(err) {
				continue // deleted while we looked
			}
			if err != nil {
				return e, err
			}
			switch {
			case !form:
				e.foreign = append(e.foreign, v.Name)
			case kind == digestMarker:
				e.digests = append(e.digests, marker{vol: v, sha: sha})
			default:
				e.pending = append(e.pending, marker{vol: v, since: since})
			}
		}
	}
	return e, nil
}

// isMarkerForm reports whether vol has the form of the cache's markers: empty.
func isMarkerForm(ctx context.Context, b backend.Backend, vol libvirt.StorageVol) (bool, error) {
	capacity, allocation, err := b.StorageVolGetInfo(ctx, vol)
	return err == nil && capacity == 0 && allocation == 0, err
}

// verified returns the digest marker of a complete image: the image and exactly one digest.
func (e cacheEntry) verified() (marker, bool) {
	if e.image != nil && len(e.digests) == 1 {
		return e.digests[0], true
	}
	return marker{}, false
}

// ours reports whether the cache has claimed the name: a claim or a digest marker stands.
func (e cacheEntry) ours() bool { return len(e.digests) > 0 || len(e.pending) > 0 }

// ourNames lists what the cache wrote under the name, in the order it deletes them: the image
// first (so no interruption leaves a verified claim), the claims last.
func (e cacheEntry) ourNames() []string {
	var names []string
	if e.image != nil && e.ours() {
		names = append(names, e.ref.Name)
	}
	for _, m := range e.digests {
		names = append(names, m.vol.Name)
	}
	return append(names, e.pendingNames()...)
}

func (e cacheEntry) pendingNames() []string {
	names := make([]string, 0, len(e.pending))
	for _, m := range e.pending {
		names = append(names, m.vol.Name)
	}
	return names
}

// legacyCandidate reports whether the entry looks like an image of an earlier version: the
// image and "<name>.sha256" with no marker of today's. Only the caller's record can prove it.
func (e cacheEntry) legacyCandidate() bool {
	return e.image != nil && e.legacy != nil && !e.ours() && len(e.foreign) == 0
}

// refusal is the reason the entry is not the cache's to use or change, or nil.
func (e cacheEntry) refusal() *ForeignImageError {
	switch {
	case len(e.foreign) > 0:
		return e.foreignError(e.foreign, "are named like kvm2's markers of this image but are not: "+
			"kvm2's markers are empty volumes named <name>.kvm2-sha256-<digest> and <name>.kvm2-pending-<time>")
	case len(e.digests) > 1:
		names := make([]string, 0, len(e.digests))
		for _, m := range e.digests {
			names = append(names, m.vol.Name)
		}
		return e.foreignError(names, "are several digest markers of one image, which kvm2 never writes")
	}
	return nil
}

// foreignImage is the refusal of an image volume that no marker of ours claims.
func (e cacheEntry) foreignImage() *ForeignImageError {
	if e.legacy != nil {
		return e.foreignError([]string{e.ref.Name, e.legacy.Name},
			"have no kvm2 marker (a checksum volume is not one, and no record of this image proves that an earlier kvm2 version cached it)")
	}
	return e.foreignError([]string{e.ref.Name}, "has no kvm2 marker")
}

func (e cacheEntry) foreignError(vols []string, reason string) *ForeignImageError {
	return &ForeignImageError{Host: e.ref.Host, Pool: e.ref.Pool, Name: e.ref.Name, Volumes: vols, Reason: reason}
}
