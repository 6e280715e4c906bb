// Package hosthealth checks libvirt hosts: each on a fresh connection, its libvirt version,
// hypervisor, CPUs, pool and network, and the verdict (ok, degraded, down) with a reason code.
package hosthealth

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// HealthStatus is the verdict of one host check.
type HealthStatus string

const (
	HealthOK       HealthStatus = "ok"
	HealthDegraded HealthStatus = "degraded"
	HealthDown     HealthStatus = "down"
)

// Reason codes of a host check.
const (
	ReasonOK                   = "OK"
	ReasonUnreachable          = "Unreachable"
	ReasonTimeout              = "Timeout"
	ReasonAuthFailed           = "AuthFailed"
	ReasonHostKeyMismatch      = "HostKeyMismatch"
	ReasonHostKeyUnknown       = "HostKeyUnknown" // no known_hosts entry: never trusted, not changed
	ReasonSocketForwardRefused = "SocketForwardRefused"
	ReasonLibvirtError         = "LibvirtError"
	ReasonPoolNotFound         = "PoolNotFound"
	ReasonPoolInactive         = "PoolInactive"
	ReasonNetworkNotFound      = "NetworkNotFound"
	ReasonNetworkInactive      = "NetworkInactive"
	ReasonPoolLow              = "PoolLow"
)

// HostHealth is the checker's report for one host. Details are filled as facts arrive, so a
// PoolNotFound verdict still carries the libvirt version.
type HostHealth struct {
	Host               string
	Status             HealthStatus
	Reason             string
	Message            string
	LibvirtVersion     string // e.g. "9.0.0"
	Hypervisor         string // "kvm" or "qemu" (TCG)
	Pool               string
	PoolCapacityBytes  uint64
	PoolAvailableBytes uint64
	Latency            time.Duration
	// Transport is how the check's connection reached libvirtd: "streamlocal",
	// "exec:virt-ssh-helper" or "exec:nc" (see sshx); "" when it did not get that far.
	Transport string
	// MaxConcurrentOperations, MaxClientRequests and Connections are what the connection pool
	// uses for the host: its configured limits and the pooled connections they allow
	// (hostconfig.HostConfig.Connections). Zero for a host that is not configured.
	MaxConcurrentOperations int
	MaxClientRequests       int
	Connections             int
	// HostCPUs is the number of active CPUs the host reports (virNodeGetInfo); 0 when the check
	// did not get that far or the host did not say.
	HostCPUs int
}

// ReasonUnknownHost is reported for a host name that is not configured.
const ReasonUnknownHost = "UnknownHost"

// poolLowBytes is the free space under which a pool makes its host Degraded: less than one
// typical overlay plus seed.
const poolLowBytes = 1 << 30

// ConnectFunc opens a fresh connection to a configured host; the checker closes it.
type ConnectFunc func(ctx context.Context, host string) (backend.Backend, error)

// Check probes names (every configured host when names is empty) concurrently, each on
// a fresh connection from connect that is closed when its probe ends, and returns one report
// per host sorted by host name. A host whose probe ran out of ctx is Timeout, whichever stage
// it was in; a host that could not be reached within its own budgets is Unreachable. log may
// be nil.
func Check(ctx context.Context, hosts map[string]hostconfig.HostConfig, names []string, connect ConnectFunc, log corelog.Logger) []HostHealth {
	if len(names) == 0 {
		for name := range hosts {
			names = append(names, name)
		}
	}
	names = slices.Clone(names)
	slices.Sort(names)
	names = slices.Compact(names)

	out := make([]HostHealth, len(names))
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg, ok := hosts[name]
			if !ok {
				out[i] = verdict(HostHealth{Host: name}, ReasonUnknownHost, fmt.Sprintf("host %q is not configured", name))
			} else {
				out[i] = checkHost(ctx, name, cfg, connect)
			}
			logHealth(ctx, log, out[i])
		}()
	}
	wg.Wait()
	return out
}

// checkHost probes one host: connect, libvirt version (timed), capabilities, the host's CPUs,
// pool, network.
// Each fact is recorded as soon as it is known, so a failing step still reports the earlier
// ones.
func checkHost(ctx context.Context, name string, cfg hostconfig.HostConfig, connect ConnectFunc) HostHealth {
	pool := cfg.Pool
	if pool == "" {
		pool = rules.DefaultPool // a configuration whose defaults were not applied
	}
	h := HostHealth{Host: name, Pool: pool, Connections: cfg.Connections()}
	h.MaxConcurrentOperations, h.MaxClientRequests = cfg.Concurrency()

	b, err := connect(ctx, name)
	if err != nil {
		return verdict(h, dialReason(ctx, err), err.Error())
	}
	defer b.Close()
	h.Transport = backend.TransportOf(b)

	rpcFailed := func(step string, err error) HostHealth {
		reason := ReasonLibvirtError
		if ctx.Err() != nil {
			reason = ReasonTimeout
		}
		return verdict(h, reason, fmt.Sprintf("%s: %v", step, err))
	}

	start := time.Now()
	version, err := b.ConnectGetLibVersion(ctx)
	h.Latency = time.Since(start)
	if err != nil {
		return rpcFailed("libvirt version", err)
	}
	h.LibvirtVersion = formatLibvirtVersion(version)

	caps, err := b.ConnectGetCapabilities(ctx)
	if err != nil {
		return rpcFailed("capabilities", err)
	}
	h.Hypervisor = definition.HypervisorType(caps)

	// The host's size is a fact for the report, not a condition of health: a host that does not
	// say leaves HostCPUs at 0 and keeps its verdict.
	if node, err := b.NodeGetInfo(ctx); err == nil {
		h.HostCPUs = node.CPUs
	}

	p, err := b.StoragePoolLookupByName(ctx, pool)
	switch {
	case kvmerr.IsNotFound(err):
		return verdict(h, ReasonPoolNotFound, fmt.Sprintf("storage pool %q not found", pool))
	case err != nil:
		return rpcFailed("storage pool lookup", err)
	}
	active, err := b.StoragePoolIsActive(ctx, p)
	if err != nil {
		return rpcFailed("storage pool state", err)
	}
	if !active {
		return verdict(h, ReasonPoolInactive, fmt.Sprintf("storage pool %q is not active", pool))
	}
	capacity, _, available, err := b.StoragePoolGetInfo(ctx, p)
	if err != nil {
		return rpcFailed("storage pool info", err)
	}
	h.PoolCapacityBytes, h.PoolAvailableBytes = capacity, available

	// A bridge is the host's own business; libvirt has no object to look up for it.
	if cfg.Bridge == "" {
		network := cfg.Network
		if network == "" {
			network = rules.DefaultNetwork
		}
		n, err := b.NetworkLookupByName(ctx, network)
		switch {
		case kvmerr.IsNotFound(err):
			return verdict(h, ReasonNetworkNotFound, fmt.Sprintf("network %q not found", network))
		case err != nil:
			return rpcFailed("network lookup", err)
		}
		active, err := b.NetworkIsActive(ctx, n)
		if err != nil {
			return rpcFailed("network state", err)
		}
		if !active {
			return verdict(h, ReasonNetworkInactive, fmt.Sprintf("network %q is not active", network))
		}
	}

	if available < poolLowBytes {
		return verdict(h, ReasonPoolLow, fmt.Sprintf("storage pool %q has %d bytes free, under %d", pool, available, uint64(poolLowBytes)))
	}
	return verdict(h, ReasonOK, fmt.Sprintf("libvirt %s (%s), pool %q: %d of %d bytes free",
		h.LibvirtVersion, h.Hypervisor, pool, available, capacity))
}

// dialReason maps a failed connect to a reason code: Timeout when the round's ctx ended,
// else by the dial stage that failed.
func dialReason(ctx context.Context, err error) string {
	if ctx.Err() != nil {
		return ReasonTimeout
	}
	var de *kvmerr.DialError
	if !errors.As(err, &de) {
		return ReasonUnreachable
	}
	switch de.Stage {
	case kvmerr.StageHostKey:
		if errors.Is(err, kvmerr.ErrHostKeyUnknown) {
			return ReasonHostKeyUnknown
		}
		return ReasonHostKeyMismatch
	case kvmerr.StageAuth, kvmerr.StageKey:
		return ReasonAuthFailed
	case kvmerr.StageForward, kvmerr.StageSocket:
		return ReasonSocketForwardRefused // the message says whether sshd's policy or the socket
	case kvmerr.StageLibvirt:
		return ReasonLibvirtError
	default: // resolve, tcp, handshake, negotiate: no usable SSH link to the host
		return ReasonUnreachable
	}
}

// verdict sets reason, message and the status the reason implies.
func verdict(h HostHealth, reason, msg string) HostHealth {
	h.Reason, h.Message = reason, msg
	switch reason {
	case ReasonOK:
		h.Status = HealthOK
	case ReasonPoolLow:
		h.Status = HealthDegraded
	default:
		h.Status = HealthDown
	}
	return h
}

// formatLibvirtVersion renders libvirt's packed version (major*1e6 + minor*1e3 + micro).
func formatLibvirtVersion(v uint64) string {
	return fmt.Sprintf("%d.%d.%d", v/1_000_000, v/1_000%1_000, v%1_000)
}

// logHealth emits one line per host report.
func logHealth(ctx context.Context, log corelog.Logger, h HostHealth) {
	if log == nil {
		return
	}
	level := corelog.LevelInfo
	if h.Status != HealthOK {
		level = corelog.LevelWarn
	}
	log.Log(ctx, level, "host check", map[string]any{
		"host":       h.Host,
		"status":     string(h.Status),
		"reason":     h.Reason,
		"message":    h.Message,
		"latency_ms": h.Latency.Milliseconds(),
		"transport":  h.Transport,
	})
}
