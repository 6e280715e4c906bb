package kvm2

import (
	"context"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

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

// A disk proven gone (the host's pool is active, the path is in its directory, and the pool holds
// no volume of that name) reads as 0 GiB: the VM has no disk, and the plan must rebuild it (a
// create killed before it made the disk leaves exactly this). A disk that is only unfound (its
// pool stopped, or it lies outside the pool) keeps the mark's size, so that it never reads as lost.
func TestGetWithDisk_aDiskProvenGoneReadsAsNone(t *testing.T) {
	h := newCore(t)
	h.create() // 4 GiB
	h.fb.RemoveVolume(fake.DefaultPool, rules.OverlayName(vmName, labUID))

	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = false })
	inst, err := h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 4 || inst.MarkDiskGiB != 4 {
		t.Fatalf("disk unfound in a stopped pool: disk %d GiB, mark %d GiB, %v; want 4 and 4", inst.DiskGiB, inst.MarkDiskGiB, err)
	}
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = true })
	inst, err = h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 0 || inst.MarkDiskGiB != 4 {
		t.Fatalf("disk gone: disk %d GiB, mark %d GiB, %v; want 0 and 4", inst.DiskGiB, inst.MarkDiskGiB, err)
	}

	// The same domain with its disk in another directory than the pool's: unfound, not gone.
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.XML = strings.ReplaceAll(d.XML, "/var/lib/libvirt/images/", "/srv/elsewhere/")
	})
	inst, err = h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil || inst.DiskGiB != 4 {
		t.Fatalf("disk outside the pool: disk %d GiB, %v; want the mark's 4", inst.DiskGiB, err)
	}
}

// sharedDiskRead is a GetWithDisk of the VM of h while a plan's other Gets of the host are in
// flight, so its disk's size comes from the host-wide read; calls lists what it cost.
func sharedDiskRead(t *testing.T, h *coreHarness) (inst Instance, calls []string) {
	t.Helper()
	leave := h.c.reads.Enter(labHost)
	defer leave()
	leave2 := h.c.reads.Enter(labHost)
	defer leave2()
	h.c.reads.Wrote(labHost) // a fresh host-wide read for each call of the test
	h.fb.ResetCalls()
	inst, err := h.c.GetWithDisk(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatalf("GetWithDisk: %v", err)
	}
	return inst, h.fb.Methods()
}

// In a plan's refresh the disk's size comes from the host-wide read, with the answers of a read
// alone: a disk grown outside Terraform reads its real size, a disk proven gone reads 0, and a
// missing disk in a stopped pool keeps the mark's size (never a lost disk). Only a disk whose
// size the host-wide read lacks costs the reads of one volume.
func TestGetWithDisk_sharedReadGivesTheSameSizes(t *testing.T) {
	h := newCore(t)
	h.create() // 4 GiB
	v, ok := h.fb.Volume(fake.DefaultPool, rules.OverlayName(vmName, labUID))
	if !ok {
		t.Fatal("no overlay")
	}
	v.Capacity = 6<<30 + 512<<20
	h.fb.AddVolume(fake.DefaultPool, v)

	inst, calls := sharedDiskRead(t, h)
	if inst.DiskGiB != 7 || inst.MarkDiskGiB != 4 || h.fb.Count("ConnectGetAllDomainStats") != 1 ||
		h.fb.Count("StorageVolLookupByPath")+h.fb.Count("StorageVolGetInfo") != 0 {
		t.Fatalf("grown disk: disk %d GiB, mark %d GiB after %v; want 7 and 4 from the host-wide read alone", inst.DiskGiB, inst.MarkDiskGiB, calls)
	}

	h.fb.RemoveVolume(fake.DefaultPool, rules.OverlayName(vmName, labUID))
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = false })
	if inst, calls := sharedDiskRead(t, h); inst.DiskGiB != 4 || inst.MarkDiskGiB != 4 {
		t.Fatalf("disk unfound in a stopped pool: disk %d GiB, mark %d GiB after %v; want 4 and 4", inst.DiskGiB, inst.MarkDiskGiB, calls)
	}
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = true })
	if inst, calls := sharedDiskRead(t, h); inst.DiskGiB != 0 || inst.MarkDiskGiB != 4 {
		t.Fatalf("disk gone: disk %d GiB, mark %d GiB after %v; want 0 and 4", inst.DiskGiB, inst.MarkDiskGiB, calls)
	}
}

// libvirt reads a disk's size from its file whatever the state of its pool, so in a plan's
// refresh a disk grown in a stopped pool reads its real size (alone, its volume cannot be looked
// up and it keeps the mark's). And a host-wide read that fails leaves each disk to the reads of
// its volume.
func TestGetWithDisk_sharedReadOfAStoppedPoolAndAFailedRead(t *testing.T) {
	h := newCore(t)
	h.create() // 4 GiB
	v, _ := h.fb.Volume(fake.DefaultPool, rules.OverlayName(vmName, labUID))
	v.Capacity = 6 << 30
	h.fb.AddVolume(fake.DefaultPool, v)
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = false })
	if inst, calls := sharedDiskRead(t, h); inst.DiskGiB != 6 || inst.MarkDiskGiB != 4 {
		t.Fatalf("disk grown in a stopped pool: disk %d GiB, mark %d GiB after %v; want 6 and 4", inst.DiskGiB, inst.MarkDiskGiB, calls)
	}
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Active = true })

	h.fb.FailNth("ConnectGetAllDomainStats", 1, lverr(libvirt.ErrInternalError))
	inst, calls := sharedDiskRead(t, h)
	if inst.DiskGiB != 6 || h.fb.Count("StorageVolGetInfo") != 1 {
		t.Fatalf("after a failed host-wide read: disk %d GiB after %v; want 6 from the volume's info", inst.DiskGiB, calls)
	}
}
