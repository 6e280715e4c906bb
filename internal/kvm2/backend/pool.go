package backend

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// errPoolClosed is returned by Acquire and Dedicated after Close.
var errPoolClosed = errors.New("connection pool closed")

// How the pool treats a host it cannot use. A refused connection is redialed for refusedGrace,
// long enough to ride out an sshd restart and short enough that a plan against a dead host
// fails in seconds; after that the host is down, which is Permanent. A failure that retrying
// cannot fix (down, unknown name, host key, credentials) is handed for failureMemory to every
// caller of the host without another dial, so fifty resources refreshing at once get one dial
// and one error; a host that comes back is dialed again once that time is up.
const (
	refusedGrace  = 2 * time.Second
	refusedRedial = 250 * time.Millisecond
	failureMemory = 3 * time.Second
)

// sshPool keeps one pooled connection per configured host, shared by at most PerHost callers
// at a time. Every wait (for a slot, for a dial in progress) ends with the caller's ctx.
type sshPool struct {
	opts    PoolOptions
	hosts   map[string]sshx.Config
	entries map[string]*hostEntry // fixed at construction: no lock needed to read
	names   string                // configured host names, for "unknown host" errors

	// refusedGrace, refusedRedial and failureMemory are the constants above; tests shorten them.
	refusedGrace, refusedRedial, failureMemory time.Duration

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

	mu       sync.Mutex
	failed   error     // the last dial's failure when retrying cannot fix it, else nil
	failedAt time.Time // when failed was recorded
}

// recent returns the failure recorded less than memory ago, or nil.
func (e *hostEntry) recent(memory time.Duration) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.failed != nil && time.Since(e.failedAt) < memory {
		return e.failed
	}
	return nil
}

// record keeps the outcome of a dial: a failure that retrying cannot fix is remembered, and any
// other outcome (success, or a failure that may pass) clears what was remembered.
func (e *hostEntry) record(err error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err != nil && kvmerr.Classify(err) != kvmerr.Transient {
		e.failed, e.failedAt = err, time.Now()
		return
	}
	e.failed = nil
}

// NewSSHPool returns a Pool over hosts. It never dials; the first Acquire for a host does.
// Each host without an sshx.Memory gets one, shared by its pooled and dedicated dials, so a
// host reached over exec is not asked for a stream-local forward on every dial.
func NewSSHPool(hosts map[string]sshx.Config, opts PoolOptions) Pool {
	opts = opts.withDefaults()
	p := &sshPool{
		opts: opts, hosts: make(map[string]sshx.Config, len(hosts)), entries: make(map[string]*hostEntry, len(hosts)),
		refusedGrace: refusedGrace, refusedRedial: refusedRedial, failureMemory: failureMemory,
	}
	names := make([]string, 0, len(hosts))
	for name, cfg := range hosts {
		if cfg.Memory == nil {
			cfg.Memory = &sshx.Memory{}
		}
		p.hosts[name] = cfg
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
	b, err := p.dial(ctx, host, e)
	if err != nil {
		return nil, err
	}
	e.b = b
	return b, nil
}

// dial connects to host unless a recent dial found it unusable, in which case that failure is
// returned at once. A refused connection is redialed until refusedGrace has passed, then
// reported as the host being down (Permanent).
func (p *sshPool) dial(ctx context.Context, host string, e *hostEntry) (Backend, error) {
	if err := e.recent(p.failureMemory); err != nil {
		return nil, err
	}
	start := time.Now()
	for {
		b, err := Connect(ctx, host, p.hosts[host], p.opts)
		if err == nil || !refused(err) || ctx.Err() != nil {
			e.record(err)
			return b, err
		}
		if waited := time.Since(start); waited >= p.refusedGrace {
			down := kvmerr.New(kvmerr.Permanent, "connect", host, fmt.Errorf(
				"the host refused every connection for %s: check that sshd is running and listening on the "+
					"configured address and port: %w", waited.Round(100*time.Millisecond), err))
			e.record(down)
			return nil, down
		}
		t := time.NewTimer(p.refusedRedial)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, err
		}
	}
}

// refused reports a TCP connect that the host actively refused: nothing listens on the port.
func refused(err error) bool {
	var de *kvmerr.DialError
	return errors.As(err, &de) && de.Stage == kvmerr.StageTCP && errors.Is(err, syscall.ECONNREFUSED)
}

// alive reports whether b says its link works; a backend that cannot tell is trusted.
func alive(b Backend) bool {
	l, ok := b.(Liveness)
	return !ok || l.Alive()
}

// Dedicated dials a fresh connection for host that is never pooled; the caller closes it.
func (p *sshPool) Dedicated(ctx context.Context, host string) (Backend, error) {
	e, err := p.lookup("dial dedicated connection", host)
	if err != nil {
		return nil, err
	}
	return p.dial(ctx, host, e)
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
