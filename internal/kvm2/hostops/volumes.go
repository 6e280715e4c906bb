// Package hostops holds the operations on a host that the VM lifecycle (package kvm2) and the
// image cache (package imagecache) share: volumes and pools (lookup, the one deleter, the
// backing file a volume records), the pool's free space, the definitions of every domain, and
// which domains use a volume. It proves nothing about ownership: its callers do, before they
// delete what it finds.
package hostops

import (
	"context"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// LookupPool finds the storage pool name on host; a missing pool is a configuration error,
// not a missing object, so it is Permanent.
func LookupPool(ctx context.Context, b backend.Backend, host, name string) (libvirt.StoragePool, error) {
	p, err := b.StoragePoolLookupByName(ctx, name)
	if err != nil && kvmerr.IsNotFound(err) {
		return p, kvmerr.New(kvmerr.Permanent, "", host, fmt.Errorf("storage pool %q not found: %w", name, err))
	}
	return p, err
}

// LookupVolume returns nil (and no error) when the volume does not exist.
func LookupVolume(ctx context.Context, b backend.Backend, p libvirt.StoragePool, name string) (*libvirt.StorageVol, error) {
	v, err := b.StorageVolLookupByName(ctx, p, name)
	switch {
	case err == nil:
		return &v, nil
	case kvmerr.IsNotFound(err):
		return nil, nil
	}
	return nil, err
}

// VolumeExists reports whether err is libvirt's "storage volume exists already".
func VolumeExists(err error) bool { return kvmerr.HasCode(err, libvirt.ErrStorageVolExist) }

// DeleteVolumes is the one volume deleter: it deletes vols in order, skipping repeats, and a
// volume already gone counts as deleted. It stops at the first failure and leaves the rest, so
// the order callers give holds (the image cache deletes its claim last); the next attempt
// finds what is left.
func DeleteVolumes(ctx context.Context, b backend.Backend, vols ...libvirt.StorageVol) error {
	_, err := DeleteVolumesAllFound(ctx, b, vols...)
	return err
}

// DeleteVolumesAllFound is DeleteVolumes, and reports whether libvirt knew every volume of vols
// (none was already gone). A volume is reached by its pool and name alone (libvirt ignores the
// key), so a caller may delete by name without looking the volume up first.
func DeleteVolumesAllFound(ctx context.Context, b backend.Backend, vols ...libvirt.StorageVol) (bool, error) {
	seen := map[string]bool{}
	all := true
	for _, v := range vols {
		key := v.Pool + "/" + v.Name
		if seen[key] {
			continue
		}
		seen[key] = true
		err := b.StorageVolDelete(ctx, v)
		switch {
		case kvmerr.IsNotFound(err):
			all = false
		case err != nil:
			return false, fmt.Errorf("delete volume %s: %w", key, err)
		}
	}
	return all, nil
}

// DeleteNamedVolumes deletes the volumes of pool p named names, in order, through
// DeleteVolumes; a name that no volume has is skipped.
func DeleteNamedVolumes(ctx context.Context, b backend.Backend, p libvirt.StoragePool, names ...string) error {
	for _, name := range names {
		v, err := LookupVolume(ctx, b, p, name)
		if err != nil {
			return err
		}
		if v == nil {
			continue
		}
		if err := DeleteVolumes(ctx, b, *v); err != nil {
			return err
		}
	}
	return nil
}

// HasBacking reports whether vol is an overlay (has a backing file): a base image never has one.
func HasBacking(ctx context.Context, b backend.Backend, vol libvirt.StorageVol) (bool, error) {
	backing, err := BackingFile(ctx, b, vol)
	return backing != "", err
}

// BackingFile is the backing file vol's definition records, or "".
func BackingFile(ctx context.Context, b backend.Backend, vol libvirt.StorageVol) (string, error) {
	x, err := b.StorageVolGetXMLDesc(ctx, vol)
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	backing, err := definition.VolumeBacking(x)
	if err != nil {
		return "", kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	return backing, nil
}
