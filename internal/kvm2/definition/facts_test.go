package definition

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// liveUEFIDomain is shaped like `virsh dumpxml` of a running UEFI domain on libvirt 9.0: memory
// in KiB, the firmware resolved into loader and nvram, a backing chain, and the network's
// bridge reported next to the network name.
const liveUEFIDomain = `<domain type='qemu' id='3'>
  <name>web1</name>
  <uuid>5d1c0b9e-8a51-4a0f-9d1b-3c5e0a7f2b11</uuid>
  <metadata>
    <kvm2:instance xmlns:kvm2="https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1">
      <kvm2:uid>u-1</kvm2:uid>
    </kvm2:instance>
  </metadata>
  <memory unit='KiB'>524288</memory>
  <currentMemory unit='KiB'>524288</currentMemory>
  <vcpu placement='static'>2</vcpu>
  <os firmware='efi'>
    <type arch='x86_64' machine='pc-q35-7.2'>hvm</type>
    <firmware>
      <feature enabled='no' name='enrolled-keys'/>
      <feature enabled='no' name='secure-boot'/>
    </firmware>
    <loader readonly='yes' secure='no' type='pflash'>/usr/share/OVMF/OVMF_CODE_4M.fd</loader>
    <nvram template='/usr/share/OVMF/OVMF_VARS_4M.fd'>/var/lib/libvirt/qemu/nvram/web1_VARS.fd</nvram>
    <boot dev='hd'/>
  </os>
  <devices>
    <emulator>/usr/bin/qemu-system-x86_64</emulator>
    <disk type='file' device='cdrom'>
      <driver name='qemu' type='raw'/>
      <source file='/pool/web1-seed.iso' index='1'/>
      <backingStore/>
      <target dev='sda' bus='sata'/>
      <readonly/>
    </disk>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='/pool/web1.qcow2' index='2'/>
      <backingStore type='file' index='3'>
        <format type='qcow2'/>
        <source file='/pool/base-debian.qcow2'/>
        <backingStore/>
      </backingStore>
      <target dev='vda' bus='virtio'/>
    </disk>
    <interface type='network'>
      <mac address='52:54:00:AB:CD:EF'/>
      <source network='default' portid='0e5a2f4c-1111-2222-3333-444455556666' bridge='virbr0'/>
      <target dev='vnet2'/>
      <model type='virtio'/>
    </interface>
  </devices>
</domain>`

func TestParseDomain_live(t *testing.T) {
	got, err := ParseDomain(liveUEFIDomain)
	if err != nil {
		t.Fatal(err)
	}
	want := DomainFacts{
		MAC:         "52:54:00:ab:cd:ef",
		Network:     "default",
		OverlayPath: "/pool/web1.qcow2",
		SeedPath:    "/pool/web1-seed.iso",
		NVRAMPath:   "/var/lib/libvirt/qemu/nvram/web1_VARS.fd",
		Firmware:    FirmwareUEFI,
		VCPUs:       2,
		MemoryMiB:   512,
	}
	if got != want {
		t.Errorf("ParseDomain:\n got %+v\nwant %+v", got, want)
	}
}

func TestParseDomain_roundTrip(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*DomainSpec)
		want   DomainFacts
	}{
		{"uefi on network", func(*DomainSpec) {}, DomainFacts{
			Network: "default", OverlayPath: "/var/lib/libvirt/images/web1.qcow2",
			SeedPath: "/var/lib/libvirt/images/web1-seed.iso", Firmware: FirmwareUEFI, VCPUs: 2, MemoryMiB: 512}},
		{"bios on bridge with mac", func(s *DomainSpec) {
			s.Firmware, s.Network, s.Bridge, s.MAC, s.VCPUs, s.MemoryMiB = FirmwareBIOS, "", "br0", "52:54:00:00:00:01", 1, 128
		}, DomainFacts{
			MAC: "52:54:00:00:00:01", Bridge: "br0", OverlayPath: "/var/lib/libvirt/images/web1.qcow2",
			SeedPath: "/var/lib/libvirt/images/web1-seed.iso", Firmware: FirmwareBIOS, VCPUs: 1, MemoryMiB: 128}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			tc.mutate(&s)
			out, err := DomainXML(s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := ParseDomain(out)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("facts:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestParseDomain_variants(t *testing.T) {
	cases := []struct {
		name  string
		xml   string
		check func(DomainFacts) bool
	}{
		{"explicit loader without firmware attribute is uefi",
			`<domain><os><type>hvm</type><loader type='pflash'>/usr/share/OVMF/OVMF_CODE.fd</loader></os></domain>`,
			func(f DomainFacts) bool { return f.Firmware == FirmwareUEFI }},
		{"no os is bios", `<domain><name>x</name></domain>`,
			func(f DomainFacts) bool { return f.Firmware == FirmwareBIOS && f.NVRAMPath == "" }},
		{"nvram as source element",
			`<domain><os firmware='efi'><nvram type='file'><source file='/nv/x_VARS.fd'/></nvram></os></domain>`,
			func(f DomainFacts) bool { return f.NVRAMPath == "/nv/x_VARS.fd" }},
		{"memory in GiB", `<domain><memory unit='GiB'>2</memory></domain>`,
			func(f DomainFacts) bool { return f.MemoryMiB == 2048 }},
		{"memory without unit is KiB", `<domain><memory>262144</memory></domain>`,
			func(f DomainFacts) bool { return f.MemoryMiB == 256 }},
		{"memory in bytes", `<domain><memory unit='bytes'>134217728</memory></domain>`,
			func(f DomainFacts) bool { return f.MemoryMiB == 128 }},
		{"memory in decimal MB rounds down", `<domain><memory unit='MB'>1000</memory></domain>`,
			func(f DomainFacts) bool { return f.MemoryMiB == 953 }},
		{"volume disk has no file path",
			`<domain><devices><disk type='volume' device='disk'><source pool='p' volume='v'/><target dev='vda'/></disk></devices></domain>`,
			func(f DomainFacts) bool { return f.OverlayPath == "" }},
		{"first interface wins",
			`<domain><devices><interface type='bridge'><mac address='52:54:00:00:00:02'/><source bridge='br1'/></interface><interface type='network'><source network='other'/></interface></devices></domain>`,
			func(f DomainFacts) bool { return f.Bridge == "br1" && f.Network == "" && f.MAC == "52:54:00:00:00:02" }},
		{"no devices", `<domain><vcpu>3</vcpu></domain>`,
			func(f DomainFacts) bool { return f.VCPUs == 3 && f.MAC == "" && f.SeedPath == "" }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, err := ParseDomain(tc.xml)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(f) {
				t.Errorf("unexpected facts %+v", f)
			}
		})
	}
}

func TestParseDomain_rejects(t *testing.T) {
	cases := []struct {
		name, xml, wantErr string
	}{
		{"empty", "", "empty XML"},
		{"blank", " \n", "empty XML"},
		{"not xml", "domain", "parse domain"},
		{"unknown memory unit", `<domain><memory unit='furlongs'>1</memory></domain>`, "furlongs"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseDomain(tc.xml)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParseDomain = %v, want error containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestParseDomain_libvirt9 reads definitions captured from libvirt 9.0 with domains built by
// DomainXML and started: a running UEFI domain reports the resolved loader and nvram but no
// longer the firmware="efi" attribute.
func TestParseDomain_libvirt9(t *testing.T) {
	common := DomainFacts{
		Network:     "kvm2lab",
		OverlayPath: "/tmp/kvm2check/overlay.qcow2",
		SeedPath:    "/tmp/kvm2check/seed.iso",
		VCPUs:       2,
		MemoryMiB:   512,
	}
	cases := []struct {
		file          string
		mac           string
		firmware      string
		nvram         string
		wantNoEFIAttr bool
	}{
		{"libvirt9-running-uefi.xml", "52:54:00:91:f8:dd", FirmwareUEFI, "/var/lib/libvirt/qemu/nvram/kvm2-buildcheck-uefi_VARS.fd", true},
		{"libvirt9-running-bios.xml", "52:54:00:4d:ac:af", FirmwareBIOS, "", true},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), "firmware='efi'") {
				t.Fatal("fixture no longer shows the resolved form this test is about")
			}
			got, err := ParseDomain(string(data))
			if err != nil {
				t.Fatal(err)
			}
			want := common
			want.MAC, want.Firmware, want.NVRAMPath = tc.mac, tc.firmware, tc.nvram
			if got != want {
				t.Errorf("facts:\n got %+v\nwant %+v", got, want)
			}
		})
	}
}
