package sshx

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"encoding/pem"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"
)

// testServer is an in-process SSH server on 127.0.0.1 that accepts public keys from a mutable
// set and forwards direct-streamlocal channels for one socket path to a unix echo server. Like
// OpenSSH, it answers "connect failed" for an allowed path it cannot connect to.
type testServer struct {
	t        *testing.T
	listener net.Listener
	hostKeys []ssh.Signer
	socket   string // forwarding is allowed to paths in this socket's directory only

	mu         sync.Mutex
	authorized map[string]bool // marshalled public keys
	keepalive  bool            // reply to keepalive requests
	ciphers    []string        // when set, the only ciphers the server accepts
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
func newEd25519(t *testing.T) (ssh.Signer, []byte) {
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
func startServer(t *testing.T, hostKeys ...ssh.Signer) *testServer {
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
		socket:     startEcho(t),
		authorized: map[string]bool{},
		keepalive:  true,
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

// openChannel proxies direct-streamlocal channels for s.socket; everything else is refused.
func (s *testServer) openChannel(nc ssh.NewChannel) {
	var msg struct {
		SocketPath string
		Reserved0  string
		Reserved1  uint32
	}
	if nc.ChannelType() != "direct-streamlocal@openssh.com" || ssh.Unmarshal(nc.ExtraData(), &msg) != nil {
		_ = nc.Reject(ssh.UnknownChannelType, "unsupported")
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

// startEcho serves a unix socket that echoes what it reads, standing in for libvirtd. The
// directory is short-named because unix socket paths are limited to ~100 bytes.
func startEcho(t *testing.T) string {
	t.Helper()
	path := filepath.Join(shortDir(t), "s")
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
				_, _ = io.Copy(c, c)
			}()
		}
	}()
	return path
}

// knownHostsFor writes a known_hosts file holding keys for the server's [127.0.0.1]:port.
func knownHostsFor(t *testing.T, port int, keys ...ssh.PublicKey) string {
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
func writeKey(t *testing.T, dir string, pemBytes []byte) string {
	t.Helper()
	path := filepath.Join(dir, "id")
	if err := os.WriteFile(path, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// shortDir is a temporary directory with a short path: unix socket paths are limited to
// ~100 bytes and t.TempDir() paths embed the test name.
func shortDir(t *testing.T) string {
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
