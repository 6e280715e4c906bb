package fake

import (
	"context"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// wantCapacity fails unless the named volume's capacity reads want bytes.
func wantCapacity(t *testing.T, tg *target, name string, want uint64) {
	t.Helper()
	v, err := tg.b.StorageVolLookupByName(tg.ctx(t), tg.pool, name)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := tg.b.StorageVolGetInfo(tg.ctx(t), v)
	if err != nil || got != want {
		t.Fatalf("capacity of %s = %d, %v; want %d", name, got, err, want)
	}
}

// resizeScenarios: a volume no running domain uses grows and refuses to shrink; the disk of a
// running domain grows only through the domain (the image is locked), and the domain calls
// refuse an inactive domain.
var resizeScenarios = []scenario{
	{"a volume grows, and shrinking is refused", func(t *testing.T, tg *target) {
		n := tg.name("v.qcow2")
		tg.volume(t, n, "qcow2", "")
		v, err := tg.b.StorageVolLookupByName(tg.ctx(t), tg.pool, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := tg.b.StorageVolResize(tg.ctx(t), v, 32<<20); err != nil {
			t.Fatal(err)
		}
		wantCapacity(t, tg, n, 32<<20)
		err = tg.b.StorageVolResize(tg.ctx(t), v, 16<<20)
		wantRefusal(t, "shrinking a volume", err, libvirt.ErrInvalidArg, "shrink")
		wantCapacity(t, tg, n, 32<<20)
	}},
	{"a running domain's disk grows through the domain only", func(t *testing.T, tg *target) {
		vn, dn := tg.name("d.qcow2"), tg.name("d")
		p := tg.volume(t, vn, "qcow2", "")
		dom := tg.define(t, dn, guest{name: dn, uuid: newUUID(t), devices: qcow2Disk(p, "")}.xml())
		err := tg.b.DomainBlockResize(tg.ctx(t), dom, "vda", 32<<20)
		wantRefusal(t, "block resize of an inactive domain", err, libvirt.ErrOperationInvalid)
		err = tg.b.DomainShutdown(tg.ctx(t), dom)
		wantRefusal(t, "shutdown of an inactive domain", err, libvirt.ErrOperationInvalid)
		tg.start(t, dom)
		v, err := tg.b.StorageVolLookupByName(tg.ctx(t), tg.pool, vn)
		if err != nil {
			t.Fatal(err)
		}
		err = tg.b.StorageVolResize(tg.ctx(t), v, 32<<20)
		wantRefusal(t, "resizing the volume of a running domain", err, libvirt.ErrInternalError, "write")
		wantCapacity(t, tg, vn, 16<<20)
		if err := tg.b.DomainBlockResize(tg.ctx(t), dom, "vda", 48<<20); err != nil {
			t.Fatal(err)
		}
		wantCapacity(t, tg, vn, 48<<20)
		err = tg.b.DomainBlockResize(tg.ctx(t), dom, "vdz", 64<<20)
		wantRefusal(t, "block resize of a disk the domain lacks", err, libvirt.ErrInvalidArg)
		tg.destroy(t, dom)
	}},
}

func TestResizeAnswersAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, resizeScenarios)
}

// diskSizes reads the block statistics of every domain of tg's host in one call and returns
// dom's disk capacities by path (a disk whose file has none maps to -1).
func diskSizes(t *testing.T, tg *target, dom libvirt.Domain) map[string]int64 {
	t.Helper()
	recs, err := tg.b.ConnectGetAllDomainStats(tg.ctx(t), libvirt.DomainStatsBlock, libvirt.ConnectGetAllDomainsStatsNowait)
	if err != nil {
		t.Fatalf("ConnectGetAllDomainStats: %v", err)
	}
	for _, r := range recs {
		if r.Dom.UUID != dom.UUID {
			continue
		}
		paths, sizes := map[string]string{}, map[string]int64{}
		for _, p := range r.Params {
			f := strings.Split(p.Field, ".")
			if len(f) != 3 || f[0] != "block" {
				continue
			}
			switch v := p.Value.I.(type) {
			case string:
				if f[2] == "path" {
					paths[f[1]] = v
				}
			case uint64:
				if f[2] == "capacity" {
					sizes[f[1]] = int64(v)
				}
			}
		}
		out := map[string]int64{}
		for i, p := range paths {
			out[p] = -1
			if c, ok := sizes[i]; ok {
				out[p] = c
			}
		}
		return out
	}
	t.Fatalf("no statistics of %s", dom.Name)
	return nil
}

func wantDiskSize(t *testing.T, tg *target, dom libvirt.Domain, p string, want int64) {
	t.Helper()
	if got, ok := diskSizes(t, tg, dom)[p]; !ok || got != want {
		t.Fatalf("block statistics of %s give %s a capacity of %d (listed %v), want %d", dom.Name, p, got, ok, want)
	}
}

// statsScenarios: the block statistics of every domain, in one call, give each disk's real size
// for a domain that is only defined (read from the image, so a volume grown outside the domain
// shows) and for a running one (QEMU's, so a disk grown through the domain shows), and no size
// for a disk whose file is gone (the plan's refresh reads disks this way: get.go, readDisk).
var statsScenarios = []scenario{
	{"the block statistics give every disk's size, defined or running, and none for a missing file", func(t *testing.T, tg *target) {
		vn, dn := tg.name("s.qcow2"), tg.name("s")
		p := tg.volume(t, vn, "qcow2", "")
		dom := tg.define(t, dn, guest{name: dn, uuid: newUUID(t), devices: qcow2Disk(p, "")}.xml())
		wantDiskSize(t, tg, dom, p, 16<<20)
		v, err := tg.b.StorageVolLookupByName(tg.ctx(t), tg.pool, vn)
		if err != nil {
			t.Fatal(err)
		}
		if err := tg.b.StorageVolResize(tg.ctx(t), v, 32<<20); err != nil {
			t.Fatal(err)
		}
		wantDiskSize(t, tg, dom, p, 32<<20)
		tg.start(t, dom)
		wantDiskSize(t, tg, dom, p, 32<<20)
		if err := tg.b.DomainBlockResize(tg.ctx(t), dom, "vda", 48<<20); err != nil {
			t.Fatal(err)
		}
		wantDiskSize(t, tg, dom, p, 48<<20)
		tg.destroy(t, dom)
		wantDiskSize(t, tg, dom, p, 48<<20)
		if err := tg.b.StorageVolDelete(tg.ctx(t), v); err != nil {
			t.Fatal(err)
		}
		wantDiskSize(t, tg, dom, p, -1)
	}},
}

func TestStatsAnswerAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, statsScenarios)
}

// The fake answers only the block group (with backing chains or not), so no test leans on statistics it does not model.
func TestConnectGetAllDomainStats_refusesWhatTheFakeDoesNotModel(t *testing.T) {
	b := New("h")
	for _, c := range []struct {
		stats libvirt.DomainStatsTypes
		flags libvirt.ConnectGetAllDomainStatsFlags
	}{
		{libvirt.DomainStatsState, 0},
		{libvirt.DomainStatsBlock | libvirt.DomainStatsState, 0},
		{libvirt.DomainStatsBlock, libvirt.ConnectGetAllDomainsStatsActive},
	} {
		_, err := b.ConnectGetAllDomainStats(context.Background(), c.stats, c.flags)
		wantRefusal(t, "an unmodelled statistics group or flag", err, libvirt.ErrArgumentUnsupported)
	}
}
