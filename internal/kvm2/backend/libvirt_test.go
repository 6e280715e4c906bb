package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/libvirttest"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// TestAdapter_overLibvirttest drives the production adapter through go-libvirt's own mock
// daemon: the connect handshake and a set of RPCs, each reported once to the observer.
func TestAdapter_overLibvirttest(t *testing.T) {
	mock := libvirttest.New()
	conn, err := mock.Dial()
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	b, err := NewFromConn("lab", conn, nil, PoolOptions{Observer: rec})
	if err != nil {
		t.Fatalf("NewFromConn: %v", err)
	}
	defer b.Close()
	ctx := context.Background()
	dom := libvirt.Domain{Name: "test"}

	// The mock answers with a shared serial counter, so the RPCs run one after another.
	steps := []struct {
		method string
		run    func() error
	}{
		{"ConnectGetLibVersion", func() error {
			v, err := b.ConnectGetLibVersion(ctx)
			if err == nil && v != 1003004 {
				t.Errorf("lib version = %d, want 1003004", v)
			}
			return err
		}},
		{"DomainLookupByName", func() error {
			d, err := b.DomainLookupByName(ctx, "test")
			if err == nil && (d.Name != "test" || d.ID != 14) {
				t.Errorf("domain = %+v, want test/14", d)
			}
			return err
		}},
		{"ConnectListAllDomains", func() error {
			doms, err := b.ConnectListAllDomains(ctx, libvirt.ConnectListDomainsActive)
			if err == nil && len(doms) != 2 {
				t.Errorf("got %d domains, want 2", len(doms))
			}
			return err
		}},
		{"DomainGetState", func() error {
			state, reason, err := b.DomainGetState(ctx, dom)
			if err == nil && (state != 1 || reason != 1) {
				t.Errorf("state/reason = %d/%d, want 1/1", state, reason)
			}
			return err
		}},
		{"StoragePoolLookupByName", func() error {
			p, err := b.StoragePoolLookupByName(ctx, "default")
			if err == nil && p.Name != "default" {
				t.Errorf("pool = %q, want default", p.Name)
			}
			return err
		}},
		{"StoragePoolRefresh", func() error {
			return b.StoragePoolRefresh(ctx, libvirt.StoragePool{Name: "default"})
		}},
		{"DomainCreate", func() error { return b.DomainCreate(ctx, dom) }},
		{"DomainDestroy", func() error { return b.DomainDestroy(ctx, dom) }},
		{"DomainUndefine", func() error { return b.DomainUndefine(ctx, dom, libvirt.DomainUndefineNvram) }},
	}
	for _, s := range steps {
		t.Run(s.method, func(t *testing.T) {
			if err := s.run(); err != nil {
				t.Fatalf("%s: %v", s.method, err)
			}
		})
	}

	want := []string{"ConnectOpen"}
	for _, s := range steps {
		want = append(want, s.method)
	}
	if got := rec.methods(); !slices.Equal(got, want) {
		t.Errorf("observed RPCs = %v, want one line per RPC: %v", got, want)
	}
	if !b.(*libvirtBackend).Alive() {
		t.Error("backend reports dead after successful RPCs")
	}
}

// abandonedCause asserts err is the abandon policy's error: Transient, ErrAbandoned, cause.
func assertAbandoned(t *testing.T, err, cause error) {
	t.Helper()
	if err == nil {
		t.Fatal("call on a silent daemon succeeded")
	}
	for _, target := range []error{kvmerr.ErrTransient, kvmerr.ErrAbandoned, cause} {
		if !errors.Is(err, target) {
			t.Errorf("error %q does not wrap %q", err, target)
		}
	}
}

func TestCall_abandonPolicy(t *testing.T) {
	tests := []struct {
		name   string
		budget time.Duration // per-call budget
		ctxTTL time.Duration // caller's deadline; 0: none
		cause  error
	}{
		{name: "caller ctx ends first", budget: time.Minute, ctxTTL: 50 * time.Millisecond, cause: context.DeadlineExceeded},
		{name: "per-call budget ends first", budget: 50 * time.Millisecond, cause: context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b := newStubBackend(t, PoolOptions{Observer: rec, Budgets: Budgets{Call: tt.budget}}, nil)
			ctx := context.Background()
			if tt.ctxTTL > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tt.ctxTTL)
				defer cancel()
			}

			start := time.Now()
			_, err := b.ConnectGetLibVersion(ctx)
			if elapsed := time.Since(start); elapsed > 5*time.Second {
				t.Errorf("abandoned call returned after %v", elapsed)
			}
			assertAbandoned(t, err, tt.cause)
			if b.Alive() {
				t.Error("backend still alive after an abandoned call")
			}

			// The next call fails at once without touching the closed link.
			if _, err := b.ConnectGetLibVersion(context.Background()); !errors.Is(err, kvmerr.ErrTransient) {
				t.Errorf("call on a dead backend: err = %v, want Transient", err)
			}
			rec.mu.Lock()
			defer rec.mu.Unlock()
			if len(rec.lines) != 3 || !errors.Is(rec.lines[1].err, kvmerr.ErrAbandoned) {
				t.Errorf("observer lines = %+v, want ConnectOpen, the abandoned call and the dead-link call", rec.lines)
			}
		})
	}
}

func TestCall_canceledCtxAbandons(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(30*time.Millisecond, cancel)
	_, err := b.ConnectGetCapabilities(ctx)
	assertAbandoned(t, err, context.Canceled)
}

func TestCall_abandonFailsOtherCallsInFlight(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, nil)

	other := make(chan error, 1)
	go func() {
		// Long ctx: this call would wait forever if the link stayed open.
		_, err := b.StoragePoolLookupByName(context.Background(), "default")
		other <- err
	}()
	time.Sleep(20 * time.Millisecond) // let the other call reach the wire

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	_, err := b.ConnectGetLibVersion(ctx)
	assertAbandoned(t, err, context.DeadlineExceeded)

	select {
	case err := <-other:
		if err == nil {
			t.Fatal("in-flight call succeeded on a killed link")
		}
		if kvmerr.Classify(err) != kvmerr.Transient {
			t.Errorf("in-flight call error %v classified %v, want Transient", err, kvmerr.Classify(err))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("in-flight call still blocked after the link was killed")
	}
}

// TestCall_lateResultNeverReachesCaller proves (under -race) that a result computed after
// the caller gave up is not written anywhere the caller can see.
func TestCall_lateResultNeverReachesCaller(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, map[uint32]func(*stubDaemon, packet){procGetLibVer: answerLibVersion})
	release := make(chan struct{})
	finished := make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()

	got, err := call(ctx, b, "Slow", true, func() ([]int, error) {
		defer close(finished)
		<-release
		return []int{1, 2, 3}, nil // a late result
	})
	assertAbandoned(t, err, context.DeadlineExceeded)
	if got != nil {
		t.Fatalf("abandoned call returned a value: %v", got)
	}
	close(release)
	got = append(got, 42) // the caller reuses its variable while the late result lands
	<-finished
	if len(got) != 1 || got[0] != 42 {
		t.Fatalf("caller's variable was overwritten: %v", got)
	}
}

func TestLibvirtErrorsPassThroughWithCode(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, nil)
	want := libvirt.Error{Code: uint32(libvirt.ErrNoDomain), Message: "Domain not found"}
	_, err := call(context.Background(), b, "DomainLookupByName", true, func() (libvirt.Domain, error) {
		return libvirt.Domain{}, want
	})
	var got libvirt.Error
	if !errors.As(err, &got) || got.Code != want.Code {
		t.Fatalf("err = %v (%T), want the libvirt.Error with code %d", err, err, want.Code)
	}
	if !b.Alive() {
		t.Error("a libvirt error killed the link; only abandonment should")
	}
}

// uploadHandler answers a StorageVolUpload call, counts the streamed bytes and confirms the
// end of the stream after delay.
func uploadHandler(delay time.Duration, received *int64, mu *sync.Mutex) func(*stubDaemon, packet) {
	return func(d *stubDaemon, p packet) {
		switch {
		case p.typ == 0: // the call
			d.reply(p, typeReply, nil)
		case p.typ == typeStream && len(p.payload) > 0:
			mu.Lock()
			*received += int64(len(p.payload))
			mu.Unlock()
		case p.typ == typeStream && p.status == statusOK: // end of stream
			time.Sleep(delay)
			d.reply(p, typeStream, nil)
		}
	}
}

func TestStorageVolUpload_exemptFromCallBudget(t *testing.T) {
	var (
		mu       sync.Mutex
		received int64
	)
	b := newStubBackend(t, PoolOptions{Budgets: Budgets{Call: 50 * time.Millisecond}},
		map[uint32]func(*stubDaemon, packet){procVolUpload: uploadHandler(200*time.Millisecond, &received, &mu)})

	data := bytes.Repeat([]byte("x"), 64*1024)
	err := b.StorageVolUpload(context.Background(), libvirt.StorageVol{Name: "v"}, bytes.NewReader(data), uint64(len(data)))
	if err != nil {
		t.Fatalf("upload longer than the call budget failed: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if received != int64(len(data)) {
		t.Errorf("daemon received %d bytes, want %d", received, len(data))
	}
}

func TestStorageVolUpload_boundToCtx(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, nil) // the daemon never answers the upload
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := b.StorageVolUpload(ctx, libvirt.StorageVol{Name: "v"}, bytes.NewReader([]byte("abc")), 3)
	assertAbandoned(t, err, context.DeadlineExceeded)
}

func TestGatedStreams_detachOnClose(t *testing.T) {
	var buf bytes.Buffer
	w := gatedWriter{gate: &gate{}, w: &buf}
	r := gatedReader{gate: &gate{}, r: bytes.NewReader([]byte("abc"))}

	if _, err := w.Write([]byte("ok")); err != nil {
		t.Fatalf("write before close: %v", err)
	}
	if _, err := io.ReadAll(r); err != nil {
		t.Fatalf("read before close: %v", err) // ReadAll treats a plain io.EOF as success
	}
	w.close()
	r.close()
	if _, err := w.Write([]byte("late")); !errors.Is(err, errStreamDetached) {
		t.Errorf("write after close: err = %v, want errStreamDetached", err)
	}
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, errStreamDetached) {
		t.Errorf("read after close: err = %v, want errStreamDetached", err)
	}
	if buf.String() != "ok" {
		t.Errorf("writer holds %q, want only the write made before close", buf.String())
	}
}

func TestConnect_libvirtHandshakeBoundedByDialBudget(t *testing.T) {
	// A socket that accepts bytes and never answers, not even the handshake.
	conn := stubConnSilent()
	start := time.Now()
	_, err := NewFromConn("lab", conn, nil, PoolOptions{Budgets: Budgets{Dial: 50 * time.Millisecond}})
	if time.Since(start) > 5*time.Second {
		t.Errorf("NewFromConn took %v against a silent daemon", time.Since(start))
	}
	var de *kvmerr.DialError
	if !errors.As(err, &de) || de.Stage != kvmerr.StageLibvirt {
		t.Fatalf("err = %v, want a DialError at stage libvirt", err)
	}
	if kvmerr.Classify(err) != kvmerr.Transient {
		t.Errorf("class = %v, want Transient", kvmerr.Classify(err))
	}
}

func TestClose_isBoundedAndIdempotent(t *testing.T) {
	b := newStubBackend(t, PoolOptions{}, nil)
	if err := b.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if b.Alive() {
		t.Error("backend alive after Close")
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// A call that fails because the socket under go-libvirt is gone (go-libvirt's bare EINVAL)
// kills the link, so the pool redials: go-libvirt can keep reporting such a link connected, and
// the pool lent it again for every retry, each failing with "invalid argument" until the
// operation's timeout. A libvirt error whose code is "invalid argument" is no broken link.
func TestCall_aBrokenLinkIsKilled(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		broken bool
	}{
		{"go-libvirt's disconnected socket", syscall.EINVAL, true},
		{"a closed conn", fmt.Errorf("write: %w", net.ErrClosed), true},
		{"libvirt's invalid argument", libvirt.Error{Code: uint32(libvirt.ErrInvalidArg), Message: "invalid argument: x"}, false},
		{"another libvirt error", libvirt.Error{Code: uint32(libvirt.ErrNoDomain), Message: "no domain"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newStubBackend(t, PoolOptions{}, nil)
			_, err := run(context.Background(), b, "DomainCreate", true, func() (struct{}, error) { return struct{}{}, tt.err })
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			if b.Alive() == tt.broken {
				t.Errorf("after %v: Alive() = %v, want %v", tt.err, b.Alive(), !tt.broken)
			}
		})
	}
}
