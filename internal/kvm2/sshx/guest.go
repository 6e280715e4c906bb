package sshx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"time"

	"golang.org/x/crypto/ssh"
)

// TCP ports the host can reach (a guest's, on the host's own networks), over the connection
// already dialed and verified for libvirt: a direct-tcpip channel (ssh -L) to the address, or,
// where the host's sshd refuses TCP forwarding (AllowTcpForwarding no), the exec way: nc run on
// the host, `nc -z` for a connect alone, `nc` for a stream. What reaches the port is what the
// caller writes, nothing more: a probe writes nothing and closes.

// The ways a guest's port is reached.
const (
	// TransportDirectTCPIP is a direct-tcpip channel: sshd connects to the address itself and
	// confirms the channel once the connect has succeeded.
	TransportDirectTCPIP Transport = "direct-tcpip"
	// TransportExecConnect is nc run on the host in an exec channel.
	TransportExecConnect Transport = "exec:nc"
)

// ErrPortClosed is a connect that did not succeed: nothing accepted it (refused, unreachable, or
// no answer within the bound). A port that opens later answers a later try.
var ErrPortClosed = errors.New("the port did not accept a connection")

// ErrNoConnectHelper is a host whose sshd refuses TCP forwarding and that has no nc to connect
// with: no later try can work.
var ErrNoConnectHelper = errors.New("the host's sshd refuses TCP forwarding and the host has no nc " +
	"(netcat-openbsd) to connect from: allow TCP forwarding for the provider's user (AllowTcpForwarding) " +
	"or install netcat-openbsd on the host")

// GuestReach is what a connection made by DialLibvirt offers for a host's guests; the closer
// DialLibvirt returns implements it.
type GuestReach interface {
	// ProbeTCP connects to ap from the host and closes the connection at once, sending nothing.
	ProbeTCP(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (Transport, error)
	// DialTCP connects to ap from the host and returns the stream.
	DialTCP(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (net.Conn, Transport, error)
}

var _ GuestReach = (*keepalive)(nil)

// ProbeTCP connects to ap from the host within timeout: a direct-tcpip channel, closed once
// sshd confirmed it (it confirms only a connect that succeeded), or `nc -z` on the host. A connect
// that fails is ErrPortClosed with what the host said; a link that broke is the link's error.
func (k *keepalive) ProbeTCP(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (Transport, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if !k.refused.Load() {
		conn, err := k.client.DialContext(ctx, "tcp", ap.String())
		if err == nil {
			_ = conn.Close()
			return TransportDirectTCPIP, nil
		}
		if !k.policyRefusal(err) {
			return TransportDirectTCPIP, directError(ctx, ap, err)
		}
	}
	return TransportExecConnect, k.execProbe(ctx, ap, timeout)
}

// DialTCP connects to ap from the host: a direct-tcpip channel, or nc on the host relaying its
// stdin and stdout (a connect that fails there shows as the stream ending at once, with nc's
// words on reading it).
func (k *keepalive) DialTCP(ctx context.Context, ap netip.AddrPort, timeout time.Duration) (net.Conn, Transport, error) {
	if !k.refused.Load() {
		dctx, cancel := context.WithTimeout(ctx, timeout)
		conn, err := k.client.DialContext(dctx, "tcp", ap.String())
		defer cancel()
		if err == nil {
			return conn, TransportDirectTCPIP, nil
		}
		if !k.policyRefusal(err) {
			return nil, TransportDirectTCPIP, directError(dctx, ap, err)
		}
	}
	conn, err := k.execStream(ap, timeout)
	return conn, TransportExecConnect, err
}

// policyRefusal reports whether err is sshd refusing the channel by policy ("administratively
// prohibited", unknown type) rather than a connect that failed, and remembers it.
func (k *keepalive) policyRefusal(err error) bool {
	var open *ssh.OpenChannelError
	if !errors.As(err, &open) || open.Reason == ssh.ConnectionFailed {
		return false
	}
	k.refused.Store(true)
	return true
}

// directError sorts a direct-tcpip channel that did not open: sshd's "connect failed" and a
// bound that ran out are the port not accepting; anything else is the link's.
func directError(ctx context.Context, ap netip.AddrPort, err error) error {
	var open *ssh.OpenChannelError
	switch {
	case errors.As(err, &open):
		return fmt.Errorf("%w: sshd could not connect to %s: %s", ErrPortClosed, ap, open.Message)
	case ctx.Err() != nil:
		return fmt.Errorf("%w: no answer from %s within the bound: %w", ErrPortClosed, ap, err)
	}
	return err
}

// connectCommand is nc's command line on the host: the address is an IP (netip), printed by Go,
// and quoted anyway; the port and the bound are numbers.
func connectCommand(ap netip.AddrPort, timeout time.Duration, probe bool) string {
	secs := max(1, int(timeout.Round(time.Second)/time.Second))
	cmd := "nc "
	if probe {
		cmd += "-z "
	}
	return cmd + "-w " + strconv.Itoa(secs) + " " + shellQuote(ap.Addr().String()) + " " + strconv.Itoa(int(ap.Port()))
}

// execProbe runs `nc -z` on the host: exit 0 is a connect that succeeded.
func (k *keepalive) execProbe(ctx context.Context, ap netip.AddrPort, timeout time.Duration) error {
	sess, err := k.client.NewSession()
	if err != nil {
		return fmt.Errorf("open an exec channel to run nc on the host: %w", err)
	}
	defer sess.Close()
	stderr := &boundedBuffer{limit: stderrLimit}
	sess.Stderr = stderr
	done := make(chan error, 1)
	go func() { done <- sess.Run(connectCommand(ap, timeout, true)) }()
	select {
	case err = <-done:
	case <-ctx.Done():
		_ = sess.Close()
		return fmt.Errorf("%w: nc -z on the host did not end within %s", ErrPortClosed, timeout)
	}
	return execConnectError(ap, err, stderr.String())
}

// execConnectError sorts nc's end: exit 0 connected, 127 no nc, any other status a connect that
// failed (nc's words kept), no status at all the channel dropped.
func execConnectError(ap netip.AddrPort, err error, stderr string) error {
	var exit *ssh.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit) && exit.ExitStatus() == exitNotFound:
		return ErrNoConnectHelper
	case errors.As(err, &exit):
		if stderr == "" {
			stderr = "exit status " + strconv.Itoa(exit.ExitStatus())
		}
		return fmt.Errorf("%w: nc on the host could not connect to %s: %s", ErrPortClosed, ap, stderr)
	}
	return fmt.Errorf("the exec channel running nc on the host ended without a status: %w", err)
}

// execStream runs nc on the host relaying to ap; its stdin and stdout are the stream.
func (k *keepalive) execStream(ap netip.AddrPort, timeout time.Duration) (net.Conn, error) {
	sess, err := k.client.NewSession()
	if err != nil {
		return nil, fmt.Errorf("open an exec channel to run nc on the host: %w", err)
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		_ = sess.Close()
		return nil, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		_ = sess.Close()
		return nil, err
	}
	stderr := &boundedBuffer{limit: stderrLimit}
	sess.Stderr = stderr
	if err := sess.Start(connectCommand(ap, timeout, false)); err != nil {
		_ = sess.Close()
		return nil, fmt.Errorf("sshd refused to run nc: %w", err)
	}
	return &execConn{sess: sess, stdin: stdin, stdout: &ncOutput{r: stdout, sess: sess, stderr: stderr, ap: ap},
		stderr: stderr, transport: TransportExecConnect, local: k.client.LocalAddr(), remote: k.client.RemoteAddr()}, nil
}

// ncOutput is nc's stdout; at its end, a failed nc's exit is the read's error, so a connect that
// failed is not read as an empty answer.
type ncOutput struct {
	r      io.Reader
	sess   *ssh.Session
	stderr *boundedBuffer
	ap     netip.AddrPort
	read   bool
}

func (o *ncOutput) Read(p []byte) (int, error) {
	n, err := o.r.Read(p)
	o.read = o.read || n > 0
	if errors.Is(err, io.EOF) && !o.read {
		if werr := execConnectError(o.ap, o.sess.Wait(), o.stderr.String()); werr != nil {
			return n, werr
		}
	}
	return n, err
}
