package hostops

import (
	"context"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// PoolAvailable returns the bytes libvirt reports as available in the named pool.
func PoolAvailable(ctx context.Context, b backend.Backend, poolName string) (uint64, error) {
	p, err := b.StoragePoolLookupByName(ctx, poolName)
	if err != nil {
		return 0, err
	}
	_, _, available, err := b.StoragePoolGetInfo(ctx, p)
	return available, err
}

// CheckPoolSpace fails with a *kvmerr.QuotaError naming the pool, its free bytes and the needed
// bytes when the pool cannot hold needed more bytes. It runs before anything is written, so a
// full pool is reported without leaving a partial volume behind.
func CheckPoolSpace(ctx context.Context, b backend.Backend, host, poolName string, needed uint64) error {
	available, err := PoolAvailable(ctx, b, poolName)
	if err != nil {
		return kvmerr.Wrap("read free space of pool "+poolName, host, err)
	}
	if available < needed {
		return &kvmerr.QuotaError{Host: host, Pool: poolName, Available: available, Needed: needed}
	}
	return nil
}
