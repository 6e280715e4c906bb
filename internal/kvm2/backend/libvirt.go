package backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// closeBudget bounds the polite ConnectClose sent by Close before the link is cut regardless.
const closeBudget = 2 * time.Second

// Liveness is implemented by backends that can tell whether their link still works. The pool
// redials a pooled backend that reports false; a backend without it is taken as alive.
type Liveness interface {
	Alive() bool
}

// TransportReporter is implemented by backends that know how their link reaches libvirtd:
// one of sshx's transport names (streamlocal, exec:virt-ssh-helper, exec:nc), or "" when the
// link came from elsewhere.
type TransportReporter interface {
	Transport() string
}

// TransportOf returns b's transport, or "" when b cannot tell.
func TransportOf(b Backend) string {
	if t, ok := b.(TransportReporter); ok {
		return t.Transport()
	}
	return ""
}

// errLinkDead is returned, without an RPC, by a backend whose link was already closed.
var errLinkDead = errors.New("connection closed earlier; redial needed")

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

// gate guards a caller's reader or writer handed to a streaming RPC: once shut, go-libvirt's
// goroutines can no longer touch it, even if they outlive the call. shut waits for an
// operation already in progress, so after it returns the caller owns its stream again.
type gate struct {
	mu   sync.Mutex
	shut bool
}

var errStreamDetached = errors.New("stream detached from an abandoned call")

func (g *gate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.shut = true
}

type gatedReader struct {
	*gate
	r io.Reader
}

// Read returns io.EOF unwrapped from r, which go-libvirt compares with ==.
func (g gatedReader) Read(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut {
		return 0, errStreamDetached
	}
	return g.r.Read(p)
}

type gatedWriter struct {
	*gate
	w io.Writer
}

func (g gatedWriter) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut {
		return 0, errStreamDetached
	}
	return g.w.Write(p)
}

func (b *libvirtBackend) ConnectGetLibVersion(ctx context.Context) (uint64, error) {
	return call(ctx, b, "ConnectGetLibVersion", true, b.l.ConnectGetLibVersion)
}

func (b *libvirtBackend) ConnectGetCapabilities(ctx context.Context) (string, error) {
	return call(ctx, b, "ConnectGetCapabilities", true, b.l.ConnectGetCapabilities)
}

func (b *libvirtBackend) NodeGetInfo(ctx context.Context) (NodeInfo, error) {
	return call(ctx, b, "NodeGetInfo", true, func() (NodeInfo, error) {
		model, mem, cpus, mhz, nodes, sockets, cores, threads, err := b.l.NodeGetInfo()
		if err != nil {
			return NodeInfo{}, err
		}
		return NodeInfo{
			Model: nodeModel(model), MemoryKiB: mem, CPUs: int(cpus), MHz: int(mhz),
			Nodes: int(nodes), Sockets: int(sockets), Cores: int(cores), Threads: int(threads),
		}, nil
	})
}

// nodeModel is the NUL-terminated C string libvirt sends as the CPU model.
func nodeModel(raw [32]int8) string {
	out := make([]byte, 0, len(raw))
	for _, c := range raw {
		if c == 0 {
			break
		}
		out = append(out, byte(c))
	}
	return string(out)
}

func (b *libvirtBackend) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) ([]libvirt.Domain, error) {
	return call(ctx, b, "ConnectListAllDomains", true, func() ([]libvirt.Domain, error) {
		doms, _, err := b.l.ConnectListAllDomains(1, flags)
		return doms, err
	})
}

func (b *libvirtBackend) DomainLookupByName(ctx context.Context, name string) (libvirt.Domain, error) {
	return call(ctx, b, "DomainLookupByName", true, func() (libvirt.Domain, error) {
		return b.l.DomainLookupByName(name)
	})
}

func (b *libvirtBackend) DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error) {
	return call(ctx, b, "DomainDefineXML", true, func() (libvirt.Domain, error) {
		return b.l.DomainDefineXMLFlags(xml, 0)
	})
}

func (b *libvirtBackend) DomainCreate(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainCreate", true, func() (libvirt.Domain, error) {
		return b.l.DomainCreateWithFlags(dom, 0)
	})
	return err
}

func (b *libvirtBackend) DomainGetState(ctx context.Context, dom libvirt.Domain) (int32, int32, error) {
	type stateReason struct{ state, reason int32 }
	r, err := call(ctx, b, "DomainGetState", true, func() (stateReason, error) {
		s, why, err := b.l.DomainGetState(dom, 0)
		return stateReason{s, why}, err
	})
	return r.state, r.reason, err
}

func (b *libvirtBackend) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (string, error) {
	return call(ctx, b, "DomainGetXMLDesc", true, func() (string, error) {
		return b.l.DomainGetXMLDesc(dom, flags)
	})
}

func (b *libvirtBackend) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (bool, error) {
	return call(ctx, b, "DomainIsPersistent", true, func() (bool, error) {
		p, err := b.l.DomainIsPersistent(dom)
		return p == 1, err
	})
}

func (b *libvirtBackend) DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (bool, error) {
	return call(ctx, b, "DomainGetAutostart", true, func() (bool, error) {
		a, err := b.l.DomainGetAutostart(dom)
		return a == 1, err
	})
}

func (b *libvirtBackend) DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) error {
	var v int32
	if autostart {
		v = 1
	}
	_, err := call(ctx, b, "DomainSetAutostart", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainSetAutostart(dom, v)
	})
	return err
}

func (b *libvirtBackend) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (string, error) {
	return call(ctx, b, "DomainGetMetadata", true, func() (string, error) {
		return b.l.DomainGetMetadata(dom, int32(libvirt.DomainMetadataElement), libvirt.OptString{uri}, libvirt.DomainAffectCurrent)
	})
}

func (b *libvirtBackend) DomainSetMetadata(ctx context.Context, dom libvirt.Domain, xml, key, uri string, flags libvirt.DomainModificationImpact) error {
	_, err := call(ctx, b, "DomainSetMetadata", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainSetMetadata(dom, int32(libvirt.DomainMetadataElement),
			libvirt.OptString{xml}, libvirt.OptString{key}, libvirt.OptString{uri}, flags)
	})
	return err
}

func (b *libvirtBackend) DomainDestroy(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainDestroy", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainDestroyFlags(dom, libvirt.DomainDestroyDefault)
	})
	return err
}

func (b *libvirtBackend) DomainShutdown(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainShutdown", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainShutdownFlags(dom, libvirt.DomainShutdownAcpiPowerBtn)
	})
	return err
}

func (b *libvirtBackend) DomainBlockResize(ctx context.Context, dom libvirt.Domain, target string, size uint64) error {
	_, err := call(ctx, b, "DomainBlockResize", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainBlockResize(dom, target, size, libvirt.DomainBlockResizeBytes)
	})
	return err
}

func (b *libvirtBackend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error {
	_, err := call(ctx, b, "DomainUndefine", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainUndefineFlags(dom, flags)
	})
	return err
}

func (b *libvirtBackend) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) ([]libvirt.DomainInterface, error) {
	return call(ctx, b, "DomainInterfaceAddresses", true, func() ([]libvirt.DomainInterface, error) {
		return b.l.DomainInterfaceAddresses(dom, uint32(source), 0)
	})
}

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

func (b *libvirtBackend) ConnectListAllStoragePools(ctx context.Context) ([]libvirt.StoragePool, error) {
	return call(ctx, b, "ConnectListAllStoragePools", true, func() ([]libvirt.StoragePool, error) {
		pools, _, err := b.l.ConnectListAllStoragePools(1, 0)
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

// StorageVolUpload is exempt from the per-call budget (an image upload takes as long as it
// takes) but abandoned like any RPC when ctx ends. r is detached before return.
func (b *libvirtBackend) StorageVolUpload(ctx context.Context, vol libvirt.StorageVol, r io.Reader, length uint64) error {
	in := gatedReader{gate: &gate{}, r: r}
	defer in.close()
	_, err := call(ctx, b, "StorageVolUpload", false, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolUpload(vol, in, 0, length, 0)
	})
	return err
}

// StorageVolDownload copies at most length bytes of vol into w; w is detached before return.
func (b *libvirtBackend) StorageVolDownload(ctx context.Context, vol libvirt.StorageVol, w io.Writer, length uint64) error {
	out := gatedWriter{gate: &gate{}, w: w}
	defer out.close()
	_, err := call(ctx, b, "StorageVolDownload", true, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolDownload(vol, out, 0, length, 0)
	})
	return err
}

func (b *libvirtBackend) NetworkLookupByName(ctx context.Context, name string) (libvirt.Network, error) {
	return call(ctx, b, "NetworkLookupByName", true, func() (libvirt.Network, error) {
		return b.l.NetworkLookupByName(name)
	})
}

func (b *libvirtBackend) NetworkIsActive(ctx context.Context, net libvirt.Network) (bool, error) {
	return call(ctx, b, "NetworkIsActive", true, func() (bool, error) {
		a, err := b.l.NetworkIsActive(net)
		return a == 1, err
	})
}

func (b *libvirtBackend) NetworkGetDHCPLeases(ctx context.Context, net libvirt.Network) ([]libvirt.NetworkDhcpLease, error) {
	return call(ctx, b, "NetworkGetDHCPLeases", true, func() ([]libvirt.NetworkDhcpLease, error) {
		leases, _, err := b.l.NetworkGetDhcpLeases(net, nil, 1, 0)
		return leases, err
	})
}

func (b *libvirtBackend) InterfaceLookupByName(ctx context.Context, name string) (libvirt.Interface, error) {
	return call(ctx, b, "InterfaceLookupByName", true, func() (libvirt.Interface, error) {
		return b.l.InterfaceLookupByName(name)
	})
}
