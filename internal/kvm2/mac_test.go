package kvm2

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/kdomanski/iso9660"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// addDomainWithMACs defines a domain carrying mark (none when nil) under uuid, with one NIC per
// MAC, and no volumes.
func addDomainWithMACs(t *testing.T, fb *fake.Backend, name, uuid string, mark *definition.Mark, macs ...string) {
	t.Helper()
	var meta, nics string
	if mark != nil {
		x, err := definition.MarshalMark(*mark)
		if err != nil {
			t.Fatal(err)
		}
		meta = "<metadata>" + x + "</metadata>"
	}
	for _, m := range macs {
		nics += "<interface type='network'><mac address='" + m + "'/><source network='default'/></interface>"
	}
	x := "<domain type='qemu'><name>" + name + "</name><uuid>" + uuid + "</uuid>" + meta +
		"<memory unit='MiB'>64</memory><vcpu>1</vcpu><os><type>hvm</type></os><devices>" + nics + "</devices></domain>"
	if _, err := fb.DomainDefineXML(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	fb.ResetCalls()
}

// ownUID is the UID of the VM beside which macNeighbours puts others: a UUID, as every UID issued
// now, so that its domain UUID tells the VM from a copy of its mark.
const ownUID = "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90"

// macNeighbours puts beside the VM (vmName, ownUID, MAC 52:54:00:aa:bb:cc) a domain carrying a
// copy of its mark under another UUID, an unmarked domain with two NICs and another
// configuration's VM.
func macNeighbours(t *testing.T, h *coreHarness) {
	t.Helper()
	h.markedDomain(vmName, ownUID, "", libvirt.DomainRunning) // MAC 52:54:00:aa:bb:cc
	copied := definition.Mark{UID: ownUID, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	addDomainWithMACs(t, h.fb, "clone-1", "11111111-2222-4333-8444-555555555555", &copied, "52:54:00:00:00:01")
	addDomainWithMACs(t, h.fb, "admin-vm", "21111111-2222-4333-8444-555555555555", nil, "52:54:00:00:00:02", "02:00:00:00:00:03")
	other := definition.Mark{UID: "0fedcba987654321", Tag: "other"}
	addDomainWithMACs(t, h.fb, "other-vm", rules.DomainUUID(other.UID), &other, "52:54:00:00:00:04")
	h.fb.ResetCalls()
}

// TestHostMACs_identityNotName: every interface of every domain is listed; a domain counts as
// the VM with a UID only when its mark and derived UUID prove it, never a copy of its mark.
func TestHostMACs_identityNotName(t *testing.T) {
	h := newCore(t)
	macNeighbours(t, h)
	uses, err := h.c.HostMACs(context.Background(), labHost)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]rules.MACUse{}
	for _, u := range uses {
		got[u.MAC] = u
	}
	want := map[string]rules.MACUse{
		"52:54:00:aa:bb:cc": {MAC: "52:54:00:aa:bb:cc", Domain: vmName, UID: ownUID},
		"52:54:00:00:00:01": {MAC: "52:54:00:00:00:01", Domain: "clone-1"}, // a copied mark proves nothing
		"52:54:00:00:00:02": {MAC: "52:54:00:00:00:02", Domain: "admin-vm"},
		"02:00:00:00:00:03": {MAC: "02:00:00:00:00:03", Domain: "admin-vm"},
		"52:54:00:00:00:04": {MAC: "52:54:00:00:00:04", Domain: "other-vm", UID: "0fedcba987654321"},
	}
	if len(uses) != len(want) {
		t.Fatalf("uses %+v", uses)
	}
	for mac, w := range want {
		if got[mac] != w {
			t.Errorf("%s: got %+v, want %+v", mac, got[mac], w)
		}
	}
	for _, tt := range []struct{ mac, uid, domain string }{
		{"52:54:00:aa:bb:cc", ownUID, ""}, // the VM's own address, while it is replaced
		{"52:54:00:AA:BB:CC", "", vmName}, // a new VM: ours counts like any other
		{"52:54:00:aa:bb:cc", "0fedcba987654321", vmName},
		{"52:54:00:00:00:01", ownUID, "clone-1"},  // the copy is not the VM
		{"02:00:00:00:00:03", ownUID, "admin-vm"}, // its second NIC
		{"52:54:00:00:00:04", ownUID, "other-vm"},
		{"52:54:00:00:00:05", "", ""},
	} {
		err := rules.MACConflict(labHost, tt.mac, tt.uid, uses)
		var inUse *rules.MACInUseError
		switch {
		case tt.domain == "" && err != nil:
			t.Errorf("MACConflict(%s, %q) = %v, want nil", tt.mac, tt.uid, err)
		case tt.domain != "" && (!errors.As(err, &inUse) || inUse.Domain != tt.domain):
			t.Errorf("MACConflict(%s, %q) = %v, want domain %s", tt.mac, tt.uid, err, tt.domain)
		}
	}
}

// TestCreate_fixedMAC: the asked address is defined in lower case and read back.
func TestCreate_fixedMAC(t *testing.T) {
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: "02:AB:00:00:00:10"}} })
	d, _ := h.fb.Domain(vmName)
	if inst.MAC != "02:ab:00:00:00:10" || !strings.Contains(d.XML, `<mac address="02:ab:00:00:00:10">`) {
		t.Fatalf("mac %q, XML:\n%s", inst.MAC, d.XML)
	}
}

// TestCreate_refusesAMACAnotherDomainHas: a fixed MAC on any other domain (marked by another
// configuration, unmarked, or a copy of this VM's mark) is refused as Permanent, naming the
// domain, before anything is written.
func TestCreate_refusesAMACAnotherDomainHas(t *testing.T) {
	for _, tt := range []struct{ mac, domain string }{
		{"52:54:00:00:00:01", "clone-1"},
		{"02:00:00:00:00:03", "admin-vm"},
		{"52:54:00:00:00:04", "other-vm"},
	} {
		t.Run(tt.domain, func(t *testing.T) {
			h := newCore(t)
			macNeighbours(t, h)
			h.fb.RemoveDomain(vmName) // the VM's own domain is gone: a new create under its name
			_, err := h.c.Create(context.Background(), func() CreateRequest { r := labRequest(); r.NICs = []definition.NIC{{MAC: tt.mac}}; return r }())
			var inUse *rules.MACInUseError
			if classOfErr(t, err) != kvmerr.Permanent || !errors.As(err, &inUse) || inUse.Domain != tt.domain ||
				!strings.Contains(err.Error(), "already used by domain "+tt.domain+" on host lab") {
				t.Fatalf("err = %v", err)
			}
			for _, m := range []string{"StorageVolCreateXML", "DomainDefineXML", "StorageVolUpload"} {
				if n := h.fb.Count(m); n != 0 {
					t.Errorf("%s called %d times before the refusal", m, n)
				}
			}
		})
	}
}

// TestCreate_refusesAFixedMACBesideAnUnreadableDefinition: a domain whose definition does not
// parse may hold the address, so a create with a fixed MAC is refused naming it, as the in-use
// rule refuses to delete a base image beside it; a create with a random MAC is not affected.
func TestCreate_refusesAFixedMACBesideAnUnreadableDefinition(t *testing.T) {
	h := newCore(t)
	h.fb.AddDomain(fake.Domain{Name: "weird", XML: "<domain><devices><interface"})
	_, err := h.c.Create(context.Background(), func() CreateRequest {
		r := labRequest()
		r.NICs = []definition.NIC{{MAC: "52:54:00:00:00:09"}}
		return r
	}())
	var inUse *rules.MACInUseError
	if classOfErr(t, err) != kvmerr.Permanent || !errors.As(err, &inUse) || inUse.Domain != "weird" || !inUse.Unreadable ||
		!strings.Contains(err.Error(), "definition cannot be read") {
		t.Fatalf("err = %v", err)
	}
	if n := h.fb.Count("DomainDefineXML"); n != 0 {
		t.Fatalf("defined %d times beside an unreadable definition", n)
	}
	uses, err := h.c.HostMACs(context.Background(), labHost)
	if err != nil || len(uses) == 0 || !uses[len(uses)-1].Unreadable {
		t.Fatalf("HostMACs = %+v, %v; want the unreadable domain listed", uses, err)
	}
	if _, err := h.c.Create(context.Background(), labRequest()); err != nil {
		t.Fatalf("a create without a fixed MAC failed beside an unreadable definition: %v", err)
	}
}

// TestCreate_fixedMACRaceDefinesOnce: two creates of different VMs asking for one address at
// once: one defines, the other is refused.
func TestCreate_fixedMACRaceDefinesOnce(t *testing.T) {
	raceCreates(t, func(int) []definition.NIC { return []definition.NIC{{MAC: "52:54:00:00:00:42"}} })
}

// raceCreates runs two creates of VMs egress-a and egress-b at once, each with the NICs nics
// gives its index, and wants one defined and the other refused for a MAC in use.
func raceCreates(t *testing.T, nics func(i int) []definition.NIC) {
	t.Helper()
	h := newCore(t)
	errs := make(chan error, 2)
	for i, name := range []string{"egress-a", "egress-b"} {
		go func() {
			r := labRequest2(name)
			r.NICs = nics(i)
			_, err := h.c.Create(context.Background(), r)
			errs <- err
		}()
	}
	var refused int
	for range 2 {
		var inUse *rules.MACInUseError
		if err := <-errs; errors.As(err, &inUse) {
			refused++
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if refused != 1 || h.fb.Count("DomainDefineXML") != 1 {
		t.Fatalf("%d refused, %d defined; want 1 and 1", refused, h.fb.Count("DomainDefineXML"))
	}
}

// seedFiles reads the root files of the VM's seed volume.
func seedFiles(t *testing.T, h *coreHarness, name, uid string) map[string]string {
	t.Helper()
	vol, ok := h.fb.Volume(fake.DefaultPool, rules.SeedName(name, uid))
	if !ok {
		t.Fatal("no seed volume")
	}
	img, err := iso9660.OpenImage(bytes.NewReader(vol.Content))
	if err != nil {
		t.Fatal(err)
	}
	root, err := img.RootDir()
	if err != nil {
		t.Fatal(err)
	}
	children, err := root.GetChildren()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, c := range children {
		data, err := io.ReadAll(c.Reader())
		if err != nil {
			t.Fatal(err)
		}
		files[c.Name()] = string(data)
	}
	return files
}

// TestCreate_networkConfigInSeedAndMark: the seed holds network-config only when one is asked
// for, byte for byte, the mark records it and Get reads it back.
func TestCreate_networkConfigInSeedAndMark(t *testing.T) {
	const doc = "version: 2\r\nethernets:\n  eth0:\n    addresses: [\"192.168.123.200/24\"] # <static> & 'fixed'\n"
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) { r.NetworkConfig = doc })
	files := seedFiles(t, h, vmName, labUID)
	if files["network-config"] != doc || files["user-data"] != string(testUserData()) {
		t.Fatalf("seed files %q", files)
	}
	d, _ := h.fb.Domain(vmName)
	m, err := definition.ParseMark(d.Metadata[definition.MarkNamespace])
	if err != nil || m.NetworkConfig != doc {
		t.Fatalf("mark %+v, %v", m, err)
	}
	got, err := h.c.Get(context.Background(), vmID, "")
	if err != nil || got.NetworkConfig != doc || inst.NetworkConfig != doc {
		t.Fatalf("Get network config %q (create %q), %v", got.NetworkConfig, inst.NetworkConfig, err)
	}

	h2 := newCore(t)
	inst = h2.create()
	if _, present := seedFiles(t, h2, vmName, labUID)["network-config"]; present || inst.NetworkConfig != "" {
		t.Fatalf("network-config present without one asked for (instance %q)", inst.NetworkConfig)
	}
}

// TestSetTag_keepsTheNetworkConfig: rewriting the mark for a tag keeps the recorded network
// configuration.
func TestSetTag_keepsTheNetworkConfig(t *testing.T) {
	const doc = "version: 2\nethernets: {}\n"
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.NetworkConfig = doc })
	inst, err := h.c.SetTag(context.Background(), vmID, labUID, "renamed")
	if err != nil || inst.Tag != "renamed" || inst.NetworkConfig != doc {
		t.Fatalf("SetTag = %+v, %v", inst, err)
	}
}

// TestHostMACs_nextBootDefinitionCounts (issue 35): an interface a running domain has only in its
// persistent definition (virsh attach-interface --config, an edited definition) is the address
// it boots with next: it is listed as taken, as the live definition's are.
func TestHostMACs_nextBootDefinitionCounts(t *testing.T) {
	h := newCore(t)
	live := "<domain type='qemu'><name>admin-vm</name><memory unit='MiB'>64</memory><vcpu>1</vcpu><os><type>hvm</type></os><devices>" +
		"<interface type='network'><mac address='52:54:00:00:00:02'/><source network='default'/></interface></devices></domain>"
	next := strings.Replace(live, "</devices>",
		"<interface type='network'><mac address='52:54:00:00:00:09'/><source network='default'/></interface></devices>", 1)
	h.fb.AddDomain(fake.Domain{Name: "admin-vm", State: libvirt.DomainRunning, XML: live, Persistent: &fake.Definition{XML: next}})
	uses, err := h.c.HostMACs(context.Background(), labHost)
	if err != nil {
		t.Fatal(err)
	}
	var inUse *rules.MACInUseError
	if err := rules.MACConflict(labHost, "52:54:00:00:00:09", "", uses); !errors.As(err, &inUse) || inUse.Domain != "admin-vm" {
		t.Fatalf("MACConflict of the next-boot address = %v, want admin-vm (uses %+v)", err, uses)
	}
	if err := rules.MACConflict(labHost, "52:54:00:00:00:02", "", uses); !errors.As(err, &inUse) || inUse.Domain != "admin-vm" {
		t.Fatalf("MACConflict of the live address = %v, want admin-vm", err)
	}
	n := 0
	for _, u := range uses {
		if u.MAC == "52:54:00:00:00:02" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the address both definitions hold is listed %d times, want once: %+v", n, uses)
	}
}
