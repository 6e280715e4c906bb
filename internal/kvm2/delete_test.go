package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

func TestDelete_removesDomainNVRAMOverlayAndSeed(t *testing.T) {
	h := newCore(t)
	h.create()
	if err := h.c.Delete(context.Background(), vmID); err != nil {
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
		if err := h.c.Delete(context.Background(), vmID); err != nil {
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
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "egress-1.qcow2"})
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "egress-1-cidata.iso"})
		}},
		{"only seed", func(h *coreHarness) { h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "egress-1-cidata.iso"}) }},
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
			if err := h.c.Delete(context.Background(), vmID); err != nil {
				t.Fatal(err)
			}
			assertNoDebris(t, h)
		})
	}
}

func TestDelete_unknownHostIsNoop(t *testing.T) {
	h := newCore(t)
	if err := h.c.Delete(context.Background(), "elsewhere/"+vmName); err != nil {
		t.Fatal(err)
	}
	if h.pool.Acquired("elsewhere") != 0 || len(h.fb.Calls()) != 0 {
		t.Fatal("touched a host")
	}
}

func TestDelete_refusesUnmarkedDomain(t *testing.T) {
	h := newCore(t)
	h.unmarkedDomain(vmName, libvirt.DomainRunning)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "egress-1.qcow2"})
	err := h.c.Delete(context.Background(), vmID)
	if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), "not managed by kvm2") {
		t.Fatalf("err = %v", err)
	}
	if _, ok := h.fb.Domain(vmName); !ok {
		t.Fatal("foreign domain removed")
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, "egress-1.qcow2"); !ok {
		t.Fatal("volume next to a foreign domain removed")
	}
}

func TestDelete_fallsBackWhenNVRAMFlagRejected(t *testing.T) {
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		t.Run(string(rune('0'+code%10)), func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
			h.fb.FailNth("DomainUndefine", 1, lverr(code))
			if err := h.c.Delete(context.Background(), vmID); err != nil {
				t.Fatal(err)
			}
			if n := h.fb.Count("DomainUndefine"); n != 2 {
				t.Fatalf("undefine called %d times", n)
			}
			assertNoDebris(t, h)
		})
	}
}

func TestDelete_transientFailureThenRetryCompletes(t *testing.T) {
	boom := errors.New("connection reset by peer")
	for _, method := range []string{"DomainLookupByName", "DomainGetMetadata", "DomainDestroy", "DomainUndefine",
		"StoragePoolLookupByName", "StorageVolLookupByName", "StorageVolDelete"} {
		t.Run(method, func(t *testing.T) {
			h := newCore(t)
			h.create()
			h.fb.FailNth(method, 1, boom)
			err := h.c.Delete(context.Background(), vmID)
			if classOfErr(t, err) != kvmerr.Transient {
				t.Fatalf("first delete: %v", err)
			}
			if err := h.c.Delete(context.Background(), vmID); err != nil {
				t.Fatalf("second delete: %v", err)
			}
			assertNoDebris(t, h)
		})
	}
}

func TestDelete_badIDIsPermanent(t *testing.T) {
	h := newCore(t)
	if err := h.c.Delete(context.Background(), "no-slash"); classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("err = %v", err)
	}
}
