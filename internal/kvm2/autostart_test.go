package kvm2

import (
	"context"
	"slices"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const otherUID = "fedcba9876543210fedcba9876543210"

// hostAutostart is the flag of the named domain on the fake host.
func hostAutostart(t *testing.T, h *coreHarness, name string) bool {
	t.Helper()
	d, ok := h.fb.Domain(name)
	if !ok {
		t.Fatalf("domain %s is gone", name)
	}
	return d.Autostart
}

func TestCreate_setsAutostartBeforeTheStart(t *testing.T) {
	for _, autostart := range []bool{true, false} {
		h := newCore(t)
		inst := h.create(func(r *CreateRequest) { r.Autostart = autostart })
		if inst.Autostart != autostart || hostAutostart(t, h, vmName) != autostart {
			t.Fatalf("asked %v: instance %v, host %v", autostart, inst.Autostart, hostAutostart(t, h, vmName))
		}
		m := h.fb.Methods()
		set, start := slices.Index(m, "DomainSetAutostart"), slices.Index(m, "DomainCreate")
		switch {
		case autostart && (set < 0 || start < set):
			t.Fatalf("autostart not set before the start: %v", m)
		case !autostart && set >= 0:
			t.Fatalf("a new definition has autostart off, yet it was set: %v", m)
		}
	}
}

func TestCreate_refusedAutostartLeavesNoDebris(t *testing.T) {
	h := newCore(t)
	h.fb.FailAlways("DomainSetAutostart", lverr(libvirt.ErrInternalError))
	_, err := h.c.Create(context.Background(), withAutostart(labRequest()))
	if got := classOfErr(t, err); got != kvmerr.Transient {
		t.Fatalf("class %v: %v", got, err)
	}
	if h.fb.Count("DomainCreate") != 0 {
		t.Fatal("started a domain whose autostart was not set")
	}
	assertNoDebris(t, h)
}

func TestCreate_adoptionSetsAutostartAsAsked(t *testing.T) {
	for _, autostart := range []bool{true, false} {
		h := newCore(t)
		h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
		h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = !autostart })
		inst := h.create(func(r *CreateRequest) { r.Autostart = autostart })
		if inst.Autostart != autostart || hostAutostart(t, h, vmName) != autostart {
			t.Fatalf("asked %v: instance %v, host %v", autostart, inst.Autostart, hostAutostart(t, h, vmName))
		}
	}
}

func TestSetAutostart_changesItInPlace(t *testing.T) {
	h := newCore(t)
	before := h.create(func(r *CreateRequest) { r.Autostart = true })
	for _, want := range []bool{false, true} {
		inst, err := h.c.SetAutostart(context.Background(), vmID, labUID, want)
		if err != nil || inst.Autostart != want || hostAutostart(t, h, vmName) != want {
			t.Fatalf("SetAutostart(%v) = %v, %v; host %v", want, inst.Autostart, err, hostAutostart(t, h, vmName))
		}
		if inst.UID != before.UID || inst.DomainUUID != before.DomainUUID || inst.State != StateRunning {
			t.Fatalf("not the same running VM: %+v", inst)
		}
	}
	if n := h.fb.Count("DomainDefineXML") + h.fb.Count("DomainDestroy"); n != 1 {
		t.Fatalf("redefined or stopped: %v", h.fb.Methods())
	}
}

// A domain that is not this VM keeps its flag: SetAutostart proves ownership before it writes.
func TestSetAutostart_refusesWhatIsNotThisVM(t *testing.T) {
	tests := []struct {
		name  string
		setup func(h *coreHarness)
		want  kvmerr.Class
	}{
		{"same name, another configuration's", func(h *coreHarness) {
			h.markedDomain(vmName, otherUID, "theirs", libvirt.DomainRunning)
		}, kvmerr.NotFound},
		{"same name, unmarked", func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainRunning) }, kvmerr.NotFound},
		{"this VM, no longer defined", func(h *coreHarness) {
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Transient = true })
		}, kvmerr.Permanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			tt.setup(h)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = !d.Transient })
			before := hostAutostart(t, h, vmName)
			_, err := h.c.SetAutostart(context.Background(), vmID, labUID, !before)
			if got := classOfErr(t, err); got != tt.want {
				t.Fatalf("class %v: %v", got, err)
			}
			if hostAutostart(t, h, vmName) != before {
				t.Fatal("the flag of a domain that is not this VM changed")
			}
		})
	}
}

func withAutostart(r CreateRequest) CreateRequest {
	r.Autostart = true
	return r
}
