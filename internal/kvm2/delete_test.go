package kvm2

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestDelete_removesDomainNVRAMOverlayAndSeed(t *testing.T) {
	h := newCore(t)
	h.create()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	assertNoDebris(t, h)
	if _, ok := h.fb.Volume(fake.DefaultPool, labBase); !ok {
		t.Fatal("base image deleted")
	}
	var undefine []string
	for _, c := range h.fb.Calls() {
		if c.Method == "DomainUndefine" || c.Method == "DomainDestroy" {
			undefine = append(undefine, c.Method)
		}
	}
	if strings.Join(undefine, ",") != "DomainDestroy,DomainUndefine" {
		t.Fatalf("calls %v", undefine)
	}
}

func TestDelete_isIdempotent(t *testing.T) {
	h := newCore(t)
	h.create()
	for i := range 3 {
		if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
			t.Fatalf("delete %d: %v", i+1, err)
		}
	}
	assertNoDebris(t, h)
}

func TestDelete_partialLeftoversAreRemoved(t *testing.T) {
	tests := []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"only volumes", func(h *coreHarness) {
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay})
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed})
		}},
		{"only seed", func(h *coreHarness) { h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed}) }},
		{"volumes in another pool", func(h *coreHarness) {
			h.fb.AddPool(fake.StoragePool{Name: "proxies", Active: true, Capacity: 10 << 30, Available: 10 << 30})
			h.fb.AddVolume("proxies", fake.Volume{Name: labOverlay})
			h.fb.AddVolume("proxies", fake.Volume{Name: labSeed})
		}},
		{"stopped domain", func(h *coreHarness) { h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff) }},
		{"transient running domain", func(h *coreHarness) {
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Transient = true })
		}},
		{"nothing", func(*coreHarness) {}},
		{"no pool", func(h *coreHarness) { h.fb.RemovePool(fake.DefaultPool) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			tt.setup(h)
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatal(err)
			}
			assertNoDebris(t, h)
		})
	}
}

func TestDelete_unknownHostIsNoop(t *testing.T) {
	h := newCore(t)
	if err := h.c.Delete(context.Background(), "elsewhere/"+vmName, labUID); err != nil {
		t.Fatal(err)
	}
	if h.pool.Acquired("elsewhere") != 0 || len(h.fb.Calls()) != 0 {
		t.Fatal("touched a host")
	}
}

// A domain under the name that is not the VM with the UID in state is another owner's: Delete
// leaves it and every volume not named with the UID, and removes the VM's own leftovers.
func TestDelete_leavesForeignDomainsAndTheirVolumes(t *testing.T) {
	tests := []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"unmarked domain", func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainRunning) }},
		{"another configuration's domain", func(h *coreHarness) {
			h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			tt.setup(h)
			// Volumes named as earlier versions named this VM's, and a base image whose name is
			// the old overlay name: none of them carries the UID.
			for _, n := range []string{"egress-1.qcow2", "egress-1-cidata.iso"} {
				h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: n})
			}
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay})
			before, _ := h.fb.Domain(vmName)
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatal(err)
			}
			after, ok := h.fb.Domain(vmName)
			if !ok || after.XML != before.XML || after.State != before.State {
				t.Fatal("foreign domain removed or changed")
			}
			for _, n := range []string{"egress-1.qcow2", "egress-1-cidata.iso", labBase} {
				if _, ok := h.fb.Volume(fake.DefaultPool, n); !ok {
					t.Fatalf("volume %s not named with the UID was removed", n)
				}
			}
			if _, ok := h.fb.Volume(fake.DefaultPool, labOverlay); ok {
				t.Fatal("the VM's own leftover overlay was kept")
			}
			if h.fb.Count("DomainUndefine")+h.fb.Count("DomainDestroy") != 0 {
				t.Fatalf("calls %v", h.fb.Methods())
			}
		})
	}
}

// A leftover named with the UID that a domain still uses (ours, renamed by hand) is never deleted
// from under it.
func TestDelete_keepsLeftoversADomainUses(t *testing.T) {
	h := newCore(t)
	h.markedDomain("renamed-by-hand", labUID, "", libvirt.DomainRunning)
	// markedDomain names the volumes after the domain; point the renamed domain at this VM's.
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay, BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.UpdateDomain("renamed-by-hand", func(d *fake.Domain) {
		d.XML = strings.Replace(d.XML, rules.OverlayName("renamed-by-hand", labUID), labOverlay, 1)
	})
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, labOverlay); !ok {
		t.Fatal("an overlay in use by a domain was deleted")
	}
}

// A domain with this VM's UUID whose mark was removed is still ours: Delete removes it.
func TestDelete_removesOurDomainWithoutItsMark(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.XML = strings.Replace(d.XML, "kvm2/mark/v1", "other/v9", 1) })
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	assertNoDebris(t, h)
}

func TestDelete_fallsBackWhenNVRAMFlagRejected(t *testing.T) {
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		t.Run(string(rune('0'+code%10)), func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
			h.fb.FailNth("DomainUndefine", 1, lverr(code))
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatal(err)
			}
			if n := h.fb.Count("DomainUndefine"); n != 2 {
				t.Fatalf("undefine called %d times", n)
			}
			assertNoDebris(t, h)
		})
	}
}

// TestDelete_transientFailureThenRetryCompletes fails, once, each RPC that a Delete makes, of an
// intact VM and of what a VM whose domain is gone left; the next Delete completes.
func TestDelete_transientFailureThenRetryCompletes(t *testing.T) {
	boom := errors.New("connection reset by peer")
	for _, shape := range []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"intact VM", func(h *coreHarness) { h.create() }},
		{"volumes left by a VM whose domain is gone", func(h *coreHarness) {
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay})
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed})
		}},
	} {
		// The RPCs this shape's Delete makes, from a run with no failure.
		probe := newCore(t)
		shape.setup(probe)
		probe.fb.ResetCalls()
		if err := probe.c.Delete(context.Background(), vmID, labUID); err != nil {
			t.Fatal(err)
		}
		methods := slices.Compact(slices.Sorted(slices.Values(probe.fb.Methods())))
		if len(methods) < 3 {
			t.Fatalf("%s: Delete made only %v", shape.name, methods)
		}
		for _, method := range methods {
			t.Run(shape.name+"/"+method, func(t *testing.T) {
				h := newCore(t)
				shape.setup(h)
				h.fb.FailNth(method, 1, boom)
				err := h.c.Delete(context.Background(), vmID, labUID)
				if classOfErr(t, err) != kvmerr.Transient {
					t.Fatalf("first delete: %v", err)
				}
				if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
					t.Fatalf("second delete: %v", err)
				}
				assertNoDebris(t, h)
			})
		}
	}
}

// TestDelete_intactVMCostsSixteenRPCs: an intact running VM is deleted with its definition (read
// by the UUID its UID gives), its two disks resolved by path, the in-use check of those disks
// (one listing of the host's domains and one call for their block statistics, each other
// definition read once unless an earlier read's stands (hostops.DefinitionReuse), its own taken
// from the delete's read, each image of their disks looked up once: here this VM's overlay, seed and
// base, as the read is one that deletes running beside this one share), destroy, undefine, and
// six volume deletes: the disks, then the console log and its three rotated copies by name (the
// create made them volumes); no pool listing, lookup or refresh. (Before disks were checked for
// other users, this cost seven; before the check took the VM's own definition from the delete,
// twelve; before the console log, eleven; while virtlogd made the log, eighteen, with a refresh
// of the pool; fifteen before the block statistics.)
func TestDelete_intactVMCostsSixteenRPCs(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.ResetCalls()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	wantRPCs(t, h.fb, "DomainGetXMLDesc,StorageVolLookupByPath,StorageVolLookupByPath,"+
		"ConnectListAllDomains,ConnectGetAllDomainStats,StorageVolLookupByPath,StorageVolLookupByPath,StorageVolLookupByPath,"+
		"DomainDestroy,DomainUndefine,"+
		"StorageVolDelete,StorageVolDelete,StorageVolDelete,StorageVolDelete,StorageVolDelete,StorageVolDelete")
	if n := h.fb.Count("StoragePoolRefresh"); n != 0 {
		t.Fatalf("%d refreshes", n)
	}
	assertNoDebris(t, h)
}

func TestDelete_badIDIsPermanent(t *testing.T) {
	h := newCore(t)
	if err := h.c.Delete(context.Background(), "no-slash", labUID); classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("err = %v", err)
	}
}

// Deleting a VM whose domain names its disks lists the host's domains once, for the in-use
// check of its disks, and reads each definition once: the cost of a delete
// grows with the domains on the host, never more. (Before, no domain was listed.)
func TestDelete_ofAnIntactVMListsDomainsOnce(t *testing.T) {
	h := newCore(t)
	h.create()
	for i := range 3 {
		h.markedDomain(fmt.Sprintf("other-%d", i), fmt.Sprintf("%032d", i), "", libvirt.DomainShutoff)
	}
	h.fb.ResetCalls()
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("ConnectListAllDomains"); n != 1 {
		t.Fatalf("listed every domain %d times: %v", n, h.fb.Methods())
	}
	if n := h.fb.Count("DomainGetXMLDesc"); n != 1+3 {
		t.Fatalf("read %d definitions, want ours once and each of the 3 others on the host once: %v", n, h.fb.Methods())
	}
	if _, ok := h.fb.Domain(vmName); ok {
		t.Fatal("the VM's domain was kept")
	}
	for _, v := range []string{labOverlay, labSeed} {
		if _, ok := h.fb.Volume(fake.DefaultPool, v); ok {
			t.Errorf("volume %s was kept", v)
		}
	}
}

// Our UUID under another name (our domain renamed by hand) and a foreign domain under this VM's
// name: Delete reaches neither through the UUID, leaves the foreign domain, and keeps the
// renamed domain and the overlay it uses.
func TestDelete_ourUUIDUnderAnotherNameBesideAForeignDomain(t *testing.T) {
	h := newCore(t)
	h.markedDomain("renamed-by-hand", labUID, "", libvirt.DomainRunning)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay, BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.UpdateDomain("renamed-by-hand", func(d *fake.Domain) {
		d.XML = strings.Replace(d.XML, rules.OverlayName("renamed-by-hand", labUID), labOverlay, 1)
	})
	h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
	foreign, _ := h.fb.Domain(vmName)
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if after, ok := h.fb.Domain(vmName); !ok || after.XML != foreign.XML || after.State != foreign.State {
		t.Fatal("the foreign domain under the VM's name was removed or changed")
	}
	if _, ok := h.fb.Domain("renamed-by-hand"); !ok {
		t.Fatal("our renamed domain was removed")
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, labOverlay); !ok {
		t.Fatal("the overlay the renamed domain uses was deleted")
	}
	if h.fb.Count("DomainUndefine")+h.fb.Count("DomainDestroy") != 0 {
		t.Fatalf("calls %v", h.fb.Methods())
	}
}

// TestDelete_onlyARunningDomainsDestroyTakesATurn: the destroy of a running domain (which libvirtd
// holds locked until QEMU has gone) takes its turn with the in-use reads; that of a stopped one
// (answered at once) does not wait for them.
func TestDelete_onlyARunningDomainsDestroyTakesATurn(t *testing.T) {
	for _, running := range []bool{true, false} {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = running })
		inTurn := -1
		h.fb.Inject("DomainDestroy", func(context.Context, fake.Call) error {
			inTurn = h.c.disks.DestroysInTurn(h.fb.Host())
			return nil
		})
		if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{true: 1, false: 0}[running]; inTurn != want {
			t.Errorf("running %v: the destroy ran with %d destroys in turn, want %d", running, inTurn, want)
		}
	}
}
