package sshx

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
	"golang.org/x/crypto/ssh/agent"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// fixture is a running server with one authorized client key written to a file, and a Config
// that reaches it through a known_hosts file listing all its host keys.
type fixture struct {
	srv     *testServer
	signer  ssh.Signer
	keyPEM  []byte
	keyFile string
	cfg     Config
}

func newFixture(t testing.TB, hostKeys ...ssh.Signer) *fixture {
	t.Helper()
	srv := startServer(t, hostKeys...)
	signer, keyPEM := newEd25519(t)
	srv.authorize(signer.PublicKey())
	var pubs []ssh.PublicKey
	for _, k := range srv.hostKeys {
		pubs = append(pubs, k.PublicKey())
	}
	keyFile := writeKey(t, t.TempDir(), keyPEM)
	return &fixture{
		srv: srv, signer: signer, keyPEM: keyPEM, keyFile: keyFile,
		cfg: Config{
			Address:        "127.0.0.1",
			Port:           srv.port(),
			User:           "tester",
			PrivateKeyFile: keyFile,
			KnownHostsFile: knownHostsFor(t, srv.port(), pubs...),
			Socket:         srv.socket,
		},
	}
}

// dial dials with a generous deadline and registers cleanup of whatever it returns.
func dial(t *testing.T, cfg Config) (net.Conn, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, closer, err := DialLibvirt(ctx, "lab", cfg)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { _ = closer.Close() })
	return conn, nil
}

// assertEcho proves conn really reaches the unix echo server on the far side.
func assertEcho(t *testing.T, conn net.Conn) {
	t.Helper()
	msg := []byte("libvirt hello")
	if _, err := conn.Write(msg); err != nil {
		t.Fatalf("write: %v", err)
	}
	got := make([]byte, len(msg))
	if _, err := io.ReadFull(conn, got); err != nil {
		t.Fatalf("read: %v", err)
	}
	if !bytes.Equal(got, msg) {
		t.Fatalf("echo = %q, want %q", got, msg)
	}
}

// stageOf returns the dial stage carried by err, failing the test if there is none.
func stageOf(t *testing.T, err error) kvmerr.Stage {
	t.Helper()
	var de *kvmerr.DialError
	if !errors.As(err, &de) {
		t.Fatalf("error %v (%T) is not a *kvmerr.DialError", err, err)
	}
	if de.Host != "lab" {
		t.Errorf("DialError.Host = %q, want lab", de.Host)
	}
	return de.Stage
}

func TestDialLibvirt_succeeds(t *testing.T) {
	rsaAndEd := func(t *testing.T) *fixture {
		ed, _ := newEd25519(t)
		return newFixture(t, rsaHostKey(), ed)
	}
	tests := []struct {
		name  string
		setup func(t *testing.T) *fixture
		edit  func(t *testing.T, f *fixture)
	}{
		{name: "key file and known_hosts", setup: func(t *testing.T) *fixture { return newFixture(t) }},
		{
			name:  "inline key",
			setup: func(t *testing.T) *fixture { return newFixture(t) },
			edit: func(t *testing.T, f *fixture) {
				f.cfg.PrivateKeyFile, f.cfg.PrivateKey = "", string(f.keyPEM)
			},
		},
		{
			// Without negotiating algorithms from the entry, the server could present its RSA
			// key, which the ed25519-only file does not list.
			name:  "ed25519-only known_hosts against RSA and ed25519 host keys",
			setup: rsaAndEd,
			edit: func(t *testing.T, f *fixture) {
				f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port(), f.srv.hostKeys[1].PublicKey())
			},
		},
		{
			name:  "RSA-only known_hosts against RSA and ed25519 host keys",
			setup: rsaAndEd,
			edit: func(t *testing.T, f *fixture) {
				f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port(), f.srv.hostKeys[0].PublicKey())
			},
		},
		{
			name:  "pinned ed25519 host key",
			setup: rsaAndEd,
			edit: func(t *testing.T, f *fixture) {
				f.cfg.KnownHostsFile = ""
				f.cfg.HostKey = string(ssh.MarshalAuthorizedKey(f.srv.hostKeys[1].PublicKey()))
			},
		},
		{
			name:  "pinned RSA host key",
			setup: rsaAndEd,
			edit: func(t *testing.T, f *fixture) {
				f.cfg.KnownHostsFile = ""
				f.cfg.HostKey = string(ssh.MarshalAuthorizedKey(f.srv.hostKeys[0].PublicKey()))
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.setup(t)
			if tt.edit != nil {
				tt.edit(t, f)
			}
			conn, err := dial(t, f.cfg)
			if err != nil {
				t.Fatalf("DialLibvirt: %v", err)
			}
			assertEcho(t, conn)
		})
	}
}

func TestDialLibvirt_failureStages(t *testing.T) {
	tests := []struct {
		name   string
		server func(t *testing.T) *fixture // default newFixture
		edit   func(t *testing.T, f *fixture)
		stage  kvmerr.Stage
		class  kvmerr.Class
		says   []string // the error says each of these
	}{
		{
			name: "host key changed",
			edit: func(t *testing.T, f *fixture) {
				other, _ := newEd25519(t)
				f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port(), other.PublicKey())
			},
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
			says: []string{"does not match its entry in", "update known_hosts_file"},
		},
		{
			name: "host unknown (entry only for another port)",
			edit: func(t *testing.T, f *fixture) {
				f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port()+1, f.srv.hostKeys[0].PublicKey())
			},
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
		},
		{
			name: "pinned key mismatch",
			edit: func(t *testing.T, f *fixture) {
				other, _ := newEd25519(t)
				f.cfg.KnownHostsFile, f.cfg.HostKey = "", string(ssh.MarshalAuthorizedKey(other.PublicKey()))
			},
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
			says: []string{"pinned host_key", "update host_key"},
		},
		{
			name:  "known_hosts file missing",
			edit:  func(t *testing.T, f *fixture) { f.cfg.KnownHostsFile = filepath.Join(t.TempDir(), "absent") },
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
		},
		{
			name:  "client key not authorized",
			edit:  func(t *testing.T, f *fixture) { f.srv.revoke(f.signer.PublicKey()) },
			stage: kvmerr.StageAuth, class: kvmerr.Permanent,
			says: []string{"user tester was refused", "authorized_keys"},
		},
		{
			name:  "key file unreadable",
			edit:  func(t *testing.T, f *fixture) { f.cfg.PrivateKeyFile = filepath.Join(t.TempDir(), "absent") },
			stage: kvmerr.StageKey, class: kvmerr.Permanent,
		},
		{
			name: "key file not a key",
			edit: func(t *testing.T, f *fixture) {
				f.cfg.PrivateKeyFile = writeKey(t, t.TempDir(), []byte("not a key"))
			},
			stage: kvmerr.StageKey, class: kvmerr.Permanent,
		},
		{
			name:  "no credentials at all",
			edit:  func(t *testing.T, f *fixture) { f.cfg.PrivateKeyFile = "" },
			stage: kvmerr.StageKey, class: kvmerr.Permanent,
		},
		{
			name: "agent requested without SSH_AUTH_SOCK",
			edit: func(t *testing.T, f *fixture) {
				t.Setenv("SSH_AUTH_SOCK", "")
				f.cfg.UseAgent = true
			},
			stage: kvmerr.StageKey, class: kvmerr.Permanent,
		},
		{
			name: "closed port",
			edit: func(t *testing.T, f *fixture) {
				l, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				f.cfg.Port = l.Addr().(*net.TCPAddr).Port
				_ = l.Close()
			},
			stage: kvmerr.StageTCP, class: kvmerr.Transient,
		},
		{
			// sshd's policy forbids the path: asking again gets the same answer.
			name:  "socket forward prohibited",
			edit:  func(t *testing.T, f *fixture) { f.cfg.Socket = "/nonexistent/libvirt-sock" },
			stage: kvmerr.StageForward, class: kvmerr.Permanent,
			says: []string{"/nonexistent/libvirt-sock", "AllowStreamLocalForwarding", "administratively prohibited"},
		},
		{
			// sshd tried and found no socket; nc, run over exec, finds none either: libvirtd
			// is stopped or restarting.
			name: "libvirt socket missing",
			edit: func(t *testing.T, f *fixture) {
				f.srv.install("nc", true)
				f.cfg.Socket = filepath.Join(filepath.Dir(f.srv.socket), "absent")
			},
			stage: kvmerr.StageSocket, class: kvmerr.Transient,
			says: []string{"absent", "libvirtd stopped or restarting", "No such file or directory"},
		},
		{
			// "connect failed" with no helper to ask and no earlier stream-local success:
			// forwarding may be disabled, and waiting cannot change that.
			name:  "libvirt socket missing on a host without helpers, never reached",
			edit:  func(t *testing.T, f *fixture) { f.cfg.Socket = filepath.Join(filepath.Dir(f.srv.socket), "absent") },
			stage: kvmerr.StageForward, class: kvmerr.Permanent,
			says: []string{"absent", "AllowStreamLocalForwarding", "netcat-openbsd", "connect failed"},
		},
		{
			// The host now offers only RSA; the known_hosts entry is ed25519.
			name: "no host key algorithm in common with known_hosts",
			server: func(t *testing.T) *fixture {
				ed, _ := newEd25519(t)
				f := newFixture(t, rsaHostKey())
				f.cfg.KnownHostsFile = knownHostsFor(t, f.srv.port(), ed.PublicKey())
				return f
			},
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
			says: []string{"known_hosts file", "known_hosts_file", "ssh-keyscan", "reinstalled", "rsa-sha2-512", "ssh-ed25519"},
		},
		{
			name: "no host key algorithm in common with the pinned key",
			server: func(t *testing.T) *fixture {
				ed, _ := newEd25519(t)
				f := newFixture(t, rsaHostKey())
				f.cfg.KnownHostsFile, f.cfg.HostKey = "", string(ssh.MarshalAuthorizedKey(ed.PublicKey()))
				return f
			},
			stage: kvmerr.StageHostKey, class: kvmerr.Permanent,
			says: []string{"the pinned host_key", "update host_key"},
		},
		{
			name:  "no cipher in common",
			edit:  func(t *testing.T, f *fixture) { f.srv.setCiphers("aes128-cbc") },
			stage: kvmerr.StageNegotiate, class: kvmerr.Permanent,
			says: []string{"cipher"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f *fixture
			if tt.server != nil {
				f = tt.server(t)
			} else {
				f = newFixture(t)
			}
			if tt.edit != nil {
				tt.edit(t, f)
			}
			_, err := dial(t, f.cfg)
			if err == nil {
				t.Fatal("DialLibvirt succeeded, want an error")
			}
			t.Logf("error: %v", err)
			if got := stageOf(t, err); got != tt.stage {
				t.Errorf("stage = %q, want %q (err: %v)", got, tt.stage, err)
			}
			if got := kvmerr.Classify(err); got != tt.class {
				t.Errorf("class = %v, want %v (err: %v)", got, tt.class, err)
			}
			for _, want := range tt.says {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q: %v", want, err)
				}
			}
		})
	}
}

// TestDialLibvirt_socketBackAfterRestart: on a host reached over stream-local before, with no
// exec helper, "connect failed" while libvirtd restarts fails Transient, and once its socket
// is back the same configuration dials.
func TestDialLibvirt_socketBackAfterRestart(t *testing.T) {
	f := newFixture(t)
	sock := filepath.Join(filepath.Dir(f.srv.socket), "restarting")
	f.cfg.Socket, f.cfg.Memory = sock, &Memory{}
	l := serveLibvirtStandIn(t, sock)
	if _, err := dial(t, f.cfg); err != nil {
		t.Fatalf("dial before the restart: %v", err)
	}
	_ = l.Close() // removes the socket file
	_, err := dial(t, f.cfg)
	if got := kvmerr.Classify(err); err == nil || got != kvmerr.Transient || stageOf(t, err) != kvmerr.StageSocket {
		t.Fatalf("dial while the socket is missing: err = %v (class %v), want Transient at the socket stage", err, got)
	}
	serveLibvirtStandIn(t, sock)
	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("dial after the socket came back: %v", err)
	}
	assertEcho(t, conn)
}

func TestTCPStage(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	tests := []struct {
		name string
		err  error
		want kvmerr.Stage
	}{
		{"name does not exist", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "x.invalid", IsNotFound: true}}, kvmerr.StageResolve},
		{"resolver timed out", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "i/o timeout", Name: "x", IsTimeout: true}}, kvmerr.StageTCP},
		{"resolver failed", &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "server misbehaving", Name: "x", IsTemporary: true}}, kvmerr.StageTCP},
		{"refused", refused, kvmerr.StageTCP},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tcpStage(tt.err); got != tt.want {
				t.Errorf("tcpStage(%v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}

// TestDialLibvirt_unknownHostName dials a name under .invalid (RFC 6761: never resolves). It
// needs a resolver that answers; without one there is nothing to observe.
func TestDialLibvirt_unknownHostName(t *testing.T) {
	f := newFixture(t)
	f.cfg.Address = "kvm2-test-host.invalid"
	_, err := dial(t, f.cfg)
	var dns *net.DNSError
	if !errors.As(err, &dns) || !dns.IsNotFound {
		t.Skipf("the resolver did not answer NXDOMAIN (%v): no DNS here", err)
	}
	if got := stageOf(t, err); got != kvmerr.StageResolve {
		t.Errorf("stage = %q, want resolve", got)
	}
	if got := kvmerr.Classify(err); got != kvmerr.Permanent {
		t.Errorf("class = %v, want Permanent", got)
	}
	if !strings.Contains(err.Error(), `host name "kvm2-test-host.invalid" is not known to DNS`) {
		t.Errorf("error does not say the name is unknown: %v", err)
	}
}

func TestDialLibvirt_rereadsKeyFileOnEveryDial(t *testing.T) {
	f := newFixture(t)
	if _, err := dial(t, f.cfg); err != nil {
		t.Fatalf("first dial: %v", err)
	}

	// Rotate: the server now only accepts the new key, written over the same file.
	next, nextPEM := newEd25519(t)
	f.srv.authorize(next.PublicKey())
	f.srv.revoke(f.signer.PublicKey())
	if err := os.WriteFile(f.keyFile, nextPEM, 0o600); err != nil {
		t.Fatal(err)
	}

	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("dial after rotation: %v", err)
	}
	assertEcho(t, conn)
}

func TestDialLibvirt_rereadsKnownHostsOnEveryDial(t *testing.T) {
	f := newFixture(t)
	other, _ := newEd25519(t)
	good, err := os.ReadFile(f.cfg.KnownHostsFile)
	if err != nil {
		t.Fatal(err)
	}
	bad, err := os.ReadFile(knownHostsFor(t, f.srv.port(), other.PublicKey()))
	if err != nil {
		t.Fatal(err)
	}

	if err := os.WriteFile(f.cfg.KnownHostsFile, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := dial(t, f.cfg); err == nil || stageOf(t, err) != kvmerr.StageHostKey {
		t.Fatalf("dial with wrong entry: err = %v, want a hostkey failure", err)
	}
	if err := os.WriteFile(f.cfg.KnownHostsFile, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := dial(t, f.cfg); err != nil {
		t.Fatalf("dial after fixing known_hosts: %v", err)
	}
}

func TestDialLibvirt_agent(t *testing.T) {
	f := newFixture(t)
	_, priv, err := newRawEd25519()
	if err != nil {
		t.Fatal(err)
	}
	keyring := agent.NewKeyring()
	if err := keyring.Add(agent.AddedKey{PrivateKey: priv}); err != nil {
		t.Fatal(err)
	}
	signers, err := keyring.Signers()
	if err != nil {
		t.Fatal(err)
	}
	f.srv.revoke(f.signer.PublicKey())
	f.srv.authorize(signers[0].PublicKey())

	sock := filepath.Join(shortDir(t), "agent")
	l, err := net.Listen("unix", sock)
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
				_ = agent.ServeAgent(keyring, c)
			}()
		}
	}()
	t.Setenv("SSH_AUTH_SOCK", sock)

	f.cfg.PrivateKeyFile, f.cfg.UseAgent = "", true
	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("DialLibvirt via agent: %v", err)
	}
	assertEcho(t, conn)
}

func TestDialLibvirt_secretNeverInError(t *testing.T) {
	const sentinel = "SENTINEL-SECRET-KEY-MATERIAL"
	f := newFixture(t)
	f.cfg.PrivateKeyFile = ""
	f.cfg.PrivateKey = "-----BEGIN OPENSSH PRIVATE KEY-----\n" + sentinel + "\n-----END OPENSSH PRIVATE KEY-----\n"
	_, err := dial(t, f.cfg)
	if err == nil {
		t.Fatal("DialLibvirt with a garbage inline key succeeded")
	}
	if strings.Contains(err.Error(), sentinel) {
		t.Fatalf("error leaks key material: %v", err)
	}
	if stageOf(t, err) != kvmerr.StageKey {
		t.Errorf("stage = %q, want key", stageOf(t, err))
	}
}

func TestDialLibvirt_silentServerHonoursDeadline(t *testing.T) {
	// A TCP listener that accepts and never speaks SSH: the handshake can only end by ctx.
	l, err := net.Listen("tcp", "127.0.0.1:0")
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
	f := newFixture(t)
	f.cfg.Port = l.Addr().(*net.TCPAddr).Port

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err = DialLibvirt(ctx, "lab", f.cfg)
	elapsed := time.Since(start)

	if err == nil {
		t.Fatal("DialLibvirt against a silent server succeeded")
	}
	if elapsed > 5*time.Second {
		t.Errorf("DialLibvirt returned after %v, want promptly after the 200ms deadline", elapsed)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error does not wrap context.DeadlineExceeded: %v", err)
	}
	if got := stageOf(t, err); got != kvmerr.StageHandshake {
		t.Errorf("stage = %q, want handshake", got)
	}
	if got := kvmerr.Classify(err); got != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", got)
	}
}

func TestDialLibvirt_keepaliveClosesDeadLink(t *testing.T) {
	f := newFixture(t)
	f.cfg.KeepaliveInterval = 20 * time.Millisecond
	f.cfg.KeepaliveMisses = 3
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, closer, err := DialLibvirt(ctx, "lab", f.cfg)
	if err != nil {
		t.Fatalf("DialLibvirt: %v", err)
	}
	defer closer.Close()
	assertEcho(t, conn)

	f.srv.setKeepalive(false)
	// Once the client closes the link, reads on the forwarded socket end.
	readDone := make(chan error, 1)
	go func() {
		_, err := conn.Read(make([]byte, 1))
		readDone <- err
	}()
	select {
	case err := <-readDone:
		if err == nil {
			t.Fatal("read succeeded on a link the keepalive should have closed")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("keepalive did not close a link whose server stopped answering")
	}
}

func TestDialLibvirt_keepaliveKeepsLiveLink(t *testing.T) {
	f := newFixture(t)
	f.cfg.KeepaliveInterval = 10 * time.Millisecond
	conn, err := dial(t, f.cfg)
	if err != nil {
		t.Fatalf("DialLibvirt: %v", err)
	}
	// Many intervals pass with the server answering; the link must still work afterwards.
	time.Sleep(200 * time.Millisecond)
	assertEcho(t, conn)
}

func TestCloserClosesForwardedConn(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, closer, err := DialLibvirt(ctx, "lab", f.cfg)
	if err != nil {
		t.Fatalf("DialLibvirt: %v", err)
	}
	if err := closer.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := closer.Close(); err != nil {
		t.Errorf("second Close: %v, want nil (idempotent)", err)
	}
	if _, err := conn.Write([]byte("x")); err == nil {
		t.Error("write on the forwarded conn succeeded after the client was closed")
	}
}

func TestDialLibvirt_canceledCtxFailsAtTCP(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := DialLibvirt(ctx, "lab", f.cfg)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want it to wrap context.Canceled", err)
	}
	if got := stageOf(t, err); got != kvmerr.StageTCP {
		t.Errorf("stage = %q, want tcp", got)
	}
	if got := kvmerr.Classify(err); got != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", got)
	}
}

// TestDialLibvirt_hungAgentHonoursDeadline: an agent that accepts and never answers must not
// hold a dial past its ctx (an interrupted terraform would otherwise never stop).
func TestDialLibvirt_hungAgentHonoursDeadline(t *testing.T) {
	sock := filepath.Join(shortDir(t), "agent")
	l, err := net.Listen("unix", sock)
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
			t.Cleanup(func() { _ = c.Close() }) // held open, never read or answered
		}
	}()
	t.Setenv("SSH_AUTH_SOCK", sock)
	f := newFixture(t)
	f.cfg.PrivateKeyFile, f.cfg.UseAgent = "", true

	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	start := time.Now()
	go func() {
		_, closer, err := DialLibvirt(ctx, "lab", f.cfg)
		if closer != nil {
			_ = closer.Close()
		}
		done <- err
	}()
	select {
	case err = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("DialLibvirt still running 5s after its 200ms deadline: it waits on the agent regardless of ctx")
	}
	t.Logf("returned after %v: %v", time.Since(start), err)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error does not wrap context.DeadlineExceeded: %v", err)
	}
	if got := kvmerr.Classify(err); got != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", got)
	}
}
