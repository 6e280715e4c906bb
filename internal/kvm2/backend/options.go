package backend

import (
	"context"
	"io"
	"net"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// Default budgets and pool size.
const (
	DefaultCallBudget = 30 * time.Second
	DefaultDialBudget = 20 * time.Second
	DefaultPerHost    = 4
)

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
	PerHost  int      // concurrent pooled users per host; default 4
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
	if o.PerHost <= 0 {
		o.PerHost = DefaultPerHost
	}
	if o.Dial == nil {
		o.Dial = sshx.DialLibvirt
	}
	return o
}
