package backend_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

const trackHost = "h1"

// callZero calls method name of b with a live context and zero values for the other arguments.
func callZero(b backend.Backend, name string) []reflect.Value {
	m := reflect.ValueOf(b).MethodByName(name)
	args := make([]reflect.Value, m.Type().NumIn())
	for i := range args {
		if in := m.Type().In(i); in == reflect.TypeFor[context.Context]() {
			args[i] = reflect.ValueOf(context.Background())
		} else {
			args[i] = reflect.Zero(in)
		}
	}
	return m.Call(args)
}

// Every Backend method, on pooled and dedicated connections alike, runs the hook once it has
// returned exactly when it is not a read: a method added to Backend later is a write until it is
// listed as a read.
func TestTrackWrites_hookRunsAfterEveryWriteAndNoRead(t *testing.T) {
	typ := reflect.TypeFor[backend.Backend]()
	for i := range typ.NumMethod() {
		name := typ.Method(i).Name
		for _, dedicated := range []bool{false, true} {
			fb := fake.New(trackHost)
			pool := fake.NewPool(fb)
			conn := func() *fake.Backend {
				if dedicated {
					return pool.DedicatedBackends(trackHost)[0]
				}
				return fb
			}
			var hosts []string
			callLogged := true
			tp := backend.TrackWrites(pool, func(host string) {
				hosts = append(hosts, host)
				callLogged = callLogged && conn().Count(name) == 1
			})
			var b backend.Backend
			if dedicated {
				var err error
				if b, err = tp.Dedicated(context.Background(), trackHost); err != nil {
					t.Fatal(err)
				}
			} else {
				var release func()
				var err error
				if b, release, err = tp.Acquire(context.Background(), trackHost); err != nil {
					t.Fatal(err)
				}
				defer release()
			}
			callZero(b, name)
			write := !backend.ReadMethods[name]
			switch {
			case write && len(hosts) != 1, !write && len(hosts) != 0:
				t.Errorf("%s (dedicated %v): hook ran %d times, want it once iff a write (write: %v)", name, dedicated, len(hosts), write)
			case write && hosts[0] != trackHost:
				t.Errorf("%s: hook told host %q, want %q", name, hosts[0], trackHost)
			case write && !callLogged:
				t.Errorf("%s: hook ran before the call reached the connection", name)
			}
		}
	}
	for name := range backend.ReadMethods {
		if _, ok := typ.MethodByName(name); !ok {
			t.Errorf("read method %s is no method of Backend", name)
		}
	}
}

// A failed write counts too (it may have changed the host), and results pass through unchanged.
func TestTrackBackend_failedWriteCountsAndResultsPassThrough(t *testing.T) {
	fb := fake.New(trackHost)
	boom := errors.New("boom")
	fb.FailAlways("DomainCreate", boom)
	writes := 0
	b := backend.TrackBackend(fb, trackHost, func(string) { writes++ })
	if err := b.DomainCreate(context.Background(), libvirt.Domain{Name: "vm"}); !errors.Is(err, boom) {
		t.Fatalf("DomainCreate: %v, want %v", err, boom)
	}
	if writes != 1 {
		t.Fatalf("a failed write counted %d times", writes)
	}
	if v, err := b.ConnectGetLibVersion(context.Background()); err != nil || v != fake.DefaultLibVersion {
		t.Fatalf("ConnectGetLibVersion: %d, %v", v, err)
	}
	if writes != 1 {
		t.Fatalf("a read counted as a write")
	}
}

// What a connection reports of its link (backend.Liveness, backend.TransportReporter) passes
// through the wrapper, and a pool error is returned as it is.
func TestTrackWrites_keepsLinkReportsAndPoolErrors(t *testing.T) {
	fb := fake.New(trackHost)
	fb.SetTransport("exec:nc")
	pool := fake.NewPool(fb)
	tp := backend.TrackWrites(pool, func(string) {})
	b, release, err := tp.Acquire(context.Background(), trackHost)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if backend.TransportOf(b) != "exec:nc" || !backend.LinkAlive(b) {
		t.Fatalf("transport %q alive %v through the wrapper", backend.TransportOf(b), backend.LinkAlive(b))
	}
	_ = fb.Close()
	if backend.LinkAlive(b) {
		t.Fatal("a closed connection reports alive through the wrapper")
	}
	dead := errors.New("no route")
	pool.FailAcquire(trackHost, dead)
	pool.FailDedicated(trackHost, dead)
	if _, _, err := tp.Acquire(context.Background(), trackHost); !errors.Is(err, dead) {
		t.Fatalf("Acquire: %v, want %v", err, dead)
	}
	if _, err := tp.Dedicated(context.Background(), trackHost); !errors.Is(err, dead) {
		t.Fatalf("Dedicated: %v, want %v", err, dead)
	}
}
