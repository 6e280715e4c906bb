package definition

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// sameFacts reports whether two parsed definitions are equal, the mark compared by value.
func sameFacts(a, b DomainFacts) bool { return reflect.DeepEqual(a, b) }

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
		Name:           "web1",
		Mark:           &Mark{UID: "u-1"},
		UUID:           "5d1c0b9e-8a51-4a0f-9d1b-3c5e0a7f2b11",
		DiskFiles:      []string{"/pool/web1-seed.iso", "/pool/web1.qcow2", "/pool/base-debian.qcow2"},
		OverlayBacking: "/pool/base-debian.qcow2",
		MAC:            "52:54:00:ab:cd:ef",
		MACs:           []string{"52:54:00:ab:cd:ef"},
		Network:        "default",
		// The network's bridge, reported beside its name, is not a configured bridge.
		NICs:        []NIC{{Network: "default", MAC: "52:54:00:ab:cd:ef"}},
		OverlayPath: "/pool/web1.qcow2",
		SeedPath:    "/pool/web1-seed.iso",
		NVRAMPath:   "/var/lib/libvirt/qemu/nvram/web1_VARS.fd",
		Firmware:    FirmwareUEFI,
		VCPUs:       2,
		MemoryMiB:   512,
		Active:      true, // a running domain's live definition carries its id
	}
	if !sameFacts(got, want) {
		t.Errorf("ParseDomain:\n got %+v\nwant %+v", got, want)
	}
}

func TestParseDomain_roundTrip(t *testing.T) {
	const overlay, seed = "/var/lib/libvirt/images/web1.qcow2", "/var/lib/libvirt/images/web1-seed.iso"
	mark := sampleMark()
	cases := []struct {
		name   string
		mutate func(*DomainSpec)
		want   DomainFacts
	}{
		{"uefi on network", func(*DomainSpec) {}, DomainFacts{
			Mark: &mark, Name: "web1", DiskFiles: []string{overlay, seed},
			Network: "default", NICs: []NIC{{Network: "default"}}, OverlayPath: overlay, SeedPath: seed, Firmware: FirmwareUEFI, VCPUs: 2, MemoryMiB: 512}},
		{"bios on bridge with mac", func(s *DomainSpec) {
			s.Firmware, s.NICs, s.VCPUs, s.MemoryMiB = FirmwareBIOS, []NIC{{Bridge: "br0", MAC: "52:54:00:00:00:01"}}, 1, 128
		}, DomainFacts{
			Mark: &mark, Name: "web1", DiskFiles: []string{overlay, seed},
			MAC: "52:54:00:00:00:01", MACs: []string{"52:54:00:00:00:01"}, Bridge: "br0",
			NICs: []NIC{{Bridge: "br0", MAC: "52:54:00:00:00:01"}}, OverlayPath: overlay, SeedPath: seed, Firmware: FirmwareBIOS, VCPUs: 1, MemoryMiB: 128}},
		{"uuid and backing store", func(s *DomainSpec) {
			s.UUID, s.BackingPath, s.BackingFormat = "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90", "/var/lib/libvirt/images/base.qcow2", FormatQCOW2
		}, DomainFacts{
			Mark: &mark, Name: "web1", UUID: "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90",
			DiskFiles:      []string{overlay, "/var/lib/libvirt/images/base.qcow2", seed},
			OverlayBacking: "/var/lib/libvirt/images/base.qcow2",
			Network:        "default", NICs: []NIC{{Network: "default"}},
			OverlayPath: overlay, SeedPath: seed, Firmware: FirmwareUEFI, VCPUs: 2, MemoryMiB: 512}},
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
			if !sameFacts(got, tc.want) {
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
		{"every interface's mac, in lower case",
			`<domain><devices><interface type='bridge'><mac address='52:54:00:00:00:02'/><source bridge='br1'/></interface><interface type='network'><source network='other'/></interface><interface type='network'><mac address='02:AB:00:00:00:03'/><source network='other'/></interface></devices></domain>`,
			func(f DomainFacts) bool {
				return slices.Equal(f.MACs, []string{"52:54:00:00:00:02", "02:ab:00:00:00:03"})
			}},
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
	mark := sampleMark()
	mark.UserDataSource = "" // captured before the mark recorded it
	common := DomainFacts{
		Mark:        &mark,
		DiskFiles:   []string{"/tmp/kvm2check/overlay.qcow2", "/tmp/kvm2check/seed.iso"},
		Network:     "kvm2lab",
		OverlayPath: "/tmp/kvm2check/overlay.qcow2",
		SeedPath:    "/tmp/kvm2check/seed.iso",
		VCPUs:       2,
		MemoryMiB:   512,
		// Both were running without an agent in the guest.
		AgentDisconnected: true,
	}
	cases := []struct {
		file          string
		domain        string
		uuid          string
		mac           string
		firmware      string
		nvram         string
		wantNoEFIAttr bool
	}{
		{"libvirt9-running-uefi.xml", "kvm2-buildcheck-uefi", "f2412f56-45c9-4554-b2e5-f6b432f27919", "52:54:00:91:f8:dd", FirmwareUEFI, "/var/lib/libvirt/qemu/nvram/kvm2-buildcheck-uefi_VARS.fd", true},
		{"libvirt9-running-bios.xml", "kvm2-buildcheck-bios", "645efa41-07d9-4d76-9015-9ec7dbe32501", "52:54:00:4d:ac:af", FirmwareBIOS, "", true},
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
			want.Name, want.UUID, want.MAC, want.Firmware, want.NVRAMPath = tc.domain, tc.uuid, tc.mac, tc.firmware, tc.nvram
			want.MACs = []string{tc.mac}
			want.NICs = []NIC{{Network: "kvm2lab", MAC: tc.mac}}
			want.Active = true // both ran: the live definition carries the domain's id
			if !sameFacts(got, want) {
				t.Errorf("facts:\n got %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestParseDomain_identityAndDisks(t *testing.T) {
	const ns = MarkNamespace
	cases := []struct {
		name  string
		xml   string
		check func(DomainFacts) bool
	}{
		{"no metadata: no mark", `<domain><name>x</name></domain>`,
			func(f DomainFacts) bool { return f.Mark == nil && f.UUID == "" && f.DiskFiles == nil }},
		{"other tools' metadata only: no mark", `<domain><metadata><a xmlns="urn:a">1</a></metadata></domain>`,
			func(f DomainFacts) bool { return f.Mark == nil }},
		{"mark outside metadata is not a mark", `<domain><devices><instance xmlns="` + ns + `"><uid>u</uid></instance></devices></domain>`,
			func(f DomainFacts) bool { return f.Mark == nil }},
		{"mark among other metadata", `<domain><metadata><a xmlns="urn:a"/><kvm2:instance xmlns:kvm2="` + ns + `"><kvm2:uid>u-7</kvm2:uid></kvm2:instance></metadata></domain>`,
			func(f DomainFacts) bool { return f.Mark != nil && f.Mark.UID == "u-7" }},
		{"uuid is lowercased", `<domain><uuid>5D1C0B9E-8A51-4A0F-9D1B-3C5E0A7F2B11</uuid></domain>`,
			func(f DomainFacts) bool { return f.UUID == "5d1c0b9e-8a51-4a0f-9d1b-3c5e0a7f2b11" }},
		{"whole backing chain, overlay backing is the first level",
			`<domain><devices><disk type='file' device='disk'><source file='/p/o.qcow2'/>` +
				`<backingStore type='file'><format type='qcow2'/><source file='/p/mid.qcow2'/>` +
				`<backingStore type='file'><format type='raw'/><source file='/p/base.raw'/><backingStore/></backingStore></backingStore>` +
				`<target dev='vda'/></disk></devices></domain>`,
			func(f DomainFacts) bool {
				return f.OverlayPath == "/p/o.qcow2" && f.OverlayBacking == "/p/mid.qcow2" &&
					reflect.DeepEqual(f.DiskFiles, []string{"/p/o.qcow2", "/p/mid.qcow2", "/p/base.raw"})
			}},
		{"no backing store: no overlay backing",
			`<domain><devices><disk type='file' device='disk'><source file='/p/o.qcow2'/><target dev='vda'/></disk></devices></domain>`,
			func(f DomainFacts) bool {
				return f.OverlayBacking == "" && reflect.DeepEqual(f.DiskFiles, []string{"/p/o.qcow2"})
			}},
		{"files of other disks are listed too",
			`<domain><devices><disk type='file' device='disk'><source file='/p/extra.img'/><target dev='vdb'/></disk>` +
				`<disk type='file' device='disk'><source file='/p/o.qcow2'/><target dev='vda'/></disk>` +
				`<disk type='volume' device='disk'><source pool='p' volume='v'/><target dev='vdc'/></disk></devices></domain>`,
			func(f DomainFacts) bool {
				return f.OverlayPath == "/p/o.qcow2" && reflect.DeepEqual(f.DiskFiles, []string{"/p/extra.img", "/p/o.qcow2"})
			}},
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

// A damaged mark fails the parse: reading it as "no mark" would make our own domain look
// foreign (or free to take) after a bad edit.
func TestParseDomain_damagedMarkIsAnError(t *testing.T) {
	x := `<domain><name>x</name><metadata><kvm2:instance xmlns:kvm2="` + MarkNamespace +
		`"><kvm2:uid>u</kvm2:uid><kvm2:disk-gib>big</kvm2:disk-gib></kvm2:instance></metadata></domain>`
	if f, err := ParseDomain(x); err == nil || !strings.Contains(err.Error(), "disk-gib") {
		t.Fatalf("ParseDomain = %+v, %v; want an error naming disk-gib", f, err)
	}
}

// TestParseDomain_agentChannelState: only a guest agent channel shown disconnected says no agent
// answers; a connected one, one without a state (an inactive definition) and another channel's
// state say nothing.
func TestParseDomain_agentChannelState(t *testing.T) {
	for _, tc := range []struct {
		channels string
		want     bool
	}{
		{`<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0' state='disconnected'/></channel>`, true},
		{`<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0' state='connected'/></channel>`, false},
		{`<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>`, false},
		{`<channel type='unix'><target type='virtio' name='org.other.0' state='disconnected'/></channel>`, false},
		{``, false},
	} {
		got, err := ParseDomain(`<domain type='qemu'><name>vm</name><devices>` + tc.channels + `</devices></domain>`)
		if err != nil {
			t.Fatal(err)
		}
		if got.AgentDisconnected != tc.want {
			t.Errorf("%s: AgentDisconnected = %v, want %v", tc.channels, got.AgentDisconnected, tc.want)
		}
	}
}
