package backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// closeBudget bounds the polite ConnectClose sent by Close before the link is cut regardless.
const closeBudget = 2 * time.Second

// errLinkDead is returned, without an RPC, by a backend whose link was already closed.
var errLinkDead = errors.New("connection closed earlier; redial needed")

// linkBroken reports whether err says the link under go-libvirt is gone: go-libvirt answers
// every call on a socket it knows is disconnected with a bare syscall.EINVAL, and a closed conn
// gives net.ErrClosed or io.ErrClosedPipe. go-libvirt's own liveness (IsConnected) can miss it:
// when the socket drops while ConnectToURI is still opening the connection, the goroutine that
// would close Disconnected() finds the channel of before the connect (closed) and returns, and
// ConnectToURI then installs an open one that nothing closes (upstream: DESIGN.md, Upstream
// defects). Such a link failed every call with "invalid argument" while Alive said it worked.
func linkBroken(err error) bool {
	if err == nil || kvmerr.IsLibvirtError(err) {
		return false
	}
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, net.ErrClosed) || errors.Is(err, io.ErrClosedPipe)
}

// libvirtBackend is the production Backend: go-libvirt over a socket forwarded by SSH.
//
// Abandon policy: every RPC runs on its own goroutine. If the caller's ctx or the per-call
// budget ends first, the link is killed (socket and SSH client closed), the call returns a
// Transient error wrapping kvmerr.ErrAbandoned, every other call in flight on the link fails
// with go-libvirt's ErrInterrupted, and the backend reports itself dead so the pool redials.
// Killing the link is the only way to stop an RPC: go-libvirt has no per-call cancellation,
// and a reply arriving later must not be mistaken for the answer to a newer call.
type libvirtBackend struct {
	host   string
	l      *libvirt.Libvirt
	conn   net.Conn
	closer io.Closer // the SSH client; may be nil
	obs    Observer
	budget time.Duration
	via    sshx.Transport // how conn reaches libvirtd; "" for a conn not dialed by sshx

	dead     atomic.Bool
	killOnce sync.Once
}

var (
	_ Backend           = (*libvirtBackend)(nil)
	_ Liveness          = (*libvirtBackend)(nil)
	_ TransportReporter = (*libvirtBackend)(nil)
)

// Connect dials host over SSH (bounded by ctx and Budgets.Dial), opens the libvirt connection
// over the forwarded socket and returns the backend. The caller owns it and must Close it.
// Failures are *kvmerr.DialError: the SSH stages from sshx, StageLibvirt for the libvirt
// handshake.
func Connect(ctx context.Context, host string, cfg sshx.Config, opts PoolOptions) (Backend, error) {
	opts = opts.withDefaults()
	ctx, cancel := context.WithTimeout(ctx, opts.Budgets.Dial)
	defer cancel()
	conn, closer, err := opts.Dial(ctx, host, cfg)
	if err != nil {
		return nil, err
	}
	b, err := connectLibvirt(ctx, host, conn, closer, opts)
	if err != nil {
		return nil, err // not b: a nil *libvirtBackend would make a non-nil Backend
	}
	return b, nil
}

// NewFromConn wraps an already-dialed libvirt socket (closer, if not nil, is closed with it)
// and performs the libvirt handshake within Budgets.Dial.
func NewFromConn(host string, conn net.Conn, closer io.Closer, opts PoolOptions) (Backend, error) {
	opts = opts.withDefaults()
	ctx, cancel := context.WithTimeout(context.Background(), opts.Budgets.Dial)
	defer cancel()
	b, err := connectLibvirt(ctx, host, conn, closer, opts)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// connectLibvirt runs go-libvirt's Connect (auth list + connect open) under the same abandon
// rule as any RPC, so a daemon that never answers cannot hang the dial.
func connectLibvirt(ctx context.Context, host string, conn net.Conn, closer io.Closer, opts PoolOptions) (*libvirtBackend, error) {
	b := &libvirtBackend{
		host:   host,
		l:      libvirt.NewWithDialer(dialers.NewAlreadyConnected(conn)),
		conn:   conn,
		closer: closer,
		obs:    opts.Observer,
		budget: opts.Budgets.Call,
		via:    sshx.TransportOf(conn),
	}
	_, err := call(ctx, b, "ConnectOpen", true, func() (struct{}, error) {
		return struct{}{}, b.l.Connect()
	})
	if err != nil {
		b.kill()
		return nil, &kvmerr.DialError{Host: host, Stage: kvmerr.StageLibvirt, Err: err}
	}
	return b, nil
}

// Host is the configured host name.
func (b *libvirtBackend) Host() string { return b.host }

// Transport says how the link reaches libvirtd (see TransportReporter).
func (b *libvirtBackend) Transport() string { return string(b.via) }

// Alive reports whether the link is still usable: not killed by the abandon policy and not
// dropped by the peer.
func (b *libvirtBackend) Alive() bool {
	return !b.dead.Load() && b.l.IsConnected()
}

// kill cuts the link at once: closing the socket makes go-libvirt fail every waiting call.
func (b *libvirtBackend) kill() {
	b.killOnce.Do(func() {
		b.dead.Store(true)
		_ = b.conn.Close()
		if b.closer != nil {
			_ = b.closer.Close()
		}
	})
}

// Close says goodbye to libvirtd (within closeBudget) and closes the link.
func (b *libvirtBackend) Close() error {
	if !b.dead.Load() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = b.l.Disconnect()
		}()
		select {
		case <-done:
		case <-time.After(closeBudget):
		}
	}
	b.kill()
	return nil
}

// result carries one RPC's outcome from its goroutine. The channel is buffered so an
// abandoned RPC's late result lands in the channel, never in its caller's variables.
type result[T any] struct {
	v   T
	err error
}

// call runs fn as the RPC named method under the abandon policy (budgeted: also under the
// per-call budget) and reports it to the observer. libvirt errors are returned unchanged so
// their codes stay visible; only abandonment and a dead link are wrapped as kvmerr errors.
func call[T any](ctx context.Context, b *libvirtBackend, method string, budgeted bool, fn func() (T, error)) (T, error) {
	start := time.Now()
	v, err := run(ctx, b, method, budgeted, fn)
	b.obs.RPC(ctx, b.host, method, time.Since(start), err)
	return v, err
}

func run[T any](ctx context.Context, b *libvirtBackend, method string, budgeted bool, fn func() (T, error)) (T, error) {
	var zero T
	if b.dead.Load() {
		return zero, kvmerr.New(kvmerr.Transient, method, b.host, errLinkDead)
	}
	if err := ctx.Err(); err != nil {
		return zero, kvmerr.New(kvmerr.Transient, method, b.host, err)
	}
	callCtx := ctx
	if budgeted {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, b.budget)
		defer cancel()
	}

	done := make(chan result[T], 1)
	go func() {
		v, err := fn()
		done <- result[T]{v, err}
	}()
	select {
	case r := <-done:
		if linkBroken(r.err) {
			b.kill() // so the pool redials instead of lending the broken link again
		}
		return r.v, r.err
	case <-callCtx.Done():
		b.kill()
		cause := ctx.Err()
		if cause == nil {
			cause = fmt.Errorf("per-call budget of %v exceeded: %w", b.budget, context.DeadlineExceeded)
		}
		return zero, kvmerr.New(kvmerr.Transient, method, b.host, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, cause))
	}
}
