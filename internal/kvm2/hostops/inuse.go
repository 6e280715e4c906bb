package hostops

import (
	"context"
	"slices"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// maxBackingDepth bounds how far a volume's backing chain is followed: a chain longer than this
// (or a loop) is not one this provider builds, and what lies beyond is treated as used.
const maxBackingDepth = 8

// DiskUsers reports, for each of paths, the names of the domains on the host (running or
// stopped, in any pool) whose disks use it: as a disk's own file, in the backing chain the
// definition records, or, when resolveBacking is set, in the backing chain each disk's volume
// records (a stopped domain's definition names only its overlay, so a base image's users are
// found through the overlays' own backing files). A disk that names its volume by pool and
// volume (type="volume") counts with that volume's path. A path used by nobody is absent from
// the map.
func DiskUsers(ctx context.Context, b backend.Backend, paths []string, resolveBacking bool) (map[string][]string, error) {
	want := map[string]bool{}
	for _, p := range paths {
		want[p] = true
	}
	users := map[string][]string{}
	backingOf := map[string]string{}             // volume path -> its backing file, read once per call
	pathOf := map[definition.PoolVolume]string{} // pool/volume -> its path, read once per call
	err := EachDefinition(ctx, b, func(d Definition) error {
		if d.Err != nil {
			// A definition we cannot read may use anything: every path counts as used by it.
			for p := range want {
				users[p] = append(users[p], d.Domain.Name)
			}
			return nil
		}
		files := slices.Clone(d.Facts.DiskFiles)
		var err error
		if files, err = withVolumePaths(ctx, b, d.XML, files, pathOf); err != nil {
			return err
		}
		if resolveBacking {
			if files, err = withVolumeBacking(ctx, b, files, backingOf); err != nil {
				return err
			}
		}
		for _, f := range files {
			if want[f] && !slices.Contains(users[f], d.Domain.Name) {
				users[f] = append(users[f], d.Domain.Name)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return users, nil
}

// withVolumePaths adds to files the paths of the volumes domXML's disks name by pool and
// volume. ParseDomain has read the definition already; it records files only.
func withVolumePaths(ctx context.Context, b backend.Backend, domXML string, files []string, cache map[definition.PoolVolume]string) ([]string, error) {
	vols, err := definition.DiskVolumes(domXML)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", b.Host(), err)
	}
	for _, pv := range vols {
		p, ok := cache[pv]
		if !ok {
			if p, err = poolVolumePath(ctx, b, pv); err != nil {
				return nil, err
			}
			cache[pv] = p
		}
		if p != "" && !slices.Contains(files, p) {
			files = append(files, p)
		}
	}
	return files, nil
}

// poolVolumePath is the path of volume pv, or "" when its pool or the volume does not exist.
func poolVolumePath(ctx context.Context, b backend.Backend, pv definition.PoolVolume) (string, error) {
	pool, err := b.StoragePoolLookupByName(ctx, pv.Pool)
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	vol, err := b.StorageVolLookupByName(ctx, pool, pv.Volume)
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	p, err := b.StorageVolGetPath(ctx, vol)
	return p, kvmerr.IgnoreNotFound(err)
}

// withVolumeBacking adds to files the backing chain that each file's volume records.
func withVolumeBacking(ctx context.Context, b backend.Backend, files []string, cache map[string]string) ([]string, error) {
	out := slices.Clone(files)
	for _, f := range files {
		for depth, p := 0, f; depth < maxBackingDepth && p != ""; depth++ {
			next, ok := cache[p]
			if !ok {
				var err error
				if next, err = volumeBacking(ctx, b, p); err != nil {
					return nil, err
				}
				cache[p] = next
			}
			if next != "" && !slices.Contains(out, next) {
				out = append(out, next)
			}
			p = next
		}
	}
	return out, nil
}

// volumeBacking is the backing file the volume at path records, or "" when it has none or is
// not a volume of any active pool.
func volumeBacking(ctx context.Context, b backend.Backend, path string) (string, error) {
	vol, err := b.StorageVolLookupByPath(ctx, path)
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return BackingFile(ctx, b, vol)
}
