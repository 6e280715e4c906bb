package sshx

import (
	"context"
	"errors"
	"fmt"
	"net"
	"sync"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// Hop is one jump host (bastion) on the way to a host. Like the host itself it has its own
// address, user, credentials and host-key source, and its host key is verified exactly as the
// host's is: HostKey (a pinned key) when set, else KnownHostsFile (default
// ~/.ssh/known_hosts). A Hop is plain data: the caller (the core's configuration) decides
// what a hop leaves unset inherits.
type Hop struct {
	Address        string
	Port           int    // default 22
	User           string // default root
	PrivateKeyFile string
	PrivateKey     string // secret: never in an error or a log line
	UseAgent       bool
	KnownHostsFile string
	HostKey        string
}

// config is the hop as the Config whose SSH fields a dial of it uses.
func (h Hop) config() Config {
	return Config{
		Address: h.Address, Port: h.Port, User: h.User,
		PrivateKeyFile: h.PrivateKeyFile, PrivateKey: h.PrivateKey, UseAgent: h.UseAgent,
		KnownHostsFile: h.KnownHostsFile, HostKey: h.HostKey,
	}.withDefaults()
}

// endpoint is one SSH server a dial logs in to: a jump host, or the host itself (the last).
type endpoint struct {
	cfg   Config
	creds *credentials
	v     *verifier
	// name prefixes the endpoint's errors: which jump failed, or, behind jumps, the host
	// reached through them. Empty for a host dialed directly, whose errors stay as they were.
	name string
}

// endpoints lists the servers of a dial of c, jumps first, with what names each one's errors.
func endpoints(c Config) []endpoint {
	out := make([]endpoint, 0, len(c.Jump)+1)
	for i, h := range c.Jump {
		hc := h.config()
		out = append(out, endpoint{cfg: hc, name: fmt.Sprintf("jump host %s (jump %d of %d)", hc.addr(), i+1, len(c.Jump))})
	}
	last := endpoint{cfg: c}
	if n := len(c.Jump); n > 0 {
		last.name = fmt.Sprintf("host %s (through jump host %s)", c.addr(), out[n-1].cfg.addr())
	}
	return append(out, last)
}

// named prefixes err with the endpoint's name, if it has one.
func (e endpoint) named(err error) error {
	if e.name == "" {
		return err
	}
	return fmt.Errorf("%s: %w", e.name, err)
}

// chain is the SSH connections of one dial, the first over TCP and each next one over a
// direct-tcpip channel of the one before. Closing the first TCP connection breaks every one of
// them, which is how a ctx that ends mid-dial unblocks whatever step is waiting.
type chain struct {
	mu      sync.Mutex
	aborted bool
	tcp     net.Conn
	clients []*ssh.Client
	creds   []*credentials
}

// abort breaks the chain where it stands: ctx ended. Later steps see aborted and stop.
func (ch *chain) abort() {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	ch.aborted = true
	if ch.tcp != nil {
		_ = ch.tcp.Close()
	}
	for _, c := range ch.creds {
		c.close() // an auth callback waiting on the agent
	}
}

// keep records conn as the chain's first TCP connection, or closes it when the chain was
// aborted meanwhile.
func (ch *chain) keep(conn net.Conn) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.aborted {
		_ = conn.Close()
		return false
	}
	ch.tcp = conn
	return true
}

// closeAll closes every connection of the chain, the last first, and releases credentials.
func (ch *chain) closeAll() {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	closeClients(ch.clients)
	if ch.tcp != nil {
		_ = ch.tcp.Close()
	}
	for _, c := range ch.creds {
		c.close()
	}
}

// closeClients closes clients from the last to the first: each runs over the one before.
func closeClients(clients []*ssh.Client) {
	for i := len(clients) - 1; i >= 0; i-- {
		_ = clients[i].Close()
	}
}

// connect logs in to every endpoint in turn and returns the last one's client. Every
// endpoint's key material and host-key source are read before the first connection, so a
// missing file fails the dial before anything is dialed. A failure says which endpoint
// failed, at which stage.
func (ch *chain) connect(ctx context.Context, eps []endpoint) (*ssh.Client, kvmerr.Stage, error) {
	for i := range eps {
		creds, err := loadCredentials(ctx, eps[i].cfg)
		if err != nil {
			return nil, kvmerr.StageKey, eps[i].named(err)
		}
		ch.mu.Lock()
		ch.creds = append(ch.creds, creds)
		ch.mu.Unlock()
		eps[i].creds = creds
		if eps[i].v, err = loadVerifier(eps[i].cfg); err != nil {
			return nil, kvmerr.StageHostKey, eps[i].named(err)
		}
	}
	var prev *ssh.Client
	for i, ep := range eps {
		conn, stage, err := ch.reach(ctx, prev, eps, i)
		if err != nil {
			return nil, stage, err
		}
		where := "the host"
		if i < len(eps)-1 {
			where = "the jump host " + ep.cfg.addr()
		}
		client, stage, err := handshake(conn, ep.cfg, ep.creds, ep.v, where)
		if err != nil {
			_ = conn.Close()
			return nil, stage, ep.named(err)
		}
		ch.mu.Lock()
		ch.clients = append(ch.clients, client)
		ch.mu.Unlock()
		prev = client
	}
	return prev, "", nil
}

// reach opens the connection to endpoint i: TCP for the first, else a direct-tcpip channel
// through the jump before it. A failure of the channel is the jump's: it names the jump.
func (ch *chain) reach(ctx context.Context, prev *ssh.Client, eps []endpoint, i int) (net.Conn, kvmerr.Stage, error) {
	c := eps[i].cfg
	if prev == nil {
		var d net.Dialer
		tcp, err := d.DialContext(ctx, "tcp", c.addr())
		if err != nil {
			return nil, tcpStage(err), eps[i].named(tcpError(c, err))
		}
		if !ch.keep(tcp) {
			return nil, kvmerr.StageTCP, eps[i].named(ctx.Err())
		}
		return tcp, "", nil
	}
	jump := eps[i-1]
	conn, err := prev.DialContext(ctx, "tcp", c.addr())
	if err == nil {
		return conn, "", nil
	}
	var open *ssh.OpenChannelError
	switch {
	case errors.As(err, &open) && open.Reason == ssh.ConnectionFailed:
		// The jump tried and could not connect: the next server is down or unreachable from
		// it, which passes.
		return nil, kvmerr.StageTCP, jump.named(fmt.Errorf("could not connect to %s: %w", c.addr(), err))
	case open != nil:
		return nil, kvmerr.StageForward, jump.named(fmt.Errorf("refused to open a TCP connection to %s: allow it on "+
			"the jump host for user %s (AllowTcpForwarding local, or yes, and PermitOpen %s in its sshd_config, no "+
			"restrict or no-port-forwarding in its authorized_keys): %w", c.addr(), jump.cfg.User, c.addr(), err))
	default:
		return nil, kvmerr.StageTCP, jump.named(fmt.Errorf("open a TCP connection to %s: %w", c.addr(), err))
	}
}

// releaseCredentials closes the agent connections: auth is over once the handshakes returned.
func (ch *chain) releaseCredentials() {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	for _, c := range ch.creds {
		c.close()
	}
}
