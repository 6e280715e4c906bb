package fake

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// StoragePool is one storage pool on the fake host.
type StoragePool struct {
	Name       string
	Path       string // directory volumes live under; volume paths are Path + "/" + name
	Active     bool
	Capacity   uint64
	Allocation uint64
	// Available is reported by StoragePoolGetInfo; uploads consume it and deletes return it,
	// and an upload that does not fit fails like a full disk.
	Available uint64
}

type poolState struct {
	info StoragePool
	vols map[string]*Volume
}

// AddPool adds (or replaces) a storage pool, keeping no volumes.
func (b *Backend) AddPool(p StoragePool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if p.Path == "" {
		p.Path = "/var/lib/libvirt/" + p.Name
	}
	b.st.pools[p.Name] = &poolState{info: p, vols: map[string]*Volume{}}
}

// Pool returns the named storage pool.
func (b *Backend) Pool(name string) (StoragePool, bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[name]
	if !ok {
		return StoragePool{}, false
	}
	return p.info, true
}

// UpdatePool applies fn to the named pool under the fake's lock; it reports whether it exists.
func (b *Backend) UpdatePool(name string, fn func(*StoragePool)) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[name]
	if ok {
		fn(&p.info)
	}
	return ok
}

// RemovePool deletes a pool and its volumes.
func (b *Backend) RemovePool(name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	delete(b.st.pools, name)
}

func noPool(name string) error {
	return LibvirtError(libvirt.ErrNoStoragePool,
		"Storage pool not found: no storage pool with matching name '%s'", name)
}

func inactivePool(name string) error {
	return LibvirtError(libvirt.ErrOperationInvalid,
		"Requested operation is not valid: storage pool '%s' is not active", name)
}

// pool returns the live entry; callers hold st.mu.
func (s *state) pool(name string) (*poolState, error) {
	p, ok := s.pools[name]
	if !ok {
		return nil, noPool(name)
	}
	return p, nil
}

// activePool returns the live entry of an active pool; callers hold st.mu.
func (s *state) activePool(name string) (*poolState, error) {
	p, err := s.pool(name)
	if err != nil {
		return nil, err
	}
	if !p.info.Active {
		return nil, inactivePool(name)
	}
	return p, nil
}

// StoragePoolLookupByName finds a pool; a missing one is ErrNoStoragePool.
func (b *Backend) StoragePoolLookupByName(ctx context.Context, name string) (_ libvirt.StoragePool, err error) {
	defer b.observe(ctx, "StoragePoolLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolLookupByName", name); err != nil {
		return libvirt.StoragePool{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if _, err := b.st.pool(name); err != nil {
		return libvirt.StoragePool{}, err
	}
	return libvirt.StoragePool{Name: name}, nil
}

// StoragePoolIsActive reports whether the pool is active.
func (b *Backend) StoragePoolIsActive(ctx context.Context, sp libvirt.StoragePool) (_ bool, err error) {
	defer b.observe(ctx, "StoragePoolIsActive", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolIsActive", sp.Name); err != nil {
		return false, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.pool(sp.Name)
	if err != nil {
		return false, err
	}
	return p.info.Active, nil
}

// StoragePoolGetInfo reports capacity, allocation and available bytes.
func (b *Backend) StoragePoolGetInfo(ctx context.Context, sp libvirt.StoragePool) (_ uint64, _ uint64, _ uint64, err error) {
	defer b.observe(ctx, "StoragePoolGetInfo", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolGetInfo", sp.Name); err != nil {
		return 0, 0, 0, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.pool(sp.Name)
	if err != nil {
		return 0, 0, 0, err
	}
	return p.info.Capacity, p.info.Allocation, p.info.Available, nil
}

// StoragePoolGetXMLDesc renders the pool as a directory pool over its Path.
func (b *Backend) StoragePoolGetXMLDesc(ctx context.Context, sp libvirt.StoragePool) (_ string, err error) {
	defer b.observe(ctx, "StoragePoolGetXMLDesc", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolGetXMLDesc", sp.Name); err != nil {
		return "", err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.pool(sp.Name)
	if err != nil {
		return "", err
	}
	var name, dir bytes.Buffer
	_ = xml.EscapeText(&name, []byte(p.info.Name))
	_ = xml.EscapeText(&dir, []byte(p.info.Path))
	return fmt.Sprintf("<pool type='dir'>\n  <name>%s</name>\n  <target>\n    <path>%s</path>\n  </target>\n</pool>\n",
		name.String(), dir.String()), nil
}

// StoragePoolRefresh does nothing on an active pool; an inactive one is ErrOperationInvalid.
func (b *Backend) StoragePoolRefresh(ctx context.Context, sp libvirt.StoragePool) (err error) {
	defer b.observe(ctx, "StoragePoolRefresh", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolRefresh", sp.Name); err != nil {
		return err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.activePool(sp.Name)
	if err == nil {
		b.st.listFiles(p)
	}
	return err
}

// StoragePoolListAllVolumes lists the pool's volumes sorted by name.
func (b *Backend) StoragePoolListAllVolumes(ctx context.Context, sp libvirt.StoragePool) (_ []libvirt.StorageVol, err error) {
	defer b.observe(ctx, "StoragePoolListAllVolumes", time.Now(), &err)
	if err = b.begin(ctx, "StoragePoolListAllVolumes", sp.Name); err != nil {
		return nil, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, err := b.st.activePool(sp.Name)
	if err != nil {
		return nil, err
	}
	var out []libvirt.StorageVol
	for _, name := range sortedKeys(p.vols) {
		out = append(out, volRef(sp.Name, p.vols[name]))
	}
	return out, nil
}

// ConnectListAllStoragePools lists the pools flags select, sorted by name: 0 every pool,
// ConnectListStoragePoolsActive and ConnectListStoragePoolsInactive the active and the inactive
// ones (both: every pool, as libvirt's filter). Other flags are not modelled and fail.
func (b *Backend) ConnectListAllStoragePools(ctx context.Context, flags libvirt.ConnectListAllStoragePoolsFlags) (_ []libvirt.StoragePool, err error) {
	defer b.observe(ctx, "ConnectListAllStoragePools", time.Now(), &err)
	if err = b.begin(ctx, "ConnectListAllStoragePools", ""); err != nil {
		return nil, err
	}
	const modelled = libvirt.ConnectListStoragePoolsActive | libvirt.ConnectListStoragePoolsInactive
	if flags&^modelled != 0 {
		return nil, fmt.Errorf("fake: ConnectListAllStoragePools flags %#x are not modelled", uint32(flags&^modelled))
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	var out []libvirt.StoragePool
	for _, name := range sortedKeys(b.st.pools) {
		if poolListed(b.st.pools[name].info.Active, flags) {
			out = append(out, libvirt.StoragePool{Name: name})
		}
	}
	return out, nil
}

// poolListed reports whether a pool active or not is listed under flags.
func poolListed(active bool, flags libvirt.ConnectListAllStoragePoolsFlags) bool {
	if flags&(libvirt.ConnectListStoragePoolsActive|libvirt.ConnectListStoragePoolsInactive) == 0 {
		return true
	}
	if active {
		return flags&libvirt.ConnectListStoragePoolsActive != 0
	}
	return flags&libvirt.ConnectListStoragePoolsInactive != 0
}
