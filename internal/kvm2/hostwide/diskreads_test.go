package hostwide

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestDiskIndexes_callersShareOnlyAReadBegunAfterTheyAsked: callers that ask while a read of the
// host is under way do not take it (it may miss a domain defined after it began); they wait,
// and share the next one, which sees that domain. Two reads serve one plus five callers.
func TestDiskIndexes_callersShareOnlyAReadBegunAfterTheyAsked(t *testing.T) {
	fb := labHost(t)
	first, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	var lists atomic.Int32
	fb.Inject("ConnectListAllDomains", func(context.Context, fake.Call) error {
		lists.Add(1)
		once.Do(func() { close(first); <-release })
		return nil
	})
	d := NewDiskReads(time.Now)
	ctx := context.Background()

	leader := make(chan *hostops.DiskIndex)
	go func() {
		x, err := d.Read(ctx, fb)
		if err != nil {
			t.Error(err)
		}
		leader <- x
	}()
	<-first
	// Defined after the first read began: that read may not see it, the next must.
	kvmtest.AddMarkedDomain(t, fb, "late", "01234567-89ab-4cde-8f01-23456789abcd", "", libvirt.DomainShutoff)
	late := fake.DefaultPoolPath + "/" + rules.OverlayName("late", "01234567-89ab-4cde-8f01-23456789abcd")

	const n = 5
	got := make(chan *hostops.DiskIndex, n)
	for range n {
		go func() {
			x, err := d.Read(ctx, fb)
			if err != nil {
				t.Error(err)
			}
			got <- x
		}()
	}
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.waiting == n
	})
	close(release)
	firstRead := <-leader
	if firstRead == nil {
		t.Fatal("the first read returned no index")
	}
	var shared *hostops.DiskIndex
	for range n {
		x := <-got
		if shared == nil {
			shared = x
		}
		if x != shared || x == firstRead {
			t.Fatal("callers that asked together got different reads, or the read begun before they asked")
		}
	}
	users, err := shared.Users(ctx, fb, []string{late}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(users[late]) != 1 || users[late][0].Name != "late" {
		t.Fatalf("users of %s: %v, want the domain late, defined before these callers asked", late, users[late])
	}
	if c := lists.Load(); c != 2 {
		t.Fatalf("%d reads of the host's domains, want 2 (one begun before the five asked, one for them)", c)
	}
}

// TestDiskIndexes_aFailedSharedReadLeavesTheOthersToReadThemselves: when the read two callers
// share fails for the one that ran it, the other, still live, reads the host itself instead of
// taking that failure.
func TestDiskIndexes_aFailedSharedReadLeavesTheOthersToReadThemselves(t *testing.T) {
	fb := labHost(t)
	d := NewDiskReads(time.Now)
	first, release := make(chan struct{}), make(chan struct{})
	var lists atomic.Int32
	fb.Inject("ConnectListAllDomains", func(context.Context, fake.Call) error {
		switch lists.Add(1) {
		case 1: // the read under way when the two ask
			close(first)
			<-release
		case 2: // the read they share
			return &libvirt.Error{Code: uint32(libvirt.ErrRPC), Message: "injected: connection reset"}
		}
		return nil
	})
	ctx := context.Background()
	go func() { _, _ = d.Read(ctx, fb) }()
	<-first
	errs := make(chan error, 2)
	for range 2 {
		go func() { _, err := d.Read(ctx, fb); errs <- err }()
	}
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.waiting == 2
	})
	close(release)
	failed := 0
	for range 2 {
		if err := <-errs; err != nil {
			failed++
		}
	}
	if failed != 1 || lists.Load() != 3 {
		t.Fatalf("%d of the two callers failed after %d reads of the host; want the one that ran the failed read, "+
			"and a third read by the other", failed, lists.Load())
	}
}

// waitFor polls cond until it holds, failing the test after ten seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 10 s")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestDiskIndexes_laterReadsLookUpOnlyWhatIsNew: a read of the host after another looks up only
// the volumes the first did not find (remembered for a while, hostops.VolumeMemo), and the
// later read still finds a new domain's use of a remembered volume; past the memo's time every
// volume is looked up again.
func TestDiskIndexes_laterReadsLookUpOnlyWhatIsNew(t *testing.T) {
	fb := labHost(t)
	startVM(t, fb)
	now := time.Date(2026, 12, 4, 5, 0, 0, 0, time.UTC)
	d := NewDiskReads(func() time.Time { return now })
	ctx := context.Background()
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	first := fb.Count("StorageVolLookupByPath")
	if first == 0 {
		t.Fatal("the first read looked no volume up")
	}
	// A rescue domain that names our overlay: the second read must see it using it.
	overlay := fake.DefaultPoolPath + "/" + kvmtest.LabOverlay
	fb.AddDomain(fake.Domain{Name: "rescue", XML: kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk(overlay))})
	fb.ResetCalls()
	x, err := d.Read(ctx, fb)
	if err != nil {
		t.Fatal(err)
	}
	if n := fb.Count("StorageVolLookupByPath"); n != 0 {
		t.Fatalf("the second read looked up %d volumes again, want 0 (all remembered)", n)
	}
	users, err := x.Users(ctx, fb, []string{overlay}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(users[overlay], func(u hostops.User) bool { return u.Name == "rescue" }) {
		t.Fatalf("users of the overlay %v, want the rescue domain", users[overlay])
	}
	now = now.Add(2 * time.Minute)
	fb.ResetCalls()
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	if n := fb.Count("StorageVolLookupByPath"); n < first {
		t.Fatalf("after the memo's time %d lookups, want every volume again (%d at least)", n, first)
	}
}

// TestDiskIndexes_laterReadsParseOnlyWhatChanged: the reads of a host keep the parses of its
// definitions; a later read parses only a definition it had not seen, and still asks the host
// for every one. The VM runs, so it has two: the live one and the next-boot one.
func TestDiskIndexes_laterReadsParseOnlyWhatChanged(t *testing.T) {
	fb := labHost(t)
	startVM(t, fb)
	d := NewDiskReads(time.Now)
	ctx := context.Background()
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	defs := d.hosts[fb.Host()].defs
	if n := defs.Parses(); n != 2 {
		t.Fatalf("the first read parsed %d definitions, want 2 (the running VM's live and next-boot ones)", n)
	}
	fb.ResetCalls()
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	if n, asked := defs.Parses(), fb.Count("DomainGetXMLDesc"); n != 2 || asked != 2 {
		t.Fatalf("after an unchanged read: %d parses in all, %d definitions asked; want 2 and 2", n, asked)
	}
	fb.AddDomain(fake.Domain{Name: "rescue", XML: kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk(fake.DefaultPoolPath+"/"+kvmtest.LabOverlay))})
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	if n := defs.Parses(); n != 3 {
		t.Fatalf("after a stopped domain was added: %d parses in all, want 3", n)
	}
}

// TestDiskIndexes_aDomainBeingRemovedIsReadFromItsDelete: while a delete removes a domain, the
// reads beside it take that domain's definition from the delete (the host answers for a domain
// under destroy only once the destroy has ended), and still count what it uses; once the delete
// is done, reads ask the host again.
func TestDiskIndexes_aDomainBeingRemovedIsReadFromItsDelete(t *testing.T) {
	fb := labHost(t)
	startVM(t, fb)
	overlay := fake.DefaultPoolPath + "/" + kvmtest.LabOverlay
	xml := kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk(overlay))
	fb.AddDomain(fake.Domain{Name: "rescue", XML: xml})
	ctx := context.Background()
	rescue, err := fb.DomainLookupByName(ctx, "rescue")
	if err != nil {
		t.Fatal(err)
	}
	var asked atomic.Int32
	fb.Inject("DomainGetXMLDesc", func(_ context.Context, c fake.Call) error {
		if c.Target == "rescue" {
			asked.Add(1)
		}
		return nil
	})
	d := NewDiskReads(time.Now)
	done := d.RemovingDomain(fb.Host(), rescue, xml)
	x, err := d.Read(ctx, fb)
	if err != nil {
		t.Fatal(err)
	}
	if n := asked.Load(); n != 0 {
		t.Fatalf("the read asked the host for the definition of the domain being removed %d times, want 0", n)
	}
	users, err := x.Users(ctx, fb, []string{overlay}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(users[overlay], func(u hostops.User) bool { return u.Name == "rescue" }) {
		t.Fatalf("users of the overlay %v, want the domain being removed (from its delete's definition)", users[overlay])
	}
	done()
	if _, err := d.Read(ctx, fb); err != nil {
		t.Fatal(err)
	}
	if n := asked.Load(); n != 1 {
		t.Fatalf("after the delete, the read asked the host for it %d times, want 1", n)
	}
}

// TestDiskIndexes_readsAndDestroysTakeTurns: a read waits for this client's destroys under way
// on the host (libvirtd would hold it until they end anyway), every caller that asks while it
// waits shares it (one listing of the host), and a destroy that asks while it waits goes after it.
func TestDiskIndexes_readsAndDestroysTakeTurns(t *testing.T) {
	fb := labHost(t)
	startVM(t, fb)
	var lists atomic.Int32
	fb.Inject("ConnectListAllDomains", func(context.Context, fake.Call) error {
		lists.Add(1)
		return nil
	})
	d := NewDiskReads(time.Now)
	ctx := context.Background()
	leaveFirst, err := d.Destroying(ctx, fb.Host())
	if err != nil {
		t.Fatal(err)
	}
	const n = 4
	got := make(chan error, n)
	for range n {
		go func() {
			_, err := d.Read(ctx, fb)
			got <- err
		}()
	}
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.waiting == n
	})
	second := make(chan struct{})
	go func() {
		leave, err := d.Destroying(ctx, fb.Host())
		if err != nil {
			t.Error(err)
			return
		}
		if lists.Load() != 1 {
			t.Errorf("a destroy asked for after the read began waiting ran before it (%d listings)", lists.Load())
		}
		leave()
		close(second)
	}()
	time.Sleep(20 * time.Millisecond)
	if l := lists.Load(); l != 0 {
		t.Fatalf("the host was listed %d times while a destroy ran, want 0 (the read waits its turn)", l)
	}
	select {
	case <-second:
		t.Fatal("a second destroy began while a read waited for its turn")
	default:
	}
	leaveFirst()
	for range n {
		if err := <-got; err != nil {
			t.Fatal(err)
		}
	}
	<-second
	if l := lists.Load(); l != 1 {
		t.Fatalf("%d callers that asked while the read waited for its turn listed the host %d times, want once", n, l)
	}
}

// TestDiskIndexes_aReadThatWaitedForDestroysGathersTheNextAskers: the deletes Terraform starts
// in place of those whose destroys a read waited for ask once those deletes have returned; the
// Read takes them too (one listing), instead of leaving them a whole wave of destroys, however
// long the finishing deletes take (here 300 ms, longer than the fixed 250 ms gathering that
// came before).
func TestDiskIndexes_aReadThatWaitedForDestroysGathersTheNextAskers(t *testing.T) {
	fb := labHost(t)
	startVM(t, fb)
	var lists atomic.Int32
	fb.Inject("ConnectListAllDomains", func(context.Context, fake.Call) error {
		lists.Add(1)
		return nil
	})
	d := NewDiskReads(time.Now)
	ctx := context.Background()
	finishing := d.DeleteBegun(fb.Host())
	finishing.Asked()
	leave, err := d.Destroying(ctx, fb.Host())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 2)
	read := func(w *DeleteWave) {
		w.Asked()
		_, err := d.Read(ctx, fb)
		got <- err
	}
	go read(d.DeleteBegun(fb.Host()))
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.led
	})
	finishing.PastDestroy()
	leave()
	time.Sleep(300 * time.Millisecond) // its undefine and volume deletes
	finishing.Ended()
	next := d.DeleteBegun(fb.Host())  // Terraform starts the next delete
	time.Sleep(20 * time.Millisecond) // its lookups
	go read(next)
	for range 2 {
		if err := <-got; err != nil {
			t.Fatal(err)
		}
	}
	if l := lists.Load(); l != 1 {
		t.Fatalf("the host was listed %d times, want once: the next delete joins the read that waited", l)
	}
}

// TestDiskIndexes_gatheringIsBounded: a delete that never asks (stuck before its ask) holds a
// Read that waited for destroys back for d.maxGather at most.
func TestDiskIndexes_gatheringIsBounded(t *testing.T) {
	fb := labHost(t)
	d := NewDiskReads(time.Now)
	d.maxGather = 200 * time.Millisecond
	ctx := context.Background()
	d.DeleteBegun(fb.Host()) // never asks
	leave, err := d.Destroying(ctx, fb.Host())
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan time.Time, 1)
	go func() {
		if _, err := d.Read(ctx, fb); err != nil {
			t.Error(err)
		}
		done <- time.Now()
	}()
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.led
	})
	start := time.Now()
	leave()
	select {
	case end := <-done:
		if took := end.Sub(start); took < d.maxGather {
			t.Fatalf("the read began %v after the destroy ended, before the %v gathering ran out", took, d.maxGather)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a delete that never asks held the read back for 5 s")
	}
}

// TestDiskIndexes_aReadThatDidNotWaitBeginsAtOnce: gathering is for a read that waited for
// destroys; one that did not (no running domain's destroy under way: a fleet of stopped VMs)
// begins at once, whatever other deletes are doing.
func TestDiskIndexes_aReadThatDidNotWaitBeginsAtOnce(t *testing.T) {
	fb := labHost(t)
	d := NewDiskReads(time.Now)
	d.quiet, d.maxGather = time.Second, 5*time.Second
	d.DeleteBegun(fb.Host()) // another delete, before its ask
	start := time.Now()
	if _, err := d.Read(context.Background(), fb); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Fatalf("a read with no destroy to wait for took %v: it gathered", took)
	}
}

// TestDiskIndexes_theNextReadGoesBeforeTheDestroysOfThisOne: callers that ask while a read runs
// share the next read; it takes its turn before the destroys of the first read's callers, so
// those destroys run beside the ones of the next read's callers (one wave, not two).
func TestDiskIndexes_theNextReadGoesBeforeTheDestroysOfThisOne(t *testing.T) {
	fb := labHost(t)
	first, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	var lists atomic.Int32
	fb.Inject("ConnectListAllDomains", func(context.Context, fake.Call) error {
		lists.Add(1)
		once.Do(func() { close(first); <-release })
		return nil
	})
	d := NewDiskReads(time.Now)
	ctx := context.Background()
	listedAtDestroy := make(chan int32, 1)
	go func() {
		if _, err := d.Read(ctx, fb); err != nil {
			t.Error(err)
		}
		leave, err := d.Destroying(ctx, fb.Host())
		if err != nil {
			t.Error(err)
			return
		}
		listedAtDestroy <- lists.Load()
		leave()
	}()
	<-first
	const n = 3
	got := make(chan error, n)
	for range n {
		go func() { _, err := d.Read(ctx, fb); got <- err }()
	}
	waitFor(t, func() bool {
		d.mu.Lock()
		defer d.mu.Unlock()
		r := d.hosts[fb.Host()].next
		return r != nil && r.waiting == n
	})
	close(release)
	for range n {
		if err := <-got; err != nil {
			t.Fatal(err)
		}
	}
	if l := <-listedAtDestroy; l != 2 {
		t.Fatalf("the first read's caller destroyed after %d listings, want 2: after the read of the callers who asked meanwhile", l)
	}
}

// TestDiskIndexes_aReservedTurnNobodyLeadsIsGivenBack: when every caller waiting for a read whose
// turn was reserved gives up, the turn is given back, so destroys do not wait for a read that
// never comes.
func TestDiskIndexes_aReservedTurnNobodyLeadsIsGivenBack(t *testing.T) {
	d := NewDiskReads(time.Now)
	d.mu.Lock()
	h := d.host("lab")
	prev := &diskIndexRead{led: true}
	r := &diskIndexRead{waiting: 2, done: make(chan struct{})}
	h.next = r
	d.mu.Unlock()
	d.reserveNext(h, prev)
	d.mu.Lock()
	if r.turn == nil {
		d.mu.Unlock()
		t.Fatal("the read after one with waiting callers got no turn")
	}
	d.giveUp(h, r)
	d.giveUp(h, r)
	d.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	leave, err := d.Destroying(ctx, "lab")
	if err != nil {
		t.Fatalf("a destroy waited for the turn of a read nobody leads: %v", err)
	}
	leave()
}

// labHost is the lab host on the fake, holding its verified base image.
func labHost(t *testing.T) *fake.Backend {
	t.Helper()
	fb := fake.New(kvmtest.LabHost)
	kvmtest.AddLabBase(fb, fake.DefaultPool, kvmtest.LabBase)
	return fb
}

// startVM defines the lab's VM as Create does and starts it: it runs, with a live definition
// and a next-boot one.
func startVM(t *testing.T, fb *fake.Backend) {
	t.Helper()
	kvmtest.AddMarkedDomain(t, fb, kvmtest.VMName, kvmtest.LabUID, "", libvirt.DomainShutoff)
	ctx := context.Background()
	dom, err := fb.DomainLookupByName(ctx, kvmtest.VMName)
	if err != nil {
		t.Fatal(err)
	}
	if err := fb.DomainCreate(ctx, dom); err != nil {
		t.Fatal(err)
	}
	fb.ResetCalls()
}
