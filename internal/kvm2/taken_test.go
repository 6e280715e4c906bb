package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
)

// takenBy creates the VM of labRequest as an earlier run would have (uid labUID), then asks
// Create for the same name with another UID and the request changed by mutate: the refusal.
func takenBy(t *testing.T, mutate func(*CreateRequest)) (*coreHarness, *ownership.OwnedError) {
	t.Helper()
	h := newCore(t)
	h.create()
	before, _ := h.fb.Domain(vmName)
	h.fb.ResetCalls()
	req := labRequest()
	req.UID = "0b5e4c52-6a3b-4f0e-9d7e-3c1f2a9b8d71"
	if mutate != nil {
		mutate(&req)
	}
	_, err := h.c.Create(context.Background(), req)
	if classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("class %v: %v", kvmerr.Classify(err), err)
	}
	var owned *ownership.OwnedError
	if !errors.As(err, &owned) {
		t.Fatalf("not an *OwnedError: %v", err)
	}
	if after, _ := h.fb.Domain(vmName); after.XML != before.XML || after.State != before.State {
		t.Fatal("the refused domain was changed")
	}
	for _, m := range []string{"DomainDefineXML", "DomainUndefine", "DomainSetMetadata", "StorageVolCreateXML", "StorageVolDelete"} {
		if n := h.fb.Count(m); n != 0 {
			t.Fatalf("%s called %d times on the refused domain", m, n)
		}
	}
	return h, owned
}

// A VM left on the host by a run that never recorded its UID (terraform killed mid-apply), met
// by a create with the same settings: the refusal says every recorded setting matches and
// gives the mark's UID and creation time, which the caller needs to tell the user what
// most likely happened. Nothing is adopted.
func TestCreate_takenNameWithMatchingSettingsSaysSo(t *testing.T) {
	_, owned := takenBy(t, nil)
	if !owned.ByCreate || len(owned.Differs) != 0 {
		t.Fatalf("ByCreate %v, Differs %+v; want a create's refusal with no difference", owned.ByCreate, owned.Differs)
	}
	if owned.Other.UID != labUID || !owned.Other.CreatedAt.Equal(time.Date(2026, 9, 16, 13, 33, 0, 0, time.UTC)) {
		t.Fatalf("mark %+v", owned.Other)
	}
	msg := owned.Error()
	for _, s := range []string{labUID, "2026-09-16T13:33:00Z", "every setting its mark records matches"} {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q lacks %q", msg, s)
		}
	}
}

// The same refusal for a create whose settings differ names each differing setting, with both
// values where they are not user data.
func TestCreate_takenNameWithOtherSettingsNamesTheDifferences(t *testing.T) {
	_, owned := takenBy(t, func(r *CreateRequest) {
		r.VCPUs = 2
		r.Tag = "fleet-b"
		r.UserData = []byte("#cloud-config\nhostname: other\n")
		r.NoIPWait = true
	})
	got := map[string]ownership.SettingDiff{}
	for _, d := range owned.Differs {
		got[d.Setting] = d
	}
	want := map[string]ownership.SettingDiff{
		"vcpus":       {Setting: "vcpus", Mark: "1", Asked: "2"},
		"tag":         {Setting: "tag", Mark: `"fleet-a"`, Asked: `"fleet-b"`},
		"user_data":   {Setting: "user_data"},
		"wait_for_ip": {Setting: "wait_for_ip", Mark: "true", Asked: "false"},
	}
	if len(got) != len(want) {
		t.Fatalf("Differs %+v, want %+v", owned.Differs, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %+v, want %+v", k, got[k], w)
		}
	}
	msg := owned.Error()
	for _, s := range []string{"belongs to another kvm2 configuration", labUID, "vcpus (1, here 2)", "user_data"} {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q lacks %q", msg, s)
		}
	}
	if strings.Contains(msg, "hostname: other") || strings.Contains(msg, "#cloud-config") {
		t.Errorf("error %q shows user data", msg)
	}
}

// A fixed MAC address the domain does not have is a difference too.
func TestCreate_takenNameComparesAFixedMAC(t *testing.T) {
	_, owned := takenBy(t, func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: "52:54:00:12:34:56"}} })
	if len(owned.Differs) != 1 || owned.Differs[0].Setting != "mac_address" || owned.Differs[0].Asked != "52:54:00:12:34:56" {
		t.Fatalf("Differs %+v", owned.Differs)
	}
}

// A mark of an earlier version records no user data digest for a VM without user data, and
// none of the later fields: the same settings still compare as the same.
func TestCreate_takenNameByAnEarlierVersionsMarkComparesWhatItRecords(t *testing.T) {
	h := newCore(t)
	const earlierUID = "01hzy3k8v2c7d9e6f5g4h3j2k1" // a UID of the versions before UUID UIDs
	h.markedDomain(vmName, earlierUID, "fleet-a", libvirt.DomainRunning)
	req := labRequest()
	req.UserData, req.Firmware = nil, "bios"
	_, err := h.c.Create(context.Background(), req)
	var owned *ownership.OwnedError
	if !errors.As(err, &owned) || owned.Other.UID != earlierUID {
		t.Fatalf("not the refusal of the earlier VM: %v", err)
	}
	if !owned.ByCreate || len(owned.Differs) != 0 {
		t.Fatalf("Differs %+v, want none", owned.Differs)
	}
	req.UserData = []byte("#cloud-config\n")
	_, err = h.c.Create(context.Background(), req)
	if !errors.As(err, &owned) || len(owned.Differs) != 1 || owned.Differs[0].Setting != "user_data" {
		t.Fatalf("with user data: %v", err)
	}
}
