package backend

import (
	"context"
	"io"
	"net"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// Default budgets.
const (
	DefaultCallBudget = 30 * time.Second
	DefaultDialBudget = 20 * time.Second
)

// Default pool limits of a host NewSSHPool is given none for: the core's defaults (Terraform's
// parallelism of 10 operations, libvirtd's max_client_requests of 5).
const (
	DefaultOperations    = 10
	DefaultPerConnection = 5
)

// Limits bound how the pool shares one host. At most Operations callers hold the host at once;
// each pooled connection is shared by at most PerConnection of them, so the host gets up to
// Connections() connections, dialed only as they are needed. A zero field takes its default;
// PerConnection above Operations counts as Operations.
type Limits struct {
	Operations    int
	PerConnection int
}

// withDefaults fills the zero fields of l and caps PerConnection at Operations.
func (l Limits) withDefaults() Limits {
	if l.Operations <= 0 {
		l.Operations = DefaultOperations
	}
	if l.PerConnection <= 0 {
		l.PerConnection = DefaultPerConnection
	}
	l.PerConnection = min(l.PerConnection, l.Operations)
	return l
}

// Connections is how many pooled connections l allows: ceil(Operations / PerConnection), after
// defaults.
func (l Limits) Connections() int {
	l = l.withDefaults()
	return (l.Operations + l.PerConnection - 1) / l.PerConnection
}

// Observer is told about every RPC once it ends: host, method name (the Backend method, e.g.
// "DomainLookupByName"), how long it took and how it ended. It must not block.
type Observer interface {
	RPC(ctx context.Context, host, method string, d time.Duration, err error)
}

// ObserverFunc adapts a function to Observer.
type ObserverFunc func(ctx context.Context, host, method string, d time.Duration, err error)

// RPC calls f.
func (f ObserverFunc) RPC(ctx context.Context, host, method string, d time.Duration, err error) {
	f(ctx, host, method, d, err)
}

// nopObserver is used when none is configured.
type nopObserver struct{}

func (nopObserver) RPC(context.Context, string, string, time.Duration, error) {}

// Budgets cap how long one RPC (Call) and one connect, SSH and libvirt handshake included
// (Dial), may take even when the caller's ctx allows more. A zero field takes its default.
type Budgets struct {
	Call, Dial time.Duration
}

// DialFunc opens the forwarded libvirt socket of host; sshx.DialLibvirt is the production one.
type DialFunc func(ctx context.Context, host string, cfg sshx.Config) (net.Conn, io.Closer, error)

// PoolOptions configures connections made by Connect, NewFromConn and NewSSHPool.
type PoolOptions struct {
	Observer Observer
	Budgets  Budgets
	Dial     DialFunc // default sshx.DialLibvirt; tests substitute a counting fake
}

// withDefaults fills every zero field of o.
func (o PoolOptions) withDefaults() PoolOptions {
	if o.Observer == nil {
		o.Observer = nopObserver{}
	}
	if o.Budgets.Call <= 0 {
		o.Budgets.Call = DefaultCallBudget
	}
	if o.Budgets.Dial <= 0 {
		o.Budgets.Dial = DefaultDialBudget
	}
	if o.Dial == nil {
		o.Dial = sshx.DialLibvirt
	}
	return o
}
