// Package hostfacts is what a Client learns of a host once: facts that do not change while a
// command runs (the hypervisor type the host offers, the directory a pool keeps its volumes in,
// the address families a network serves), each asked of the host once per Client.
package hostfacts

import (
	"context"
	"fmt"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"
	"golang.org/x/sync/singleflight"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// Facts holds one Client's answers, by key. The zero value holds none. Safe for concurrent use.
type Facts struct {
	mu sync.Mutex
	m  map[string]string
	// asks makes callers that ask the same key at once share one ask.
	asks singleflight.Group
}

// Ask returns what ask answers for key, asked once per Facts: a fact of a host that does not
// change while a command runs. Callers that ask at once share one ask (and its error).
func (f *Facts) Ask(key string, ask func() (string, error)) (string, error) {
	f.mu.Lock()
	v, ok := f.m[key]
	f.mu.Unlock()
	if ok {
		return v, nil
	}
	got, err, _ := f.asks.Do(key, func() (any, error) {
		f.mu.Lock()
		v, ok := f.m[key]
		f.mu.Unlock()
		if ok {
			return v, nil // an ask that ended between the lookup above and this one
		}
		v, err := ask()
		if err != nil {
			return "", err
		}
		f.mu.Lock()
		if f.m == nil {
			f.m = map[string]string{}
		}
		f.m[key] = v
		f.mu.Unlock()
		return v, nil
	})
	if err != nil {
		return "", err
	}
	return got.(string), nil
}

// Hypervisor asks the host's capabilities whether it offers KVM.
func (f *Facts) Hypervisor(ctx context.Context, b backend.Backend) (string, error) {
	return f.Ask("hv\x00"+b.Host(), func() (string, error) {
		caps, err := b.ConnectGetCapabilities(ctx)
		if err != nil {
			return "", err
		}
		return definition.HypervisorType(caps), nil
	})
}

// PoolDir is the directory the host's pool keeps its volumes in, from the pool's definition.
// A create names its disks' paths in it before they exist; each volume made is then checked to
// be at the path named, so a stale answer or a pool of another kind fails the create.
func (f *Facts) PoolDir(ctx context.Context, b backend.Backend, pool libvirt.StoragePool) (string, error) {
	return f.Ask("pool\x00"+b.Host()+"\x00"+pool.Name, func() (string, error) {
		x, err := b.StoragePoolGetXMLDesc(ctx, pool)
		if err != nil {
			return "", err
		}
		dir, err := definition.PoolDir(x)
		if err != nil {
			return "", kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("storage pool %s: %w", pool.Name, err))
		}
		return dir, nil
	})
}

// NetworkFamilies reports which address families network serves, from its definition (a
// network's ranges do not change while a command runs). A network that cannot be read is taken
// to serve IPv4 alone, as every network did before IPv6.
func (f *Facts) NetworkFamilies(ctx context.Context, b backend.Backend, network string) (ipv4, ipv6 bool) {
	fam, err := f.Ask("net\x00"+b.Host()+"\x00"+network, func() (string, error) {
		n, err := b.NetworkLookupByName(ctx, network)
		if err != nil {
			return "", err
		}
		x, err := b.NetworkGetXMLDesc(ctx, n)
		if err != nil {
			return "", err
		}
		v4, v6, err := definition.NetworkFamilies(x)
		return string([]byte{flag(v4), flag(v6)}), err
	})
	if err != nil || len(fam) != 2 {
		return true, false
	}
	return fam[0] == '1', fam[1] == '1'
}

func flag(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}
