package hostops

import (
	"context"
	"fmt"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// How often a refresh refused because the pool is busy is tried.
const (
	RefreshTries = 50 // 10 s: the tiers' parallel creates once kept a pool busy past 2 s
	RefreshRetry = 200 * time.Millisecond
)

// RefreshPool makes libvirt read pool's directory again. libvirt refuses a refresh while a
// volume of the pool is being built or uploaded (another create's overlay, another base
// image: "has asynchronous jobs running"), for a moment: the refresh is tried again, every
// RefreshRetry for up to RefreshTries times, as other libvirt clients do. Any other error is
// returned as libvirt gave it.
func RefreshPool(ctx context.Context, b backend.Backend, pool libvirt.StoragePool) error {
	for try := 1; ; try++ {
		err := b.StoragePoolRefresh(ctx, pool)
		if err == nil || !PoolBusy(err) || try == RefreshTries {
			return err
		}
		select {
		case <-ctx.Done():
			return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("refresh of storage pool %s: %w", pool.Name, ctx.Err()))
		case <-time.After(RefreshRetry):
		}
	}
}

// PoolBusy reports whether err is libvirt refusing a pool refresh while a volume is built.
func PoolBusy(err error) bool {
	return kvmerr.HasCode(err, libvirt.ErrInternalError) && strings.Contains(err.Error(), "asynchronous jobs running")
}

// RefreshPoolByName makes libvirt read the directory of pool name again, so that it knows the
// files another writer made there (virtlogd's console logs), and returns the pool; a pool that is
// gone or inactive is left as it is.
func RefreshPoolByName(ctx context.Context, b backend.Backend, name string) (libvirt.StoragePool, error) {
	pool, err := b.StoragePoolLookupByName(ctx, name)
	if err != nil {
		return pool, kvmerr.IgnoreNotFound(err)
	}
	return pool, RefreshPoolIfActive(ctx, b, pool)
}

// RefreshAllPools refreshes every pool of the host, as RefreshPoolByName does one.
func RefreshAllPools(ctx context.Context, b backend.Backend) error {
	pools, err := b.ConnectListAllStoragePools(ctx, 0)
	if err != nil {
		return err
	}
	for _, p := range pools {
		if err := RefreshPoolIfActive(ctx, b, p); err != nil {
			return err
		}
	}
	return nil
}

// RefreshPoolIfActive refreshes pool (RefreshPool, which waits out a busy pool); a pool that is
// gone or inactive is left as it is.
func RefreshPoolIfActive(ctx context.Context, b backend.Backend, pool libvirt.StoragePool) error {
	err := RefreshPool(ctx, b, pool)
	if err != nil && !kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		return kvmerr.IgnoreNotFound(err)
	}
	return nil
}
