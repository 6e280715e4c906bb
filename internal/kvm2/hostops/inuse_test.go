package hostops

import (
	"context"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

func domXML(name string, disks ...string) string {
	return "<domain type='kvm'><name>" + name + "</name><devices>" + strings.Join(disks, "") + "</devices></domain>"
}

func disk(format, path string) string {
	d := "<disk type='file' device='disk'>"
	if format != "" {
		d += "<driver name='qemu' type='" + format + "'/>"
	}
	return d + "<source file='" + path + "'/></disk>"
}

// TestDiskUsers_whatCountsAndWhatDoesNot: the in-use rule on a host with one base image and a
// domain of every kind beside it. Sure users are named without a reason, possible users with
// one, bystanders not at all.
func TestDiskUsers_whatCountsAndWhatDoesNot(t *testing.T) {
	b := fake.New("lab")
	base := b.AddVolume(fake.DefaultPool, fake.Volume{Name: "base.qcow2", Format: "qcow2", Capacity: 1 << 30})
	b.AddPool(fake.StoragePool{Name: "nested", Path: fake.DefaultPoolPath + "/nested", Active: true, Capacity: 1 << 30, Available: 1 << 30})
	b.AddPool(fake.StoragePool{Name: "cold", Path: "/var/lib/cold", Active: false, Capacity: 1 << 30, Available: 1 << 30})
	// A two-step chain of relative paths, each resolved against its own image's directory.
	mid := b.AddVolume("nested", fake.Volume{Name: "mid.qcow2", Format: "qcow2", BackingPath: "../base.qcow2"})
	top := b.AddVolume("nested", fake.Volume{Name: "top.qcow2", Format: "qcow2", BackingPath: "mid.qcow2"})
	b.AddVolume("cold", fake.Volume{Name: "raw.img", Format: "raw"})
	for name, x := range map[string]string{
		"relative": domXML("relative", disk("qcow2", top)),
		"direct":   domXML("direct", disk("qcow2", fake.DefaultPoolPath+"//base.qcow2")),
		"mid-only": domXML("mid-only", disk("qcow2", mid)),
		// A file no pool holds, read as qcow2: it may back onto anything.
		"unknown-qcow2": domXML("unknown-qcow2", disk("qcow2", "/srv/x.qcow2")),
		// A file no pool holds, with no format (libvirt reads it as raw) or raw: no backing file.
		"unknown-noformat": domXML("unknown-noformat", disk("", "/srv/y.img")),
		"unknown-raw":      domXML("unknown-raw", disk("raw", "/srv/z.img")),
		// A raw volume of an inactive pool: no backing file, and not the base.
		"cold-raw":   domXML("cold-raw", "<disk type='volume' device='disk'><driver name='qemu' type='raw'/><source pool='cold' volume='raw.img'/></disk>"),
		"unparsable": "<domain><name>unparsable</name><devices><disk",
	} {
		b.AddDomain(fake.Domain{Name: name, XML: x})
	}
	b.ResetCalls()
	users, err := DiskUsers(context.Background(), b, []string{base})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range users[base] {
		got[u.Name] = u.Unsure
	}
	for _, sure := range []string{"relative", "direct", "mid-only"} {
		if why, ok := got[sure]; !ok || why != "" {
			t.Errorf("%s: counted %v with reason %q, want a sure user", sure, ok, why)
		}
	}
	for _, unsure := range []string{"unknown-qcow2", "unparsable"} {
		if why := got[unsure]; why == "" {
			t.Errorf("%s: want a possible user with a reason, got %v", unsure, got)
		}
	}
	for _, none := range []string{"unknown-noformat", "unknown-raw", "cold-raw"} {
		if _, ok := got[none]; ok {
			t.Errorf("%s counted as a user: %q", none, got[none])
		}
	}
	// Each image is looked up once and each volume's definition read once, however many
	// domains reach it.
	if n := b.Count("StorageVolGetXMLDesc"); n != 3 {
		t.Errorf("read %d volume definitions, want 3 (top, mid, base): %v", n, b.Methods())
	}
}
