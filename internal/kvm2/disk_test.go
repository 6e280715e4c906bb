package kvm2

import (
	"context"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestGetWithDisk_readsTheDiskGrownOutOfBand: GetWithDisk reports the overlay's real size,
// rounded up to whole GiB, beside the mark's; Get keeps its RPCs and reports the mark's (item 11
// of issue 22).
func TestGetWithDisk_readsTheDiskGrownOutOfBand(t *testing.T) {
	h := newCore(t)
	h.create() // 4 GiB
	v, ok := h.fb.Volume(fake.DefaultPool, rules.OverlayName(vmName, labUID))
	if !ok {
		t.Fatal("no overlay")
	}
	v.Capacity = 6<<30 + 512<<20
	h.fb.AddVolume(fake.DefaultPool, v)

	inst, err := h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 7 || inst.MarkDiskGiB != 4 {
		t.Fatalf("GetWithDisk: disk %d GiB, mark %d GiB, %v; want 7 and 4", inst.DiskGiB, inst.MarkDiskGiB, err)
	}
	h.fb.ResetCalls()
	inst, err = h.c.Get(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 4 || inst.MarkDiskGiB != 0 || h.fb.Count("StorageVolGetInfo") != 0 {
		t.Fatalf("Get: disk %d GiB, mark %d GiB, %v; calls %v", inst.DiskGiB, inst.MarkDiskGiB, err, h.fb.Methods())
	}

	// A disk that is no volume of an active pool keeps the mark's size.
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = false })
	inst, err = h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 4 || inst.MarkDiskGiB != 4 {
		t.Fatalf("GetWithDisk of a disk in an inactive pool: disk %d GiB, mark %d GiB, %v", inst.DiskGiB, inst.MarkDiskGiB, err)
	}
}
