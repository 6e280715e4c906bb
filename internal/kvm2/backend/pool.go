package backend

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// errPoolClosed is returned by Acquire and Dedicated after Close.
var errPoolClosed = errors.New("connection pool closed")

// sshPool keeps one pooled connection per configured host, shared by at most PerHost callers
// at a time. Every wait (for a slot, for a dial in progress) ends with the caller's ctx.
type sshPool struct {
	opts    PoolOptions
	hosts   map[string]sshx.Config
	entries map[string]*hostEntry // fixed at construction: no lock needed to read
	names   string                // configured host names, for "unknown host" errors

	mu     sync.Mutex
	closed bool
}

// hostEntry is one host's slot semaphore and pooled connection.
type hostEntry struct {
	slots chan struct{} // a token per user; capacity PerHost
	// dialing is a one-token lock around b: a channel rather than a sync.Mutex so that a
	// caller waiting behind a slow dial can give up when its ctx ends.
	dialing chan struct{}
	b       Backend // guarded by dialing
}

// NewSSHPool returns a Pool over hosts. It never dials; the first Acquire for a host does.
func NewSSHPool(hosts map[string]sshx.Config, opts PoolOptions) Pool {
	opts = opts.withDefaults()
	p := &sshPool{opts: opts, hosts: hosts, entries: make(map[string]*hostEntry, len(hosts))}
	names := make([]string, 0, len(hosts))
	for name := range hosts {
		p.entries[name] = &hostEntry{
			slots:   make(chan struct{}, opts.PerHost),
			dialing: make(chan struct{}, 1),
		}
		names = append(names, name)
	}
	slices.Sort(names)
	p.names = strings.Join(names, ", ")
	return p
}

// lookup returns host's entry or a Permanent error naming the configured hosts.
func (p *sshPool) lookup(op, host string) (*hostEntry, error) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return nil, kvmerr.New(kvmerr.Permanent, op, host, errPoolClosed)
	}
	e, ok := p.entries[host]
	if !ok {
		return nil, kvmerr.New(kvmerr.Permanent, op, host,
			fmt.Errorf("unknown host %q (configured: %s)", host, p.names))
	}
	return e, nil
}

// Acquire waits for one of host's slots, then returns the pooled connection, dialing a new
// one when there is none or the old one died (peer gone, or an RPC on it was abandoned).
func (p *sshPool) Acquire(ctx context.Context, host string) (Backend, func(), error) {
	e, err := p.lookup("acquire", host)
	if err != nil {
		return nil, nil, err
	}
	select {
	case e.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, kvmerr.New(kvmerr.Transient, "wait for a connection slot", host, ctx.Err())
	}
	var once sync.Once
	release := func() { once.Do(func() { <-e.slots }) }

	b, err := p.pooled(ctx, host, e)
	if err != nil {
		release()
		return nil, nil, err
	}
	return b, release, nil
}

// pooled returns e's live connection or replaces it with a fresh one.
func (p *sshPool) pooled(ctx context.Context, host string, e *hostEntry) (Backend, error) {
	select {
	case e.dialing <- struct{}{}:
	case <-ctx.Done():
		return nil, kvmerr.New(kvmerr.Transient, "wait for a connection", host, ctx.Err())
	}
	defer func() { <-e.dialing }()

	if e.b != nil && alive(e.b) {
		return e.b, nil
	}
	if e.b != nil {
		// Dead already; Close only releases what is left (it does not wait on the link).
		_ = e.b.Close()
		e.b = nil
	}
	b, err := Connect(ctx, host, p.hosts[host], p.opts)
	if err != nil {
		return nil, err
	}
	e.b = b
	return b, nil
}

// alive reports whether b says its link works; a backend that cannot tell is trusted.
func alive(b Backend) bool {
	l, ok := b.(Liveness)
	return !ok || l.Alive()
}

// Dedicated dials a fresh connection for host that is never pooled; the caller closes it.
func (p *sshPool) Dedicated(ctx context.Context, host string) (Backend, error) {
	if _, err := p.lookup("dial dedicated connection", host); err != nil {
		return nil, err
	}
	return Connect(ctx, host, p.hosts[host], p.opts)
}

// Close closes every pooled connection; later Acquire and Dedicated calls fail Permanent.
// Connections handed out by Dedicated belong to their callers and are not touched.
func (p *sshPool) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, e := range p.entries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.dialing <- struct{}{}
			defer func() { <-e.dialing }()
			if e.b != nil {
				_ = e.b.Close()
				e.b = nil
			}
		}()
	}
	wg.Wait()
	return nil
}
