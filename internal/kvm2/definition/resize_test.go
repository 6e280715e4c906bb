package definition

import (
	"strings"
	"testing"
)

func TestResizeDomainXML(t *testing.T) {
	m := Mark{UID: "0123456789abcdef0123456789abcdef", Tag: "t", VCPUs: 1, MemoryMiB: 128, DiskGiB: 4}
	x, err := DomainXML(DomainSpec{
		Name: "vm-1", UUID: "01234567-89ab-cdef-0123-456789abcdef", Type: TypeQEMU, VCPUs: 1, MemoryMiB: 128,
		Firmware: FirmwareBIOS, OverlayPath: "/p/o.qcow2", SeedPath: "/p/s.iso", NICs: []NIC{{Network: "default", MAC: "52:54:00:01:02:03"}}, Mark: m,
	})
	if err != nil {
		t.Fatal(err)
	}
	// What libvirt writes back: a per-vCPU list, a current count, and another tool's metadata.
	other := `<other:note xmlns:other="https://example.com/other">keep me</other:note>`
	x = strings.Replace(x, "<metadata>", "<metadata>"+other, 1)
	x = strings.Replace(x, `<vcpu placement="static">1</vcpu>`,
		`<vcpu placement="static" current="1">2</vcpu><vcpus><vcpu id="0" enabled="yes"/><vcpu id="1" enabled="no"/></vcpus>`, 1)
	want := m
	want.VCPUs, want.MemoryMiB, want.DiskGiB = 3, 256, 6
	out, err := ResizeDomainXML(x, "ffffffff-ffff-ffff-ffff-ffffffffffff", 3, 256, want)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ParseDomain(out)
	if err != nil {
		t.Fatal(err)
	}
	if f.VCPUs != 3 || f.MemoryMiB != 256 || f.Mark == nil || *f.Mark != want {
		t.Fatalf("facts %+v, mark %+v", f, f.Mark)
	}
	if f.UUID != "01234567-89ab-cdef-0123-456789abcdef" || f.MAC != "52:54:00:01:02:03" || f.OverlayPath != "/p/o.qcow2" {
		t.Fatalf("identity or devices changed: %+v", f)
	}
	for _, s := range []string{"keep me", `<currentMemory unit="MiB">256</currentMemory>`, `<vcpu placement="static">3</vcpu>`} {
		if !strings.Contains(out, s) {
			t.Fatalf("%q missing in\n%s", s, out)
		}
	}
	if strings.Contains(out, "<vcpus>") {
		t.Fatalf("stale per-vCPU list kept:\n%s", out)
	}
	if _, err := ResizeDomainXML(strings.Replace(x, MarkNamespace, "https://example.com/not-ours", 1), "", 2, 128, want); err == nil {
		t.Fatal("a definition without our mark was rewritten")
	}
}
