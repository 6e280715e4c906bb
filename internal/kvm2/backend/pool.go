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

// sshPool keeps, per configured host, up to Limits.Connections pooled connections, each shared by
// at most Limits.PerConnection callers, and lets at most Limits.Operations callers hold the
// host at once. Every wait (for a slot, for a dial in progress) ends with the caller's ctx.
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

// hostEntry is one host's operation semaphore, its pooled connections and what its last dial
// found.
type hostEntry struct {
	limits Limits
	slots  chan struct{} // a token per caller holding the host; capacity limits.Operations
	conns  []*pooledConn // limits.Connections of them, fixed at construction
	// dialGate is a one-token lock around every pooled dial of the host, so that callers of a
	// host that cannot be used share one dial and its remembered failure, whichever connection
	// they wait on. A connection already dialed is handed out without it.
	dialGate chan struct{}

	mu       sync.Mutex // guards every conn's users and live, and failed and failedAt
	failed   error      // the last dial's failure when retrying cannot fix it, else nil
	failedAt time.Time  // when failed was recorded
}

// pooledConn is one pooled connection of a host and the callers sharing it.
type pooledConn struct {
	users int  // callers holding it; guarded by hostEntry.mu
	live  bool // it was dialed and not yet found dead; guarded by hostEntry.mu
	// dialing is a one-token lock around b: a channel rather than a sync.Mutex so that a
	// caller waiting behind a slow dial can give up when its ctx ends.
	dialing chan struct{}
	b       Backend // guarded by dialing
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

// claim picks the connection a new holder of the host shares and counts it as a user. It fills
// the connection with the most users that still has room, a dialed one before one that is not,
// so a small workload stays on one connection and another is dialed only when every one in
// use is full. The caller holds one of e's slots, and there are as many places on the
// connections as slots, so one always has room.
func (e *hostEntry) claim() *pooledConn {
	e.mu.Lock()
	defer e.mu.Unlock()
	var best *pooledConn
	for _, c := range e.conns {
		if c.users >= e.limits.PerConnection {
			continue
		}
		if best == nil || c.users > best.users || (c.users == best.users && c.live && !best.live) {
			best = c
		}
	}
	best.users++
	return best
}

// unclaim ends one user of c.
func (e *hostEntry) unclaim(c *pooledConn) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c.users--
}

// setLive records whether c holds a connection believed to work.
func (e *hostEntry) setLive(c *pooledConn, live bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	c.live = live
}

// NewSSHPool returns a Pool over hosts, each shared within its limits (a host missing from
// limits gets the default Limits). It never dials; the first Acquire for a host does. Each
// host without an sshx.Memory gets one, shared by its pooled and dedicated dials, so a host
// reached over exec is not asked for a stream-local forward on every dial.
func NewSSHPool(hosts map[string]sshx.Config, limits map[string]Limits, opts PoolOptions) Pool {
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
		l := limits[name].withDefaults()
		e := &hostEntry{
			limits:   l,
			slots:    make(chan struct{}, l.Operations),
			conns:    make([]*pooledConn, l.Connections()),
			dialGate: make(chan struct{}, 1),
		}
		for i := range e.conns {
			e.conns[i] = &pooledConn{dialing: make(chan struct{}, 1)}
		}
		p.entries[name] = e
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

// Acquire waits for one of host's slots, then returns a pooled connection with room (see
// claim), dialing it when it has none yet or the old one died (peer gone, or an RPC on it was
// abandoned).
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
	c := e.claim()
	var once sync.Once
	release := func() {
		once.Do(func() {
			e.unclaim(c)
			<-e.slots
		})
	}

	b, err := p.pooled(ctx, host, e, c)
	if err != nil {
		release()
		return nil, nil, err
	}
	return b, release, nil
}

// pooled returns c's live connection or replaces it with a fresh one.
func (p *sshPool) pooled(ctx context.Context, host string, e *hostEntry, c *pooledConn) (Backend, error) {
	select {
	case c.dialing <- struct{}{}:
	case <-ctx.Done():
		return nil, kvmerr.New(kvmerr.Transient, "wait for a connection", host, ctx.Err())
	}
	defer func() { <-c.dialing }()

	if c.b != nil && LinkAlive(c.b) {
		return c.b, nil
	}
	if c.b != nil {
		// Dead already; Close only releases what is left (it does not wait on the link).
		_ = c.b.Close()
		c.b = nil
		e.setLive(c, false)
	}
	select {
	case e.dialGate <- struct{}{}:
	case <-ctx.Done():
		return nil, kvmerr.New(kvmerr.Transient, "wait for a connection", host, ctx.Err())
	}
	b, err := p.dial(ctx, host, e)
	<-e.dialGate
	if err != nil {
		return nil, err
	}
	c.b = b
	e.setLive(c, true)
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
		for _, c := range e.conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.dialing <- struct{}{}
				defer func() { <-c.dialing }()
				if c.b != nil {
					_ = c.b.Close()
					c.b = nil
					e.setLive(c, false)
				}
			}()
		}
	}
	wg.Wait()
	return nil
}
