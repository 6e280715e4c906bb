package backend

import (
	"context"

	libvirt "github.com/digitalocean/go-libvirt"
)

func (b *libvirtBackend) StoragePoolLookupByName(ctx context.Context, name string) (libvirt.StoragePool, error) {
	return call(ctx, b, "StoragePoolLookupByName", true, func() (libvirt.StoragePool, error) {
		return b.l.StoragePoolLookupByName(name)
	})
}

func (b *libvirtBackend) StoragePoolIsActive(ctx context.Context, pool libvirt.StoragePool) (bool, error) {
	return call(ctx, b, "StoragePoolIsActive", true, func() (bool, error) {
		a, err := b.l.StoragePoolIsActive(pool)
		return a == 1, err
	})
}

func (b *libvirtBackend) StoragePoolGetInfo(ctx context.Context, pool libvirt.StoragePool) (uint64, uint64, uint64, error) {
	type poolInfo struct{ capacity, allocation, available uint64 }
	r, err := call(ctx, b, "StoragePoolGetInfo", true, func() (poolInfo, error) {
		_, c, al, av, err := b.l.StoragePoolGetInfo(pool)
		return poolInfo{c, al, av}, err
	})
	return r.capacity, r.allocation, r.available, err
}

func (b *libvirtBackend) StoragePoolGetXMLDesc(ctx context.Context, pool libvirt.StoragePool) (string, error) {
	return call(ctx, b, "StoragePoolGetXMLDesc", true, func() (string, error) {
		return b.l.StoragePoolGetXMLDesc(pool, 0)
	})
}

func (b *libvirtBackend) StoragePoolRefresh(ctx context.Context, pool libvirt.StoragePool) error {
	_, err := call(ctx, b, "StoragePoolRefresh", true, func() (struct{}, error) {
		return struct{}{}, b.l.StoragePoolRefresh(pool, 0)
	})
	return err
}

func (b *libvirtBackend) StoragePoolListAllVolumes(ctx context.Context, pool libvirt.StoragePool) ([]libvirt.StorageVol, error) {
	return call(ctx, b, "StoragePoolListAllVolumes", true, func() ([]libvirt.StorageVol, error) {
		vols, _, err := b.l.StoragePoolListAllVolumes(pool, 1, 0)
		return vols, err
	})
}

func (b *libvirtBackend) ConnectListAllStoragePools(ctx context.Context, flags libvirt.ConnectListAllStoragePoolsFlags) ([]libvirt.StoragePool, error) {
	return call(ctx, b, "ConnectListAllStoragePools", true, func() ([]libvirt.StoragePool, error) {
		pools, _, err := b.l.ConnectListAllStoragePools(1, flags)
		return pools, err
	})
}

func (b *libvirtBackend) StorageVolLookupByPath(ctx context.Context, path string) (libvirt.StorageVol, error) {
	return call(ctx, b, "StorageVolLookupByPath", true, func() (libvirt.StorageVol, error) {
		return b.l.StorageVolLookupByPath(path)
	})
}

func (b *libvirtBackend) StorageVolLookupByName(ctx context.Context, pool libvirt.StoragePool, name string) (libvirt.StorageVol, error) {
	return call(ctx, b, "StorageVolLookupByName", true, func() (libvirt.StorageVol, error) {
		return b.l.StorageVolLookupByName(pool, name)
	})
}

func (b *libvirtBackend) StorageVolCreateXML(ctx context.Context, pool libvirt.StoragePool, xml string) (libvirt.StorageVol, error) {
	return call(ctx, b, "StorageVolCreateXML", true, func() (libvirt.StorageVol, error) {
		return b.l.StorageVolCreateXML(pool, xml, 0)
	})
}

func (b *libvirtBackend) StorageVolGetPath(ctx context.Context, vol libvirt.StorageVol) (string, error) {
	return call(ctx, b, "StorageVolGetPath", true, func() (string, error) {
		return b.l.StorageVolGetPath(vol)
	})
}

func (b *libvirtBackend) StorageVolGetInfo(ctx context.Context, vol libvirt.StorageVol) (uint64, uint64, error) {
	type volInfo struct{ capacity, allocation uint64 }
	r, err := call(ctx, b, "StorageVolGetInfo", true, func() (volInfo, error) {
		_, c, a, err := b.l.StorageVolGetInfo(vol)
		return volInfo{c, a}, err
	})
	return r.capacity, r.allocation, err
}

func (b *libvirtBackend) StorageVolGetXMLDesc(ctx context.Context, vol libvirt.StorageVol) (string, error) {
	return call(ctx, b, "StorageVolGetXMLDesc", true, func() (string, error) {
		return b.l.StorageVolGetXMLDesc(vol, 0)
	})
}

func (b *libvirtBackend) StorageVolDelete(ctx context.Context, vol libvirt.StorageVol) error {
	_, err := call(ctx, b, "StorageVolDelete", true, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolDelete(vol, libvirt.StorageVolDeleteNormal)
	})
	return err
}

func (b *libvirtBackend) StorageVolResize(ctx context.Context, vol libvirt.StorageVol, capacity uint64) error {
	_, err := call(ctx, b, "StorageVolResize", true, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolResize(vol, capacity, 0)
	})
	return err
}
