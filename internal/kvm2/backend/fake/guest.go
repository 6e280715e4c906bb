package fake

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// The host's guests' TCP ports, as the host reaches them (backend.GuestPorts): a port is open
// while a service serves it; the way is direct-tcpip, or exec:nc once forwarding is refused, and
// a host that refuses forwarding and has no nc reaches none.

// GuestService serves one connection to a guest's port, from the guest's end; it returns when
// done with it (the fake then closes that end).
type GuestService func(conn net.Conn)

// ServeGuestPort makes ap open, each connection served by serve; nil closes it.
func (b *Backend) ServeGuestPort(ap netip.AddrPort, serve GuestService) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if b.st.guestPorts == nil {
		b.st.guestPorts = map[netip.AddrPort]GuestService{}
	}
	if serve == nil {
		delete(b.st.guestPorts, ap)
		return
	}
	b.st.guestPorts[ap] = serve
}

// RefuseGuestForwarding makes the host's sshd refuse TCP forwarding, as host 2 of the lab does:
// guests are reached the exec way, with nc when the host has it (hasNC) and not at all otherwise.
func (b *Backend) RefuseGuestForwarding(hasNC bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.forwardingRefused, b.st.noNC = true, !hasNC
}

// GuestConnects returns the address and port of every connect to a guest, probes and streams
// alike, in order.
func (b *Backend) GuestConnects() []string {
	var out []string
	for _, c := range b.Calls() {
		if c.Method == "ProbeGuestPort" || c.Method == "DialGuestPort" {
			out = append(out, c.Target)
		}
	}
	return out
}

var _ backend.GuestPorts = (*Backend)(nil)

// guestPort is the service of ap and the way to it, or the error of a connect to it.
func (b *Backend) guestPort(ap netip.AddrPort) (GuestService, string, error) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	via := string(sshx.TransportDirectTCPIP)
	if b.st.forwardingRefused {
		via = string(sshx.TransportExecConnect)
		if b.st.noNC {
			return nil, via, sshx.ErrNoConnectHelper
		}
	}
	serve := b.st.guestPorts[ap]
	if serve == nil {
		return nil, via, fmt.Errorf("%w: connect to %s failed: Connection refused", sshx.ErrPortClosed, ap)
	}
	return serve, via, nil
}

// ProbeGuestPort connects to an open port and closes at once: the service is never run.
func (b *Backend) ProbeGuestPort(ctx context.Context, ap netip.AddrPort, _ time.Duration) (via string, err error) {
	defer b.observe(ctx, "ProbeGuestPort", time.Now(), &err)
	if err = b.begin(ctx, "ProbeGuestPort", ap.String()); err != nil {
		return "", err
	}
	_, via, err = b.guestPort(ap)
	return via, err
}

// DialGuestPort connects to an open port: the service runs on the guest's end of a pipe.
func (b *Backend) DialGuestPort(ctx context.Context, ap netip.AddrPort, _ time.Duration) (_ net.Conn, via string, err error) {
	defer b.observe(ctx, "DialGuestPort", time.Now(), &err)
	if err = b.begin(ctx, "DialGuestPort", ap.String()); err != nil {
		return nil, "", err
	}
	serve, via, err := b.guestPort(ap)
	if err != nil {
		return nil, via, err
	}
	host, guest := net.Pipe()
	go func() {
		defer guest.Close()
		serve(guest)
	}()
	return host, via, nil
}
