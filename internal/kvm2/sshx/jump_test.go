package sshx

import (
	"context"
	"errors"
	"fmt"
	"net"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// hop is f's server as a jump host, reached with f's own key and known_hosts file.
func (f *fixture) hop() Hop {
	return Hop{
		Address: f.cfg.Address, Port: f.cfg.Port, User: f.cfg.User,
		PrivateKeyFile: f.cfg.PrivateKeyFile, KnownHostsFile: f.cfg.KnownHostsFile,
	}
}

// behind returns target's config reached through jumps, in order from the client, each jump
// permitted to open a TCP channel to the next one only.
func behind(target *fixture, jumps ...*fixture) Config {
	cfg := target.cfg
	for i, j := range jumps {
		next := target.srv.addr()
		if i+1 < len(jumps) {
			next = jumps[i+1].srv.addr()
		}
		j.srv.permit(next)
		cfg.Jump = append(cfg.Jump, j.hop())
	}
	return cfg
}

// eventually polls cond until it holds or 5 s pass.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still not true after 5 s: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// liveConns returns how many SSH connections srv has open now.
func liveConns(srv *testServer) int {
	_, _, live := srv.jumpCounts()
	return live
}

func TestJump_oneHop(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	conn, err := dial(t, behind(target, jump))
	if err != nil {
		t.Fatalf("dial through one jump: %v", err)
	}
	assertEcho(t, conn)
	if got := TransportOf(conn); got != TransportStreamLocal {
		t.Errorf("transport = %q, want %q", got, TransportStreamLocal)
	}
	assertThrough(t, jump, target)
	if _, accepted, _ := target.srv.jumpCounts(); accepted != 1 {
		t.Errorf("target accepted %d connections, want 1 (through the jump)", accepted)
	}
}

func TestJump_twoHops(t *testing.T) {
	target, j1, j2 := newFixture(t), newFixture(t), newFixture(t)
	// j1 may open only j2: the target is reached through j2 or not at all.
	conn, err := dial(t, behind(target, j1, j2))
	if err != nil {
		t.Fatalf("dial through two jumps: %v", err)
	}
	assertEcho(t, conn)
	f1, _, _ := j1.srv.jumpCounts()
	f2, _, _ := j2.srv.jumpCounts()
	if fmt.Sprint(f1) != fmt.Sprint([]string{j2.srv.addr()}) || fmt.Sprint(f2) != fmt.Sprint([]string{target.srv.addr()}) {
		t.Errorf("forwards: first jump %v, second jump %v; want [%s] and [%s]", f1, f2, j2.srv.addr(), target.srv.addr())
	}
}

// TestJump_pinnedHostKey reaches the target through a jump verified by a pinned key, and the
// target with its own pinned key: each hop has its own host-key source.
func TestJump_pinnedHostKey(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	cfg := behind(target, jump)
	cfg.Jump[0].KnownHostsFile = ""
	cfg.Jump[0].HostKey = string(ssh.MarshalAuthorizedKey(jump.srv.hostKeys[0].PublicKey()))
	cfg.KnownHostsFile = ""
	cfg.HostKey = string(ssh.MarshalAuthorizedKey(target.srv.hostKeys[0].PublicKey()))
	conn, err := dial(t, cfg)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	assertEcho(t, conn)
	assertThrough(t, jump, target)
}

// assertThrough checks that jump forwarded exactly one connection, to target.
func assertThrough(t *testing.T, jump, target *fixture) {
	t.Helper()
	forwards, _, _ := jump.srv.jumpCounts()
	if want := []string{target.srv.addr()}; fmt.Sprint(forwards) != fmt.Sprint(want) {
		t.Errorf("jump forwarded to %v, want %v", forwards, want)
	}
}

// assertJumpFailure checks that err is a dial error of stage and class, naming the jump at
// jumpAddr, and that the target was never dialed.
func assertJumpFailure(t *testing.T, err error, stage kvmerr.Stage, class kvmerr.Class, jumpAddr string, target *fixture) {
	t.Helper()
	if err == nil {
		t.Fatal("dial succeeded, want an error")
	}
	t.Logf("error: %v", err)
	if got := stageOf(t, err); got != stage {
		t.Errorf("stage = %q, want %q (%v)", got, stage, err)
	}
	if got := kvmerr.Classify(err); got != class {
		t.Errorf("error %v is %v, want %v", err, got, class)
	}
	if want := "jump host " + jumpAddr; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not name %q", err, want)
	}
	if target != nil {
		if _, accepted, _ := target.srv.jumpCounts(); accepted != 0 {
			t.Errorf("target accepted %d connections; a failed jump must not reach it", accepted)
		}
	}
}

func TestJump_wrongHostKeyOnJump(t *testing.T) {
	t.Run("known_hosts", func(t *testing.T) {
		target, jump := newFixture(t), newFixture(t)
		cfg := behind(target, jump)
		other, _ := newEd25519(t)
		cfg.Jump[0].KnownHostsFile = knownHostsFor(t, jump.srv.port(), other.PublicKey())
		start := time.Now()
		_, err := dial(t, cfg)
		assertJumpFailure(t, err, kvmerr.StageHostKey, kvmerr.Permanent, jump.srv.addr(), target)
		if !strings.Contains(err.Error(), "does not match") {
			t.Errorf("error %q does not say the key does not match", err)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("took %v; a wrong host key must fail fast", took)
		}
		if forwards, _, _ := jump.srv.jumpCounts(); len(forwards) != 0 {
			t.Errorf("jump was asked to forward %v after its key was refused", forwards)
		}
	})
	t.Run("pinned", func(t *testing.T) {
		target, jump := newFixture(t), newFixture(t)
		cfg := behind(target, jump)
		other, _ := newEd25519(t)
		cfg.Jump[0].KnownHostsFile, cfg.Jump[0].HostKey = "", string(ssh.MarshalAuthorizedKey(other.PublicKey()))
		_, err := dial(t, cfg)
		assertJumpFailure(t, err, kvmerr.StageHostKey, kvmerr.Permanent, jump.srv.addr(), target)
		if !errors.Is(err, errHostKeyMismatch) {
			t.Errorf("error %v is not the pinned-key mismatch", err)
		}
	})
	t.Run("unknown second jump", func(t *testing.T) {
		target, j1, j2 := newFixture(t), newFixture(t), newFixture(t)
		cfg := behind(target, j1, j2)
		cfg.Jump[1].KnownHostsFile = knownHostsFor(t, j1.srv.port(), j1.srv.hostKeys[0].PublicKey())
		_, err := dial(t, cfg)
		assertJumpFailure(t, err, kvmerr.StageHostKey, kvmerr.Permanent, j2.srv.addr(), target)
		if !strings.Contains(err.Error(), "jump 2 of 2") {
			t.Errorf("error %q does not say which jump", err)
		}
	})
}

func TestJump_wrongHostKeyOnTarget(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	cfg := behind(target, jump)
	other, _ := newEd25519(t)
	cfg.KnownHostsFile = knownHostsFor(t, target.srv.port(), other.PublicKey())
	_, err := dial(t, cfg)
	if err == nil {
		t.Fatal("dial succeeded with a wrong target host key")
	}
	if got := stageOf(t, err); got != kvmerr.StageHostKey || kvmerr.Classify(err) != kvmerr.Permanent {
		t.Errorf("stage %q, error %v; want a Permanent hostkey failure", got, err)
	}
	msg := err.Error()
	t.Logf("error: %v", err)
	if strings.Contains(msg, "hostkey: jump host") {
		t.Errorf("error %q blames the jump; the target's key is wrong", msg)
	}
	if !strings.Contains(msg, target.srv.addr()) || !strings.Contains(msg, "through jump host "+jump.srv.addr()) {
		t.Errorf("error %q should name the target %s, reached through the jump %s", msg, target.srv.addr(), jump.srv.addr())
	}
	eventually(t, "the jump's connection is closed", func() bool { return liveConns(jump.srv) == 0 })
}

func TestJump_authFailure(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	cfg := behind(target, jump)
	jump.srv.revoke(jump.signer.PublicKey())
	_, err := dial(t, cfg)
	assertJumpFailure(t, err, kvmerr.StageAuth, kvmerr.Permanent, jump.srv.addr(), target)
	// The advice names the jump host's authorized_keys, not the target's.
	if msg := err.Error(); !strings.Contains(msg, "authorized_keys on the jump host "+jump.srv.addr()) {
		t.Errorf("error %q should point at the jump host's authorized_keys", msg)
	}
}

func TestJump_forwardFailures(t *testing.T) {
	t.Run("prohibited", func(t *testing.T) {
		target, jump := newFixture(t), newFixture(t)
		cfg := target.cfg
		cfg.Jump = []Hop{jump.hop()} // no permit: PermitOpen does not list the target
		_, err := dial(t, cfg)
		assertJumpFailure(t, err, kvmerr.StageForward, kvmerr.Permanent, jump.srv.addr(), target)
		// What the bastion guide recommends (local forwarding only) is what it advises.
		if !strings.Contains(err.Error(), "PermitOpen") || !strings.Contains(err.Error(), "AllowTcpForwarding local") {
			t.Errorf("error %q does not say what to allow", err)
		}
	})
	t.Run("target down", func(t *testing.T) {
		jump := newFixture(t)
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		down := l.Addr().String()
		_ = l.Close()
		_, port, _ := net.SplitHostPort(down)
		jump.srv.permit(down)
		cfg := jump.cfg
		cfg.Port, _ = strconv.Atoi(port)
		cfg.Jump = []Hop{jump.hop()}
		_, err = dial(t, cfg)
		assertJumpFailure(t, err, kvmerr.StageTCP, kvmerr.Transient, jump.srv.addr(), nil)
		if !strings.Contains(err.Error(), down) {
			t.Errorf("error %q does not name the target %s", err, down)
		}
	})
}

// silentTarget accepts TCP connections and never speaks, so an SSH handshake with it hangs;
// closed reports whether every connection it accepted was closed by the other end.
func silentTarget(t *testing.T) (addr string, accepted func() int, closed func() bool) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	type state struct{ accepted, closed int }
	st := make(chan state, 1)
	st <- state{}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			s := <-st
			s.accepted++
			st <- s
			go func() {
				_, _ = c.Read(make([]byte, 1<<16)) // the client's version line
				for {
					if _, err := c.Read(make([]byte, 1<<16)); err != nil {
						break
					}
				}
				_ = c.Close()
				s := <-st
				s.closed++
				st <- s
			}()
		}
	}()
	read := func() state { s := <-st; st <- s; return s }
	return l.Addr().String(), func() int { return read().accepted },
		func() bool { s := read(); return s.accepted > 0 && s.closed == s.accepted }
}

func TestJump_ctxCancelledMidChain(t *testing.T) {
	j1, j2 := newFixture(t), newFixture(t)
	addr, accepted, closed := silentTarget(t)
	_, port, _ := net.SplitHostPort(addr)
	cfg := j2.cfg // the target's key and files do not matter: its handshake never ends
	cfg.Port, _ = strconv.Atoi(port)
	cfg.Jump = []Hop{j1.hop(), j2.hop()}
	j1.srv.permit(j2.srv.addr())
	j2.srv.permit(addr)

	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, closer, err := DialLibvirt(ctx, "lab", cfg)
		if closer != nil {
			_ = closer.Close()
		}
		done <- err
	}()
	eventually(t, "the dial reached the target through both jumps", func() bool {
		forwards, _, _ := j2.srv.jumpCounts()
		return accepted() == 1 && len(forwards) == 1
	})
	cancel()
	var err error
	select {
	case err = <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("the dial did not end within 3 s of its ctx")
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v does not wrap context.Canceled", err)
	}
	eventually(t, "both jumps' connections are closed", func() bool { return liveConns(j1.srv)+liveConns(j2.srv) == 0 })
	eventually(t, "the target's connection is closed", closed)
	eventually(t, "no goroutine of the dial is left", func() bool { return runtime.NumGoroutine() <= before })
}

func TestJump_execFallback(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	target.srv.refuseForwarding(ssh.Prohibited)
	target.srv.install("nc", true)
	conn, err := dial(t, behind(target, jump))
	if err != nil {
		t.Fatalf("dial through a jump to a host that only execs: %v", err)
	}
	if got := TransportOf(conn); got != TransportNC {
		t.Errorf("transport = %q, want %q", got, TransportNC)
	}
	assertEcho(t, conn)
	assertThrough(t, jump, target)
	if _, execs := jump.srv.counts(); len(execs) != 0 {
		t.Errorf("the jump ran %v; helpers run on the target only", execs)
	}
}

func TestJump_closeTearsDownEveryHop(t *testing.T) {
	target, j1, j2 := newFixture(t), newFixture(t), newFixture(t)
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, closer, err := DialLibvirt(ctx, "lab", behind(target, j1, j2))
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	assertEcho(t, conn)
	for _, s := range []*testServer{j1.srv, j2.srv, target.srv} {
		if n := liveConns(s); n != 1 {
			t.Fatalf("server %s has %d connections open, want 1", s.addr(), n)
		}
	}
	if err := closer.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if _, err := conn.Write([]byte("x")); err == nil {
		t.Error("the libvirt conn still writes after close")
	}
	for _, s := range []*testServer{j1.srv, j2.srv, target.srv} {
		eventually(t, "server "+s.addr()+" sees its connection closed", func() bool { return liveConns(s) == 0 })
	}
	eventually(t, "no goroutine of the dial or its keepalive is left", func() bool { return runtime.NumGoroutine() <= before })
}

// TestJump_keepaliveClosesEveryHop: a chain whose target stops answering keepalives is torn
// down whole, jumps included.
func TestJump_keepaliveClosesEveryHop(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	cfg := behind(target, jump)
	cfg.KeepaliveInterval, cfg.KeepaliveMisses = 50*time.Millisecond, 2
	conn, err := dial(t, cfg)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	assertEcho(t, conn)
	if n := liveConns(jump.srv); n != 1 {
		t.Fatalf("jump has %d connections open, want 1", n)
	}
	target.srv.setKeepalive(false)
	eventually(t, "the jump's connection is closed by the keepalive", func() bool { return liveConns(jump.srv) == 0 })
}

func TestJump_missingJumpCredentials(t *testing.T) {
	target, jump := newFixture(t), newFixture(t)
	cfg := behind(target, jump)
	cfg.Jump[0].PrivateKeyFile = ""
	_, err := dial(t, cfg)
	assertJumpFailure(t, err, kvmerr.StageKey, kvmerr.Permanent, jump.srv.addr(), target)
}

// BenchmarkDial compares a dial of a host directly and through one and two jump hosts, all
// in-process on loopback: what a hop adds in this code (a TCP forward and a handshake), not a
// network's round trips.
func BenchmarkDial(b *testing.B) {
	for _, hops := range []int{0, 1, 2} {
		b.Run(fmt.Sprintf("jumps=%d", hops), func(b *testing.B) {
			target := newFixture(b)
			jumps := make([]*fixture, hops)
			for i := range jumps {
				jumps[i] = newFixture(b)
			}
			cfg := behind(target, jumps...)
			b.ResetTimer()
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				conn, closer, err := DialLibvirt(ctx, "lab", cfg)
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				_ = conn.Close()
				_ = closer.Close()
			}
		})
	}
}
