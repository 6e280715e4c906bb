package fake

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// Volume is one storage volume, and one file of the host: a domain's disk exists for
// DomainCreate only as a volume's Path. Content is what StorageVolUpload stored (unless the
// backend discards content) and what StorageVolDownload returns; SHA256 is the hex digest of
// the last upload.
type Volume struct {
	Name       string
	Path       string // empty: derived from the pool's path by AddVolume
	Format     string // "qcow2", "raw", "iso"...
	Capacity   uint64
	Allocation uint64
	// BackingPath is the backing file a qcow2 header names (an overlay's base image): it must
	// exist for a domain on the volume to start, and a running domain's live XML reports it,
	// with its own backing chain, as the disk's <backingStore>.
	BackingPath string
	Content     []byte
	SHA256      string
	// FileGone is a volume whose file was removed behind libvirt's back (virtlogd removes a
	// console log's rotated copies when the domain starts): libvirt keeps the volume, and
	// deletes it without complaint, until a refresh of its pool drops it.
	FileGone bool
}

func (v *Volume) clone() Volume {
	c := *v
	c.Content = append([]byte(nil), v.Content...)
	if v.Content == nil {
		c.Content = nil
	}
	return c
}

// AddVolume adds (or replaces) a volume in pool and returns its path (to name in a disk or
// as another volume's BackingPath); it panics on an unknown pool (a test bug). Nothing checks
// that BackingPath exists: a test may plant a broken chain.
func (b *Backend) AddVolume(pool string, v Volume) string {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[pool]
	if !ok {
		panic("fake: AddVolume to unknown pool " + pool)
	}
	if v.Path == "" {
		v.Path = path.Join(p.info.Path, v.Name)
	}
	if v.Content != nil && v.SHA256 == "" {
		sum := sha256.Sum256(v.Content)
		v.SHA256 = hex.EncodeToString(sum[:])
	}
	c := v.clone()
	p.vols[v.Name] = &c
	return c.Path
}

// Volume returns a copy of the named volume of pool.
func (b *Backend) Volume(pool, name string) (Volume, bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[pool]
	if !ok {
		return Volume{}, false
	}
	v, ok := p.vols[name]
	if !ok {
		return Volume{}, false
	}
	return v.clone(), true
}

// VolumeNames returns the names of the volumes of pool, sorted.
func (b *Backend) VolumeNames(pool string) []string {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[pool]
	if !ok {
		return nil
	}
	return sortedKeys(p.vols)
}

// RemoveVolume deletes a volume outright.
func (b *Backend) RemoveVolume(pool, name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if p, ok := b.st.pools[pool]; ok {
		delete(p.vols, name)
	}
}

// DiscardUploads makes StorageVolUpload keep only the size and digest of what it streams, not
// the bytes, for tests that push large images.
func (b *Backend) DiscardUploads(discard bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.discardUploads = discard
}

func noVol(name string) error {
	return LibvirtError(libvirt.ErrNoStorageVol,
		"Storage volume not found: no storage vol with matching name '%s'", name)
}

// vol returns the live entry; callers hold st.mu.
func (s *state) vol(v libvirt.StorageVol) (*poolState, *Volume, error) {
	p, err := s.activePool(v.Pool)
	if err != nil {
		return nil, nil, err
	}
	vol, ok := p.vols[v.Name]
	if !ok {
		return nil, nil, noVol(v.Name)
	}
	return p, vol, nil
}

// volCall starts method on volume sv: it records the call and runs its faults (begin, keyed by
// "pool/volume"), then returns the volume and its pool with the host state locked; unlock
// releases it. On error nothing is left locked.
func (b *Backend) volCall(ctx context.Context, method string, sv libvirt.StorageVol) (*poolState, *Volume, func(), error) {
	if err := b.begin(ctx, method, sv.Pool+"/"+sv.Name); err != nil {
		return nil, nil, nil, err
	}
	b.st.mu.Lock()
	p, v, err := b.st.vol(sv)
	if err != nil {
		b.st.mu.Unlock()
		return nil, nil, nil, err
	}
	return p, v, b.st.mu.Unlock, nil
}

func volRef(pool string, v *Volume) libvirt.StorageVol {
	return libvirt.StorageVol{Pool: pool, Name: v.Name, Key: v.Path}
}

// StorageVolLookupByPath finds the volume with the given target path in any active pool, as
// libvirt does; none is ErrNoStorageVol.
func (b *Backend) StorageVolLookupByPath(ctx context.Context, p string) (_ libvirt.StorageVol, err error) {
	defer b.observe(ctx, "StorageVolLookupByPath", time.Now(), &err)
	if err = b.begin(ctx, "StorageVolLookupByPath", p); err != nil {
		return libvirt.StorageVol{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	for _, name := range sortedKeys(b.st.pools) {
		ps := b.st.pools[name]
		if !ps.info.Active {
			continue
		}
		for _, v := range ps.vols {
			if v.Path == p {
				return volRef(name, v), nil
			}
		}
	}
	return libvirt.StorageVol{}, LibvirtError(libvirt.ErrNoStorageVol,
		"Storage volume not found: no storage vol with matching path '%s'", p)
}

// StorageVolLookupByName finds a volume; a missing one is ErrNoStorageVol.
func (b *Backend) StorageVolLookupByName(ctx context.Context, sp libvirt.StoragePool, name string) (_ libvirt.StorageVol, err error) {
	defer b.observe(ctx, "StorageVolLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "StorageVolLookupByName", sp.Name+"/"+name); err != nil {
		return libvirt.StorageVol{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.activePool(sp.Name)
	if err != nil {
		return libvirt.StorageVol{}, err
	}
	v, ok := p.vols[name]
	if !ok {
		return libvirt.StorageVol{}, noVol(name)
	}
	return volRef(sp.Name, v), nil
}

// StorageVolCreateXML creates a volume from a <volume> document (name, capacity with unit,
// target format, backingStore path). An existing name is ErrStorageVolExist; a file of the
// pool's directory that no volume is (HostFiles) is ErrOperationInvalid, as libvirt checks the
// target path before it builds the file; a backing path no volume of the host has is
// ErrOperationFailed, as qemu-img would fail.
func (b *Backend) StorageVolCreateXML(ctx context.Context, sp libvirt.StoragePool, x string) (_ libvirt.StorageVol, err error) {
	defer b.observe(ctx, "StorageVolCreateXML", time.Now(), &err)
	v, perr := parseVolumeXML(x)
	if err = b.begin(ctx, "StorageVolCreateXML", sp.Name+"/"+v.Name); err != nil {
		return libvirt.StorageVol{}, err
	}
	if perr != nil {
		return libvirt.StorageVol{}, LibvirtError(libvirt.ErrXMLError, "XML error: %v", perr)
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.activePool(sp.Name)
	if err != nil {
		return libvirt.StorageVol{}, err
	}
	if _, ok := p.vols[v.Name]; ok {
		return libvirt.StorageVol{}, LibvirtError(libvirt.ErrStorageVolExist,
			"storage volume '%s' exists already", v.Name)
	}
	v.Path = path.Join(p.info.Path, v.Name)
	if _, ok := b.st.files[v.Path]; ok {
		return libvirt.StorageVol{}, LibvirtError(libvirt.ErrOperationInvalid,
			"Requested operation is not valid: volume target path '%s' already exists", v.Path)
	}
	if v.BackingPath != "" && !b.st.pathExists(v.BackingPath) {
		return libvirt.StorageVol{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: backing file '%s' does not exist", v.BackingPath)
	}
	p.vols[v.Name] = &v
	return volRef(sp.Name, &v), nil
}

// pathExists reports whether any volume of any pool has path p; callers hold st.mu.
func (s *state) pathExists(p string) bool {
	for _, pool := range s.pools {
		for _, v := range pool.vols {
			if v.Path == p {
				return true
			}
		}
	}
	return false
}

// StorageVolGetPath returns the volume's path.
func (b *Backend) StorageVolGetPath(ctx context.Context, sv libvirt.StorageVol) (_ string, err error) {
	defer b.observe(ctx, "StorageVolGetPath", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolGetPath", sv)
	if err != nil {
		return "", err
	}
	defer unlock()
	return v.Path, nil
}

// StorageVolGetInfo reports capacity and allocation.
func (b *Backend) StorageVolGetInfo(ctx context.Context, sv libvirt.StorageVol) (_ uint64, _ uint64, err error) {
	defer b.observe(ctx, "StorageVolGetInfo", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolGetInfo", sv)
	if err != nil {
		return 0, 0, err
	}
	defer unlock()
	return v.Capacity, v.Allocation, nil
}

// StorageVolGetXMLDesc renders the volume as libvirt would (name, key, capacity, allocation,
// target path and format, backing store).
func (b *Backend) StorageVolGetXMLDesc(ctx context.Context, sv libvirt.StorageVol) (_ string, err error) {
	defer b.observe(ctx, "StorageVolGetXMLDesc", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolGetXMLDesc", sv)
	if err != nil {
		return "", err
	}
	defer unlock()
	return renderVolumeXML(v)
}

// StorageVolDelete removes the volume and returns its allocation to the pool.
func (b *Backend) StorageVolDelete(ctx context.Context, sv libvirt.StorageVol) (err error) {
	defer b.observe(ctx, "StorageVolDelete", time.Now(), &err)
	p, v, unlock, err := b.volCall(ctx, "StorageVolDelete", sv)
	if err != nil {
		return err
	}
	defer unlock()
	p.info.Available += v.Allocation
	p.info.Allocation -= min(p.info.Allocation, v.Allocation)
	delete(p.vols, v.Name)
	return nil
}

// StorageVolUpload streams length bytes of r into the volume (without holding the fake's lock,
// so an OnUpload hook or a slow reader can run freely), then stores them: allocation becomes
// length and the pool's available bytes shrink accordingly. Then the pool is refreshed, as
// libvirt does when an upload ends. A stream shorter than length fails;
// an upload larger than the pool's available space fails like a full disk.
func (b *Backend) StorageVolUpload(ctx context.Context, sv libvirt.StorageVol, r io.Reader, length uint64) (err error) {
	defer b.observe(ctx, "StorageVolUpload", time.Now(), &err)
	_, _, unlock, err := b.volCall(ctx, "StorageVolUpload", sv)
	if err != nil {
		return err
	}
	discard := b.st.discardUploads
	unlock()
	b.mu.Lock()
	hook := b.onUpload
	b.mu.Unlock()
	h := sha256.New()
	content, err := copyReader(ctx, io.TeeReader(r, h), length, discard, func(sent uint64) {
		if hook != nil {
			hook(sv, sent)
		}
	})
	if err != nil {
		return err
	}
	return b.st.storeUpload(sv, content, length, hex.EncodeToString(h.Sum(nil)))
}

func (s *state) storeUpload(sv libvirt.StorageVol, content []byte, length uint64, digest string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	p, v, err := s.vol(sv)
	if err != nil {
		return err
	}
	freed := p.info.Available + v.Allocation
	if length > freed {
		return LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: cannot write volume '%s': No space left on device", v.Name)
	}
	p.info.Available = freed - length
	p.info.Allocation = p.info.Allocation - min(p.info.Allocation, v.Allocation) + length
	v.Allocation, v.Content, v.SHA256 = length, content, digest
	v.Capacity = max(v.Capacity, length)
	s.listFiles(p) // libvirt refreshes the pool once an upload's stream closes
	return nil
}

// StorageVolDownload copies at most length bytes of the volume's content to w.
func (b *Backend) StorageVolDownload(ctx context.Context, sv libvirt.StorageVol, w io.Writer, length uint64) (err error) {
	defer b.observe(ctx, "StorageVolDownload", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolDownload", sv)
	if err != nil {
		return err
	}
	content := v.Content[:min(uint64(len(v.Content)), length)]
	unlock()
	_, err = w.Write(content)
	return err
}

// copyReader streams length bytes of r in 64 KiB chunks, calling progress after each; it stops
// when ctx ends. With discard it keeps none of the bytes.
func copyReader(ctx context.Context, r io.Reader, length uint64, discard bool, progress func(uint64)) ([]byte, error) {
	var out []byte
	if !discard {
		out = make([]byte, 0, min(length, 1<<20))
	}
	buf := make([]byte, 64<<10)
	var sent uint64
	for sent < length {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		want := min(uint64(len(buf)), length-sent)
		n, err := io.ReadFull(r, buf[:want])
		if !discard {
			out = append(out, buf[:n]...)
		}
		sent += uint64(n)
		if n > 0 {
			progress(sent)
		}
		if err != nil {
			return nil, fmt.Errorf("fake: upload stream ended after %d of %d bytes: %w", sent, length, err)
		}
	}
	return out, nil
}
