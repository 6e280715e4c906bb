package backend

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// newTestPool returns a pool over hosts "lab" and "lab2", each within limits, whose dials go
// to stub daemons.
func newTestPool(t *testing.T, limits Limits, opts PoolOptions) (Pool, *countingDialer) {
	t.Helper()
	d := &countingDialer{}
	opts.Dial = d.dial
	p := NewSSHPool(map[string]sshx.Config{"lab": {}, "lab2": {}}, map[string]Limits{"lab": limits, "lab2": limits}, opts)
	t.Cleanup(func() { _ = p.Close() })
	return p, d
}

// acquire acquires host with a generous deadline, failing the test on error.
func acquire(t *testing.T, p Pool, host string) (Backend, func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	b, release, err := p.Acquire(ctx, host)
	if err != nil {
		t.Fatalf("Acquire(%s): %v", host, err)
	}
	return b, release
}

func TestPool_reusesLiveConnection(t *testing.T) {
	p, d := newTestPool(t, Limits{}, PoolOptions{})
	first, release := acquire(t, p, "lab")
	release()
	second, release := acquire(t, p, "lab")
	release()
	if first != second {
		t.Error("second Acquire returned a different connection while the first was alive")
	}
	if n := d.dials.Load(); n != 1 {
		t.Errorf("dials = %d, want 1", n)
	}
	if v, err := second.ConnectGetLibVersion(context.Background()); err != nil || v != stubLibVersion {
		t.Errorf("ConnectGetLibVersion = %d, %v", v, err)
	}
}

func TestPool_redialsDeadConnection(t *testing.T) {
	tests := []struct {
		name string
		kill func(t *testing.T, b Backend, d *countingDialer)
	}{
		{
			name: "an RPC on it was abandoned",
			kill: func(t *testing.T, b Backend, d *countingDialer) {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				defer cancel()
				// The daemon stops answering: the call is abandoned and the link closed.
				_, err := b.NetworkLookupByName(ctx, "default")
				assertAbandoned(t, err, context.DeadlineExceeded)
			},
		},
		{
			name: "it was closed",
			kill: func(t *testing.T, b Backend, d *countingDialer) { _ = b.Close() },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, d := newTestPool(t, Limits{}, PoolOptions{})
			first, release := acquire(t, p, "lab")
			tt.kill(t, first, d)
			release()

			second, release := acquire(t, p, "lab")
			defer release()
			if second == first {
				t.Fatal("Acquire returned the dead connection")
			}
			if n := d.dials.Load(); n != 2 {
				t.Errorf("dials = %d, want 2 (one redial)", n)
			}
			if _, err := second.ConnectGetLibVersion(context.Background()); err != nil {
				t.Errorf("RPC on the redialed connection: %v", err)
			}
		})
	}
}

func TestPool_peerDropRedials(t *testing.T) {
	var servers []net.Conn
	dials := 0
	opts := PoolOptions{Dial: func(ctx context.Context, host string, cfg sshx.Config) (net.Conn, io.Closer, error) {
		dials++
		client, server := net.Pipe()
		servers = append(servers, server)
		serveStub(server, map[uint32]func(*stubDaemon, packet){procGetLibVer: answerLibVersion})
		return client, nil, nil
	}}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, nil, opts)
	defer p.Close()

	first, release := acquire(t, p, "lab")
	release()
	_ = servers[0].Close() // the daemon goes away
	deadline := time.Now().Add(5 * time.Second)
	for first.(Liveness).Alive() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}

	second, release := acquire(t, p, "lab")
	defer release()
	if second == first || dials != 2 {
		t.Fatalf("after the peer dropped: same connection = %v, dials = %d; want a redial", second == first, dials)
	}
}

func TestPool_slotWaitEndsWithCtx(t *testing.T) {
	p, _ := newTestPool(t, Limits{Operations: 1}, PoolOptions{})
	_, release := acquire(t, p, "lab")

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := p.Acquire(ctx, "lab")
	if time.Since(start) > 5*time.Second {
		t.Errorf("slot wait took %v past its ctx", time.Since(start))
	}
	if !errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, kvmerr.ErrTransient) {
		t.Fatalf("err = %v, want Transient wrapping the deadline", err)
	}

	// Another host has its own slots.
	_, releaseOther := acquire(t, p, "lab2")
	releaseOther()

	release()
	release() // releasing twice must not free a second slot
	_, release2 := acquire(t, p, "lab")
	defer release2()
	ctx2, cancel2 := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel2()
	if _, _, err := p.Acquire(ctx2, "lab"); err == nil {
		t.Error("a double release freed an extra slot")
	}
}

func TestPool_unknownHostIsPermanent(t *testing.T) {
	p, d := newTestPool(t, Limits{}, PoolOptions{})
	ops := map[string]func() error{
		"Acquire": func() error {
			_, _, err := p.Acquire(context.Background(), "nope")
			return err
		},
		"Dedicated": func() error {
			_, err := p.Dedicated(context.Background(), "nope")
			return err
		},
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			err := op()
			if !errors.Is(err, kvmerr.ErrPermanent) {
				t.Fatalf("err = %v, want Permanent", err)
			}
			for _, want := range []string{`"nope"`, "lab, lab2"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %s", err, want)
				}
			}
		})
	}
	if n := d.dials.Load(); n != 0 {
		t.Errorf("dials = %d for an unknown host, want 0", n)
	}
}

func TestPool_dedicatedIsNeverShared(t *testing.T) {
	p, d := newTestPool(t, Limits{}, PoolOptions{})
	pooled, release := acquire(t, p, "lab")
	defer release()

	ded1, err := p.Dedicated(context.Background(), "lab")
	if err != nil {
		t.Fatal(err)
	}
	defer ded1.Close()
	ded2, err := p.Dedicated(context.Background(), "lab")
	if err != nil {
		t.Fatal(err)
	}
	defer ded2.Close()

	if ded1 == ded2 || ded1 == pooled || ded2 == pooled {
		t.Fatal("a dedicated connection was shared")
	}
	if n := d.dials.Load(); n != 3 {
		t.Errorf("dials = %d, want 3 (pooled + two dedicated)", n)
	}
	// Closing a dedicated connection leaves the pooled one working.
	_ = ded1.Close()
	again, release2 := acquire(t, p, "lab")
	release2()
	if again != pooled {
		t.Error("closing a dedicated connection disturbed the pooled one")
	}
}

func TestPool_dialFailureReleasesSlot(t *testing.T) {
	dialErr := &kvmerr.DialError{Host: "lab", Stage: kvmerr.StageAuth, Err: errors.New("denied")}
	opts := PoolOptions{Dial: func(context.Context, string, sshx.Config) (net.Conn, io.Closer, error) {
		return nil, nil, dialErr
	}}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, map[string]Limits{"lab": {Operations: 1}}, opts)
	defer p.Close()
	for i := range 2 { // the second attempt would block forever if the slot leaked
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, _, err := p.Acquire(ctx, "lab")
		cancel()
		var de *kvmerr.DialError
		if !errors.As(err, &de) || de.Stage != kvmerr.StageAuth {
			t.Fatalf("attempt %d: err = %v, want the dial's auth error", i, err)
		}
	}
}

func TestPool_closeClosesPooledAndRefusesMore(t *testing.T) {
	d := &countingDialer{}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, nil, PoolOptions{Dial: d.dial})
	b, release := acquire(t, p, "lab")
	release()
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if b.(Liveness).Alive() {
		t.Error("pooled connection alive after pool Close")
	}
	if n := d.closers.Load(); n != 1 {
		t.Errorf("SSH closers called %d times, want 1", n)
	}
	if _, _, err := p.Acquire(context.Background(), "lab"); !errors.Is(err, kvmerr.ErrPermanent) {
		t.Errorf("Acquire after Close: err = %v, want Permanent", err)
	}
}

// scriptedDialer fails each dial with what fail returns for the dial's number (1-based), or
// hands out a working stub connection when fail returns nil.
type scriptedDialer struct {
	dials atomic.Int32
	mu    sync.Mutex
	fail  func(n int32) error
}

func (d *scriptedDialer) dial(_ context.Context, host string, _ sshx.Config) (net.Conn, io.Closer, error) {
	n := d.dials.Add(1)
	d.mu.Lock()
	fail := d.fail
	d.mu.Unlock()
	if err := fail(n); err != nil {
		return nil, nil, err
	}
	return stubConn(map[uint32]func(*stubDaemon, packet){procGetLibVer: answerLibVersion}), nil, nil
}

func (d *scriptedDialer) setFail(fail func(n int32) error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.fail = fail
}

// refusedDial is what sshx returns when nothing listens on the host's SSH port.
func refusedDial(host string) error {
	return &kvmerr.DialError{Host: host, Stage: kvmerr.StageTCP, Err: &net.OpError{
		Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED),
	}}
}

// authDial is a refused credential.
func authDial(host string) error {
	return &kvmerr.DialError{Host: host, Stage: kvmerr.StageAuth, Err: errors.New("ssh: unable to authenticate")}
}

// newScriptedPool is a pool over "lab" and "lab2" with short grace and memory.
func newScriptedPool(t *testing.T, d *scriptedDialer, grace, memory time.Duration) *sshPool {
	t.Helper()
	p := NewSSHPool(map[string]sshx.Config{"lab": {}, "lab2": {}}, nil, PoolOptions{Dial: d.dial}).(*sshPool)
	p.refusedGrace, p.refusedRedial, p.failureMemory = grace, grace/5, memory
	t.Cleanup(func() { _ = p.Close() })
	return p
}

func TestPool_refusedHostIsDownAfterGrace(t *testing.T) {
	d := &scriptedDialer{fail: func(int32) error { return refusedDial("lab") }}
	p := newScriptedPool(t, d, 100*time.Millisecond, time.Minute)
	start := time.Now()
	_, _, err := p.Acquire(context.Background(), "lab")
	elapsed := time.Since(start)
	if !errors.Is(err, kvmerr.ErrPermanent) {
		t.Fatalf("err = %v, want Permanent once the host refused for the whole grace", err)
	}
	if elapsed < 100*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("failed after %v, want just after the 100ms grace", elapsed)
	}
	if n := d.dials.Load(); n < 3 {
		t.Errorf("dials = %d, want the refused dial repeated within the grace", n)
	}
	for _, want := range []string{"on lab", "refused every connection", "sshd", "connection refused"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not say %q: %v", want, err)
		}
	}
	var de *kvmerr.DialError
	if !errors.As(err, &de) || de.Stage != kvmerr.StageTCP {
		t.Errorf("the dial stage is lost: %v", err)
	}
}

// TestPool_refusedWithinGraceRidesThrough: sshd restarting refuses for a moment; the caller
// gets a connection, not an error.
func TestPool_refusedWithinGraceRidesThrough(t *testing.T) {
	d := &scriptedDialer{fail: func(n int32) error {
		if n <= 3 {
			return refusedDial("lab")
		}
		return nil
	}}
	p := newScriptedPool(t, d, time.Second, time.Minute)
	b, release := acquire(t, p, "lab")
	defer release()
	if _, err := b.ConnectGetLibVersion(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := d.dials.Load(); n != 4 {
		t.Errorf("dials = %d, want 4 (three refused, one that worked)", n)
	}
}

// TestPool_refusedGraceEndsWithCtx: a caller whose ctx ends inside the grace gets the refusal
// at once, as a Transient failure (its time ran out, not the host's).
func TestPool_refusedGraceEndsWithCtx(t *testing.T) {
	d := &scriptedDialer{fail: func(int32) error { return refusedDial("lab") }}
	p := newScriptedPool(t, d, time.Minute, time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, _, err := p.Acquire(ctx, "lab")
	if time.Since(start) > 5*time.Second {
		t.Errorf("Acquire took %v past its 100ms ctx", time.Since(start))
	}
	if !errors.Is(err, syscall.ECONNREFUSED) || kvmerr.Classify(err) != kvmerr.Transient {
		t.Errorf("err = %v, want the Transient refusal", err)
	}
}

// TestPool_unusableHostDialedOnce: many callers of a host that cannot be used share one dial
// and one error naming the host; another host is not affected.
func TestPool_unusableHostDialedOnce(t *testing.T) {
	tests := []struct {
		name    string
		fail    error
		maxDial int32
	}{
		{"auth refused", authDial("lab"), 1},
		{"connection refused", refusedDial("lab"), 1 + 5 + 1}, // one grace: a dial per redial interval
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &scriptedDialer{fail: func(int32) error { return tt.fail }}
			other := &countingDialer{}
			p := newScriptedPool(t, d, 100*time.Millisecond, time.Minute)
			p.opts.Dial = func(ctx context.Context, host string, cfg sshx.Config) (net.Conn, io.Closer, error) {
				if host == "lab2" {
					return other.dial(ctx, host, cfg)
				}
				return d.dial(ctx, host, cfg)
			}
			errs := make([]error, 50)
			var wg sync.WaitGroup
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					defer cancel()
					_, _, errs[i] = p.Acquire(ctx, "lab")
				}()
			}
			wg.Wait()
			if _, err := p.Dedicated(context.Background(), "lab"); err == nil || err.Error() != errs[0].Error() {
				t.Errorf("Dedicated after the failure: err = %v, want the remembered %v", err, errs[0])
			}
			if n := d.dials.Load(); n > tt.maxDial {
				t.Errorf("dials = %d for 51 callers, want at most %d", n, tt.maxDial)
			}
			for i, err := range errs {
				if kvmerr.Classify(err) != kvmerr.Permanent || err.Error() != errs[0].Error() {
					t.Fatalf("caller %d: err = %v, want the same Permanent error as the first (%v)", i, err, errs[0])
				}
			}
			if !strings.Contains(errs[0].Error(), "lab") {
				t.Errorf("error does not name the host: %v", errs[0])
			}
			_, release := acquire(t, p, "lab2")
			release()
			if n := other.dials.Load(); n != 1 {
				t.Errorf("lab2 dials = %d, want 1", n)
			}
		})
	}
}

// TestPool_rememberedFailureExpires: a host that comes back is dialed again once the memory
// ends, and a successful dial clears what was remembered.
func TestPool_rememberedFailureExpires(t *testing.T) {
	d := &scriptedDialer{fail: func(int32) error { return authDial("lab") }}
	p := newScriptedPool(t, d, 100*time.Millisecond, 200*time.Millisecond)
	if _, _, err := p.Acquire(context.Background(), "lab"); kvmerr.Classify(err) != kvmerr.Permanent {
		t.Fatalf("first Acquire: err = %v, want Permanent", err)
	}
	d.setFail(func(int32) error { return nil }) // the key is fixed on the host
	if _, _, err := p.Acquire(context.Background(), "lab"); err == nil || d.dials.Load() != 1 {
		t.Fatalf("within the memory: err = %v, dials = %d; want the remembered error and no dial", err, d.dials.Load())
	}
	time.Sleep(250 * time.Millisecond)
	ded, err := p.Dedicated(context.Background(), "lab")
	if err != nil {
		t.Fatalf("after the memory ended: %v", err)
	}
	_ = ded.Close()
	// The success cleared the memory: a new failure is dialed, not an old one replayed.
	d.setFail(func(int32) error { return refusedDial("lab") })
	p.refusedGrace = 0
	_, _, err = p.Acquire(context.Background(), "lab")
	if !errors.Is(err, syscall.ECONNREFUSED) || d.dials.Load() != 3 {
		t.Errorf("after a success: err = %v, dials = %d; want a fresh dial that was refused", err, d.dials.Load())
	}
}

// TestPool_transientDialFailureNotRemembered: a failure that may pass is never replayed to the
// next caller.
func TestPool_transientDialFailureNotRemembered(t *testing.T) {
	timeout := &kvmerr.DialError{Host: "lab", Stage: kvmerr.StageSocket, Err: errors.New("connect failed")}
	d := &scriptedDialer{fail: func(int32) error { return timeout }}
	p := newScriptedPool(t, d, 100*time.Millisecond, time.Minute)
	for i := range 3 {
		_, _, err := p.Acquire(context.Background(), "lab")
		if !errors.Is(err, timeout) {
			t.Fatalf("attempt %d: err = %v", i, err)
		}
	}
	if n := d.dials.Load(); n != 3 {
		t.Errorf("dials = %d, want 3 (one per caller)", n)
	}
}

// TestPool_sharesTransportMemoryPerHost: every dial of a host, pooled or dedicated, carries
// the same sshx.Memory, and each host has its own, so a transport learned once is reused.
func TestPool_sharesTransportMemoryPerHost(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]*sshx.Memory{}
	opts := PoolOptions{Dial: func(_ context.Context, host string, cfg sshx.Config) (net.Conn, io.Closer, error) {
		mu.Lock()
		seen[host] = append(seen[host], cfg.Memory)
		mu.Unlock()
		return stubConn(map[uint32]func(*stubDaemon, packet){procGetLibVer: answerLibVersion}), nil, nil
	}}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}, "lab2": {}}, nil, opts)
	defer p.Close()
	for _, host := range []string{"lab", "lab2"} {
		_, release := acquire(t, p, host)
		release()
		b, err := p.Dedicated(context.Background(), host)
		if err != nil {
			t.Fatalf("Dedicated %s: %v", host, err)
		}
		_ = b.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	for host, ms := range seen {
		if len(ms) != 2 || ms[0] == nil || ms[0] != ms[1] {
			t.Errorf("%s: dials carried memories %p, want one shared non-nil memory", host, ms)
		}
	}
	if seen["lab"][0] == seen["lab2"][0] {
		t.Error("two hosts share one transport memory")
	}
}

// viaConn is a dialed conn that says which transport it took, as sshx's conns do.
type viaConn struct {
	net.Conn
	via sshx.Transport
}

func (c viaConn) Transport() sshx.Transport { return c.via }

func TestConnect_reportsTransport(t *testing.T) {
	for _, via := range []sshx.Transport{sshx.TransportStreamLocal, sshx.TransportVirtSSHHelper, sshx.TransportNC} {
		opts := PoolOptions{Dial: func(context.Context, string, sshx.Config) (net.Conn, io.Closer, error) {
			return viaConn{stubConn(map[uint32]func(*stubDaemon, packet){}), via}, nil, nil
		}}
		b, err := Connect(context.Background(), "lab", sshx.Config{}, opts)
		if err != nil {
			t.Fatalf("Connect: %v", err)
		}
		if got := TransportOf(b); got != string(via) {
			t.Errorf("TransportOf = %q, want %q", got, via)
		}
		_ = b.Close()
	}
}

// holdConcurrently acquires host n times from n goroutines at once and returns what each got,
// all still held, and their releases; the test's end releases them.
func holdConcurrently(t *testing.T, p Pool, host string, n int) ([]Backend, []func()) {
	t.Helper()
	got := make([]Backend, n)
	releases := make([]func(), n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			b, release, err := p.Acquire(ctx, host)
			if err != nil {
				t.Errorf("Acquire %d: %v", i, err)
				return
			}
			got[i], releases[i] = b, release
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	t.Cleanup(func() {
		for _, r := range releases {
			r()
		}
	})
	return got, releases
}

// usersPerBackend counts how many holders share each distinct connection.
func usersPerBackend(bs []Backend) map[Backend]int {
	out := map[Backend]int{}
	for _, b := range bs {
		out[b]++
	}
	return out
}

func TestLimits_connections(t *testing.T) {
	tests := []struct {
		l         Limits
		conns     int
		perConn   int
		operation int
	}{
		{Limits{}, 2, DefaultPerConnection, DefaultOperations},
		{Limits{Operations: 10, PerConnection: 5}, 2, 5, 10},
		{Limits{Operations: 11, PerConnection: 5}, 3, 5, 11},
		{Limits{Operations: 3, PerConnection: 2}, 2, 2, 3},
		{Limits{Operations: 1, PerConnection: 5}, 1, 1, 1},
		{Limits{Operations: 64, PerConnection: 1}, 64, 1, 64},
	}
	for _, tt := range tests {
		l := tt.l.withDefaults()
		if got := tt.l.Connections(); got != tt.conns || l.PerConnection != tt.perConn || l.Operations != tt.operation {
			t.Errorf("%+v: %d connections of %d users for %d operations; want %d of %d for %d",
				tt.l, got, l.PerConnection, l.Operations, tt.conns, tt.perConn, tt.operation)
		}
	}
}

// TestPool_dialsAnotherConnectionOnlyWhenFull: ten operations at five per connection use two
// connections when ten hold the host and one when three do; an eleventh waits for a release.
func TestPool_dialsAnotherConnectionOnlyWhenFull(t *testing.T) {
	limits := Limits{Operations: 10, PerConnection: 5}
	t.Run("ten holders", func(t *testing.T) {
		p, d := newTestPool(t, limits, PoolOptions{})
		got, releases := holdConcurrently(t, p, "lab", 10)
		if n := d.dials.Load(); n != 2 {
			t.Errorf("dials = %d for ten holders, want 2", n)
		}
		users := usersPerBackend(got)
		if len(users) != 2 {
			t.Fatalf("ten holders share %d connections, want 2", len(users))
		}
		for b, n := range users {
			if n != 5 {
				t.Errorf("a connection has %d users, want 5", n)
			}
			if _, err := b.ConnectGetLibVersion(context.Background()); err != nil {
				t.Errorf("RPC on a pooled connection: %v", err)
			}
		}

		// The eleventh waits while all ten hold the host...
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if _, _, err := p.Acquire(ctx, "lab"); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("eleventh Acquire: err = %v, want it to wait until its ctx ends", err)
		}
		// ...and gets the place of one that leaves, on a connection already dialed.
		waited := make(chan Backend)
		go func() {
			b, rel := acquire(t, p, "lab")
			defer rel()
			waited <- b
		}()
		select {
		case <-waited:
			t.Fatal("the eleventh got a slot before any release")
		case <-time.After(50 * time.Millisecond):
		}
		releases[0]()
		select {
		case b := <-waited:
			if b != got[0] {
				t.Error("the eleventh did not take the place the release freed")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the eleventh still waits after a release")
		}
		if n := d.dials.Load(); n != 2 {
			t.Errorf("dials = %d after the eleventh, want still 2", n)
		}
	})
	t.Run("three holders", func(t *testing.T) {
		p, d := newTestPool(t, limits, PoolOptions{})
		got, _ := holdConcurrently(t, p, "lab", 3)
		if n := d.dials.Load(); n != 1 {
			t.Errorf("dials = %d for three holders, want 1", n)
		}
		if users := usersPerBackend(got); len(users) != 1 {
			t.Errorf("three holders share %d connections, want 1", len(users))
		}
	})
}

// TestPool_deadConnectionRedialedWhileOtherServes: one of two connections dies; its next user
// gets a fresh one while the holders of the other keep theirs, and the other is not redialed.
func TestPool_deadConnectionRedialedWhileOtherServes(t *testing.T) {
	p, d := newTestPool(t, Limits{Operations: 4, PerConnection: 2}, PoolOptions{})
	got, releases := holdConcurrently(t, p, "lab", 4)
	users := usersPerBackend(got)
	if len(users) != 2 || d.dials.Load() != 2 {
		t.Fatalf("four holders at two per connection: %d connections, %d dials; want 2 and 2", len(users), d.dials.Load())
	}
	dead := got[0]
	var other Backend
	for b := range users {
		if b != dead {
			other = b
		}
	}
	_ = dead.Close()
	// Both holders of the dead connection leave; its place is taken by a new caller.
	for i, b := range got {
		if b == dead {
			releases[i]()
		}
	}
	fresh, release := acquire(t, p, "lab")
	defer release()
	if fresh == dead || fresh == other {
		t.Fatalf("Acquire after the death: dead = %v, other = %v; want a fresh connection", fresh == dead, fresh == other)
	}
	if n := d.dials.Load(); n != 3 {
		t.Errorf("dials = %d, want 3 (one redial)", n)
	}
	if _, err := other.ConnectGetLibVersion(context.Background()); err != nil {
		t.Errorf("the other connection stopped serving: %v", err)
	}
	if _, err := fresh.ConnectGetLibVersion(context.Background()); err != nil {
		t.Errorf("RPC on the redialed connection: %v", err)
	}
}

// TestPool_slotWaitEndsWithCtxWhenAllConnectionsFull: with every operation slot of every
// connection held, a caller waits only as long as its ctx, and dials nothing.
func TestPool_slotWaitEndsWithCtxWhenAllConnectionsFull(t *testing.T) {
	p, d := newTestPool(t, Limits{Operations: 10, PerConnection: 5}, PoolOptions{})
	holdConcurrently(t, p, "lab", 10)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, _, err := p.Acquire(ctx, "lab")
		errc <- err
	}()
	time.Sleep(30 * time.Millisecond)
	cancel()
	select {
	case err := <-errc:
		if !errors.Is(err, context.Canceled) || !errors.Is(err, kvmerr.ErrTransient) {
			t.Errorf("err = %v, want Transient wrapping the cancellation", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Acquire did not return after its ctx was cancelled")
	}
	if n := d.dials.Load(); n != 2 {
		t.Errorf("dials = %d, want 2", n)
	}
}

// TestPool_oneOperationOneConnection: one operation at five per connection is one connection
// with one user; a second caller waits.
func TestPool_oneOperationOneConnection(t *testing.T) {
	p, d := newTestPool(t, Limits{Operations: 1, PerConnection: 5}, PoolOptions{})
	first, release := acquire(t, p, "lab")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, _, err := p.Acquire(ctx, "lab"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("second Acquire: err = %v, want a wait that ends with its ctx", err)
	}
	release()
	second, release := acquire(t, p, "lab")
	release()
	if first != second || d.dials.Load() != 1 {
		t.Errorf("same connection = %v, dials = %d; want one connection", first == second, d.dials.Load())
	}
	e := p.(*sshPool).entries["lab"]
	if len(e.conns) != 1 || e.limits.PerConnection != 1 {
		t.Errorf("%d connections of %d users, want 1 of 1", len(e.conns), e.limits.PerConnection)
	}
}

// TestPool_unusableHostDialedOnceAcrossConnections: callers spread over several connections
// of a host that refuses credentials still share one dial and its error.
func TestPool_unusableHostDialedOnceAcrossConnections(t *testing.T) {
	gate := make(chan struct{})
	var dials atomic.Int32
	opts := PoolOptions{Dial: func(context.Context, string, sshx.Config) (net.Conn, io.Closer, error) {
		dials.Add(1)
		<-gate // every caller is waiting on some connection before the dial fails
		return nil, nil, authDial("lab")
	}}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, map[string]Limits{"lab": {Operations: 10, PerConnection: 2}}, opts)
	defer p.Close()
	errs := make([]error, 10)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_, _, errs[i] = p.Acquire(ctx, "lab")
		}()
	}
	time.Sleep(50 * time.Millisecond)
	close(gate)
	wg.Wait()
	if n := dials.Load(); n != 1 {
		t.Errorf("dials = %d for ten callers over five connections, want 1", n)
	}
	for i, err := range errs {
		if kvmerr.Classify(err) != kvmerr.Permanent {
			t.Errorf("caller %d: err = %v, want the remembered Permanent failure", i, err)
		}
	}
}

// TestPool_closeClosesEveryConnection: Close closes every pooled connection of a host.
func TestPool_closeClosesEveryConnection(t *testing.T) {
	d := &countingDialer{}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, map[string]Limits{"lab": {Operations: 6, PerConnection: 2}}, PoolOptions{Dial: d.dial})
	got, releases := holdConcurrently(t, p, "lab", 6)
	for _, r := range releases {
		r()
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	for b := range usersPerBackend(got) {
		if b.(Liveness).Alive() {
			t.Error("a pooled connection is alive after pool Close")
		}
	}
	if n, c := d.dials.Load(), d.closers.Load(); n != 3 || c != 3 {
		t.Errorf("dials = %d, SSH closers called %d times; want 3 and 3", n, c)
	}
}
