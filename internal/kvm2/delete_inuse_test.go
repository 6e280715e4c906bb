package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestDelete_refusesWhileAnotherDomainUsesADisk (issue 22, item 4): a disk of the VM that another
// domain uses (an administrator's rescue VM that attached the overlay, or an overlay made on top
// of it) keeps the whole VM: the delete fails with a Permanent *DiskInUseError naming the other
// domain, nothing is removed, and the same delete succeeds once the other domain is gone.
func TestDelete_refusesWhileAnotherDomainUsesADisk(t *testing.T) {
	overlayPath := fake.DefaultPoolPath + "/" + labOverlay
	for _, tc := range []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"a rescue VM with the overlay attached", func(h *coreHarness) {
			raw := "<disk type='file' device='disk'><driver name='qemu' type='raw'/><source file='/srv/rescue.img'/></disk>"
			h.fb.AddDomain(fake.Domain{Name: "rescue", XML: kvmtest.RescueDomainXML("rescue", raw, kvmtest.Qcow2FileDisk(overlayPath))})
		}},
		{"a running rescue VM on an overlay of the overlay", func(h *coreHarness) {
			top := h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "rescue-top.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: overlayPath})
			h.fb.AddDomain(fake.Domain{Name: "rescue", State: libvirt.DomainRunning, XML: kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk(top))})
		}},
		{"a running rescue VM with the overlay in its next-boot definition only", func(h *coreHarness) {
			// virsh attach-disk --config: the live definition has no such disk.
			raw := "<disk type='file' device='disk'><driver name='qemu' type='raw'/><source file='/srv/rescue.img'/></disk>"
			h.fb.AddDomain(fake.Domain{Name: "rescue", State: libvirt.DomainRunning, XML: kvmtest.RescueDomainXML("rescue", raw),
				Persistent: &fake.Definition{XML: kvmtest.RescueDomainXML("rescue", raw, kvmtest.Qcow2FileDisk(overlayPath))}})
		}},
		{"a rescue VM on an overlay the host cannot follow", func(h *coreHarness) {
			h.fb.AddDomain(fake.Domain{Name: "rescue", XML: kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk("/root/rescue-top.qcow2"))})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			h.create()
			tc.setup(h)
			before, _ := h.fb.Domain(vmName)

			err := h.c.Delete(context.Background(), vmID, labUID)
			if classOfErr(t, err) != kvmerr.Permanent {
				t.Fatalf("err = %v, want Permanent", err)
			}
			var inUse *DiskInUseError
			if !errors.As(err, &inUse) || len(inUse.Users) != 1 || inUse.Users[0].Name != "rescue" || !strings.Contains(err.Error(), "rescue") {
				t.Fatalf("err = %v, want a *DiskInUseError naming rescue", err)
			}
			t.Logf("refused: %v", err)
			if after, ok := h.fb.Domain(vmName); !ok || after.XML != before.XML {
				t.Fatal("the VM's domain was removed or changed by a refused delete")
			}
			for _, v := range []string{labOverlay, labSeed, labBase} {
				if _, ok := h.fb.Volume(fake.DefaultPool, v); !ok {
					t.Fatalf("volume %s was deleted by a refused delete", v)
				}
			}
			h.fb.RemoveDomain("rescue")
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatalf("delete once the rescue VM is gone: %v", err)
			}
			assertNoDebris(t, h)
		})
	}
}

// TestDelete_aSameNamedVolumeAnotherDomainUsesIsNotOurs: a rescue VM on a volume of another pool
// that bears our overlay's very name does not hold our VM: identity, not name.
func TestDelete_aSameNamedVolumeAnotherDomainUsesIsNotOurs(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.AddPool(fake.StoragePool{Name: "other", Path: "/var/lib/other", Active: true, Capacity: 10 << 30, Available: 10 << 30})
	theirs := h.fb.AddVolume("other", fake.Volume{Name: labOverlay, Format: "qcow2", Capacity: 1 << 30})
	h.fb.AddDomain(fake.Domain{Name: "rescue", XML: kvmtest.RescueDomainXML("rescue", kvmtest.Qcow2FileDisk(theirs))})
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if _, ok := h.fb.Volume("other", labOverlay); !ok {
		t.Fatal("the same-named volume of another pool was deleted")
	}
	if _, ok := h.fb.Domain(vmName); ok {
		t.Fatal("our domain was kept")
	}
	for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
		if strings.HasPrefix(v, vmName) {
			t.Errorf("volume left: %s", v)
		}
	}
}

// defineWithDisks defines a stopped domain vmName with our mark of uid whose definition names the
// overlay and seed volumes given (made in the default pool, the overlay backing onto the base).
func defineWithDisks(t *testing.T, h *coreHarness, uid, overlay, seed string) {
	t.Helper()
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: overlay, Format: "qcow2", Capacity: 4 << 30, BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: seed, Format: "raw", Content: []byte("seed")})
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: vmName, UUID: rules.DomainUUID(uid), Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 128, Firmware: definition.FirmwareBIOS,
		OverlayPath: fake.DefaultPoolPath + "/" + overlay, SeedPath: fake.DefaultPoolPath + "/" + seed,
		NICs: []definition.NIC{{Network: "default", MAC: "52:54:00:aa:bb:cc"}},
		Mark: definition.Mark{UID: uid, Tag: "t", CreatedAt: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), BaseImageID: labBaseID,
			VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Network: "default", Firmware: definition.FirmwareBIOS},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.fb.DomainDefineXML(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	h.fb.SetDomainState(vmName, libvirt.DomainShutoff)
}

// TestLegacyNames_onlyForLegacyUIDs (issue 22, item 5): the volume names of the previous release
// (`<name>.qcow2` backing onto a base, `<name>-cidata.iso`) are this VM's only when its UID is of
// that release (not a UUID). A VM with a UUID UID never had them: volumes of those names its
// definition names (an administrator's disks attached by hand) are neither resized nor deleted.
// The VM of an earlier version keeps working: its volumes are deleted with it.
func TestLegacyNames_onlyForLegacyUIDs(t *testing.T) {
	overlay, seed := rules.LegacyOverlayName(vmName), rules.LegacySeedName(vmName)
	t.Run("uuid uid: resize refuses the legacy-named overlay", func(t *testing.T) {
		h := newCore(t)
		const uid = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e"
		defineWithDisks(t, h, uid, overlay, seed)
		_, _, err := h.c.Resize(context.Background(), vmID, uid, ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 5})
		if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), "not resized") {
			t.Fatalf("err = %v, want a Permanent refusal to resize a disk not named with the uid", err)
		}
		if v, _ := h.fb.Volume(fake.DefaultPool, overlay); v.Capacity != 4<<30 {
			t.Fatalf("the legacy-named overlay was resized to %d", v.Capacity)
		}
	})
	t.Run("uuid uid: delete keeps the legacy-named volumes", func(t *testing.T) {
		h := newCore(t)
		const uid = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e"
		defineWithDisks(t, h, uid, overlay, seed)
		if err := h.c.Delete(context.Background(), vmID, uid); err != nil {
			t.Fatal(err)
		}
		if _, ok := h.fb.Domain(vmName); ok {
			t.Fatal("the VM's domain was kept")
		}
		for _, v := range []string{overlay, seed} {
			if _, ok := h.fb.Volume(fake.DefaultPool, v); !ok {
				t.Errorf("volume %s, which a VM with a UUID uid never had, was deleted", v)
			}
		}
	})
	t.Run("uid of an earlier version: delete removes its volumes", func(t *testing.T) {
		h := newCore(t)
		const uid = "abcdefghijklmnopqrstuvwxyz"
		defineWithDisks(t, h, uid, overlay, seed)
		if err := h.c.Delete(context.Background(), vmID, uid); err != nil {
			t.Fatal(err)
		}
		assertNoDebris(t, h)
	})
}
