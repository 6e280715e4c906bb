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
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// hostSizes is what the fake host holds for the VM: the CPUs and memory of its persistent and
// current definitions, the marks in both, and the overlay's capacity.
type hostSizes struct {
	persistent, current definition.DomainFacts
	overlayBytes        uint64
}

func readHostSizes(t *testing.T, fb *fake.Backend, name, overlay string) hostSizes {
	t.Helper()
	d, ok := fb.Domain(name)
	if !ok {
		t.Fatalf("domain %s is gone", name)
	}
	px := d.XML
	if d.Persistent != nil {
		px = d.Persistent.XML
	}
	pf, err := definition.ParseDomain(px)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := definition.ParseDomain(d.XML)
	if err != nil {
		t.Fatal(err)
	}
	if pf.Mark == nil || cf.Mark == nil {
		t.Fatal("a definition lost its mark")
	}
	v, ok := fb.Volume(fake.DefaultPool, overlay)
	if !ok {
		t.Fatalf("overlay %s is gone", overlay)
	}
	return hostSizes{persistent: pf, current: cf, overlayBytes: v.Capacity}
}

// wantSizes fails unless both definitions and their marks say req, and the overlay has req's
// capacity.
func (s hostSizes) want(t *testing.T, req ResizeRequest) {
	t.Helper()
	for which, f := range map[string]definition.DomainFacts{"persistent": s.persistent, "current": s.current} {
		if f.VCPUs != req.VCPUs || f.MemoryMiB != req.MemoryMiB {
			t.Errorf("%s definition: %d vcpus, %d MiB; want %d, %d", which, f.VCPUs, f.MemoryMiB, req.VCPUs, req.MemoryMiB)
		}
		if !sizesAre(*f.Mark, req) {
			t.Errorf("%s mark: %d vcpus, %d MiB, %d GiB; want %+v", which, f.Mark.VCPUs, f.Mark.MemoryMiB, f.Mark.DiskGiB, req)
		}
	}
	if s.overlayBytes != uint64(req.DiskGiB)<<30 {
		t.Errorf("overlay is %d bytes, want %d GiB", s.overlayBytes, req.DiskGiB)
	}
}

func wantInstanceSizes(t *testing.T, inst Instance, req ResizeRequest) {
	t.Helper()
	if inst.VCPUs != req.VCPUs || inst.MemoryMiB != req.MemoryMiB || inst.DiskGiB != req.DiskGiB {
		t.Errorf("instance reports %d vcpus, %d MiB, %d GiB; want %+v", inst.VCPUs, inst.MemoryMiB, inst.DiskGiB, req)
	}
}

func TestResize_stoppedIsRedefinedAndItsVolumeGrown(t *testing.T) {
	h := newCore(t)
	before := h.create(func(r *CreateRequest) { r.Running = false })
	h.fb.ResetCalls()
	req := ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 6}
	inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
	if err != nil {
		t.Fatal(err)
	}
	wantInstanceSizes(t, inst, req)
	readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
	if res != (ResizeResult{DiskGrown: true, Redefined: true}) {
		t.Fatalf("result %+v", res)
	}
	if inst.State != StateStopped || h.fb.Count("DomainCreate")+h.fb.Count("DomainShutdown")+h.fb.Count("DomainBlockResize") != 0 {
		t.Fatalf("state %s, calls %v", inst.State, h.fb.Methods())
	}
	if inst.UID != before.UID || inst.DomainUUID != before.DomainUUID || inst.MAC != before.MAC || !inst.CreatedAt.Equal(before.CreatedAt) {
		t.Fatalf("identity changed: %+v, was %+v", inst, before)
	}
	if inst.Tag != before.Tag || inst.UserDataHash != before.UserDataHash || inst.BaseImageID != before.BaseImageID {
		t.Fatalf("mark lost fields: %+v, was %+v", inst, before)
	}
}

func TestResize_runningIsRestartedForCPUsAndMemory(t *testing.T) {
	for _, req := range []ResizeRequest{
		{VCPUs: 3, MemoryMiB: 128, DiskGiB: 4},
		{VCPUs: 1, MemoryMiB: 96, DiskGiB: 4},
		{VCPUs: 2, MemoryMiB: 192, DiskGiB: 5},
	} {
		h := newCore(t)
		h.create()
		h.fb.ResetCalls()
		inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err != nil {
			t.Fatal(err)
		}
		wantInstanceSizes(t, inst, req)
		readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
		if !res.Restarted || !res.Redefined || inst.State != StateRunning {
			t.Fatalf("%+v: result %+v, state %s", req, res, inst.State)
		}
		// The guest powered off when asked: no destroy.
		if h.fb.Count("DomainShutdown") != 1 || h.fb.Count("DomainDestroy") != 0 || h.fb.Count("DomainCreate") != 1 {
			t.Fatalf("calls %v", h.fb.Methods())
		}
		// A disk grown while the domain ran went through its block device.
		if req.DiskGiB != 4 && (!res.DiskLive || h.fb.Count("StorageVolResize") != 0) {
			t.Fatalf("disk: result %+v, calls %v", res, h.fb.Methods())
		}
	}
}

func TestResize_guestThatIgnoresPowerOffIsDestroyedAfterTheWait(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.IgnoresShutdown = true })
	h.c.shutdownWait = 20 * time.Millisecond
	h.fb.ResetCalls()
	req := ResizeRequest{VCPUs: 2, MemoryMiB: 128, DiskGiB: 4}
	inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
	if err != nil {
		t.Fatal(err)
	}
	readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
	if !res.Restarted || inst.State != StateRunning || h.fb.Count("DomainDestroy") != 1 {
		t.Fatalf("result %+v, state %s, calls %v", res, inst.State, h.fb.Methods())
	}
	if h.log.count("the guest did not power off in time; it was powered off to restart it") != 1 {
		t.Fatalf("log:\n%s", h.log.text())
	}
}

func TestResize_runningDiskOnlyGrowsLiveWithoutRestart(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.ResetCalls()
	req := ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 9}
	inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
	if err != nil {
		t.Fatal(err)
	}
	wantInstanceSizes(t, inst, req)
	readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
	if res != (ResizeResult{DiskGrown: true, DiskLive: true, Redefined: true}) || inst.State != StateRunning {
		t.Fatalf("result %+v, state %s", res, inst.State)
	}
	for _, m := range []string{"DomainShutdown", "DomainDestroy", "DomainCreate", "StorageVolResize"} {
		if h.fb.Count(m) != 0 {
			t.Fatalf("%s called: %v", m, h.fb.Methods())
		}
	}
}

func TestResize_sameSizesChangeNothing(t *testing.T) {
	for _, running := range []bool{true, false} {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = running })
		h.fb.ResetCalls()
		_, res, err := h.c.Resize(context.Background(), vmID, labUID, ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 4})
		if err != nil {
			t.Fatal(err)
		}
		if res != (ResizeResult{}) {
			t.Fatalf("result %+v", res)
		}
		for _, m := range []string{"DomainDefineXML", "DomainSetMetadata", "DomainShutdown", "DomainCreate", "StorageVolResize", "DomainBlockResize"} {
			if h.fb.Count(m) != 0 {
				t.Fatalf("running=%v: %s called: %v", running, m, h.fb.Methods())
			}
		}
	}
}

func TestResize_shrinkIsRefusedAndChangesNothing(t *testing.T) {
	for _, running := range []bool{true, false} {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = running })
		before := readHostSizes(t, h.fb, vmName, labOverlay)
		h.fb.ResetCalls()
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 3})
		if got := classOfErr(t, err); got != kvmerr.Permanent {
			t.Fatalf("class %v: %v", got, err)
		}
		var se *ShrinkError
		if !errors.As(err, &se) || se.HaveGiB != 4 || se.WantGiB != 3 || !strings.Contains(err.Error(), "replace the VM") {
			t.Fatalf("error %v", err)
		}
		readHostSizes(t, h.fb, vmName, labOverlay).want(t, ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 4})
		if after := readHostSizes(t, h.fb, vmName, labOverlay); after.overlayBytes != before.overlayBytes {
			t.Fatal("overlay changed")
		}
		for _, m := range []string{"DomainDefineXML", "DomainShutdown", "StorageVolResize", "DomainBlockResize"} {
			if h.fb.Count(m) != 0 {
				t.Fatalf("%s called: %v", m, h.fb.Methods())
			}
		}
	}
}

func TestResize_invalidRequestIsRefusedBeforeAnyRPC(t *testing.T) {
	for _, req := range []ResizeRequest{
		{VCPUs: 0, MemoryMiB: 128, DiskGiB: 4},
		{VCPUs: rules.MaxVCPUs + 1, MemoryMiB: 128, DiskGiB: 4},
		{VCPUs: 1, MemoryMiB: rules.MinMemoryMiB - 1, DiskGiB: 4},
		{VCPUs: 1, MemoryMiB: 128, DiskGiB: rules.MaxDiskGiB + 1},
	} {
		h := newCore(t)
		h.create()
		h.fb.ResetCalls()
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if got := classOfErr(t, err); got != kvmerr.Permanent {
			t.Fatalf("%+v: class %v: %v", req, got, err)
		}
		if n := len(h.fb.Calls()); n != 0 {
			t.Fatalf("%+v: %d RPCs: %v", req, n, h.fb.Methods())
		}
	}
}

// A domain under the name that is not this VM is never changed, nor is a volume its
// definition names that does not carry the UID.
func TestResize_foreignObjectsAreLeftAlone(t *testing.T) {
	t.Run("another configuration's domain under the name", func(t *testing.T) {
		h := newCore(t)
		const other = "fedcba9876543210fedcba9876543210"
		h.markedDomain(vmName, other, "theirs", libvirt.DomainRunning)
		// This VM's own overlay name beside it: still not reason to touch the domain.
		h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay, Capacity: 4 << 30})
		before, _ := h.fb.Domain(vmName)
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 8})
		if got := classOfErr(t, err); got != kvmerr.NotFound {
			t.Fatalf("class %v: %v", got, err)
		}
		var oe *ownership.OwnedError
		if !errors.As(err, &oe) || oe.Other.UID != other {
			t.Fatalf("error does not name the owner: %v", err)
		}
		assertForeignUntouched(t, h, before, rules.OverlayName(vmName, other), labOverlay)
	})
	t.Run("unmarked domain under the name", func(t *testing.T) {
		h := newCore(t)
		h.unmarkedDomain(vmName, libvirt.DomainRunning)
		before, _ := h.fb.Domain(vmName)
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 8})
		if got := classOfErr(t, err); got != kvmerr.NotFound {
			t.Fatalf("class %v: %v", got, err)
		}
		assertForeignUntouched(t, h, before)
	})
	t.Run("our domain on a volume not named with the uid", func(t *testing.T) {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = false })
		// An administrator's volume put in place of the overlay.
		h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "shared-disk.qcow2", Capacity: 4 << 30, BackingPath: fake.DefaultPoolPath + "/" + labBase})
		h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.XML = strings.Replace(d.XML, labOverlay, "shared-disk.qcow2", 1) })
		h.fb.ResetCalls()
		before, _ := h.fb.Domain(vmName)
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 8})
		if got := classOfErr(t, err); got != kvmerr.Permanent || !strings.Contains(err.Error(), "shared-disk.qcow2") {
			t.Fatalf("class %v: %v", got, err)
		}
		assertForeignUntouched(t, h, before, "shared-disk.qcow2", labOverlay)
	})
}

func assertForeignUntouched(t *testing.T, h *coreHarness, before fake.Domain, vols ...string) {
	t.Helper()
	after, ok := h.fb.Domain(vmName)
	if !ok || after.XML != before.XML || after.State != before.State {
		t.Fatal("the domain under the name was changed")
	}
	for _, n := range vols {
		if v, ok := h.fb.Volume(fake.DefaultPool, n); !ok || v.Capacity != 4<<30 {
			t.Fatalf("volume %s changed: %+v", n, v)
		}
	}
	for _, m := range []string{"DomainDefineXML", "DomainSetMetadata", "DomainShutdown", "DomainDestroy", "StorageVolResize", "DomainBlockResize"} {
		if h.fb.Count(m) != 0 {
			t.Fatalf("%s called: %v", m, h.fb.Methods())
		}
	}
}

// A resize that fails part-way leaves a host whose reads say what it has, and the retry
// converges without repeating what was done.
func TestResize_failurePartWayConvergesOnRetry(t *testing.T) {
	t.Run("define fails after the volume grew", func(t *testing.T) {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = false })
		h.fb.FailNth("DomainDefineXML", 1, lverr(libvirt.ErrInternalError))
		req := ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 6}
		if _, _, err := h.c.Resize(context.Background(), vmID, labUID, req); err == nil {
			t.Fatal("no error")
		}
		got, err := h.c.Get(context.Background(), vmID, labUID)
		if err != nil {
			t.Fatal(err)
		}
		// The definition says the old CPUs and memory: reads do not claim the new ones. The mark
		// took the disk's new size before the disk grew (so a resize cut off between the two
		// never leaves a disk larger than its mark), and the disk has it.
		wantInstanceSizes(t, got, ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 6})
		h.fb.ResetCalls()
		inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err != nil {
			t.Fatal(err)
		}
		wantInstanceSizes(t, inst, req)
		readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
		if res.DiskGrown || !res.Redefined || h.fb.Count("StorageVolResize") != 0 {
			t.Fatalf("retry: result %+v, calls %v", res, h.fb.Methods())
		}
	})
	t.Run("the grow fails after the mark took the new size", func(t *testing.T) {
		h := newCore(t)
		h.create(func(r *CreateRequest) { r.Running = false })
		h.fb.FailNth("StorageVolResize", 1, lverr(libvirt.ErrInternalError))
		req := ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 6}
		if _, _, err := h.c.Resize(context.Background(), vmID, labUID, req); err == nil {
			t.Fatal("no error")
		}
		got, err := h.c.GetWithDisk(context.Background(), vmID, labUID)
		if err != nil {
			t.Fatal(err)
		}
		// A mark that asks for more than the disk has: the disk reads 4 (drift the next apply
		// grows), and nothing reads as grown outside Terraform.
		if got.DiskGiB != 4 || got.MarkDiskGiB != 6 {
			t.Fatalf("disk %d GiB, mark %d GiB; want the disk's 4 and the mark's 6", got.DiskGiB, got.MarkDiskGiB)
		}
		inst, _, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err != nil {
			t.Fatal(err)
		}
		wantInstanceSizes(t, inst, req)
		readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
	})
	t.Run("start fails after the restart's shutdown", func(t *testing.T) {
		h := newCore(t)
		h.create()
		h.fb.FailNth("DomainCreate", 1, lverr(libvirt.ErrInternalError))
		req := ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 4}
		if _, _, err := h.c.Resize(context.Background(), vmID, labUID, req); err == nil {
			t.Fatal("no error")
		}
		got, err := h.c.Get(context.Background(), vmID, labUID)
		if err != nil {
			t.Fatal(err)
		}
		// Stopped, with the definition it will start with: reads say both.
		if got.State != StateStopped {
			t.Fatalf("state %s", got.State)
		}
		wantInstanceSizes(t, got, req)
		inst, res, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err != nil || res != (ResizeResult{}) || inst.State != StateStopped {
			t.Fatalf("retry: %+v, %s, %v", res, inst.State, err)
		}
	})
	t.Run("shutdown fails after the define", func(t *testing.T) {
		h := newCore(t)
		h.create()
		h.fb.FailNth("DomainShutdown", 1, kvmerr.New(kvmerr.Transient, "", "", errors.New("link lost")))
		req := ResizeRequest{VCPUs: 2, MemoryMiB: 256, DiskGiB: 4}
		_, _, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err == nil {
			t.Fatal("no error")
		}
		got, gerr := h.c.Get(context.Background(), vmID, labUID)
		if gerr != nil {
			t.Fatal(gerr)
		}
		// Still running its old definition: reads say the old sizes.
		if got.State != StateRunning {
			t.Fatalf("state %s", got.State)
		}
		wantInstanceSizes(t, got, ResizeRequest{VCPUs: 1, MemoryMiB: 128, DiskGiB: 4})
		inst, _, err := h.c.Resize(context.Background(), vmID, labUID, req)
		if err != nil {
			t.Fatal(err)
		}
		wantInstanceSizes(t, inst, req)
		readHostSizes(t, h.fb, vmName, labOverlay).want(t, req)
	})
}

// A VM of an earlier version (a 26-character UID, a UUID libvirt chose, the overlay named
// without the UID) is resized like a new one.
func TestResize_vmOfAnEarlierVersion(t *testing.T) {
	h := newCore(t)
	const oldUID = "abcdefghijklmnopqrstuvwxyz"
	overlay := rules.LegacyOverlayName(vmName)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: overlay, Format: "qcow2", Capacity: 4 << 30, BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: rules.LegacySeedName(vmName), Format: "raw", Content: []byte("seed")})
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: vmName, Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 128, Firmware: definition.FirmwareBIOS,
		OverlayPath: fake.DefaultPoolPath + "/" + overlay, SeedPath: fake.DefaultPoolPath + "/" + rules.LegacySeedName(vmName),
		NICs: []definition.NIC{{Network: "default", MAC: "52:54:00:aa:bb:cc"}},
		Mark: definition.Mark{UID: oldUID, Tag: "old", CreatedAt: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC), BaseImageID: labBaseID,
			VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Network: "default", Firmware: definition.FirmwareBIOS},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.fb.DomainDefineXML(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	h.fb.SetDomainState(vmName, libvirt.DomainRunning)
	req := ResizeRequest{VCPUs: 2, MemoryMiB: 192, DiskGiB: 5}
	inst, res, err := h.c.Resize(context.Background(), vmID, oldUID, req)
	if err != nil {
		t.Fatal(err)
	}
	wantInstanceSizes(t, inst, req)
	readHostSizes(t, h.fb, vmName, overlay).want(t, req)
	if !res.Restarted || !res.DiskLive || inst.Tag != "old" || inst.UID != oldUID {
		t.Fatalf("result %+v, instance %+v", res, inst)
	}
}
