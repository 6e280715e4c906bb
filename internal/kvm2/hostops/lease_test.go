package hostops

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const leaseSubject = "image-debian-12"

var leaseT0 = time.Unix(1_800_000_000, 0)

// testClock is a settable clock shared by the test's processes (one host, synchronized clocks).
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

func (c *testClock) of(owner string) LeaseClock { return LeaseClock{Owner: owner, Now: c.now} }

// leases are the names of the lease volumes on leaseSubject in the default pool.
func leases(b *fake.Backend) []string {
	var out []string
	for _, n := range b.VolumeNames("default") {
		if _, _, ok := rules.ParseLeaseName(n, leaseSubject); ok {
			out = append(out, n)
		}
	}
	return out
}

// heldBy fails unless err is a Transient *LeaseHeldError naming owner and until.
func heldBy(t *testing.T, err error, owner string, until time.Time) {
	t.Helper()
	var held *LeaseHeldError
	if !errors.As(err, &held) || kvmerr.Classify(err) != kvmerr.Transient || held.Owner != owner || !held.Until.Equal(until) {
		t.Fatalf("err = %v, want Transient, held by %s until %s", err, owner, until)
	}
	for _, want := range []string{owner, until.UTC().Format(time.RFC3339)} {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("error %q does not say %s", err, want)
		}
	}
}

// A lease is one holder's: another process waits, told who holds it and until when, and takes it
// once the owner released it; the owner's release deletes its lease volume and nothing else.
func TestLease_oneHolderAndRelease(t *testing.T) {
	b, p := poolWith(t, "unrelated")
	clock := &testClock{t: leaseT0}
	a, err := AcquireLease(context.Background(), b, p, leaseSubject, clock.of("host-a-1-aaaaaa"))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Valid() {
		t.Fatal("a new lease is not valid")
	}
	other := b.Twin()
	_, err = AcquireLease(context.Background(), other, p, leaseSubject, clock.of("host-b-2-bbbbbb"))
	heldBy(t, err, "host-a-1-aaaaaa", leaseT0.Add(rules.LeaseTTL))
	if got := leases(b); len(got) != 1 {
		t.Fatalf("leases %v, want A's alone", got)
	}
	a.Release(context.Background())
	if got := leases(b); len(got) != 0 {
		t.Fatalf("leases after release: %v", got)
	}
	bl, err := AcquireLease(context.Background(), other, p, leaseSubject, clock.of("host-b-2-bbbbbb"))
	if err != nil {
		t.Fatalf("B after A's release: %v", err)
	}
	bl.Release(context.Background())
	if got := b.VolumeNames("default"); len(got) != 1 || got[0] != "unrelated" {
		t.Fatalf("volumes %v, want the unrelated one alone", got)
	}
}

// A holder killed (SIGKILL: no release, no renewal) leaves its lease volume; the others wait,
// told who and until when, until its expiry plus the skew allowed, and then take it over: the
// dead holder's volume is deleted and theirs stands alone.
func TestLease_killedHolderIsTakenOverAfterExpiry(t *testing.T) {
	b, p := poolWith(t)
	until := leaseT0.Add(rules.LeaseTTL)
	dead := rules.LeaseName(leaseSubject, "ci-runner-7-4242-dead00", until)
	b.AddVolume("default", fake.Volume{Name: dead, Format: "raw"})
	clock := &testClock{}
	for _, at := range []time.Time{leaseT0, until, until.Add(rules.LeaseSkew - time.Second)} {
		clock.set(at)
		_, err := AcquireLease(context.Background(), b, p, leaseSubject, clock.of("host-b-2-bbbbbb"))
		heldBy(t, err, "ci-runner-7-4242-dead00", until)
		if got := leases(b); len(got) != 1 || got[0] != dead {
			t.Fatalf("at %s: leases %v, want the holder's alone (never deleted before its expiry)", at, got)
		}
	}
	clock.set(until.Add(rules.LeaseSkew))
	l, err := AcquireLease(context.Background(), b, p, leaseSubject, clock.of("host-b-2-bbbbbb"))
	if err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	defer l.Release(context.Background())
	want := rules.LeaseName(leaseSubject, "host-b-2-bbbbbb", until.Add(rules.LeaseSkew).Add(rules.LeaseTTL))
	if got := leases(b); len(got) != 1 || got[0] != want {
		t.Fatalf("leases %v, want %s alone", got, want)
	}
}

// Two processes acquire at once: A created its lease and is held before it reads the pool; B
// creates its own and reads the pool: B sees A's and backs off, deleting its own; A, whose
// reading shows only its lease, holds it. Never both.
func TestLease_twoAcquiringAtOnceNeverBothHold(t *testing.T) {
	b, p := poolWith(t)
	clock := &testClock{t: leaseT0}
	bConn := b.Twin()
	gateB := bConn.Pause("StorageVolCreateXML", nil) // B held before its create
	gateA := b.Pause("StoragePoolListAllVolumes", nil)

	type res struct {
		l   *Lease
		err error
	}
	acquire := func(conn *fake.Backend, owner string) <-chan res {
		ch := make(chan res, 1)
		go func() {
			l, err := AcquireLease(context.Background(), conn, p, leaseSubject, clock.of(owner))
			ch <- res{l, err}
		}()
		return ch
	}
	chB := acquire(bConn, "host-b-2-bbbbbb")
	<-gateB.Reached()
	chA := acquire(b, "host-a-1-aaaaaa")
	<-gateA.Reached() // A created its lease and is held before it reads the pool again
	gateB.Release()
	rb := <-chB
	gateA.Release()
	ra := <-chA
	if ra.err != nil {
		t.Fatalf("A: %v", ra.err)
	}
	defer ra.l.Release(context.Background())
	heldBy(t, rb.err, "host-a-1-aaaaaa", leaseT0.Add(rules.LeaseTTL))
	if got := leases(b); len(got) != 1 || !strings.Contains(got[0], "host-a-1-aaaaaa") {
		t.Fatalf("leases %v, want A's alone", got)
	}
}

// Renewal makes the next incarnation and then deletes the one before, so the lease never lapses
// on the host; a holder whose lease runs out by its own clock may no longer act.
func TestLease_renewAndValidity(t *testing.T) {
	b, p := poolWith(t)
	clock := &testClock{t: leaseT0}
	l, err := AcquireLease(context.Background(), b, p, leaseSubject, clock.of("host-a-1-aaaaaa"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release(context.Background())
	clock.set(leaseT0.Add(rules.LeaseTTL / 3))
	if err := l.Renew(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := rules.LeaseName(leaseSubject, "host-a-1-aaaaaa", leaseT0.Add(rules.LeaseTTL/3+rules.LeaseTTL))
	if got := leases(b); len(got) != 1 || got[0] != want {
		t.Fatalf("leases after renewal %v, want %s alone", got, want)
	}
	created, deleted := -1, -1
	for i, c := range b.Calls() {
		switch {
		case c.Method == "StorageVolCreateXML" && strings.HasSuffix(c.Target, want):
			created = i
		case c.Method == "StorageVolDelete":
			deleted = i
		}
	}
	if created < 0 || deleted < created {
		t.Fatalf("renewal calls %v: want the new incarnation created before the old one is deleted", b.Methods())
	}
	clock.set(leaseT0.Add(rules.LeaseTTL/3 + rules.LeaseTTL - rules.LeaseSkew))
	if l.Valid() {
		t.Fatal("a lease within the skew of its expiry is still valid")
	}
}
