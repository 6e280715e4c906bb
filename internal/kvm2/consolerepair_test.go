package kvm2

import (
	"context"
	"slices"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// dropConsoleLogs removes the console log volumes of the lab VM, as a create killed after its
// overlay but before its logs leaves it.
func (h *coreHarness) dropConsoleLogs() {
	h.t.Helper()
	for _, n := range rules.ConsoleLogNames(vmName, labUID) {
		if err := h.fb.StorageVolDelete(context.Background(), libvirt.StorageVol{Pool: fake.DefaultPool, Name: n}); err != nil {
			h.t.Fatal(err)
		}
	}
}

// A VM whose create was interrupted before its console log volumes (then imported) lacks them:
// MissingConsoleLogs names every one, changing nothing, and MakeConsoleLogs makes them where the
// definition names the log, so the VM has the volume set its UID implies.
func TestMakeConsoleLogs_makesTheLogsAnInterruptedCreateLacks(t *testing.T) {
	ctx := context.Background()
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false })
	h.dropConsoleLogs()
	h.fb.ResetCalls()
	missing, err := h.c.MissingConsoleLogs(ctx, vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	if want := rules.ConsoleLogNames(vmName, labUID); !slices.Equal(missing, want) {
		t.Fatalf("missing %v, want %v", missing, want)
	}
	if n := h.fb.Count("StorageVolCreateXML") + h.fb.Count("StorageVolDelete") + h.fb.Count("DomainDefineXML"); n != 0 {
		t.Errorf("MissingConsoleLogs wrote to the host (%d writes)", n)
	}
	if _, err := h.c.MakeConsoleLogs(ctx, vmID, labUID); err != nil {
		t.Fatal(err)
	}
	for _, n := range rules.ConsoleLogNames(vmName, labUID) {
		if _, ok := h.fb.Volume(fake.DefaultPool, n); !ok {
			t.Errorf("after MakeConsoleLogs, no volume %s", n)
		}
	}
	if missing, err := h.c.MissingConsoleLogs(ctx, vmID, labUID); err != nil || len(missing) != 0 {
		t.Errorf("after MakeConsoleLogs: missing %v, %v", missing, err)
	}
}

// A VM started without its log volumes has the log as a file virtlogd made, which no pool lists:
// MakeConsoleLogs takes that file as the log's volume (one refresh) and makes the copies.
func TestMakeConsoleLogs_takesTheFileVirtlogdMade(t *testing.T) {
	ctx := context.Background()
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false })
	h.dropConsoleLogs()
	if _, err := h.c.SetRunning(ctx, vmID, labUID, true); err != nil {
		t.Fatal(err)
	}
	h.fb.WriteConsole(vmName, "booted\n")
	if _, err := h.c.MakeConsoleLogs(ctx, vmID, labUID); err != nil {
		t.Fatal(err)
	}
	v, ok := h.fb.Volume(fake.DefaultPool, rules.ConsoleLogName(vmName, labUID))
	if !ok || string(v.Content) != "booted\n" {
		t.Errorf("the log's volume after MakeConsoleLogs: %v %q, want the file virtlogd wrote", ok, v.Content)
	}
	if missing, err := h.c.MissingConsoleLogs(ctx, vmID, labUID); err != nil || len(missing) != 0 {
		t.Errorf("after MakeConsoleLogs: missing %v, %v", missing, err)
	}
}

// A complete VM lacks nothing and MakeConsoleLogs writes nothing.
func TestMakeConsoleLogs_aCompleteVMIsLeftAlone(t *testing.T) {
	ctx := context.Background()
	h := newCore(t)
	h.create()
	if missing, err := h.c.MissingConsoleLogs(ctx, vmID, labUID); err != nil || len(missing) != 0 {
		t.Fatalf("a complete VM: missing %v, %v", missing, err)
	}
	h.fb.ResetCalls()
	if _, err := h.c.MakeConsoleLogs(ctx, vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := h.fb.Count("StorageVolCreateXML"); n != 0 {
		t.Errorf("MakeConsoleLogs of a complete VM made %d volumes", n)
	}
}

// Under a name another configuration's VM holds, nothing is read as ours and nothing is made:
// the same-named foreign domain's missing logs are not this UID's to make.
func TestMakeConsoleLogs_aForeignDomainUnderTheNameGetsNothing(t *testing.T) {
	ctx := context.Background()
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false; r.UID = "0b6f0a57-1d1c-4a3e-9d6b-3c1f2e4d5a6b" })
	for _, n := range rules.ConsoleLogNames(vmName, "0b6f0a57-1d1c-4a3e-9d6b-3c1f2e4d5a6b") {
		_ = h.fb.StorageVolDelete(ctx, libvirt.StorageVol{Pool: fake.DefaultPool, Name: n})
	}
	if _, err := h.c.MissingConsoleLogs(ctx, vmID, labUID); err == nil {
		t.Error("MissingConsoleLogs read another configuration's VM as ours")
	}
	h.fb.ResetCalls()
	_, err := h.c.MakeConsoleLogs(ctx, vmID, labUID)
	if !kvmerr.IsNotFound(err) {
		t.Errorf("MakeConsoleLogs under a foreign VM's name: %v, want NotFound (this VM is gone)", err)
	}
	if n := h.fb.Count("StorageVolCreateXML"); n != 0 {
		t.Errorf("MakeConsoleLogs made %d volumes beside a foreign VM", n)
	}
}
