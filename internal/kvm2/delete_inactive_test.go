package kvm2

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
)

// setPoolActive starts or stops pool on the fake host, as virsh pool-start and pool-destroy do.
func setPoolActive(h *coreHarness, pool string, active bool) {
	h.t.Helper()
	if !h.fb.UpdatePool(pool, func(p *fake.StoragePool) { p.Active = active }) {
		h.t.Fatalf("no pool %s", pool)
	}
}

// vmVolumes lists the volumes of vmName in pool (read from the fake, active or not).
func vmVolumes(h *coreHarness, pool string) []string {
	return slices.DeleteFunc(h.fb.VolumeNames(pool), func(v string) bool { return !strings.HasPrefix(v, vmName+".") })
}

// wantInactiveRefusal fails unless err is the Permanent refusal of a delete because pool is
// inactive, naming the pool and both ways out.
func wantInactiveRefusal(t *testing.T, err error, pool string) {
	t.Helper()
	if classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("err = %v, want Permanent", err)
	}
	for _, s := range []string{fmt.Sprintf("storage pool %q on host %s is inactive", pool, labHost), "virsh pool-start " + pool, "terraform state rm"} {
		if !strings.Contains(err.Error(), s) {
			t.Fatalf("err = %v\nwant it to say %q", err, s)
		}
	}
}

// TestDelete_refusesWhileAPoolOfTheVMIsInactive (issue 35, defect 2): the volumes of a VM in an
// inactive pool can be neither found nor deleted, so a delete that went on would drop the state
// and the UID, the only proof those volumes are the VM's. It is refused, Permanent, naming the
// pool and what to do, and removes nothing (the domain included); once the pool is started
// again the same delete removes everything of the VM.
func TestDelete_refusesWhileAPoolOfTheVMIsInactive(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pool  string // the pool of the VM's volumes, stopped
		setup func(h *coreHarness)
	}{
		{"intact VM in the host's pool", fake.DefaultPool, func(h *coreHarness) { h.create() }},
		{"domain gone, its volumes left in the host's pool", fake.DefaultPool, func(h *coreHarness) {
			h.create()
			h.fb.RemoveDomain(vmName)
		}},
		{"intact VM in a pool the host's setting no longer names", "proxies", func(h *coreHarness) {
			h.fb.AddPool(fake.StoragePool{Name: "proxies", Active: true, Capacity: 10 << 30, Available: 10 << 30})
			setHostPool(h, "proxies")
			h.create()
			setHostPool(h, fake.DefaultPool)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			tc.setup(h)
			before, hadDomain := h.fb.Domain(vmName)
			vols := vmVolumes(h, tc.pool)
			if len(vols) != 6 {
				t.Fatalf("volumes of the VM in %s: %v, want overlay, seed and 4 console logs", tc.pool, vols)
			}
			setPoolActive(h, tc.pool, false)

			err := h.c.Delete(context.Background(), vmID, labUID)
			wantInactiveRefusal(t, err, tc.pool)
			t.Logf("refused: %v", err)
			if after, ok := h.fb.Domain(vmName); ok != hadDomain || after.XML != before.XML {
				t.Fatal("the VM's domain was removed or changed by a refused delete")
			}
			if got := vmVolumes(h, tc.pool); !slices.Equal(got, vols) {
				t.Fatalf("volumes after a refused delete: %v, want %v", got, vols)
			}

			setPoolActive(h, tc.pool, true)
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatalf("delete once the pool is started: %v", err)
			}
			assertNoDebris(t, h)
			if got := vmVolumes(h, tc.pool); len(got) != 0 {
				t.Fatalf("volumes left in %s: %v", tc.pool, got)
			}
		})
	}
}

// setHostPool changes the host's pool setting of h's client, as a changed configuration does.
func setHostPool(h *coreHarness, pool string) {
	hc := h.c.cfg.Hosts[labHost]
	hc.Pool = pool
	h.c.cfg.Hosts[labHost] = hc
}

// An inactive pool that is not the host's pool and holds no file the VM's definition names is
// not the VM's: it does not block the delete, be it named and placed as the host's pool begins
// ("default-old" in ".../images-old") or over the directory above the host pool's.
func TestDelete_anUnrelatedInactivePoolDoesNotBlock(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(h *coreHarness)
	}{
		{"intact VM", func(h *coreHarness) { h.create() }},
		{"domain gone, its volumes left", func(h *coreHarness) {
			h.create()
			h.fb.RemoveDomain(vmName)
		}},
		{"a disk of the domain deleted by hand", func(h *coreHarness) {
			h.create()
			h.fb.RemoveVolume(fake.DefaultPool, labSeed)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			tc.setup(h)
			foreign := map[string]string{fake.DefaultPool + "-old": fake.DefaultPoolPath + "-old", "above": path.Dir(fake.DefaultPoolPath)}
			for name, dir := range foreign {
				h.fb.AddPool(fake.StoragePool{Name: name, Path: dir, Capacity: 10 << 30})
				h.fb.AddVolume(name, fake.Volume{Name: "someone-elses.qcow2"})
			}
			if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
				t.Fatalf("delete beside unrelated inactive pools: %v", err)
			}
			assertNoDebris(t, h)
			for name := range foreign {
				if _, ok := h.fb.Volume(name, "someone-elses.qcow2"); !ok {
					t.Fatalf("a volume of the unrelated pool %s was removed", name)
				}
			}
		})
	}
}

// A VM whose domain is gone reads as gone with volumes that may remain while the host's pool is
// inactive: that pool cannot be searched, so the caller keeps the UID (a Terraform refresh
// before a destroy would drop it otherwise, and the delete above would never be asked).
func TestGet_goneWithItsPoolInactiveMayLeaveVolumes(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.RemoveDomain(vmName)
	setPoolActive(h, fake.DefaultPool, false)
	h.fb.AddPool(fake.StoragePool{Name: "unrelated", Capacity: 10 << 30}) // inactive, not the VM's
	_, err := h.c.Get(context.Background(), vmID, labUID)
	var gone *ownership.GoneError
	if classOfErr(t, err) != kvmerr.NotFound || !errors.As(err, &gone) {
		t.Fatalf("err = %v, want NotFound with a *ownership.GoneError", err)
	}
	if !gone.VolumesMayRemain() || !slices.Equal(gone.Unsearched, []string{fake.DefaultPool}) ||
		!strings.Contains(err.Error(), fmt.Sprintf("storage pool(s) %s, which may hold its volumes, are inactive", fake.DefaultPool)) {
		t.Fatalf("err = %v (unsearched %v), want the host's pool named as unsearched", err, gone.Unsearched)
	}
	setPoolActive(h, fake.DefaultPool, true)
	_, err = h.c.Get(context.Background(), vmID, labUID)
	if !errors.As(err, &gone) || len(gone.Unsearched) != 0 || len(gone.Leftovers) != 6 {
		t.Fatalf("err = %v, want the 6 volumes named as leftovers once the pool is active", err)
	}
}
