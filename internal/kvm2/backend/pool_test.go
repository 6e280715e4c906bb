package backend

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// newTestPool returns a pool over hosts "lab" and "lab2" whose dials go to stub daemons.
func newTestPool(t *testing.T, opts PoolOptions) (Pool, *countingDialer) {
	t.Helper()
	d := &countingDialer{}
	opts.Dial = d.dial
	p := NewSSHPool(map[string]sshx.Config{"lab": {}, "lab2": {}}, opts)
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
	p, d := newTestPool(t, PoolOptions{})
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
			p, d := newTestPool(t, PoolOptions{})
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
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, opts)
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
	p, _ := newTestPool(t, PoolOptions{PerHost: 1})
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
	p, d := newTestPool(t, PoolOptions{})
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
	p, d := newTestPool(t, PoolOptions{})
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
	opts := PoolOptions{PerHost: 1, Dial: func(context.Context, string, sshx.Config) (net.Conn, io.Closer, error) {
		return nil, nil, dialErr
	}}
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, opts)
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
	p := NewSSHPool(map[string]sshx.Config{"lab": {}}, PoolOptions{Dial: d.dial})
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
