package sshx

import (
	"cmp"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"encoding/binary"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"
)

// testServer is an in-process SSH server on 127.0.0.1 that accepts public keys from a mutable
// set and forwards direct-streamlocal channels for one socket path to a libvirt stand-in. Like
// OpenSSH, it answers "connect failed" for an allowed path it cannot connect to. Session
// channels run fake exec helpers (virt-ssh-helper, nc -U) when they are "installed"; any
// other command, like a shell, exits 127.
type testServer struct {
	t        testing.TB
	listener net.Listener
	hostKeys []ssh.Signer
	socket   string // forwarding is allowed to paths in this socket's directory only

	mu           sync.Mutex
	authorized   map[string]bool // marshalled public keys
	keepalive    bool            // reply to keepalive requests
	ciphers      []string        // when set, the only ciphers the server accepts
	refuse       ssh.RejectionReason
	helpers      map[string]bool          // installed helpers, by command name
	helperSocket string                   // the fake host's system socket (virt-ssh-helper's pick); default socket
	banner       string                   // printed on stdout before every command, as a login shell's startup files may
	force        func(ssh.Channel) uint32 // a ForceCommand: runs instead of every command
	forwards     int                      // direct-streamlocal channels asked for
	execs        []string                 // commands run

	// A jump host: direct-tcpip channels (ssh -J) are forwarded to the addresses of
	// permitOpen only, as sshd's PermitOpen does; any other is "administratively prohibited".
	permitOpen  map[string]bool
	tcpForwards []string // host:port of every direct-tcpip channel asked for
	// execConnects are the host:port nc was run to connect to (the exec way to a guest).
	execConnects []string
	accepted     int // TCP connections accepted
	live         int // SSH connections open now (handshake done or under way)
}

// rsaHostKey is generated once: RSA generation is slow enough to matter across many tests.
var rsaHostKey = sync.OnceValue(func() ssh.Signer {
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	s, err := ssh.NewSignerFromKey(k)
	if err != nil {
		panic(err)
	}
	return s
})

// newEd25519 returns a fresh signer and its OpenSSH PEM encoding.
func newEd25519(t testing.TB) (ssh.Signer, []byte) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s, pem.EncodeToMemory(block)
}

// startServer starts a server offering the given host keys (an ed25519 one when none given).
func startServer(t testing.TB, hostKeys ...ssh.Signer) *testServer {
	t.Helper()
	if len(hostKeys) == 0 {
		k, _ := newEd25519(t)
		hostKeys = []ssh.Signer{k}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &testServer{
		t: t, listener: l, hostKeys: hostKeys,
		socket:     startLibvirtStandIn(t),
		authorized: map[string]bool{},
		keepalive:  true,
		helpers:    map[string]bool{},
		permitOpen: map[string]bool{},
	}
	t.Cleanup(func() { _ = l.Close() })
	go s.serve()
	return s
}

func (s *testServer) port() int { return s.listener.Addr().(*net.TCPAddr).Port }

func (s *testServer) authorize(k ssh.PublicKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.authorized[string(k.Marshal())] = true
}

func (s *testServer) revoke(k ssh.PublicKey) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.authorized, string(k.Marshal()))
}

func (s *testServer) setKeepalive(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keepalive = on
}

func (s *testServer) setCiphers(ciphers ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ciphers = ciphers
}

// refuseForwarding makes every direct-streamlocal open fail with reason (OpenSSH answers
// ConnectionFailed when AllowStreamLocalForwarding is no); 0 forwards again.
func (s *testServer) refuseForwarding(reason ssh.RejectionReason) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = reason
}

// install makes a fake helper available (or not) to exec.
func (s *testServer) install(helper string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.helpers[helper] = on
}

// setBanner makes every session print text on stdout before its command runs, as an echo in
// the user's .bashrc or a motd does.
func (s *testServer) setBanner(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.banner = text
}

// forceCommand makes every session run cmd instead of the command asked for (after the
// banner), as sshd's ForceCommand or an authorized_keys command= does; cmd returns the exit
// status.
func (s *testServer) forceCommand(cmd func(ch ssh.Channel) uint32) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.force = cmd
}

// permit lets direct-tcpip channels reach addr (host:port), as PermitOpen does.
func (s *testServer) permit(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.permitOpen[addr] = true
}

// addr is the server's host:port.
func (s *testServer) addr() string { return s.listener.Addr().String() }

// jumpCounts returns the direct-tcpip channels asked for, the TCP connections accepted and the
// connections open now.
func (s *testServer) jumpCounts() (tcpForwards []string, accepted, live int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.tcpForwards), s.accepted, s.live
}

func (s *testServer) setHelperSocket(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.helperSocket = path
}

// counts returns how many forwards were asked for and the commands run so far.
func (s *testServer) counts() (forwards int, execs []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.forwards, slices.Clone(s.execs)
}

func (s *testServer) config() *ssh.ServerConfig {
	cfg := &ssh.ServerConfig{
		PublicKeyCallback: func(_ ssh.ConnMetadata, k ssh.PublicKey) (*ssh.Permissions, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.authorized[string(k.Marshal())] {
				return &ssh.Permissions{}, nil
			}
			return nil, errUnauthorized
		},
	}
	for _, k := range s.hostKeys {
		cfg.AddHostKey(k)
	}
	s.mu.Lock()
	cfg.Ciphers = s.ciphers
	s.mu.Unlock()
	return cfg
}

var errUnauthorized = errors.New("unauthorized")

func (s *testServer) serve() {
	for {
		c, err := s.listener.Accept()
		if err != nil {
			return
		}
		go s.handle(c)
	}
}

func (s *testServer) handle(c net.Conn) {
	s.mu.Lock()
	s.accepted++
	s.live++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.live--
		s.mu.Unlock()
	}()
	conn, chans, reqs, err := ssh.NewServerConn(c, s.config())
	if err != nil {
		_ = c.Close()
		return
	}
	defer conn.Close()
	go s.answerRequests(reqs)
	for nc := range chans {
		go s.openChannel(nc)
	}
}

// answerRequests replies to global requests (keepalives) unless told to stay silent.
func (s *testServer) answerRequests(reqs <-chan *ssh.Request) {
	for r := range reqs {
		s.mu.Lock()
		on := s.keepalive
		s.mu.Unlock()
		if on && r.WantReply {
			_ = r.Reply(false, nil) // like OpenSSH: "not understood", but alive
		}
	}
}

// openChannel proxies direct-streamlocal channels for s.socket and runs session channels;
// everything else is refused.
func (s *testServer) openChannel(nc ssh.NewChannel) {
	if nc.ChannelType() == "session" {
		s.session(nc)
		return
	}
	if nc.ChannelType() == "direct-tcpip" {
		s.directTCPIP(nc)
		return
	}
	var msg struct {
		SocketPath string
		Reserved0  string
		Reserved1  uint32
	}
	if nc.ChannelType() != "direct-streamlocal@openssh.com" || ssh.Unmarshal(nc.ExtraData(), &msg) != nil {
		_ = nc.Reject(ssh.UnknownChannelType, "unsupported")
		return
	}
	s.mu.Lock()
	s.forwards++
	refuse := s.refuse
	s.mu.Unlock()
	if refuse != 0 {
		_ = nc.Reject(refuse, "refused by the test's sshd policy")
		return
	}
	if filepath.Dir(msg.SocketPath) != filepath.Dir(s.socket) {
		_ = nc.Reject(ssh.Prohibited, "forwarding refused")
		return
	}
	local, err := net.Dial("unix", msg.SocketPath)
	if err != nil {
		_ = nc.Reject(ssh.ConnectionFailed, "open failed") // OpenSSH's words
		return
	}
	ch, reqs, err := nc.Accept()
	if err != nil {
		_ = local.Close()
		return
	}
	go ssh.DiscardRequests(reqs)
	go func() {
		_, _ = io.Copy(ch, local)
		_ = ch.CloseWrite()
	}()
	_, _ = io.Copy(local, ch)
	_ = local.Close()
	_ = ch.Close()
}

// directTCPIP forwards a direct-tcpip channel (what ssh -J and ProxyJump open) to an address
// of permitOpen, with OpenSSH's answers: "administratively prohibited" for any other
// address, "connect failed" when the connect fails.
func (s *testServer) directTCPIP(nc ssh.NewChannel) {
	var msg struct {
		Host       string
		Port       uint32
		OriginHost string
		OriginPort uint32
	}
	if ssh.Unmarshal(nc.ExtraData(), &msg) != nil {
		_ = nc.Reject(ssh.ConnectionFailed, "bad request")
		return
	}
	addr := net.JoinHostPort(msg.Host, strconv.Itoa(int(msg.Port)))
	s.mu.Lock()
	s.tcpForwards = append(s.tcpForwards, addr)
	allowed := s.permitOpen[addr]
	s.mu.Unlock()
	if !allowed {
		_ = nc.Reject(ssh.Prohibited, "administratively prohibited: open failed")
		return
	}
	remote, err := net.Dial("tcp", addr)
	if err != nil {
		_ = nc.Reject(ssh.ConnectionFailed, "connect failed: "+err.Error())
		return
	}
	ch, reqs, err := nc.Accept()
	if err != nil {
		_ = remote.Close()
		return
	}
	go ssh.DiscardRequests(reqs)
	go func() {
		_, _ = io.Copy(ch, remote)
		_ = ch.CloseWrite()
	}()
	_, _ = io.Copy(remote, ch)
	_ = remote.Close()
	_ = ch.Close()
}

// session runs the one exec request of a session channel; other requests are refused.
func (s *testServer) session(nc ssh.NewChannel) {
	ch, reqs, err := nc.Accept()
	if err != nil {
		return
	}
	defer ch.Close()
	for r := range reqs {
		var cmd struct{ Command string }
		if r.Type != "exec" || ssh.Unmarshal(r.Payload, &cmd) != nil {
			_ = r.Reply(false, nil)
			continue
		}
		_ = r.Reply(true, nil)
		go ssh.DiscardRequests(reqs)
		status := s.run(ch, cmd.Command)
		_, _ = ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{status}))
		return
	}
}

// run plays the helper command names on ch and returns its exit status, with the words the
// real programs use on stderr.
func (s *testServer) run(ch ssh.Channel, command string) uint32 {
	s.mu.Lock()
	s.execs = append(s.execs, command)
	helpers := maps.Clone(s.helpers)
	helperSocket := cmp.Or(s.helperSocket, s.socket)
	banner, force := s.banner, s.force
	s.mu.Unlock()

	if banner != "" {
		_, _ = io.WriteString(ch, banner)
	}
	if force != nil {
		return force(ch)
	}

	name, args, _ := strings.Cut(command, " ")
	if name == "nc" && strings.HasPrefix(args, "-") && !strings.HasPrefix(args, "-U ") {
		return s.runConnect(ch, args, helpers["nc"])
	}
	var path string
	switch {
	case name == "virt-ssh-helper" && args == "qemu:///system":
		path = helperSocket
	case name == "nc" && strings.HasPrefix(args, "-U "):
		p, ok := shellUnquote(strings.TrimPrefix(args, "-U "))
		if !ok {
			_, _ = fmt.Fprintf(ch.Stderr(), "sh: 1: Syntax error: Unterminated quoted string\n")
			return 2
		}
		path = p
		if slices.Contains(systemSockets, path) {
			path = helperSocket // this fake host's libvirtd, never the machine's own
		}
	}
	if path == "" || !helpers[name] {
		_, _ = fmt.Fprintf(ch.Stderr(), "sh: 1: %s: not found\n", name)
		return 127
	}
	local, err := net.Dial("unix", path)
	if err != nil {
		if name == "nc" {
			_, _ = fmt.Fprintf(ch.Stderr(), "nc: %s: No such file or directory\n", path)
		} else {
			_, _ = fmt.Fprintf(ch.Stderr(), "virt-ssh-helper: cannot connect to '%s': Failed to connect socket to '%s': No such file or directory\n", path, path)
		}
		return 1
	}
	defer local.Close()
	go func() {
		_, _ = io.Copy(local, ch)
		_ = local.Close()
	}()
	_, _ = io.Copy(ch, local)
	return 0
}

// runConnect plays netcat-openbsd connecting to a TCP address (`nc [-z] -w SECS 'ADDR' PORT`), as
// guest.go runs it on a host where sshd refuses TCP forwarding: -z connects and exits 0, or 1
// with nc's words; without -z it relays the channel to the connection.
func (s *testServer) runConnect(ch ssh.Channel, args string, installed bool) uint32 {
	if !installed {
		_, _ = fmt.Fprintf(ch.Stderr(), "sh: 1: nc: not found\n")
		return 127
	}
	probe := strings.HasPrefix(args, "-z ")
	f := strings.Fields(strings.TrimPrefix(args, "-z "))
	if len(f) != 4 || f[0] != "-w" {
		_, _ = fmt.Fprintf(ch.Stderr(), "usage: nc [-46CDdFhklNnrStUuvZz] (test: %q)\n", args)
		return 1
	}
	addr, ok := shellUnquote(f[2])
	if !ok {
		_, _ = fmt.Fprintf(ch.Stderr(), "sh: 1: Syntax error: Unterminated quoted string\n")
		return 2
	}
	s.mu.Lock()
	s.execConnects = append(s.execConnects, net.JoinHostPort(addr, f[3]))
	s.mu.Unlock()
	c, err := net.DialTimeout("tcp", net.JoinHostPort(addr, f[3]), 2*time.Second)
	if err != nil {
		_, _ = fmt.Fprintf(ch.Stderr(), "nc: connect to %s port %s (tcp) failed: Connection refused\n", addr, f[3])
		return 1
	}
	defer c.Close()
	if probe {
		return 0
	}
	go func() {
		_, _ = io.Copy(c, ch)
	}()
	_, _ = io.Copy(ch, c)
	return 0
}

// shellUnquote undoes one single-quoted shell word ('...' pieces joined by \'), reporting
// whether q was exactly that.
func shellUnquote(q string) (string, bool) {
	var out strings.Builder
	for q != "" {
		switch {
		case strings.HasPrefix(q, `\'`):
			out.WriteByte('\'')
			q = q[2:]
		case strings.HasPrefix(q, "'"):
			end := strings.IndexByte(q[1:], '\'')
			if end < 0 {
				return "", false
			}
			out.WriteString(q[1 : 1+end])
			q = q[2+end:]
		default:
			return "", false
		}
	}
	return out.String(), true
}

// startLibvirtStandIn serves a unix socket standing in for libvirtd: it answers a libvirt
// auth-list call (what the exec transports send first) with an auth-list reply, and echoes
// anything else. The directory is short-named because unix socket paths are limited to ~100
// bytes.
func startLibvirtStandIn(t testing.TB) string {
	t.Helper()
	path := filepath.Join(shortDir(t), "s")
	serveLibvirtStandIn(t, path)
	return path
}

// serveLibvirtStandIn listens on path until the test ends (or the returned listener closes).
func serveLibvirtStandIn(t testing.TB, path string) net.Listener {
	t.Helper()
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				answerAuthList(c)
				_, _ = io.Copy(c, c)
			}()
		}
	}()
	return l
}

// answerAuthList replies to an auth-list call if that is what c sends first; any other first
// bytes are echoed back.
func answerAuthList(c net.Conn) {
	head := make([]byte, 4)
	if _, err := io.ReadFull(c, head); err != nil {
		return
	}
	if binary.BigEndian.Uint32(head) != rpcHeaderLen {
		_, _ = c.Write(head)
		return
	}
	call := make([]byte, rpcHeaderLen-4)
	if _, err := io.ReadFull(c, call); err != nil {
		return
	}
	reply := make([]byte, rpcHeaderLen+8) // header, then a list of one auth type: none
	binary.BigEndian.PutUint32(reply, uint32(len(reply)))
	copy(reply[4:], call)
	binary.BigEndian.PutUint32(reply[16:], 1) // type: reply
	binary.BigEndian.PutUint32(reply[rpcHeaderLen:], 1)
	_, _ = c.Write(reply)
}

// startSilent serves a unix socket that accepts and never answers: a libvirtd that hangs.
func startSilent(t *testing.T) string {
	t.Helper()
	path := filepath.Join(shortDir(t), "h")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() })
		}
	}()
	return path
}

// knownHostsFor writes a known_hosts file holding keys for the server's [127.0.0.1]:port.
func knownHostsFor(t testing.TB, port int, keys ...ssh.PublicKey) string {
	t.Helper()
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	var lines []byte
	for _, k := range keys {
		lines = append(lines, knownhosts.Line([]string{addr}, k)+"\n"...)
	}
	path := filepath.Join(t.TempDir(), "known_hosts")
	if err := os.WriteFile(path, lines, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeKey writes a private key file and returns its path.
func writeKey(t testing.TB, dir string, pemBytes []byte) string {
	t.Helper()
	path := filepath.Join(dir, "id")
	if err := os.WriteFile(path, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// shortDir is a temporary directory with a short path: unix socket paths are limited to
// ~100 bytes and t.TempDir() paths embed the test name.
func shortDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "sx") //nolint:usetesting // t.TempDir paths are too long for unix sockets
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

// newRawEd25519 returns a fresh ed25519 key pair (for loading into an agent).
func newRawEd25519() (ed25519.PublicKey, ed25519.PrivateKey, error) {
	return ed25519.GenerateKey(rand.Reader)
}
