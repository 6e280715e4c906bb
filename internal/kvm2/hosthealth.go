package kvm2

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
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// ReasonUnknownHost is reported for a host name that is not configured.
const ReasonUnknownHost = "UnknownHost"

// poolLowBytes is the free space under which a pool makes its host Degraded: less than one
// typical overlay plus seed.
const poolLowBytes = 1 << 30

// Fallbacks for a HostConfig whose defaults were not applied.
const (
	checkDefaultPool    = "default"
	checkDefaultNetwork = "default"
)

// connectFunc opens a fresh connection to a configured host; the checker closes it.
type connectFunc func(ctx context.Context, host string) (backend.Backend, error)

// checkHosts probes names (every configured host when names is empty) concurrently, each on
// a fresh connection from connect that is closed when its probe ends, and returns one report
// per host sorted by host name. A host whose probe ran out of ctx is Timeout, whichever stage
// it was in; a host that could not be reached within its own budgets is Unreachable. log may
// be nil.
func checkHosts(ctx context.Context, hosts map[string]HostConfig, names []string, connect connectFunc, log corelog.Logger) []HostHealth {
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
func checkHost(ctx context.Context, name string, cfg HostConfig, connect connectFunc) HostHealth {
	pool := cfg.Pool
	if pool == "" {
		pool = checkDefaultPool
	}
	h := HostHealth{Host: name, Pool: pool, Connections: cfg.Connections()}
	h.MaxConcurrentOperations, h.MaxClientRequests = cfg.concurrency()

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
			network = checkDefaultNetwork
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
