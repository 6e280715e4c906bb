package fake

import (
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
