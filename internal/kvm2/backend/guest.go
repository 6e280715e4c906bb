package backend

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// GuestPorts is implemented by backends that can reach TCP ports of the host's guests from the
// host (sshx.GuestReach over the host's SSH connection; the fake's guests). via names the way:
// sshx's direct-tcpip or exec:nc.
type GuestPorts interface {
	// ProbeGuestPort connects to ap from the host within timeout and closes at once, sending
	// nothing. A connect that did not succeed is sshx.ErrPortClosed.
	ProbeGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (via string, err error)
	// DialGuestPort connects to ap from the host within timeout and returns the stream.
	DialGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (net.Conn, string, error)
}

// ErrNoGuestReach is a connection that cannot reach guests: it was not dialed over SSH.
var ErrNoGuestReach = errors.New("this connection to the host was not dialed over SSH, so it cannot reach the host's guests")

// GuestPortsOf returns what reaches b's guests, or nil when b cannot.
func GuestPortsOf(b Backend) GuestPorts {
	g, _ := b.(GuestPorts)
	return g
}

var _ GuestPorts = (*libvirtBackend)(nil)

// ProbeGuestPort connects through the SSH connection the link runs over.
func (b *libvirtBackend) ProbeGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (string, error) {
	g, ok := b.closer.(sshx.GuestReach)
	if !ok {
		return "", ErrNoGuestReach
	}
	via, err := g.ProbeTCP(ctx, ap, timeout)
	return string(via), err
}

// DialGuestPort connects through the SSH connection the link runs over.
func (b *libvirtBackend) DialGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (net.Conn, string, error) {
	g, ok := b.closer.(sshx.GuestReach)
	if !ok {
		return nil, "", ErrNoGuestReach
	}
	conn, via, err := g.DialTCP(ctx, ap, timeout)
	return conn, string(via), err
}

var _ GuestPorts = tracked{}

// ProbeGuestPort changes nothing on the host.
func (t tracked) ProbeGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (string, error) {
	g := GuestPortsOf(t.b)
	if g == nil {
		return "", ErrNoGuestReach
	}
	return g.ProbeGuestPort(ctx, ap, timeout)
}

// DialGuestPort changes nothing on the host.
func (t tracked) DialGuestPort(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (net.Conn, string, error) {
	g := GuestPortsOf(t.b)
	if g == nil {
		return nil, "", ErrNoGuestReach
	}
	return g.DialGuestPort(ctx, ap, timeout)
}
