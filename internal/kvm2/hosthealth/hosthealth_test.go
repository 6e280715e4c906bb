package hosthealth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	kvmCaps  = `<capabilities><guest><os_type>hvm</os_type><arch name="x86_64"><domain type="qemu"/><domain type="kvm"/></arch></guest></capabilities>`
	tcgCaps  = `<capabilities><guest><os_type>hvm</os_type><arch name="x86_64"><domain type="qemu"/></arch></guest></capabilities>`
	gib      = uint64(1) << 30
	testHost = "lab"
)

// probeBackend answers the checker's RPCs from its fields; every method not overridden
// panics through the nil embedded interface, so an unexpected RPC fails the test loudly.
type probeBackend struct {
	backend.Backend
	version                        uint64
	caps                           string
	poolActive, netActive          bool
	capacity, available            uint64
	versionErr, capsErr            error
	poolErr, poolActiveErr         error
	poolInfoErr, netErr, netActErr error
	cpus                           int
	nodeErr                        error
	hangOn                         string // method that blocks until ctx ends

	mu     sync.Mutex
	calls  []string
	closed int
}

func healthyBackend() *probeBackend {
	return &probeBackend{
		version: 9_000_000, caps: kvmCaps, poolActive: true, netActive: true,
		capacity: 100 * gib, available: 40 * gib, cpus: 8,
	}
}

// enter records a call and blocks until ctx ends when method is the one to hang on.
func (p *probeBackend) enter(ctx context.Context, method string) error {
	p.mu.Lock()
	p.calls = append(p.calls, method)
	p.mu.Unlock()
	if p.hangOn == method {
		<-ctx.Done()
		return kvmerr.New(kvmerr.Transient, method, testHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
	}
	return nil
}

func (p *probeBackend) called(method string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Contains(p.calls, method)
}

func (p *probeBackend) Host() string { return testHost }

func (p *probeBackend) ConnectGetLibVersion(ctx context.Context) (uint64, error) {
	if err := p.enter(ctx, "ConnectGetLibVersion"); err != nil {
		return 0, err
	}
	time.Sleep(time.Millisecond) // a measurable round trip
	return p.version, p.versionErr
}

func (p *probeBackend) ConnectGetCapabilities(ctx context.Context) (string, error) {
	if err := p.enter(ctx, "ConnectGetCapabilities"); err != nil {
		return "", err
	}
	return p.caps, p.capsErr
}

func (p *probeBackend) NodeGetInfo(ctx context.Context) (backend.NodeInfo, error) {
	if err := p.enter(ctx, "NodeGetInfo"); err != nil {
		return backend.NodeInfo{}, err
	}
	if p.nodeErr != nil {
		return backend.NodeInfo{}, p.nodeErr
	}
	return backend.NodeInfo{CPUs: p.cpus}, nil
}

func (p *probeBackend) StoragePoolLookupByName(ctx context.Context, name string) (libvirt.StoragePool, error) {
	if err := p.enter(ctx, "StoragePoolLookupByName"); err != nil {
		return libvirt.StoragePool{}, err
	}
	return libvirt.StoragePool{Name: name}, p.poolErr
}

func (p *probeBackend) StoragePoolIsActive(ctx context.Context, _ libvirt.StoragePool) (bool, error) {
	if err := p.enter(ctx, "StoragePoolIsActive"); err != nil {
		return false, err
	}
	return p.poolActive, p.poolActiveErr
}

func (p *probeBackend) StoragePoolGetInfo(ctx context.Context, _ libvirt.StoragePool) (uint64, uint64, uint64, error) {
	if err := p.enter(ctx, "StoragePoolGetInfo"); err != nil {
		return 0, 0, 0, err
	}
	return p.capacity, p.capacity - p.available, p.available, p.poolInfoErr
}

func (p *probeBackend) NetworkLookupByName(ctx context.Context, name string) (libvirt.Network, error) {
	if err := p.enter(ctx, "NetworkLookupByName"); err != nil {
		return libvirt.Network{}, err
	}
	return libvirt.Network{Name: name}, p.netErr
}

func (p *probeBackend) NetworkIsActive(ctx context.Context, _ libvirt.Network) (bool, error) {
	if err := p.enter(ctx, "NetworkIsActive"); err != nil {
		return false, err
	}
	return p.netActive, p.netActErr
}

func (p *probeBackend) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed++
	return nil
}

func libvirtErr(code libvirt.ErrorNumber) error {
	return libvirt.Error{Code: uint32(code), Message: "from libvirt"}
}

func dialErr(stage kvmerr.Stage, cause error) error {
	return &kvmerr.DialError{Host: testHost, Stage: stage, Err: cause}
}

// connectTo returns a connect func handing out b (or failing with err) and counting calls.
func connectTo(b *probeBackend, err error, calls *atomic.Int32) ConnectFunc {
	return func(ctx context.Context, host string) (backend.Backend, error) {
		calls.Add(1)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
}

func TestCheckHosts_reasons(t *testing.T) {
	tests := []struct {
		name      string
		cfg       hostconfig.HostConfig
		edit      func(b *probeBackend)
		dialErr   error
		hangDial  bool          // connect blocks until ctx ends
		ttl       time.Duration // round deadline; 0: none
		reason    string
		status    HealthStatus
		wantVer   bool // LibvirtVersion filled
		wantPool  bool // capacity and available filled
		notCalled string
	}{
		{name: "healthy", reason: ReasonOK, status: HealthOK, wantVer: true, wantPool: true},
		{
			name: "node info failed keeps the verdict", edit: func(b *probeBackend) { b.nodeErr = libvirtErr(libvirt.ErrNoSupport) },
			reason: ReasonOK, status: HealthOK, wantVer: true, wantPool: true,
		},
		{name: "tcp refused", dialErr: dialErr(kvmerr.StageTCP, errors.New("connection refused")), reason: ReasonUnreachable, status: HealthDown},
		{name: "handshake failed", dialErr: dialErr(kvmerr.StageHandshake, errors.New("EOF")), reason: ReasonUnreachable, status: HealthDown},
		{name: "dial budget ran out, round still alive", dialErr: dialErr(kvmerr.StageHandshake, context.DeadlineExceeded), reason: ReasonUnreachable, status: HealthDown},
		{name: "round ended during dial", hangDial: true, ttl: 30 * time.Millisecond, reason: ReasonTimeout, status: HealthDown},
		{name: "round ended during an RPC", edit: func(b *probeBackend) { b.hangOn = "StoragePoolGetInfo" }, ttl: 30 * time.Millisecond, reason: ReasonTimeout, status: HealthDown, wantVer: true},
		{name: "auth refused", dialErr: dialErr(kvmerr.StageAuth, errors.New("unable to authenticate")), reason: ReasonAuthFailed, status: HealthDown},
		{name: "key unreadable", dialErr: dialErr(kvmerr.StageKey, errors.New("no such file")), reason: ReasonAuthFailed, status: HealthDown},
		{name: "host key mismatch", dialErr: dialErr(kvmerr.StageHostKey, errors.New("key mismatch")), reason: ReasonHostKeyMismatch, status: HealthDown},
		{name: "host key unknown", dialErr: dialErr(kvmerr.StageHostKey, fmt.Errorf("no entry: %w", kvmerr.ErrHostKeyUnknown)), reason: ReasonHostKeyUnknown, status: HealthDown},
		{name: "socket forward refused", dialErr: dialErr(kvmerr.StageForward, errors.New("rejected")), reason: ReasonSocketForwardRefused, status: HealthDown},
		{name: "libvirt socket missing", dialErr: dialErr(kvmerr.StageSocket, errors.New("connect failed")), reason: ReasonSocketForwardRefused, status: HealthDown},
		{name: "host name unknown", dialErr: dialErr(kvmerr.StageResolve, errors.New("no such host")), reason: ReasonUnreachable, status: HealthDown},
		{name: "no cipher in common", dialErr: dialErr(kvmerr.StageNegotiate, errors.New("no common algorithm")), reason: ReasonUnreachable, status: HealthDown},
		{
			name:    "host down (the pool's verdict on a refusing host)",
			dialErr: kvmerr.New(kvmerr.Permanent, "connect", testHost, dialErr(kvmerr.StageTCP, errors.New("connection refused"))),
			reason:  ReasonUnreachable, status: HealthDown,
		},
		{name: "libvirt handshake failed", dialErr: dialErr(kvmerr.StageLibvirt, errors.New("EOF")), reason: ReasonLibvirtError, status: HealthDown},
		{name: "version RPC failed", edit: func(b *probeBackend) { b.versionErr = libvirtErr(libvirt.ErrInternalError) }, reason: ReasonLibvirtError, status: HealthDown},
		{name: "capabilities RPC failed", edit: func(b *probeBackend) { b.capsErr = libvirtErr(libvirt.ErrRPC) }, reason: ReasonLibvirtError, status: HealthDown, wantVer: true},
		{name: "pool missing", edit: func(b *probeBackend) { b.poolErr = libvirtErr(libvirt.ErrNoStoragePool) }, reason: ReasonPoolNotFound, status: HealthDown, wantVer: true},
		{name: "pool lookup failed otherwise", edit: func(b *probeBackend) { b.poolErr = libvirtErr(libvirt.ErrInternalError) }, reason: ReasonLibvirtError, status: HealthDown, wantVer: true},
		{name: "pool inactive", edit: func(b *probeBackend) { b.poolActive = false }, reason: ReasonPoolInactive, status: HealthDown, wantVer: true},
		{name: "network missing", edit: func(b *probeBackend) { b.netErr = libvirtErr(libvirt.ErrNoNetwork) }, reason: ReasonNetworkNotFound, status: HealthDown, wantVer: true, wantPool: true},
		{name: "network inactive", edit: func(b *probeBackend) { b.netActive = false }, reason: ReasonNetworkInactive, status: HealthDown, wantVer: true, wantPool: true},
		{
			name: "bridge skips the network check", cfg: hostconfig.HostConfig{Bridge: "br0"},
			edit:   func(b *probeBackend) { b.netErr = libvirtErr(libvirt.ErrNoNetwork) },
			reason: ReasonOK, status: HealthOK, wantVer: true, wantPool: true, notCalled: "NetworkLookupByName",
		},
		{name: "pool low", edit: func(b *probeBackend) { b.available = gib / 2 }, reason: ReasonPoolLow, status: HealthDegraded, wantVer: true, wantPool: true},
		{
			name:   "pool low but network missing is Down",
			edit:   func(b *probeBackend) { b.available = gib / 2; b.netErr = libvirtErr(libvirt.ErrNoNetwork) },
			reason: ReasonNetworkNotFound, status: HealthDown, wantVer: true, wantPool: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthyBackend()
			if tt.edit != nil {
				tt.edit(b)
			}
			var calls atomic.Int32
			connect := connectTo(b, tt.dialErr, &calls)
			if tt.hangDial {
				connect = func(ctx context.Context, host string) (backend.Backend, error) {
					<-ctx.Done()
					return nil, dialErr(kvmerr.StageHandshake, ctx.Err())
				}
			}
			ctx := context.Background()
			if tt.ttl > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.ttl)
				defer cancel()
			}
			cfg := tt.cfg
			cfg.Pool = "images"

			got := Check(ctx, map[string]hostconfig.HostConfig{testHost: cfg}, nil, connect, nil)

			if len(got) != 1 {
				t.Fatalf("got %d reports, want 1", len(got))
			}
			h := got[0]
			if h.Host != testHost || h.Reason != tt.reason || h.Status != tt.status {
				t.Fatalf("report = %s/%s/%s (%s), want %s/%s/%s", h.Host, h.Status, h.Reason, h.Message, testHost, tt.status, tt.reason)
			}
			if h.Message == "" {
				t.Error("report has no message")
			}
			if h.Pool != "images" {
				t.Errorf("Pool = %q, want images", h.Pool)
			}
			if tt.wantVer != (h.LibvirtVersion == "9.0.0") {
				t.Errorf("LibvirtVersion = %q, want filled: %v", h.LibvirtVersion, tt.wantVer)
			}
			if tt.wantVer && h.Latency <= 0 {
				t.Errorf("Latency = %v with a version answered", h.Latency)
			}
			if tt.wantPool != (h.PoolCapacityBytes == b.capacity && h.PoolAvailableBytes == b.available) {
				t.Errorf("pool bytes = %d/%d, want filled: %v", h.PoolAvailableBytes, h.PoolCapacityBytes, tt.wantPool)
			}
			// The CPUs are known once the check got past the capabilities, unless the host did not say.
			wantCPUs := 0
			if tt.wantVer && b.capsErr == nil && b.nodeErr == nil {
				wantCPUs = b.cpus
			}
			if h.HostCPUs != wantCPUs {
				t.Errorf("HostCPUs = %d, want %d", h.HostCPUs, wantCPUs)
			}
			if h.MaxConcurrentOperations != rules.DefaultMaxConcurrentOperations || h.MaxClientRequests != rules.DefaultMaxClientRequests || h.Connections != 2 {
				t.Errorf("limits = %d ops, %d per connection, %d connections; want the defaults 10, 5, 2",
					h.MaxConcurrentOperations, h.MaxClientRequests, h.Connections)
			}
			if tt.notCalled != "" && b.called(tt.notCalled) {
				t.Errorf("%s was called", tt.notCalled)
			}
			connected := tt.dialErr == nil && !tt.hangDial
			if connected && b.closed != 1 {
				t.Errorf("backend closed %d times after the probe, want 1", b.closed)
			}
		})
	}
}

// TestCheckHosts_reportsConfiguredLimits: the report carries the limits the pool uses for the
// host, and an unknown host none.
func TestCheckHosts_reportsConfiguredLimits(t *testing.T) {
	var calls atomic.Int32
	hosts := map[string]hostconfig.HostConfig{testHost: {MaxConcurrentOperations: 3, MaxClientRequests: 2}}
	got := Check(context.Background(), hosts, []string{testHost, "elsewhere"}, connectTo(healthyBackend(), nil, &calls), nil)
	if len(got) != 2 {
		t.Fatalf("got %d reports, want 2", len(got))
	}
	byName := map[string]HostHealth{}
	for _, h := range got {
		byName[h.Host] = h
	}
	if h := byName[testHost]; h.MaxConcurrentOperations != 3 || h.MaxClientRequests != 2 || h.Connections != 2 || h.HostCPUs != 8 {
		t.Errorf("lab: %d ops, %d per connection, %d connections, %d CPUs; want 3, 2, 2, 8",
			h.MaxConcurrentOperations, h.MaxClientRequests, h.Connections, h.HostCPUs)
	}
	if h := byName["elsewhere"]; h.MaxConcurrentOperations != 0 || h.Connections != 0 {
		t.Errorf("unknown host reports limits %d/%d", h.MaxConcurrentOperations, h.Connections)
	}
}

func TestCheckHosts_hypervisorFromCapabilities(t *testing.T) {
	for caps, want := range map[string]string{kvmCaps: "kvm", tcgCaps: "qemu"} {
		t.Run(want, func(t *testing.T) {
			b := healthyBackend()
			b.caps = caps
			var calls atomic.Int32
			got := Check(context.Background(), map[string]hostconfig.HostConfig{testHost: {}}, nil, connectTo(b, nil, &calls), nil)
			if got[0].Hypervisor != want {
				t.Errorf("Hypervisor = %q, want %q", got[0].Hypervisor, want)
			}
		})
	}
}

// viaBackend is a probe backend whose link says how it reaches libvirtd.
type viaBackend struct {
	*probeBackend
	via string
}

func (v viaBackend) Transport() string { return v.via }

// TestCheckHosts_reportsTransport: the report names the connection's transport, also when a
// later step fails (the transport is known once connected), and nothing when it never connected.
func TestCheckHosts_reportsTransport(t *testing.T) {
	tests := []struct {
		name string
		edit func(b *probeBackend)
		dial error
		want string
	}{
		{name: "healthy over exec", want: "exec:virt-ssh-helper"},
		{name: "pool missing over exec", edit: func(b *probeBackend) {
			b.poolErr = libvirt.Error{Code: uint32(libvirt.ErrNoStoragePool)}
		}, want: "exec:virt-ssh-helper"},
		{name: "not connected", dial: &kvmerr.DialError{Host: testHost, Stage: kvmerr.StageForward, Err: errors.New("no helper")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := healthyBackend()
			if tt.edit != nil {
				tt.edit(b)
			}
			connect := func(context.Context, string) (backend.Backend, error) {
				if tt.dial != nil {
					return nil, tt.dial
				}
				return viaBackend{b, "exec:virt-ssh-helper"}, nil
			}
			got := Check(context.Background(), map[string]hostconfig.HostConfig{testHost: {}}, nil, connect, nil)
			if got[0].Transport != tt.want {
				t.Errorf("Transport = %q, want %q (report %+v)", got[0].Transport, tt.want, got[0])
			}
		})
	}
}

func TestCheckHosts_defaultsPoolAndNetwork(t *testing.T) {
	b := healthyBackend()
	var calls atomic.Int32
	got := Check(context.Background(), map[string]hostconfig.HostConfig{testHost: {}}, nil, connectTo(b, nil, &calls), nil)
	if got[0].Pool != "default" || !b.called("NetworkLookupByName") {
		t.Errorf("pool = %q, network looked up: %v; want the defaults used", got[0].Pool, b.called("NetworkLookupByName"))
	}
}

func TestCheckHosts_allHostsConcurrentlySortedFreshConnections(t *testing.T) {
	hosts := map[string]hostconfig.HostConfig{"c": {}, "a": {}, "b": {}}
	var (
		started  sync.WaitGroup
		dials    sync.Map // host -> *atomic.Int32
		backends sync.Map // host -> *probeBackend
	)
	started.Add(len(hosts))
	allStarted := make(chan struct{})
	go func() { started.Wait(); close(allStarted) }()

	connect := func(ctx context.Context, host string) (backend.Backend, error) {
		n, _ := dials.LoadOrStore(host, new(atomic.Int32))
		n.(*atomic.Int32).Add(1)
		started.Done()
		// Every probe waits here until all have started: a sequential checker never gets past.
		select {
		case <-allStarted:
		case <-time.After(5 * time.Second):
			return nil, errors.New("probes did not run concurrently")
		}
		b := healthyBackend()
		backends.Store(host, b)
		return b, nil
	}

	got := Check(context.Background(), hosts, nil, connect, nil)

	var order []string
	for _, h := range got {
		order = append(order, h.Host)
		if h.Reason != ReasonOK {
			t.Errorf("%s: %s (%s)", h.Host, h.Reason, h.Message)
		}
	}
	if !slices.Equal(order, []string{"a", "b", "c"}) {
		t.Errorf("report order = %v, want sorted", order)
	}
	for host := range hosts {
		n, _ := dials.Load(host)
		if n == nil || n.(*atomic.Int32).Load() != 1 {
			t.Errorf("%s dialed %v times, want exactly 1", host, n)
		}
		b, _ := backends.Load(host)
		if b == nil || b.(*probeBackend).closed != 1 {
			t.Errorf("%s connection not closed once after its probe", host)
		}
	}
}

func TestCheckHosts_namedSubsetAndUnknownHost(t *testing.T) {
	hosts := map[string]hostconfig.HostConfig{"a": {}, "b": {}}
	var calls atomic.Int32
	got := Check(context.Background(), hosts, []string{"zz", "b", "b"}, connectTo(healthyBackend(), nil, &calls), nil)
	if len(got) != 2 || got[0].Host != "b" || got[1].Host != "zz" {
		t.Fatalf("reports = %+v, want b then zz (deduplicated, sorted)", got)
	}
	if got[1].Reason != ReasonUnknownHost || got[1].Status != HealthDown {
		t.Errorf("unknown host report = %s/%s", got[1].Status, got[1].Reason)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("connect called %d times, want 1 (never for an unknown host)", n)
	}
}

// lineLog captures log lines.
type lineLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *lineLog) Log(_ context.Context, level corelog.Level, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf("%d %s %v", level, msg, fields))
}

func TestCheckHosts_logsOneLinePerHost(t *testing.T) {
	log := &lineLog{}
	hosts := map[string]hostconfig.HostConfig{"a": {}, "b": {}}
	b := healthyBackend()
	b.poolActive = false
	var calls atomic.Int32
	Check(context.Background(), hosts, nil, connectTo(b, nil, &calls), log)
	if len(log.lines) != 2 {
		t.Fatalf("log lines = %v, want one per host", log.lines)
	}
	for _, l := range log.lines {
		if !strings.Contains(l, "reason:"+ReasonPoolInactive) {
			t.Errorf("line %q lacks the reason", l)
		}
	}
}

func TestFormatLibvirtVersion(t *testing.T) {
	for v, want := range map[uint64]string{9_000_000: "9.0.0", 10_010_003: "10.10.3", 1_003_004: "1.3.4"} {
		if got := formatLibvirtVersion(v); got != want {
			t.Errorf("formatLibvirtVersion(%d) = %q, want %q", v, got, want)
		}
	}
}
