package hostops

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"golang.org/x/sync/errgroup"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// maxBackingDepth bounds how far a volume's backing chain is followed: a chain longer than this
// (or a loop) is not one this provider builds, and a domain whose chain goes on beyond it counts
// as a user of every path asked about.
const maxBackingDepth = 8

// User is a domain that uses a path asked about, or may. Unsure, when set, says why kvm2 could
// not follow the domain's disks to the end (UnsureHint says what to do about it): such a domain
// counts as a user of every path asked about, since it might be one.
type User struct {
	Name   string
	UUID   libvirt.UUID
	Unsure string
}

// UnsureHint is what an administrator does about a User whose disks kvm2 could not follow.
const UnsureHint = "start the storage pool that holds its disk images (virsh pool-start), or define a pool over " +
	"their directory, so that kvm2 can follow the backing chain; or delete that domain or its disk; then retry"

func (u User) String() string {
	if u.Unsure == "" {
		return u.Name
	}
	return u.Name + " (" + u.Unsure + ")"
}

// DiskUsers is the in-use rule: it reports, for each of paths, the domains on the host (running
// or stopped, in any pool) whose disks use it or may use it, as a disk's own image or anywhere
// in its backing chain. A path used by nobody is absent from the map.
//
// Each disk is followed through the chain its definition records, then through the backing
// file each image's volume records (a stopped domain's definition names only its overlay). A
// definition that ends its chain with an empty <backingStore/> is taken as written; a raw image
// has no backing file, nor has a file disk with no format that is no volume (libvirt reads it as
// raw). Paths are compared cleaned, a relative backing path resolved against the directory of
// the image that names it, and images that are volumes by their identity (pool and volume, or
// libvirt's key), so another spelling of the same volume matches. A domain whose chain cannot be
// followed to its end (an image that is no volume of an active pool, a volume of an inactive or
// missing pool unless the disk says raw, a chain deeper than maxBackingDepth or a loop, a
// definition or volume that does not parse) counts as a user of every path, with the reason in
// User.Unsure. Host errors are returned: nothing is decided on a failed read.
func DiskUsers(ctx context.Context, b backend.Backend, paths []string) (map[string][]User, error) {
	return VolumeUsers(ctx, b, paths, nil)
}

// VolumeUsers is DiskUsers for callers that hold the volumes at paths already: vols[i], when
// given, is the volume at paths[i], and is not looked up again.
func VolumeUsers(ctx context.Context, b backend.Backend, paths []string, vols []libvirt.StorageVol) (map[string][]User, error) {
	x, err := ReadDiskIndex(ctx, b)
	if err != nil {
		return nil, err
	}
	return x.Users(ctx, b, paths, vols)
}

// chainReader follows the disks of a host's domains for one DiskIndex, reading each volume
// once.
type chainReader struct {
	b      backend.Backend
	memo   *VolumeMemo
	vols   map[string]volumeAt // cleaned path -> the volume there
	pathOf map[definition.PoolVolume]poolVolume
}

// volumeAt is what the host says is at a path: a volume of an active pool or none.
type volumeAt struct {
	found   bool
	vol     libvirt.StorageVol
	id      string
	backing *string // read when first needed
	bad     string  // why its definition could not be read
}

func found(vol libvirt.StorageVol) volumeAt {
	return volumeAt{found: true, vol: vol, id: vol.Pool + "/" + vol.Name}
}

// ids are the identities of the volume: its pool and name, and the key libvirt gives it (unique
// on the host; where the pool type makes it stable, two spellings of one file share it).
func (v volumeAt) ids() []string {
	if !v.found {
		return nil
	}
	if v.vol.Key == "" {
		return []string{v.id}
	}
	return []string{v.id, "key:" + v.vol.Key}
}

// poolVolume is the path of a volume a disk names by pool and volume, or why there is none.
type poolVolume struct{ path, why string }

// domainUses reports what a domain's disks (chains, from its definition) are and back onto
// (pathKey and idKey of each image), and why, if at all, they could not be followed to their end.
func (r *chainReader) domainUses(ctx context.Context, chains []definition.DiskChain) (map[string]bool, string, error) {
	used := map[string]bool{}
	unsure := ""
	note := func(why string) {
		if unsure == "" {
			unsure = why
		}
	}
	for _, c := range chains {
		for i, l := range c.Layers {
			path := l.File
			if path == "" {
				pv, err := r.volumePath(ctx, l.Volume)
				if err != nil {
					return nil, "", err
				}
				if pv.why != "" {
					// libvirt may take a volume disk's format from the volume: only an explicit
					// raw says it has no backing file.
					if !isRaw(l.Format) {
						note(pv.why)
					}
					continue
				}
				path = pv.path
			}
			// Only the last image the definition records may have a backing file it does not
			// record, unless an empty <backingStore/> ends the chain.
			mode := followNone
			if i == len(c.Layers)-1 && !c.Complete {
				mode = followOf(l.Format)
			}
			why, err := r.walk(ctx, path, mode, used)
			if err != nil {
				return nil, "", err
			}
			if why != "" {
				note(why)
			}
		}
	}
	return used, unsure, nil
}

// How walk follows an image's backing chain.
const (
	followNone    = iota // a raw image, or one whose chain the definition records
	followIfFound        // no format given: libvirt reads a file it knows nothing of as raw
	followAll            // a format that may name a backing file: every step must be followed
)

func isRaw(format string) bool { return format == "raw" }

func followOf(format string) int {
	switch format {
	case "raw":
		return followNone
	case "":
		return followIfFound
	}
	return followAll
}

// walk marks in used the image at path and every image it backs onto (by cleaned path and by
// volume identity), and returns why its chain cannot be followed to the end ("" when it can).
func (r *chainReader) walk(ctx context.Context, path string, mode int, used map[string]bool) (string, error) {
	for depth := 0; ; depth++ {
		path = filepath.Clean(path)
		used[pathKey(path)] = true
		v, err := r.volume(ctx, path)
		if err != nil {
			return "", err
		}
		for _, id := range v.ids() {
			used[idKey(id)] = true
		}
		switch {
		case mode == followNone, mode == followIfFound && !v.found:
			return "", nil
		case !v.found:
			return fmt.Sprintf("its disk image %s is not a volume of any active storage pool (its pool is inactive, "+
				"or it lies outside every pool), so its backing chain cannot be followed", path), nil
		}
		next, why, err := r.backing(ctx, path)
		if err != nil || why != "" || next == "" {
			return why, err
		}
		if depth+1 >= maxBackingDepth {
			return fmt.Sprintf("the backing chain of its disk image goes on beyond %d images (past %s), or loops", maxBackingDepth, path), nil
		}
		if !filepath.IsAbs(next) {
			next = filepath.Join(filepath.Dir(path), next)
		}
		path, mode = next, followAll
	}
}

// lookupsAtOnce is how many volumes prefetch looks up at once on the one connection.
const lookupsAtOnce = 4

// prefetch looks up the volumes at the cleaned paths the host's definitions name, a few at a
// time, so that following the disks (one domain after another) finds them read.
func (r *chainReader) prefetch(ctx context.Context, paths []string) error {
	slices.Sort(paths)
	paths = slices.Compact(paths)
	got := make([]volumeAt, len(paths))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(lookupsAtOnce)
	for i, p := range paths {
		if vol, ok := r.memo.get(p); ok {
			got[i] = found(vol)
			continue
		}
		g.Go(func() error {
			v, err := lookupVolume(gctx, r.b, p)
			got[i] = v
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, p := range paths {
		r.vols[p] = got[i]
		if got[i].found {
			r.memo.put(p, got[i].vol)
		}
	}
	return nil
}

// lookupVolume is what the host says is at the cleaned path.
func lookupVolume(ctx context.Context, b backend.Backend, path string) (volumeAt, error) {
	vol, err := b.StorageVolLookupByPath(ctx, path)
	switch {
	case err == nil:
		return found(vol), nil
	case kvmerr.IsNotFound(err):
		return volumeAt{}, nil
	}
	return volumeAt{}, err
}

// volume is the volume at the cleaned path, looked up once per call.
func (r *chainReader) volume(ctx context.Context, path string) (volumeAt, error) {
	if v, ok := r.vols[path]; ok {
		return v, nil
	}
	v, err := lookupVolume(ctx, r.b, path)
	if err != nil {
		return volumeAt{}, err
	}
	r.vols[path] = v
	return v, nil
}

// backing is the backing file the volume at the cleaned path records, read once per call, or
// why it cannot be read.
func (r *chainReader) backing(ctx context.Context, path string) (string, string, error) {
	v := r.vols[path]
	if v.backing == nil && v.bad == "" {
		next, err := BackingFile(ctx, r.b, v.vol)
		switch {
		case err == nil:
			v.backing = &next
		case kvmerr.Classify(err) == kvmerr.Permanent:
			v.bad = fmt.Sprintf("the definition of volume %s does not parse: %v", v.id, err)
		default:
			return "", "", err
		}
		r.vols[path] = v
	}
	if v.bad != "" {
		return "", v.bad, nil
	}
	return *v.backing, "", nil
}

// volumePath is the path of volume pv that a disk names by pool and volume, looked up once
// per call, or why it has none.
func (r *chainReader) volumePath(ctx context.Context, pv definition.PoolVolume) (poolVolume, error) {
	if p, ok := r.pathOf[pv]; ok {
		return p, nil
	}
	var out poolVolume
	p, err := poolVolumePath(ctx, r.b, pv)
	switch {
	case err == nil && p != "":
		out.path = p
	case err == nil:
		out.why = fmt.Sprintf("its disk volume %s/%s does not exist (or its pool does not)", pv.Pool, pv.Volume)
	case kvmerr.HasCode(err, libvirt.ErrOperationInvalid):
		out.why = fmt.Sprintf("its disk volume %s/%s is in an inactive storage pool", pv.Pool, pv.Volume)
	default:
		return poolVolume{}, err
	}
	r.pathOf[pv] = out
	return out, nil
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

func containsUser(us []User, name string) bool {
	return slices.ContainsFunc(us, func(u User) bool { return u.Name == name })
}
