package fake

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// ErrPoolClosed is returned by Acquire and Dedicated after Close.
var ErrPoolClosed = errors.New("fake: pool is closed")

// Pool is an in-memory backend.Pool over fake Backends, one per host. Acquire always hands out
// the host's Backend (the pooled connection); Dedicated hands out a fresh Twin of it each time.
// It counts acquisitions and releases and panics on a double release, so a test can assert that
// every Acquire was released (Outstanding) and every dedicated connection closed (Unclosed).
type Pool struct {
	mu          sync.Mutex
	hosts       map[string]*Backend
	acquired    map[string]int
	released    map[string]int
	dedicated   map[string][]*Backend
	acquireErr  map[string]error
	dedicateErr map[string]error
	onDedicated func(*Backend)
	closed      bool
}

var _ backend.Pool = (*Pool)(nil)

// NewPool returns a Pool serving the given backends, keyed by their Host().
func NewPool(backends ...*Backend) *Pool {
	p := &Pool{
		hosts: map[string]*Backend{}, acquired: map[string]int{}, released: map[string]int{},
		dedicated: map[string][]*Backend{}, acquireErr: map[string]error{}, dedicateErr: map[string]error{},
	}
	for _, b := range backends {
		p.hosts[b.Host()] = b
	}
	return p
}

// Backend returns the pooled Backend of host (nil when unknown).
func (p *Pool) Backend(host string) *Backend {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hosts[host]
}

func unknownHost(host string) error {
	return kvmerr.New(kvmerr.Permanent, "connect", host, fmt.Errorf("host %q is not configured", host))
}

// Acquire returns host's pooled Backend. It fails with the error set by FailAcquire, with ctx's
// error when ctx has ended, or Permanent for an unknown host.
func (p *Pool) Acquire(ctx context.Context, host string) (backend.Backend, func(), error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, nil, ErrPoolClosed
	}
	if err := p.acquireErr[host]; err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, kvmerr.Wrap("connect", host, err)
	}
	b, ok := p.hosts[host]
	if !ok {
		return nil, nil, unknownHost(host)
	}
	p.acquired[host]++
	var once sync.Once
	release := func() {
		released := false
		once.Do(func() {
			released = true
			p.mu.Lock()
			p.released[host]++
			p.mu.Unlock()
		})
		if !released {
			panic("fake: release called twice for host " + host)
		}
	}
	return b, release, nil
}

// Dedicated returns a new Twin of host's Backend, after running the OnDedicated hook on it.
func (p *Pool) Dedicated(ctx context.Context, host string) (backend.Backend, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, ErrPoolClosed
	}
	if err := p.dedicateErr[host]; err != nil {
		p.mu.Unlock()
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		p.mu.Unlock()
		return nil, kvmerr.Wrap("connect", host, err)
	}
	b, ok := p.hosts[host]
	if !ok {
		p.mu.Unlock()
		return nil, unknownHost(host)
	}
	twin := b.Twin()
	p.dedicated[host] = append(p.dedicated[host], twin)
	hook := p.onDedicated
	p.mu.Unlock()
	if hook != nil {
		hook(twin)
	}
	return twin, nil
}

// FailAcquire makes Acquire of host fail with err (nil clears it).
func (p *Pool) FailAcquire(host string, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.acquireErr[host] = err
}

// FailDedicated makes Dedicated of host fail with err (nil clears it), e.g. a *kvmerr.DialError.
func (p *Pool) FailDedicated(host string, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.dedicateErr[host] = err
}

// OnDedicated registers fn, run on every dedicated Backend before Dedicated returns it, so a
// test can inject faults into the dedicated connection only.
func (p *Pool) OnDedicated(fn func(*Backend)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.onDedicated = fn
}

// Acquired returns how many times host was acquired.
func (p *Pool) Acquired(host string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.acquired[host]
}

// Outstanding returns acquisitions of every host not yet released.
func (p *Pool) Outstanding() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for h, a := range p.acquired {
		n += a - p.released[h]
	}
	return n
}

// DedicatedBackends returns the dedicated Backends handed out for host, in order.
func (p *Pool) DedicatedBackends(host string) []*Backend {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*Backend(nil), p.dedicated[host]...)
}

// Unclosed returns how many dedicated Backends (of every host) were not closed.
func (p *Pool) Unclosed() int {
	p.mu.Lock()
	all := make([]*Backend, 0)
	for _, bs := range p.dedicated {
		all = append(all, bs...)
	}
	p.mu.Unlock()
	n := 0
	for _, b := range all {
		if !b.Closed() {
			n++
		}
	}
	return n
}

// Close marks the pool closed; later Acquire and Dedicated calls fail with ErrPoolClosed.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	return nil
}

// Closed reports whether Close was called.
func (p *Pool) Closed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closed
}
