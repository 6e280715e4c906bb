package kvm2

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Races between two processes on one host (two terraform runs, two CI jobs): each test builds a
// second Client on its own connection to the same fake host (its own locks, caches and claims,
// as another process has), holds one client before an exact call with fake.Backend.Pause, lets
// the other act, and then lets the first go on.

// peer is another process's Client on h's host.
func (h *coreHarness) peer() *coreHarness {
	h.t.Helper()
	fb := h.fb.Twin()
	p := &coreHarness{t: h.t, fb: fb, pool: fake.NewPool(fb), log: h.log}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig()}}, WithPool(p.pool), WithLogger(h.log),
		WithClock(func() time.Time { return time.Date(2026, 9, 16, 13, 33, 1, 0, time.UTC) }))
	if err != nil {
		h.t.Fatal(err)
	}
	c.statePoll = time.Millisecond
	p.c = c
	h.t.Cleanup(func() {
		c.seedUploads.Close()
		if n := p.pool.Outstanding() + p.pool.Unclosed(); n != 0 {
			h.t.Errorf("peer: %d connections not released or closed", n)
		}
	})
	return p
}

// async runs f in a goroutine; the returned channel yields its error.
func async(f func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	return ch
}

// reached waits for the call g pauses; a call that never comes fails the test (the interleaving
// it sets up is not the code's any more) instead of hanging it.
func reached(t *testing.T, g *fake.Gate, name string) {
	t.Helper()
	select {
	case <-g.Reached():
	case <-time.After(30 * time.Second):
		t.Fatalf("the call that %s pauses never came", name)
	}
}

// otherVM is labRequest for another VM of another configuration.
func otherVM(name, uid string) func(*CreateRequest) {
	return func(r *CreateRequest) { r.Name, r.UID, r.Tag = name, uid, "fleet-b" }
}

const peerUID = "fedcba9876543210fedcba9876543210"

// domainsWithMAC are the domains of fb whose persistent definition has an interface with mac.
func domainsWithMAC(t *testing.T, fb *fake.Backend, mac string) []string {
	t.Helper()
	var out []string
	for _, n := range fb.DomainNames() {
		d, _ := fb.Domain(n)
		if strings.Contains(strings.ToLower(d.XML), `<mac address="`+mac+`"`) {
			out = append(out, n)
		}
	}
	return out
}

// Two fleets pin one MAC: A checked the address free and is held before its define while B
// checks, defines and starts its VM with the same address; then A goes on. One of them must
// fail: two domains with one MAC on a host share its leases and break both guests' networks.
func TestRace_twoCreatesPinOneMAC(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	const mac = "02:ab:00:00:00:10"
	pin := func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: mac}} }

	gate := h.fb.PauseTarget("DomainDefineXML", vmName)
	errA := async(func() error { _, err := h.c.Create(context.Background(), withReq(pin)); return err })
	reached(t, gate, "gate")
	if _, err := p.c.Create(context.Background(), withReq(otherVM("egress-2", peerUID), pin)); err != nil {
		t.Fatalf("B: %v", err)
	}
	gate.Release()
	err := <-errA
	if got := domainsWithMAC(t, h.fb, mac); len(got) != 1 {
		t.Fatalf("domains with %s: %v (A's create: %v)", mac, got, err)
	}
	if err == nil || kvmerr.Classify(err) == kvmerr.Permanent && !strings.Contains(err.Error(), "egress-2") {
		t.Fatalf("A's create = %v, want it refused naming egress-2", err)
	}
}

// Two creates pinning one MAC both defined their domains before either listed the host again:
// each then finds the other's domain, and both back off (Transient, each removing its own), so
// neither keeps the address with the other; their retries then race afresh.
func TestRace_twoCreatesPinOneMACBothDefined(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	const mac = "02:ab:00:00:00:11"
	pin := func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: mac}} }
	// Both checks pass before either define, both defines before either listing after it.
	defineA := h.fb.PauseTarget("DomainDefineXML", vmName)
	errA := async(func() error { _, err := h.c.Create(context.Background(), withReq(pin)); return err })
	reached(t, defineA, "defineA")
	defineB := p.fb.PauseTarget("DomainDefineXML", "egress-2")
	errB := async(func() error {
		_, err := p.c.Create(context.Background(), withReq(otherVM("egress-2", peerUID), pin))
		return err
	})
	reached(t, defineB, "defineB")
	recheckA, recheckB := h.fb.Pause("ConnectListAllDomains", nil), p.fb.Pause("ConnectListAllDomains", nil)
	defineA.Release()
	reached(t, recheckA, "recheckA")
	defineB.Release()
	reached(t, recheckB, "recheckB")
	// A's recheck reads B's domain, and A's back-off (the removal of its own domain) waits until
	// B's recheck has read A's: otherwise B could find A's domain already gone, rightly keep the
	// address, and this test would not be about both finding each other.
	removeA := h.fb.PauseTarget("DomainDestroy", vmName)
	recheckA.Release()
	reached(t, removeA, "removeA")
	recheckB.Release()
	errs := map[string]error{"B": <-errB}
	removeA.Release()
	errs["A"] = <-errA
	for name, err := range errs {
		if err == nil || kvmerr.Classify(err) != kvmerr.Transient || !strings.Contains(err.Error(), mac) {
			t.Errorf("%s = %v, want Transient naming %s", name, err, mac)
		}
	}
	if got := domainsWithMAC(t, h.fb, mac); len(got) != 0 {
		t.Fatalf("domains with %s left: %v", mac, got)
	}
}

// A base image destroyed by one state while another creates a VM on it (base_image_id given as
// a string): A's delete checked that no domain uses the image and is held before it deletes the
// volume, while B defines its VM on the image and starts it; then A goes on. The image must not
// be deleted under B's VM: either A refuses (in use) or B's create fails and leaves nothing.
func TestRace_baseImageDeletedUnderACreate(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	gate := h.fb.PauseTarget("StorageVolDelete", fake.DefaultPool+"/"+labBase)
	errA := async(func() error { return h.c.DeleteBaseImage(context.Background(), labBaseID) })
	reached(t, gate, "gate")
	_, errB := p.c.Create(context.Background(), labRequest())
	gate.Release()
	errA2 := <-errA
	_, baseLeft := h.fb.Volume(fake.DefaultPool, labBase)
	_, vmLeft := h.fb.Domain(vmName)
	if vmLeft && !baseLeft {
		t.Fatalf("the base image was deleted under a VM defined on it (delete: %v, create: %v)", errA2, errB)
	}
	if errB != nil && (vmLeft || volumeWithUID(h.fb, labUID)) {
		t.Fatalf("B's failed create left debris: %v", errB)
	}
}

// volumeWithUID reports whether a volume of the default pool carries uid in its name.
func volumeWithUID(fb *fake.Backend, uid string) bool {
	for _, n := range fb.VolumeNames(fake.DefaultPool) {
		if strings.Contains(n, uid) {
			return true
		}
	}
	return false
}

// withReq is labRequest changed by mutate.
func withReq(mutate ...func(*CreateRequest)) CreateRequest {
	r := labRequest()
	for _, m := range mutate {
		m(&r)
	}
	return r
}

// Creates and deletes of different VMs in one pool: A's delete read the host's disks (the
// in-use rule) and is held before it removes the domain while B creates a VM in the same pool;
// then A goes on. Safe by the UID in every volume name: nothing of B's is named like A's.
func TestRace_deleteAndCreateInOnePool(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	h.create()
	gate := h.fb.PauseTarget("DomainUndefine", vmName)
	errA := async(func() error { return h.c.Delete(context.Background(), vmID, labUID) })
	reached(t, gate, "gate")
	if _, err := p.c.Create(context.Background(), withReq(otherVM("egress-2", peerUID))); err != nil {
		t.Fatalf("B: %v", err)
	}
	gate.Release()
	if err := <-errA; err != nil {
		t.Fatalf("A: %v", err)
	}
	if volumeWithUID(h.fb, labUID) {
		t.Errorf("A's volumes left: %v", h.fb.VolumeNames(fake.DefaultPool))
	}
	for _, n := range []string{rules.OverlayName("egress-2", peerUID), rules.SeedName("egress-2", peerUID)} {
		if _, ok := h.fb.Volume(fake.DefaultPool, n); !ok {
			t.Errorf("B's volume %s was removed", n)
		}
	}
	if _, err := p.c.Get(context.Background(), labHost+"/egress-2", peerUID); err != nil {
		t.Errorf("B's VM: %v", err)
	}
}

// One state queries by tag while another destroys: A listed the host's domains and is held
// before it reads the mark of one that B then deletes. Safe: a domain that vanished between the
// listing and its read is skipped (libvirt's no-domain error), the rest is listed.
func TestRace_listByTagWhileAnotherDeletes(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	h.create()
	p.create(otherVM("egress-2", peerUID))
	gate := h.fb.PauseTarget("DomainGetMetadata", vmName)
	type res struct {
		insts []Instance
		err   error
	}
	ch := make(chan res, 1)
	go func() { i, err := h.c.ListByTag(context.Background(), ""); ch <- res{i, err} }()
	reached(t, gate, "gate")
	if err := p.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatalf("B: %v", err)
	}
	gate.Release()
	r := <-ch
	if r.err != nil || len(r.insts) != 1 || r.insts[0].Name != "egress-2" {
		t.Fatalf("ListByTag = %+v, %v; want egress-2 alone", r.insts, r.err)
	}
}

// One state imports a VM while the state that holds it destroys it: the import read the
// definition and is held before its state read; the VM is gone meanwhile. The import must fail
// as not found (or succeed before the delete), never return a VM that is not there.
func TestRace_importWhileAnotherDeletes(t *testing.T) {
	h := newCore(t)
	p := h.peer()
	h.create()
	gate := p.fb.Pause("DomainGetState", nil)
	type res struct {
		inst Instance
		err  error
	}
	ch := make(chan res, 1)
	go func() { i, err := p.c.Get(context.Background(), vmID, ""); ch <- res{i, err} }()
	reached(t, gate, "gate")
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatalf("A: %v", err)
	}
	gate.Release()
	r := <-ch
	if r.err == nil {
		t.Fatalf("import returned %+v for a VM deleted under it", r.inst)
	}
	if !kvmerr.IsNotFound(r.err) {
		t.Fatalf("import error %v (class %v), want NotFound", r.err, kvmerr.Classify(r.err))
	}
}

// What closing the races costs a create, in RPCs: one listing of the base image's pool after the
// define (no process is deleting the image: imagecache.StillCached), and with a pinned MAC one
// listing of the host's domains after the define (hostmacs.Recheck; plus the definitions of domains
// defined since the check, none here). 30 and 33 RPCs before.
func TestCreate_raceChecksCost(t *testing.T) {
	for _, tc := range []struct {
		name            string
		nics            []definition.NIC
		total, listDoms int
	}{
		{"random MAC", nil, 31, 0},
		{"pinned MAC", []definition.NIC{{MAC: "02:ab:00:00:00:10"}}, 35, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			h.create(func(r *CreateRequest) { r.NICs = tc.nics })
			if n := len(h.fb.Calls()); n != tc.total {
				t.Errorf("create made %d RPCs, want %d: %v", n, tc.total, h.fb.Methods())
			}
			if n := h.fb.Count("StoragePoolListAllVolumes"); n != 2 {
				t.Errorf("%d pool listings, want 2 (the base's resolve, the check after the define)", n)
			}
			if n := h.fb.Count("ConnectListAllDomains"); n != tc.listDoms {
				t.Errorf("%d domain listings, want %d", n, tc.listDoms)
			}
		})
	}
}
