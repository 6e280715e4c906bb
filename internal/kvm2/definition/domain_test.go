package definition

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"libvirt.org/go/libvirtxml"
)

func validSpec() DomainSpec {
	return DomainSpec{
		Name:          "web1",
		Type:          TypeQEMU,
		VCPUs:         2,
		MemoryMiB:     512,
		Firmware:      FirmwareUEFI,
		OverlayPath:   "/var/lib/libvirt/images/web1.qcow2",
		OverlayFormat: FormatQCOW2,
		SeedPath:      "/var/lib/libvirt/images/web1-seed.iso",
		NICs:          []NIC{{Network: "default"}},
		Mark:          sampleMark(),
	}
}

// buildAndParse renders s and parses it back with libvirtxml.
func buildAndParse(t *testing.T, s DomainSpec) (string, libvirtxml.Domain) {
	t.Helper()
	out, err := DomainXML(s)
	if err != nil {
		t.Fatalf("DomainXML: %v", err)
	}
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(out); err != nil {
		t.Fatalf("output does not parse: %v\n%s", err, out)
	}
	return out, dom
}

func TestDomainXML_common(t *testing.T) {
	out, dom := buildAndParse(t, validSpec())
	checks := []struct {
		name string
		ok   bool
	}{
		{"type qemu", dom.Type == "qemu"},
		{"name", dom.Name == "web1"},
		{"memory in MiB", dom.Memory != nil && dom.Memory.Value == 512 && dom.Memory.Unit == "MiB"},
		{"vcpus", dom.VCPU != nil && dom.VCPU.Value == 2},
		{"machine q35", dom.OS != nil && dom.OS.Type != nil && dom.OS.Type.Machine == "q35" && dom.OS.Type.Type == "hvm"},
		{"boot from disk", dom.OS != nil && len(dom.OS.BootDevices) == 1 && dom.OS.BootDevices[0].Dev == "hd"},
		{"acpi and apic", dom.Features != nil && dom.Features.ACPI != nil && dom.Features.APIC != nil},
		{"no host cpu under tcg", dom.CPU == nil},
		{"crash destroys", dom.OnCrash == "destroy" && dom.OnPoweroff == "destroy" && dom.OnReboot == "restart"},
		{"overlay disk type file", strings.Contains(out, `<disk type="file" device="disk">`)},
		{"seed disk type file", strings.Contains(out, `<disk type="file" device="cdrom">`)},
		{"no volume disks", !strings.Contains(out, `type="volume"`)},
		{"agent channel", strings.Contains(out, `<channel type="unix">`) &&
			strings.Contains(out, `<target type="virtio" name="org.qemu.guest_agent.0">`)},
		{"serial pty", strings.Contains(out, `<serial type="pty">`)},
		{"console on serial", strings.Contains(out, `<console type="pty">`) && strings.Contains(out, `<target type="serial" port="0">`)},
		{"virtio rng", strings.Contains(out, `<rng model="virtio">`)},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if !c.ok {
				t.Errorf("check failed on:\n%s", out)
			}
		})
	}
}

func TestDomainXML_disks(t *testing.T) {
	_, dom := buildAndParse(t, validSpec())
	disks := dom.Devices.Disks
	if len(disks) != 2 {
		t.Fatalf("%d disks, want 2", len(disks))
	}
	cases := []struct {
		name                              string
		disk                              libvirtxml.DomainDisk
		device, format, file, target, bus string
		readonly                          bool
	}{
		{"overlay", disks[0], "disk", "qcow2", "/var/lib/libvirt/images/web1.qcow2", "vda", "virtio", false},
		{"seed", disks[1], "cdrom", "raw", "/var/lib/libvirt/images/web1-seed.iso", "sda", "sata", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.disk
			if d.Device != tc.device {
				t.Errorf("device %q, want %q", d.Device, tc.device)
			}
			if d.Driver == nil || d.Driver.Name != "qemu" || d.Driver.Type != tc.format {
				t.Errorf("driver %+v, want qemu/%s", d.Driver, tc.format)
			}
			if diskFile(d) != tc.file {
				t.Errorf("file %q, want %q", diskFile(d), tc.file)
			}
			if d.Target == nil || d.Target.Dev != tc.target || d.Target.Bus != tc.bus {
				t.Errorf("target %+v, want %s on %s", d.Target, tc.target, tc.bus)
			}
			if (d.ReadOnly != nil) != tc.readonly {
				t.Errorf("readonly = %v, want %v", d.ReadOnly != nil, tc.readonly)
			}
		})
	}
}

func TestDomainXML_firmware(t *testing.T) {
	cases := []struct {
		name     string
		firmware string
		wantEFI  bool
	}{
		{"uefi", FirmwareUEFI, true},
		{"empty defaults to uefi", "", true},
		{"bios", FirmwareBIOS, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			s.Firmware = tc.firmware
			out, dom := buildAndParse(t, s)
			o := dom.OS
			if got := o.Firmware == "efi"; got != tc.wantEFI {
				t.Errorf("os firmware=efi is %v, want %v", got, tc.wantEFI)
			}
			secureBootOff := o.FirmwareInfo != nil && len(o.FirmwareInfo.Features) == 1 &&
				o.FirmwareInfo.Features[0] == libvirtxml.DomainOSFirmwareFeature{Enabled: "no", Name: "secure-boot"}
			if secureBootOff != tc.wantEFI {
				t.Errorf("secure-boot feature off present = %v, want %v:\n%s", secureBootOff, tc.wantEFI, out)
			}
			if o.Loader != nil {
				t.Error("a <loader> conflicts with firmware autoselection on libvirt 9.0")
			}
			if o.NVRam != nil {
				t.Error("nvram must be left to libvirt's autoselection")
			}
		})
	}
}

func TestDomainXML_typeAndCPU(t *testing.T) {
	cases := []struct {
		domType     string
		passthrough bool
	}{
		{TypeKVM, true},
		{TypeQEMU, false},
	}
	for _, tc := range cases {
		t.Run(tc.domType, func(t *testing.T) {
			s := validSpec()
			s.Type = tc.domType
			_, dom := buildAndParse(t, s)
			if dom.Type != tc.domType {
				t.Errorf("type %q, want %q", dom.Type, tc.domType)
			}
			if got := dom.CPU != nil && dom.CPU.Mode == "host-passthrough"; got != tc.passthrough {
				t.Errorf("host-passthrough = %v, want %v", got, tc.passthrough)
			}
		})
	}
}

func TestDomainXML_interface(t *testing.T) {
	cases := []struct {
		name, network, bridge, mac string
		wantMAC                    string
	}{
		{"network", "default", "", "", ""},
		{"bridge", "", "br0", "", ""},
		{"network with mac", "default", "", "52:54:00:AB:CD:EF", "52:54:00:ab:cd:ef"},
		{"bridge with mac", "", "br0", "52:54:00:12:34:56", "52:54:00:12:34:56"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			s.NICs = []NIC{{Network: tc.network, Bridge: tc.bridge, MAC: tc.mac}}
			out, dom := buildAndParse(t, s)
			if len(dom.Devices.Interfaces) != 1 {
				t.Fatalf("%d interfaces, want 1", len(dom.Devices.Interfaces))
			}
			iface := dom.Devices.Interfaces[0]
			if iface.Model == nil || iface.Model.Type != "virtio" {
				t.Errorf("model %+v, want virtio", iface.Model)
			}
			gotNet, gotBridge := "", ""
			if iface.Source.Network != nil {
				gotNet = iface.Source.Network.Network
			}
			if iface.Source.Bridge != nil {
				gotBridge = iface.Source.Bridge.Bridge
			}
			if gotNet != tc.network || gotBridge != tc.bridge {
				t.Errorf("source network %q bridge %q, want %q %q:\n%s", gotNet, gotBridge, tc.network, tc.bridge, out)
			}
			gotMAC := ""
			if iface.MAC != nil {
				gotMAC = iface.MAC.Address
			}
			if gotMAC != tc.wantMAC {
				t.Errorf("mac %q, want %q", gotMAC, tc.wantMAC)
			}
		})
	}
}

func TestDomainXML_uuid(t *testing.T) {
	s := validSpec()
	s.UUID = "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90"
	if _, dom := buildAndParse(t, s); dom.UUID != s.UUID {
		t.Fatalf("uuid %q, want %q", dom.UUID, s.UUID)
	}
	// Without one libvirt picks a UUID itself.
	if out, dom := buildAndParse(t, validSpec()); dom.UUID != "" || strings.Contains(out, "<uuid>") {
		t.Fatalf("uuid %q written though none was given", dom.UUID)
	}
}

// The overlay's base is written as its one-level backing chain, terminated by an empty
// <backingStore/> so libvirt does not probe the image for further layers.
func TestDomainXML_backingStore(t *testing.T) {
	cases := []struct {
		name, format string
	}{
		{"qcow2 base", FormatQCOW2},
		{"raw base", FormatRaw},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			s.BackingPath, s.BackingFormat = "/var/lib/libvirt/images/base.qcow2", tc.format
			out, dom := buildAndParse(t, s)
			overlay, seed := dom.Devices.Disks[0], dom.Devices.Disks[1]
			bs := overlay.BackingStore
			if bs == nil || bs.Source == nil || bs.Source.File == nil || bs.Source.File.File != s.BackingPath {
				t.Fatalf("overlay backing store %+v:\n%s", bs, out)
			}
			if bs.Format == nil || bs.Format.Type != tc.format {
				t.Errorf("backing format %+v, want %s", bs.Format, tc.format)
			}
			if end := bs.BackingStore; end == nil || sourceFile(end.Source) != "" || end.Format != nil || end.BackingStore != nil {
				t.Errorf("chain not terminated by an empty backingStore: %+v", end)
			}
			if seed.BackingStore != nil {
				t.Errorf("seed has a backing store: %+v", seed.BackingStore)
			}
		})
	}
	if _, dom := buildAndParse(t, validSpec()); dom.Devices.Disks[0].BackingStore != nil {
		t.Error("backing store written though no backing path was given")
	}
}

func TestDomainXML_metadataCarriesMark(t *testing.T) {
	_, dom := buildAndParse(t, validSpec())
	if dom.Metadata == nil {
		t.Fatal("no metadata")
	}
	m, err := ParseMark(strings.TrimSpace(dom.Metadata.XML))
	if err != nil {
		t.Fatalf("ParseMark(metadata): %v\n%s", err, dom.Metadata.XML)
	}
	if want := sampleMark(); m.UID != want.UID || !m.CreatedAt.Equal(want.CreatedAt) || m.BaseSHA256 != want.BaseSHA256 {
		t.Errorf("mark read back as %+v", m)
	}
}

func TestDomainXML_rejects(t *testing.T) {
	cases := []struct {
		name    string
		mutate  func(*DomainSpec)
		wantErr string
	}{
		{"empty name", func(s *DomainSpec) { s.Name = "" }, "name is empty"},
		{"unknown type", func(s *DomainSpec) { s.Type = "xen" }, `type "xen"`},
		{"empty type", func(s *DomainSpec) { s.Type = "" }, `type ""`},
		{"zero vcpus", func(s *DomainSpec) { s.VCPUs = 0 }, "vcpus is 0"},
		{"negative vcpus", func(s *DomainSpec) { s.VCPUs = -2 }, "vcpus is -2"},
		{"memory below 64", func(s *DomainSpec) { s.MemoryMiB = 63 }, "memory is 63 MiB"},
		{"unknown firmware", func(s *DomainSpec) { s.Firmware = "efi" }, `firmware "efi"`},
		{"unknown overlay format", func(s *DomainSpec) { s.OverlayFormat = "vmdk" }, `overlay format "vmdk"`},
		{"empty overlay path", func(s *DomainSpec) { s.OverlayPath = "" }, "overlay path is empty"},
		{"relative overlay path", func(s *DomainSpec) { s.OverlayPath = "web1.qcow2" }, "not absolute"},
		{"unclean seed path", func(s *DomainSpec) { s.SeedPath = "/var/lib/../lib/seed.iso" }, "not clean"},
		{"empty seed path", func(s *DomainSpec) { s.SeedPath = "" }, "seed path is empty"},
		{"both network and bridge", func(s *DomainSpec) { s.NICs[0].Bridge = "br0" }, "exactly one of network"},
		{"neither network nor bridge", func(s *DomainSpec) { s.NICs[0].Network = "" }, "exactly one of network"},
		{"mark without uid", func(s *DomainSpec) { s.Mark.UID = "" }, "no uid"},
		{"uuid not a uuid", func(s *DomainSpec) { s.UUID = "egress-1" }, `uuid "egress-1" is not a UUID`},
		{"uuid in upper case", func(s *DomainSpec) { s.UUID = "0B4F6A52-3C1E-4D1A-9A8E-7F2D5C6B1A90" }, "is not a UUID"},
		{"uuid without hyphens", func(s *DomainSpec) { s.UUID = "0b4f6a523c1e4d1a9a8e7f2d5c6b1a90" }, "is not a UUID"},
		{"relative backing path", func(s *DomainSpec) { s.BackingPath, s.BackingFormat = "base.qcow2", FormatQCOW2 }, "backing path"},
		{"unknown backing format", func(s *DomainSpec) { s.BackingPath, s.BackingFormat = "/p/base.vmdk", "vmdk" }, `backing format "vmdk"`},
		{"backing without format", func(s *DomainSpec) { s.BackingPath = "/p/base.qcow2" }, `backing format ""`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			tc.mutate(&s)
			out, err := DomainXML(s)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("DomainXML = %v, want error containing %q (output %d bytes)", err, tc.wantErr, len(out))
			}
			if out != "" {
				t.Error("a rejected spec must produce no XML")
			}
		})
	}
}

func TestDomainXML_reportsEveryProblem(t *testing.T) {
	s := validSpec()
	s.VCPUs, s.MemoryMiB, s.SeedPath = 0, 1, ""
	_, err := DomainXML(s)
	if err == nil {
		t.Fatal("DomainXML accepted an invalid spec")
	}
	for _, want := range []string{"vcpus", "memory", "seed path"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}

const capsKVM = `<capabilities>
  <host><cpu><arch>x86_64</arch></cpu></host>
  <guest>
    <os_type>hvm</os_type>
    <arch name='i686'><wordsize>32</wordsize><domain type='qemu'/><domain type='kvm'/></arch>
  </guest>
  <guest>
    <os_type>hvm</os_type>
    <arch name='x86_64'>
      <wordsize>64</wordsize>
      <emulator>/usr/bin/qemu-system-x86_64</emulator>
      <machine maxCpus='255'>pc-q35-7.2</machine>
      <domain type='qemu'/>
      <domain type='kvm'/>
    </arch>
  </guest>
</capabilities>`

func TestHypervisorType(t *testing.T) {
	cases := []struct {
		name string
		caps string
		want string
	}{
		{"kvm offered for x86_64", capsKVM, "kvm"},
		{"tcg only", strings.ReplaceAll(capsKVM, "<domain type='kvm'/>", ""), "qemu"},
		{"kvm only for i686", strings.Replace(capsKVM, "<domain type='kvm'/>\n    </arch>", "</arch>", 1), "qemu"},
		{"kvm only for non-hvm", strings.ReplaceAll(strings.ReplaceAll(capsKVM, "<os_type>hvm</os_type>", "<os_type>exe</os_type>"), "<domain type='qemu'/>", ""), "qemu"},
		{"no guests", `<capabilities><host/></capabilities>`, "qemu"},
		{"unparsable", `<capabilities`, "qemu"},
		{"empty", ``, "qemu"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := HypervisorType(tc.caps); got != tc.want {
				t.Errorf("HypervisorType = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestHypervisorType_libvirt9 reads the capabilities of a libvirt 9.0 host without /dev/kvm,
// then the same document with kvm offered for x86_64 only, and for i686 only.
func TestHypervisorType_libvirt9(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "libvirt9-capabilities-tcg.xml"))
	if err != nil {
		t.Fatal(err)
	}
	caps := string(data)
	x86 := strings.Index(caps, "<arch name='x86_64'>")
	if x86 < 0 {
		t.Fatal("fixture has no x86_64 guest")
	}
	withKVM := func(doc string, from int) string {
		i := from + strings.Index(doc[from:], "<domain type='qemu'/>")
		return doc[:i] + "<domain type='kvm'/>" + doc[i:]
	}
	cases := []struct {
		name, caps, want string
	}{
		{"tcg host", caps, "qemu"},
		{"kvm for x86_64", withKVM(caps, x86), "kvm"},
		{"kvm for i686 only", withKVM(caps, 0), "qemu"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := HypervisorType(tc.caps); got != tc.want {
				t.Errorf("HypervisorType = %q, want %q", got, tc.want)
			}
		})
	}
}
