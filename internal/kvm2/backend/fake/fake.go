// Package fake is an in-memory backend.Backend and backend.Pool for unit tests of the kvm2 core
// and of the Terraform layer above it.
//
// A Backend holds domains, storage pools with their volumes, and networks, and answers every
// RPC of the seam the way libvirt does, including go-libvirt's libvirt.Error codes
// (ErrNoDomain, ErrNoDomainMetadata, ErrOperationInvalid...), so that classification code sees
// what it would see in production.
//
// It refuses what libvirt 9.0 refuses where ownership depends on it, so a test on the fake
// cannot pass where the host would fail: a name defined under another UUID (or a UUID under
// another name), a start whose network is missing or inactive or whose disk files or backing
// files are no volume of the fake, and metadata impact flags naming a definition the domain
// lacks. A running domain has a live and a persistent definition, and its live XML reports each
// disk's backing chain from the volumes' backing paths. conformance_test.go holds these answers;
// with the integration tag the same scenarios run on the lab host.
//
// Every call is recorded in the Backend's call log (Calls, Count). Faults are injected per
// method (Inject, FailAlways, FailNth, FailFor) and run before the call touches any state, so a
// fault may also block, observe ctx, or change state (SetDomainState) to simulate a racing
// administrator.
//
// Twin returns a second Backend sharing the same host state but with its own call log and
// faults; Pool.Dedicated hands out such twins, so a test can tell which RPCs ran on the pooled
// connection and which on a dedicated one.
package fake

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sort"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

// Defaults of a new Backend's host.
const (
	DefaultPool          = "default"
	DefaultPoolPath      = "/var/lib/libvirt/images"
	DefaultNetwork       = "default"
	DefaultPoolCapacity  = 100 << 30
	DefaultPoolAvailable = 50 << 30
	DefaultLibVersion    = 9_000_000 // 9.0.0
	DefaultNodeCPUs      = 4
	DefaultNodeMemoryKiB = 8 << 20 // 8 GiB
)

// ErrClosed is returned by every call on a Backend after Close.
var ErrClosed = errors.New("fake: connection is closed")

// Call is one recorded RPC: the method name (as in backend.Backend) and the object it targeted
// (domain name, pool name, "pool/volume", network name; empty for connection-level calls).
type Call struct {
	Method string
	Target string
}

// Fault decides the outcome of one call before it runs: a non-nil error is returned instead of
// running the call. It runs without any fake lock held, so it may block, read ctx, or mutate the
// fake through its exported methods.
type Fault func(ctx context.Context, c Call) error

// Backend is an in-memory backend.Backend. It is safe for concurrent use.
type Backend struct {
	host string
	st   *state

	mu       sync.Mutex
	calls    []Call
	counts   map[string]int
	faults   map[string][]Fault
	onUpload func(vol libvirt.StorageVol, sent uint64)
	closed   bool
}

var (
	_ backend.Backend           = (*Backend)(nil)
	_ backend.Liveness          = (*Backend)(nil)
	_ backend.TransportReporter = (*Backend)(nil)
)

// New returns a Backend for host with pool "default" (active, 100 GiB capacity, 50 GiB
// available, under /var/lib/libvirt/images), network "default" (active), libvirt 9.0.0 and a
// host without KVM.
func New(host string) *Backend {
	st := &state{
		domains:    map[string]*Domain{},
		pools:      map[string]*poolState{},
		networks:   map[string]bool{DefaultNetwork: true},
		libVersion: DefaultLibVersion,
		caps:       CapabilitiesQEMU,
		node: backend.NodeInfo{
			Model: "x86_64", MemoryKiB: DefaultNodeMemoryKiB, CPUs: DefaultNodeCPUs, MHz: 2000,
			Nodes: 1, Sockets: 1, Cores: DefaultNodeCPUs, Threads: 1,
		},
	}
	st.pools[DefaultPool] = &poolState{info: StoragePool{
		Name: DefaultPool, Path: DefaultPoolPath, Active: true,
		Capacity: DefaultPoolCapacity, Available: DefaultPoolAvailable,
	}, vols: map[string]*Volume{}}
	return newBackend(host, st)
}

func newBackend(host string, st *state) *Backend {
	return &Backend{host: host, st: st, counts: map[string]int{}, faults: map[string][]Fault{}}
}

// Twin returns a new Backend on the same host state with an empty call log and no faults: a
// second connection to the same host.
func (b *Backend) Twin() *Backend { return newBackend(b.host, b.st) }

// Host is the configured host name.
func (b *Backend) Host() string { return b.host }

// Calls returns a copy of the call log in call order.
func (b *Backend) Calls() []Call {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Call(nil), b.calls...)
}

// Methods returns the method names of the call log in call order.
func (b *Backend) Methods() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]string, len(b.calls))
	for i, c := range b.calls {
		out[i] = c.Method
	}
	return out
}

// Count returns how many times method was called (Close included).
func (b *Backend) Count(method string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts[method]
}

// ResetCalls empties the call log and the per-method counts (faults stay).
func (b *Backend) ResetCalls() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = nil
	b.counts = map[string]int{}
}

// Alive reports whether the connection is still open, as backend.Liveness asks; a test kills
// a link with Close.
func (b *Backend) Alive() bool { return !b.Closed() }

// Closed reports whether Close was called.
func (b *Backend) Closed() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

// Inject adds a fault to method; faults of a method run in the order added and the first
// non-nil error wins.
func (b *Backend) Inject(method string, f Fault) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.faults[method] = append(b.faults[method], f)
}

// FailAlways makes every call of method return err.
func (b *Backend) FailAlways(method string, err error) {
	b.Inject(method, func(context.Context, Call) error { return err })
}

// FailNth makes the n-th call (1-based, counted from now) of method return err.
func (b *Backend) FailNth(method string, n int, err error) {
	var mu sync.Mutex
	seen := 0
	b.Inject(method, func(context.Context, Call) error {
		mu.Lock()
		defer mu.Unlock()
		seen++
		if seen == n {
			return err
		}
		return nil
	})
}

// FailFor makes every call of method that targets target return err.
func (b *Backend) FailFor(method, target string, err error) {
	b.Inject(method, func(_ context.Context, c Call) error {
		if c.Target == target {
			return err
		}
		return nil
	})
}

// ClearFaults removes every fault of method, or of every method when method is empty.
func (b *Backend) ClearFaults(method string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if method == "" {
		b.faults = map[string][]Fault{}
		return
	}
	delete(b.faults, method)
}

// OnUpload registers fn, called during StorageVolUpload after each chunk with the number of
// bytes read from the caller's reader so far; it lets a test observe streaming.
func (b *Backend) OnUpload(fn func(vol libvirt.StorageVol, sent uint64)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.onUpload = fn
}

// LibvirtError builds the error libvirt returns for code, as go-libvirt delivers it.
func LibvirtError(code libvirt.ErrorNumber, format string, args ...any) error {
	return libvirt.Error{Code: uint32(code), Message: fmt.Sprintf(format, args...)}
}

// begin records the call, runs its faults and reports the error the call must return, if any.
func (b *Backend) begin(ctx context.Context, method, target string) error {
	b.mu.Lock()
	b.calls = append(b.calls, Call{Method: method, Target: target})
	b.counts[method]++
	closed := b.closed
	faults := append([]Fault(nil), b.faults[method]...)
	b.mu.Unlock()
	if closed {
		return ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, f := range faults {
		if err := f(ctx, Call{Method: method, Target: target}); err != nil {
			return err
		}
	}
	return nil
}

// Close marks the connection closed; later calls fail with ErrClosed. Close itself is logged.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls = append(b.calls, Call{Method: "Close"})
	b.counts["Close"]++
	b.closed = true
	return nil
}

// state is what twins share: the host itself.
type state struct {
	mu       sync.Mutex
	domains  map[string]*Domain
	pools    map[string]*poolState
	networks map[string]bool // name -> active
	// families is which address families a network serves (SetNetworkFamilies); a network
	// not in it serves IPv4 alone.
	families   map[string][2]bool
	leases     map[string][]libvirt.NetworkDhcpLease // network -> leases of no fake domain
	bridges    map[string]bool                       // host bridges libvirt's interface driver reports (see interface.go)
	libVersion uint64
	caps       string
	node       backend.NodeInfo
	nextID     int32
	nextUUID   uint32

	// files are files of the host that no pool lists until it is refreshed (console logs
	// virtlogd made), by path.
	files map[string][]byte
	// agentFiles are the files guests hold open through their agents, by handle.
	agentFiles map[int64]*agentFile
	nextHandle int64

	discardUploads bool
	observer       backend.Observer
	transport      string // what Transport reports

	// The guests' open TCP ports and how the host reaches them (guest.go).
	guestPorts        map[netip.AddrPort]GuestService
	forwardingRefused bool
	noNC              bool
}

// SetTransport sets what Transport reports for every connection to this host (as sshx names
// it: streamlocal, exec:virt-ssh-helper, exec:nc); the default is "".
func (b *Backend) SetTransport(t string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.transport = t
}

// Transport reports how the connection reaches libvirtd, as backend.TransportReporter asks.
func (b *Backend) Transport() string {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return b.st.transport
}

// Observe makes every Backend sharing this host state (twins included) report each call to o
// once it ends, as the production adapter does; nil stops reporting.
func (b *Backend) Observe(o backend.Observer) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.observer = o
}

// observe reports one ended call to the observer, if any.
func (b *Backend) observe(ctx context.Context, method string, start time.Time, err *error) {
	b.st.mu.Lock()
	o := b.st.observer
	b.st.mu.Unlock()
	if o != nil {
		o.RPC(ctx, b.host, method, time.Since(start), *err)
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
