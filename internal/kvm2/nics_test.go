package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func twoNICs(r *CreateRequest) {
	r.NICs = []definition.NIC{
		{}, // the host's network, a random MAC
		{Bridge: "br1", MAC: "52:54:00:BB:00:02", Bandwidth: definition.Bandwidth{
			Inbound: &definition.Rate{Average: 1024, Peak: 2048, Burst: 256}, Outbound: &definition.Rate{Average: 512},
		}},
	}
}

// TestCreate_severalNICsInTheirOrder: each NIC is defined in the order asked, the first on the
// host's network, the pinned MAC in lower case, a random one for the other, and the limits.
func TestCreate_severalNICsInTheirOrder(t *testing.T) {
	h := newCore(t)
	h.create(twoNICs)
	d, _ := h.fb.Domain(vmName)
	facts, err := definition.ParseDomain(d.XML)
	if err != nil {
		t.Fatal(err)
	}
	if len(facts.NICs) != 2 {
		t.Fatalf("%d NICs defined, want 2:\n%s", len(facts.NICs), d.XML)
	}
	first, second := facts.NICs[0], facts.NICs[1]
	if first.Network != "default" || first.MAC == "" || !first.Bandwidth.IsZero() {
		t.Errorf("first NIC %+v, want the host's network, a random MAC and no limit", first)
	}
	want := definition.NIC{Bridge: "br1", MAC: "52:54:00:bb:00:02", Bandwidth: definition.Bandwidth{
		Inbound: &definition.Rate{Average: 1024, Peak: 2048, Burst: 256}, Outbound: &definition.Rate{Average: 512},
	}}
	if second.Network != want.Network || second.Bridge != want.Bridge || second.MAC != want.MAC || !second.Bandwidth.Equal(want.Bandwidth) {
		t.Errorf("second NIC %+v, want %+v", second, want)
	}
}

// TestCreate_aPinnedMACOfASecondNICAnotherDomainHasIsRefused: every pinned MAC is checked
// against the host's domains, not only the first NIC's, before anything is written.
func TestCreate_aPinnedMACOfASecondNICAnotherDomainHasIsRefused(t *testing.T) {
	h := newCore(t)
	macNeighbours(t, h)
	h.fb.RemoveDomain(vmName)
	_, err := h.c.Create(context.Background(), func() CreateRequest {
		r := labRequest()
		r.NICs = []definition.NIC{{MAC: "52:54:00:00:00:99"}, {Network: "default", MAC: "02:00:00:00:00:03"}}
		return r
	}())
	var inUse *rules.MACInUseError
	if classOfErr(t, err) != kvmerr.Permanent || !errors.As(err, &inUse) || inUse.Domain != "admin-vm" {
		t.Fatalf("err = %v, want the second NIC's MAC refused naming admin-vm", err)
	}
	for _, m := range []string{"StorageVolCreateXML", "DomainDefineXML"} {
		if n := h.fb.Count(m); n != 0 {
			t.Errorf("%s called %d times before the refusal", m, n)
		}
	}
}

// TestCreate_refusesBadNICsBeforeTheHost: two NICs pinning one MAC, too many NICs, a limit out
// of bounds: Permanent, by the rules' words, and nothing asked of the host.
func TestCreate_refusesBadNICsBeforeTheHost(t *testing.T) {
	nine := make([]definition.NIC, rules.MaxNICs+1)
	for _, tc := range []struct {
		name string
		nics []definition.NIC
		want string
	}{
		{"one MAC twice", []definition.NIC{{MAC: "52:54:00:00:00:01"}, {MAC: "52:54:00:00:00:01"}}, "network interfaces 0 and 1 both have mac_address"},
		{"nine", nine, "network interfaces is 9"},
		{"limit", []definition.NIC{{}, {Bandwidth: definition.Bandwidth{Inbound: &definition.Rate{Average: 10, Peak: 5}}}},
			"network interface 1: inbound bandwidth: peak 5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			h.fb.ResetCalls()
			_, err := h.c.Create(context.Background(), func() CreateRequest { r := labRequest(); r.NICs = tc.nics; return r }())
			if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want Permanent with %q", err, tc.want)
			}
			if n := h.fb.Count("DomainDefineXML") + h.fb.Count("StorageVolCreateXML"); n != 0 {
				t.Errorf("%d writes before the refusal", n)
			}
		})
	}
}

// TestCreate_twoNICsPinningMACsOfEachOthersCreates: two creates, each pinning both addresses in
// the opposite order: the MACs are locked in one order, so neither waits for the other for
// ever, one defines and the other is refused.
func TestCreate_twoNICsPinningMACsOfEachOthersCreates(t *testing.T) {
	raceCreates(t, func(i int) []definition.NIC {
		a, b := "52:54:00:00:00:41", "52:54:00:00:00:42"
		if i == 1 {
			a, b = b, a
		}
		return []definition.NIC{{MAC: a}, {Network: "default", MAC: b}}
	})
}

// TestCreate_takenNameComparesEveryNIC: a VM of another configuration under the name is
// refused with each NIC setting that differs, by the name the configuration gives it.
func TestCreate_takenNameComparesEveryNIC(t *testing.T) {
	_, owned := takenBy(t, func(r *CreateRequest) {
		r.NICs = []definition.NIC{{}, {Network: "default"}}
	})
	if len(owned.Differs) != 1 || owned.Differs[0].Setting != "network_interfaces" || owned.Differs[0].Asked != "2 NICs" {
		t.Fatalf("Differs %+v, want the number of NICs", owned.Differs)
	}

	h := newCore(t)
	h.create(twoNICs)
	req := labRequest()
	req.UID = "0b5e4c52-6a3b-4f0e-9d7e-3c1f2a9b8d71"
	twoNICs(&req)
	req.NICs[1].Bridge, req.NICs[1].Network = "", "default"
	req.NICs[1].Bandwidth.Outbound = nil
	_, err := h.c.Create(context.Background(), req)
	if !errors.As(err, &owned) {
		t.Fatalf("not an *OwnedError: %v", err)
	}
	var got []string
	for _, d := range owned.Differs {
		got = append(got, d.Setting)
	}
	if strings.Join(got, " ") != "network_interfaces[1].network network_interfaces[1].bandwidth" {
		t.Fatalf("Differs %+v", owned.Differs)
	}
	if msg := owned.Error(); !strings.Contains(msg, `network_interfaces[1].network (bridge "br1", here network "default")`) {
		t.Errorf("error %q does not say how the second NIC differs", msg)
	}
}

// TestWithMACs_drawsDistinctAddresses: a NIC without a MAC never gets one another NIC of the VM
// pins or drew.
func TestWithMACs_drawsDistinctAddresses(t *testing.T) {
	nics := make([]definition.NIC, rules.MaxNICs)
	nics[3].MAC = "52:54:00:00:00:03"
	got, err := withMACs(nics)
	if err != nil {
		t.Fatal(err)
	}
	if err := rules.DuplicateMACs(got); err != nil {
		t.Fatal(err)
	}
	for i, n := range got {
		if err := rules.ValidateMACAddress(n.MAC); err != nil {
			t.Errorf("NIC %d: %v", i, err)
		}
	}
	if got[3].MAC != "52:54:00:00:00:03" || nics[0].MAC != "" {
		t.Errorf("the pinned MAC changed, or the request was written to: %+v", got)
	}
}

func limitsOf(t *testing.T, x string) []definition.Bandwidth {
	t.Helper()
	facts, err := definition.ParseDomain(x)
	if err != nil {
		t.Fatal(err)
	}
	var out []definition.Bandwidth
	for _, n := range facts.NICs {
		out = append(out, n.Bandwidth)
	}
	return out
}

// TestSetBandwidth_changesOnlyTheNICsThatDiffer: the limits go into the running domain and its
// definition, a NIC whose limits are already those is not written, a repeated call writes
// nothing, and a limit set to none is removed.
func TestSetBandwidth_changesOnlyTheNICsThatDiffer(t *testing.T) {
	h := newCore(t)
	h.create(twoNICs)
	first := definition.Bandwidth{Outbound: &definition.Rate{Average: 100, Burst: 50}}
	second := definition.Bandwidth{Inbound: &definition.Rate{Average: 1024, Peak: 2048, Burst: 256}, Outbound: &definition.Rate{Average: 512}}
	h.fb.ResetCalls()
	if _, err := h.c.SetBandwidth(context.Background(), vmID, labUID, []definition.Bandwidth{first, second}); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("DomainSetInterfaceParameters"); n != 1 {
		t.Fatalf("%d interfaces written, want the first alone (the second has its limits)", n)
	}
	d, _ := h.fb.Domain(vmName)
	if d.Persistent == nil {
		t.Fatal("the running VM has no persistent definition")
	}
	for what, x := range map[string]string{"live": d.XML, "persistent": d.Persistent.XML} {
		got := limitsOf(t, x)
		if len(got) != 2 || !got[0].Equal(first) || !got[1].Equal(second) {
			t.Errorf("%s definition's limits %+v", what, got)
		}
	}
	h.fb.ResetCalls()
	if _, err := h.c.SetBandwidth(context.Background(), vmID, labUID, []definition.Bandwidth{first, {}}); err != nil {
		t.Fatal(err)
	}
	d, _ = h.fb.Domain(vmName)
	if got := limitsOf(t, d.XML); !got[1].IsZero() || !got[0].Equal(first) || h.fb.Count("DomainSetInterfaceParameters") != 1 {
		t.Fatalf("after removing the second NIC's limits: %+v", got)
	}
}

// TestSetBandwidth_aStoppedVMsDefinition: a stopped VM has one definition, which is written.
func TestSetBandwidth_aStoppedVMsDefinition(t *testing.T) {
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false })
	bw := definition.Bandwidth{Inbound: &definition.Rate{Average: 64}}
	if _, err := h.c.SetBandwidth(context.Background(), vmID, labUID, []definition.Bandwidth{bw}); err != nil {
		t.Fatal(err)
	}
	d, _ := h.fb.Domain(vmName)
	if got := limitsOf(t, d.XML); !got[0].Equal(bw) {
		t.Fatalf("limits %+v", got)
	}
}

// TestSetBandwidth_neverTouchesAnotherDomain: a domain of the name that is not the VM (another
// configuration's) is never written, and the NIC count must be the domain's.
func TestSetBandwidth_neverTouchesAnotherDomain(t *testing.T) {
	h := newCore(t)
	h.create()
	bw := []definition.Bandwidth{{Inbound: &definition.Rate{Average: 64}}}
	h.fb.ResetCalls()
	_, err := h.c.SetBandwidth(context.Background(), vmID, "0b5e4c52-6a3b-4f0e-9d7e-3c1f2a9b8d71", bw)
	if classOfErr(t, err) != kvmerr.NotFound || h.fb.Count("DomainSetInterfaceParameters") != 0 {
		t.Fatalf("another UID: %v, %d writes", err, h.fb.Count("DomainSetInterfaceParameters"))
	}
	_, err = h.c.SetBandwidth(context.Background(), vmID, labUID, append(bw, definition.Bandwidth{}))
	if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), "has 1 network interfaces, the request 2") {
		t.Fatalf("two limits for one NIC: %v", err)
	}
	_, err = h.c.SetBandwidth(context.Background(), vmID, labUID, []definition.Bandwidth{{Inbound: &definition.Rate{Average: 1, Peak: 0, Burst: rules.MaxBurstKiB + 1}}})
	if classOfErr(t, err) != kvmerr.Permanent || h.fb.Count("DomainSetInterfaceParameters") != 0 {
		t.Fatalf("a limit out of bounds: %v", err)
	}
}

// TestSetBandwidth_neverTouchesASameNamedForeignDomain: a domain without our mark under the VM's
// name, with a NIC of its own, is never written: the VM reads as gone.
func TestSetBandwidth_neverTouchesASameNamedForeignDomain(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.RemoveDomain(vmName)
	h.fb.AddDomain(fake.Domain{Name: vmName, State: libvirt.DomainRunning, XML: "<domain type='qemu'><name>" + vmName +
		"</name><devices><interface type='network'><mac address='52:54:00:ee:00:01'/><source network='default'/></interface></devices></domain>"})
	h.fb.ResetCalls()
	_, err := h.c.SetBandwidth(context.Background(), vmID, labUID, []definition.Bandwidth{{Inbound: &definition.Rate{Average: 64}}})
	var gone *ownership.GoneError
	if classOfErr(t, err) != kvmerr.NotFound || !errors.As(err, &gone) || h.fb.Count("DomainSetInterfaceParameters") != 0 {
		t.Fatalf("SetBandwidth on a foreign domain of the name: %v, %d writes", err, h.fb.Count("DomainSetInterfaceParameters"))
	}
	if d, _ := h.fb.Domain(vmName); strings.Contains(d.XML, "bandwidth") {
		t.Fatalf("the foreign domain was written:\n%s", d.XML)
	}
}
