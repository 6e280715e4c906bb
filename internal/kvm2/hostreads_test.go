package kvm2

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// fleetVM is one marked domain of a shared-read test.
type fleetVM struct {
	name, uid, mac, ip string
	state              libvirt.DomainState
	autostart          bool
	transient          bool
}

func fleetUID(i int) string { return fmt.Sprintf("%08x-0000-4000-8000-%012x", i+1, i+1) }

// addFleet adds vms as marked domains, each with its own MAC and, when ip is set, a DHCP lease
// on the default network.
func addFleet(h *coreHarness, vms []fleetVM) {
	h.t.Helper()
	for _, vm := range vms {
		h.markedDomain(vm.name, vm.uid, "", vm.state)
		h.fb.UpdateDomain(vm.name, func(d *fake.Domain) {
			d.XML = strings.ReplaceAll(d.XML, markedMAC, vm.mac)
			if d.Persistent != nil {
				d.Persistent.XML = strings.ReplaceAll(d.Persistent.XML, markedMAC, vm.mac)
			}
			d.Autostart, d.Transient = vm.autostart, vm.transient
			if vm.ip != "" {
				d.Lease = []libvirt.DomainInterface{iface(vm.mac, ipv4(vm.ip))}
			}
		})
	}
	h.fb.ResetCalls()
}

// mixedFleet is a running VM with a lease and autostart, a running one whose lease is not there
// yet, a shut-off one, and a running transient one (undefined out of band).
func mixedFleet() []fleetVM {
	return []fleetVM{
		{name: "fleet-0", uid: fleetUID(0), mac: "52:54:00:00:00:01", ip: "192.168.122.11", state: libvirt.DomainRunning, autostart: true},
		{name: "fleet-1", uid: fleetUID(1), mac: "52:54:00:00:00:02", state: libvirt.DomainRunning, autostart: true},
		{name: "fleet-2", uid: fleetUID(2), mac: "52:54:00:00:00:03", state: libvirt.DomainShutoff},
		{name: "fleet-3", uid: fleetUID(3), mac: "52:54:00:00:00:04", ip: "192.168.122.14", state: libvirt.DomainRunning, transient: true},
	}
}

// together keeps n more Gets of the lab host counted as in flight until the test ends, as a
// plan's refresh does; with them every Get of the test shares the host-wide read.
func together(h *coreHarness, n int) {
	for range n {
		h.t.Cleanup(h.c.reads.Enter(labHost))
	}
}

func getAll(t *testing.T, c *Client, vms []fleetVM) map[string]Instance {
	t.Helper()
	out := map[string]Instance{}
	for _, vm := range vms {
		inst, err := c.Get(context.Background(), rules.FormatID(labHost, vm.name), vm.uid)
		if err != nil {
			t.Fatalf("Get %s: %v", vm.name, err)
		}
		out[vm.name] = inst
	}
	return out
}

// Gets that run together read the same instances as Gets one at a time, and each costs only its
// definition: state, autostart, persistence and leases come from one host-wide read.
func TestGet_togetherShareOneHostWideRead(t *testing.T) {
	h := newCore(t)
	vms := mixedFleet()
	addFleet(h, vms)
	alone := getAll(t, h.c, vms)
	if n := h.fb.Count("ConnectListAllDomains"); n != 0 {
		t.Fatalf("Gets one at a time made a host-wide read (%d lists)", n)
	}
	for _, vm := range vms {
		inst := alone[vm.name]
		wantState := StateRunning
		if vm.state == libvirt.DomainShutoff {
			wantState = StateStopped
		}
		if inst.State != wantState || inst.Autostart != vm.autostart || inst.Persistent == vm.transient ||
			inst.IPv4 != vm.ip || inst.MAC != vm.mac || inst.UID != vm.uid {
			t.Fatalf("%s alone: %+v", vm.name, inst)
		}
	}

	together(h, hostwide.SharedReadsFrom-1)
	h.fb.ResetCalls()
	shared := getAll(t, h.c, vms)
	if !reflect.DeepEqual(shared, alone) {
		t.Fatalf("shared reads differ from reads one at a time:\nshared %+v\nalone  %+v", shared, alone)
	}
	for method, want := range map[string]int{
		"DomainGetXMLDesc": len(vms), "ConnectListAllDomains": 4, "NetworkLookupByName": 1, "NetworkGetDHCPLeases": 1,
		"DomainGetState": 0, "DomainGetAutostart": 0, "DomainIsPersistent": 0,
		// fleet-1 has no lease yet: only its agent is asked, as one at a time.
		"DomainInterfaceAddresses": 1,
	} {
		if got := h.fb.Count(method); got != want {
			t.Errorf("%s called %d times, want %d (%v)", method, got, want, h.fb.Methods())
		}
	}
}

// Many Gets in flight at once, as Terraform runs them, all read right and make one host-wide
// read between them.
func TestGet_concurrentGetsMakeOneHostWideRead(t *testing.T) {
	h := newCore(t)
	var vms []fleetVM
	for i := range 12 {
		vms = append(vms, fleetVM{name: fmt.Sprintf("fleet-%d", i), uid: fleetUID(i), mac: fmt.Sprintf("52:54:00:00:01:%02x", i),
			ip: fmt.Sprintf("192.168.122.%d", 20+i), state: libvirt.DomainRunning, autostart: true})
	}
	addFleet(h, vms)
	// Every definition read waits until all twelve Gets are in flight.
	var arrived sync.WaitGroup
	arrived.Add(len(vms))
	h.fb.Inject("DomainGetXMLDesc", func(context.Context, fake.Call) error { arrived.Done(); arrived.Wait(); return nil })
	var wg sync.WaitGroup
	errs := make([]error, len(vms))
	got := make([]Instance, len(vms))
	for i, vm := range vms {
		wg.Go(func() { got[i], errs[i] = h.c.Get(context.Background(), rules.FormatID(labHost, vm.name), vm.uid) })
	}
	wg.Wait()
	for i, vm := range vms {
		if errs[i] != nil || got[i].IPv4 != vm.ip || got[i].State != StateRunning || !got[i].Autostart {
			t.Fatalf("%s: %+v, %v", vm.name, got[i], errs[i])
		}
	}
	if n := h.fb.Count("ConnectListAllDomains"); n != 4 {
		t.Fatalf("%d lists, want one host-wide read of 4", n)
	}
	if n := h.fb.Count("DomainGetState") + h.fb.Count("DomainInterfaceAddresses"); n != 0 {
		t.Fatalf("%d per-domain reads beside the host-wide one", n)
	}
}

// A lease whose hostname is this VM's name but whose MAC is another's is not this VM's address:
// leases are matched by the MAC of the definition that proved ownership.
func TestGet_sharedLeaseOfAnotherMACUnderThisNameIsNotTaken(t *testing.T) {
	h := newCore(t)
	vms := mixedFleet()[1:2] // running, no lease of its own
	addFleet(h, vms)
	h.fb.AddNetworkLease("default", libvirt.NetworkDhcpLease{
		Iface: "virbr0", Type: int32(libvirt.IPAddrTypeIpv4), Mac: libvirt.OptString{"52:54:00:ff:ff:ff"},
		Ipaddr: "192.168.122.99", Prefix: 24, Hostname: libvirt.OptString{vms[0].name},
	})
	agentAddress(h.fb, vms[0].name, vms[0].mac, "192.168.122.12")
	together(h, hostwide.SharedReadsFrom-1)
	inst := getAll(t, h.c, vms)[vms[0].name]
	if inst.IPv4 != "192.168.122.12" || h.fb.Count("NetworkGetDHCPLeases") != 1 {
		t.Fatalf("address %q after %v; want the agent's, not the foreign lease", inst.IPv4, h.fb.Methods())
	}
}

// A same-named domain of another owner where this VM was is judged by its mark before any
// shared read: the VM is gone, and the foreign domain's running state never reaches it.
func TestGet_sameNamedForeignDomainMakesNoSharedRead(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = true })
	h.unmarkedDomain("other", libvirt.DomainRunning)
	together(h, hostwide.SharedReadsFrom)
	_, err := h.c.Get(context.Background(), vmID, labUID)
	var gone *ownership.GoneError
	if classOfErr(t, err) != kvmerr.NotFound || !errors.As(err, &gone) || gone.Foreign == nil {
		t.Fatalf("err %v, want NotFound naming the foreign domain", err)
	}
	if n := h.fb.Count("ConnectListAllDomains"); n != 0 {
		t.Fatalf("a foreign domain cost a host-wide read: %v", h.fb.Methods())
	}
}

// A write by this client ends every host-wide read begun before it: the Get after it sees the
// host after the write, on the pooled connection and on a dedicated one.
func TestGet_sharedReadIsNotUsedAfterAWriteOfThisClient(t *testing.T) {
	h := newCore(t)
	vms := mixedFleet()[:1]
	addFleet(h, vms)
	together(h, hostwide.SharedReadsFrom-1)
	id := rules.FormatID(labHost, vms[0].name)
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.State != StateRunning || !inst.Autostart {
		t.Fatalf("before: %+v", inst)
	}
	if _, err := h.c.SetRunning(context.Background(), id, vms[0].uid, false); err != nil {
		t.Fatal(err)
	}
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.State != StateStopped || inst.IPv4 != "" {
		t.Fatalf("after SetRunning(false): %+v", inst)
	}
	if _, err := h.c.SetAutostart(context.Background(), id, vms[0].uid, false); err != nil {
		t.Fatal(err)
	}
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.Autostart {
		t.Fatalf("after SetAutostart(false): %+v", inst)
	}

	d, err := h.c.connect(context.Background(), labHost)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	dom, err := d.DomainLookupByName(context.Background(), vms[0].name)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.DomainSetAutostart(context.Background(), dom, true); err != nil {
		t.Fatal(err)
	}
	if inst := getAll(t, h.c, vms)[vms[0].name]; !inst.Autostart {
		t.Fatalf("after a write on a dedicated connection: %+v", inst)
	}
}

// A change made outside this client is seen once the host-wide read is older than its bound.
func TestGet_sharedReadAgesOut(t *testing.T) {
	h := newCore(t)
	now := time.Date(2026, 9, 16, 13, 33, 0, 0, time.UTC)
	h.c.now = func() time.Time { return now }
	vms := mixedFleet()[:1]
	addFleet(h, vms)
	together(h, hostwide.SharedReadsFrom-1)
	getAll(t, h.c, vms)
	h.fb.SetDomainState(vms[0].name, libvirt.DomainShutoff) // out of band
	now = now.Add(hostwide.SharedReadTTL / 2)
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.State != StateRunning {
		t.Fatalf("within the bound the shared read holds, got %+v", inst)
	}
	now = now.Add(hostwide.SharedReadTTL)
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.State != StateStopped {
		t.Fatalf("past the bound: %+v", inst)
	}
	if n := h.fb.Count("ConnectListAllDomains"); n != 8 {
		t.Fatalf("%d lists, want two host-wide reads", n)
	}
}

// A domain the host-wide read does not place (paused, or defined after it began) and a read
// that failed fall back to the reads of one domain.
func TestGet_sharedReadFallsBackPerDomain(t *testing.T) {
	h := newCore(t)
	vms := mixedFleet()[:1]
	addFleet(h, vms)
	together(h, hostwide.SharedReadsFrom-1)
	getAll(t, h.c, vms) // the host-wide read, without the VMs below

	late := fleetVM{name: "late", uid: fleetUID(9), mac: "52:54:00:00:00:09", state: libvirt.DomainShutoff, autostart: true}
	paused := fleetVM{name: "paused", uid: fleetUID(8), mac: "52:54:00:00:00:08", state: libvirt.DomainPaused}
	addFleet(h, []fleetVM{late, paused})
	got := getAll(t, h.c, []fleetVM{late, paused})
	if got["late"].State != StateStopped || !got["late"].Autostart || got["paused"].State != StatePaused {
		t.Fatalf("late %+v\npaused %+v", got["late"], got["paused"])
	}
	if n := h.fb.Count("DomainGetState"); n != 2 {
		t.Fatalf("%d state reads, want one per domain the shared read does not place", n)
	}

	h.c.reads.Wrote(labHost)
	h.fb.FailNth("ConnectListAllDomains", 2, lverr(libvirt.ErrInternalError))
	h.fb.ResetCalls()
	if inst := getAll(t, h.c, vms)[vms[0].name]; inst.State != StateRunning || inst.IPv4 != vms[0].ip {
		t.Fatalf("after a failed shared read: %+v", inst)
	}
	if h.fb.Count("DomainGetState") != 1 || h.fb.Count("DomainInterfaceAddresses") != 1 {
		t.Fatalf("a failed shared read did not fall back: %v", h.fb.Methods())
	}
}
