// Package sshx dials a libvirt host over SSH and hands back its libvirt unix socket, reached
// over the SSH connection, as a net.Conn.
//
// The socket is reached through a direct-streamlocal channel (ssh -L) when sshd allows it;
// when sshd refuses (AllowStreamLocalForwarding no answers "connect failed", other policies
// "administratively prohibited"), through an exec channel on the same, already verified
// connection, as libvirt's own qemu+ssh does: virt-ssh-helper for the default socket, then
// `nc -U <socket>`. An exec helper proves it reached libvirtd with one auth-list call before
// the conn is handed back. The transport that worked is remembered per host (Memory) and
// tried first next time; TransportOf tells a caller which one a conn took.
//
// Every dial re-reads the private key file, the known_hosts file and the agent, so rotating a
// key or a host entry needs no restart. Every failure is a *kvmerr.DialError tagged with the
// stage that failed (key, tcp, handshake, hostkey, auth, forward), which is what lets callers
// tell "the host is down" (retry) from "the host key changed" (stop and tell a human). A
// helper that runs but cannot reach the socket fails at the socket stage (Transient) with its
// stderr; no transport at all (forwarding refused, no helper installed) at the forward stage.
// What a login shell prints before the helper's reply (a banner, an echo in .bashrc) is skipped,
// up to 64 KiB; a command that answers as no helper does (it prints and exits, echoes, replies
// to another call, prints more than that) fails at the forward stage as Permanent, quoting what
// it printed, and the wait for its exit is bounded, so the dial fails fast.
// Host keys are always verified, against a known_hosts file or a pinned key; there is no
// insecure mode.
//
// A host behind jump hosts (Config.Jump) is reached through them in order, each over a
// direct-tcpip channel of the one before (ssh -J), each with its own credentials and its host
// key verified as the host's is; a failure names the hop (jump.go).
package sshx

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Defaults applied when a Config field is zero. The port, user and socket defaults are the
// host settings' own (package rules), so a host reached without the provider's defaulting
// behaves the same.
const (
	DefaultPort              = rules.DefaultPort
	DefaultUser              = rules.DefaultUser
	DefaultSocket            = rules.DefaultSocket
	DefaultKeepaliveInterval = 15 * time.Second
	DefaultKeepaliveMisses   = 3
)

// Config says how to reach one host. Exactly one host-key source is used: HostKey (a pinned
// key in authorized_keys format) when set, else KnownHostsFile (default ~/.ssh/known_hosts).
// Any combination of PrivateKeyFile, PrivateKey and UseAgent may be offered for auth.
type Config struct {
	Address        string
	Port           int
	User           string
	PrivateKeyFile string
	PrivateKey     string // secret: never in an error or a log line
	UseAgent       bool   // use the agent at $SSH_AUTH_SOCK
	KnownHostsFile string
	HostKey        string
	Socket         string // libvirt unix socket on the host

	// Jump lists the jump hosts (bastions) the host is reached through, in order from this
	// client; none: the host is dialed directly.
	Jump []Hop

	// Memory, when set, remembers the transport that last worked for this host; share one per
	// host across its dials.
	Memory *Memory

	// KeepaliveInterval is how often a keepalive@openssh.com request is sent (default 15 s);
	// KeepaliveMisses consecutive failures close the connection (default 3).
	KeepaliveInterval time.Duration
	KeepaliveMisses   int
}

// withDefaults returns c with every zero field that has a default filled in.
func (c Config) withDefaults() Config {
	if c.Port == 0 {
		c.Port = DefaultPort
	}
	if c.User == "" {
		c.User = DefaultUser
	}
	if c.Socket == "" {
		c.Socket = DefaultSocket
	}
	if c.KeepaliveInterval <= 0 {
		c.KeepaliveInterval = DefaultKeepaliveInterval
	}
	if c.KeepaliveMisses <= 0 {
		c.KeepaliveMisses = DefaultKeepaliveMisses
	}
	return c
}

// addr is the host:port the TCP dial and the host-key lookup use.
func (c Config) addr() string {
	return net.JoinHostPort(c.Address, strconv.Itoa(c.Port))
}

// DialLibvirt connects to host over SSH and opens its libvirt unix socket through a
// direct-streamlocal channel or, when sshd refuses that, an exec helper. It returns the socket as a net.Conn and the SSH client as an
// io.Closer; closing the closer tears down both (and stops the keepalive). The whole dial is
// bound to ctx: if ctx ends mid-handshake the TCP connection is closed and the error wraps
// ctx.Err(). host is the configured host name, used only in errors.
func DialLibvirt(ctx context.Context, host string, c Config) (net.Conn, io.Closer, error) {
	c = c.withDefaults()
	fail := func(stage kvmerr.Stage, err error) error {
		if ctxErr := ctx.Err(); ctxErr != nil && !errors.Is(err, ctxErr) {
			// The error the stage saw is a symptom ("use of closed connection"); the cause
			// is the deadline, which is what classification and the checker need to see.
			err = fmt.Errorf("%w (%w)", ctxErr, err)
		}
		return &kvmerr.DialError{Host: host, Stage: stage, Err: err}
	}

	eps := endpoints(c)
	ch := &chain{}
	// Until the forward is open, ctx ending closes the first TCP connection, which breaks
	// every SSH connection over it and so unblocks a handshake or a channel open wherever it
	// is, and the agent connections, which unblocks an auth callback waiting on an agent that
	// never answers.
	stop := context.AfterFunc(ctx, ch.abort)
	client, stage, err := ch.connect(ctx, eps)
	if err == nil {
		var conn net.Conn
		conn, stage, err = openSocket(client, c)
		if err == nil {
			if !stop() {
				// ctx ended just as the socket opened; the TCP conn is already closed.
				ch.closeAll()
				return nil, nil, fail(kvmerr.StageForward, ctx.Err())
			}
			ch.releaseCredentials()
			c.Memory.set(TransportOf(conn))
			return conn, startKeepalive(ch.clients, c.KeepaliveInterval, c.KeepaliveMisses), nil
		}
		err = eps[len(eps)-1].named(err)
	}
	stop()
	ch.closeAll()
	return nil, nil, fail(stage, err)
}

// tcpStage is the stage of a failed TCP dial: resolve when the resolver answered that the name
// does not exist (a resolver that timed out or failed is tcp: later may work).
func tcpStage(err error) kvmerr.Stage {
	var dns *net.DNSError
	if errors.As(err, &dns) && dns.IsNotFound {
		return kvmerr.StageResolve
	}
	return kvmerr.StageTCP
}

// tcpError says what an unknown name means for the user; other TCP errors speak for themselves.
func tcpError(c Config, err error) error {
	if tcpStage(err) == kvmerr.StageResolve {
		return fmt.Errorf("host name %q is not known to DNS (check the host's address): %w", c.Address, err)
	}
	return err
}

// openSocket reaches the libvirt socket over an authenticated client, trying each transport
// of candidates in turn. A stream-local refusal ("connect failed" or a policy) moves on to
// the exec helpers; a helper that is not installed moves on to the next; a helper that runs
// but cannot reach the socket is the answer (libvirtd is down, forwarding or not), and so is
// a link that broke.
func openSocket(client *ssh.Client, c Config) (net.Conn, kvmerr.Stage, error) {
	var refused *ssh.OpenChannelError
	var absent []Transport
	for _, t := range candidates(c) {
		if t == TransportStreamLocal {
			conn, err := client.Dial("unix", c.Socket)
			if err == nil {
				return forwardedConn{conn}, "", nil
			}
			if !errors.As(err, &refused) {
				stage, err := forwardError(c, err)
				return nil, stage, err
			}
			continue
		}
		conn, stage, err := dialExec(client, c, t)
		switch {
		case err == nil:
			return conn, "", nil
		case errors.Is(err, errHelperAbsent):
			absent = append(absent, t)
		default:
			if refused != nil && stage == kvmerr.StageForward {
				err = fmt.Errorf("sshd did not forward the libvirt socket %s (%w), and the exec fallback failed: %w",
					c.Socket, refused, err)
			}
			return nil, stage, err
		}
	}
	stage, err := noTransportError(c, refused, absent)
	return nil, stage, err
}

// noTransportError explains a host where sshd refused the stream-local forward and no exec
// helper is installed. "connect failed" is ambiguous (forwarding disabled, or the socket is
// missing): on a host whose last dial worked over stream-local it means libvirtd is
// restarting, which passes; otherwise nothing on the host can tell, and the fix is the same
// either way, so it is Permanent.
func noTransportError(c Config, refused *ssh.OpenChannelError, absent []Transport) (kvmerr.Stage, error) {
	if refused != nil && refused.Reason == ssh.ConnectionFailed && c.Memory.Last() == TransportStreamLocal {
		return forwardError(c, refused)
	}
	names := make([]string, len(absent))
	for i, t := range absent {
		names[i] = strings.TrimPrefix(string(t), "exec:")
	}
	return kvmerr.StageForward, fmt.Errorf("sshd did not forward the libvirt socket %s and the host has no "+
		"helper to reach it over an exec channel (%s not found): allow stream-local forwarding for user %s "+
		"(AllowStreamLocalForwarding and DisableForwarding in sshd_config, restrict or no-port-forwarding in "+
		"authorized_keys), or install virt-ssh-helper (libvirt-daemon, libvirt 6.8 or later; default socket "+
		"only) or an nc with -U (netcat-openbsd); if forwarding is allowed, check that libvirtd is running "+
		"and the socket path is right: %w", c.Socket, strings.Join(names, ", "), c.User, refused)
}

// forwardError sorts a failed channel open to the libvirt socket. "connect failed" means sshd
// tried and could not connect to the socket: libvirtd is stopped or restarting, which passes.
// Any other rejection (administratively prohibited, unknown channel type) is sshd's policy.
func forwardError(c Config, err error) (kvmerr.Stage, error) {
	var open *ssh.OpenChannelError
	if errors.As(err, &open) && open.Reason == ssh.ConnectionFailed {
		return kvmerr.StageSocket, fmt.Errorf("sshd could not connect to the libvirt socket %s (libvirtd stopped or "+
			"restarting, or the socket path is wrong; OpenSSH answers the same when stream-local forwarding is "+
			"disabled): %w", c.Socket, err)
	}
	if open != nil {
		return kvmerr.StageForward, fmt.Errorf("sshd refused to forward the libvirt socket %s: allow stream-local "+
			"forwarding for user %s (AllowStreamLocalForwarding and DisableForwarding in sshd_config, restrict or "+
			"no-port-forwarding in authorized_keys): %w", c.Socket, c.User, err)
	}
	return kvmerr.StageForward, err
}

// handshake runs the SSH handshake over tcp and reports which stage failed: hostkey when the
// verifier rejected the key or the host offers no key type the verifier knows for it, negotiate
// when no other algorithm is in common, auth when the key was accepted but no credential was,
// else handshake.
func handshake(tcp net.Conn, c Config, creds *credentials, v *verifier, where string) (*ssh.Client, kvmerr.Stage, error) {
	// The callback runs on the handshake's own goroutine; the verdict is read under a lock.
	var (
		mu         sync.Mutex
		keyErr     error
		keyChecked bool
	)
	cfg := &ssh.ClientConfig{
		User: c.User,
		Auth: creds.methods,
		HostKeyCallback: func(hostname string, remote net.Addr, key ssh.PublicKey) error {
			err := v.callback(hostname, remote, key)
			mu.Lock()
			defer mu.Unlock()
			keyChecked, keyErr = true, err
			return err
		},
		HostKeyAlgorithms: v.algorithms,
	}
	conn, chans, reqs, err := ssh.NewClientConn(tcp, c.addr(), cfg)
	if err != nil {
		mu.Lock()
		defer mu.Unlock()
		var neg *ssh.AlgorithmNegotiationError
		switch {
		case keyErr != nil:
			return nil, kvmerr.StageHostKey, keyErr
		case errors.As(err, &neg) && neg.What == "host key":
			return nil, kvmerr.StageHostKey, fmt.Errorf("host %s offers only %s host keys, and %s expects %s: "+
				"the host was reinstalled with another key type, or the connection is intercepted. Check the "+
				"host's key out of band (ssh-keyscan -p %d %s) and update %s: %w",
				c.addr(), strings.Join(neg.RequestedAlgorithms, ", "), v.source, strings.Join(neg.SupportedAlgorithms, ", "),
				c.Port, c.Address, v.fix, err)
		case errors.As(err, &neg):
			return nil, kvmerr.StageNegotiate, fmt.Errorf("host %s and this provider have no %s algorithm in "+
				"common (upgrade sshd or relax its algorithm settings): %w", c.addr(), neg.What, err)
		case keyChecked && isAuthFailure(err):
			return nil, kvmerr.StageAuth, fmt.Errorf("user %s was refused with every key offered: check that the "+
				"key's public half is in that user's authorized_keys on %s: %w", c.User, where, err)
		default:
			return nil, kvmerr.StageHandshake, err
		}
	}
	return ssh.NewClient(conn, chans, reqs), "", nil
}

// isAuthFailure reports whether a handshake error after a verified host key means the server
// refused every credential offered (rather than the link breaking).
func isAuthFailure(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "unable to authenticate") ||
		strings.Contains(msg, "Too many authentication failures")
}

// startKeepalive sends keepalive@openssh.com every interval to the last of clients (the host;
// the ones before are its jump hosts, in order) and closes them all after misses consecutive
// failures (an error, or no reply within one interval), so a silently dead link, the host's or
// any jump's, fails the calls on it instead of hanging them. Behind jumps the host's
// connection ending for any reason also closes the jumps' at once. The returned closer stops
// the loop and closes every client.
func startKeepalive(clients []*ssh.Client, interval time.Duration, misses int) io.Closer {
	n := len(clients) - 1
	k := &keepalive{client: clients[n], jumps: clients[:n], done: make(chan struct{})}
	go k.loop(interval, misses)
	if n > 0 {
		go func() {
			_ = k.client.Wait()
			_ = k.Close()
		}()
	}
	return k
}

type keepalive struct {
	client *ssh.Client
	jumps  []*ssh.Client // the jump hosts' connections the client runs over, first one first
	done   chan struct{}
	once   sync.Once
	// refused is set once the host's sshd refused a direct-tcpip channel by policy, so that
	// the next connects to its guests go the exec way at once (guest.go).
	refused atomic.Bool
}

// Close stops the keepalive loop and closes the SSH client (and so every channel on it), then
// its jump hosts' connections, the last first.
func (k *keepalive) Close() error {
	var err error
	k.once.Do(func() {
		close(k.done)
		err = k.client.Close()
		closeClients(k.jumps)
	})
	return err
}

func (k *keepalive) loop(interval time.Duration, misses int) {
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	failures := 0
	for {
		select {
		case <-k.done:
			return
		case <-ticker.C:
		}
		if k.ping(interval) {
			failures = 0
			continue
		}
		failures++
		if failures >= misses {
			_ = k.Close()
			return
		}
	}
}

// ping reports whether the server answered a keepalive within timeout. Any reply counts,
// including "request not understood": the peer is alive.
func (k *keepalive) ping(timeout time.Duration) bool {
	answered := make(chan error, 1)
	go func() {
		_, _, err := k.client.SendRequest("keepalive@openssh.com", true, nil)
		answered <- err
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case err := <-answered:
		return err == nil
	case <-timer.C:
		return false
	case <-k.done:
		return true
	}
}

// errNoCredentials is returned when a Config offers no way to authenticate.
var errNoCredentials = errors.New("no private key file, inline key or agent configured")
