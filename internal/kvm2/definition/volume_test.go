package definition

import (
	"strings"
	"testing"

	"libvirt.org/go/libvirtxml"
)

func TestVolumeXML(t *testing.T) {
	cases := []struct {
		name string
		spec VolumeSpec
	}{
		{"raw base image", VolumeSpec{Name: "base-debian.img", Format: FormatRaw, CapacityBytes: 2 << 30}},
		{"qcow2 base image", VolumeSpec{Name: "base-debian.qcow2", Format: FormatQCOW2, CapacityBytes: 1}},
		{"qcow2 overlay on qcow2", VolumeSpec{Name: "web1.qcow2", Format: FormatQCOW2, CapacityBytes: 10 << 30,
			BackingPath: "/pool/base-debian.qcow2", BackingFormat: FormatQCOW2}},
		{"qcow2 overlay on raw", VolumeSpec{Name: "web1.qcow2", Format: FormatQCOW2, CapacityBytes: 10 << 30,
			BackingPath: "/pool/base-debian.img", BackingFormat: FormatRaw}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := VolumeXML(tc.spec)
			if err != nil {
				t.Fatalf("VolumeXML: %v", err)
			}
			var vol libvirtxml.StorageVolume
			if err := vol.Unmarshal(out); err != nil {
				t.Fatalf("output does not parse: %v", err)
			}
			if vol.Name != tc.spec.Name {
				t.Errorf("name %q, want %q", vol.Name, tc.spec.Name)
			}
			if vol.Capacity == nil || vol.Capacity.Unit != "bytes" || vol.Capacity.Value != tc.spec.CapacityBytes {
				t.Errorf("capacity %+v, want %d bytes", vol.Capacity, tc.spec.CapacityBytes)
			}
			if vol.Target == nil || vol.Target.Format == nil || vol.Target.Format.Type != tc.spec.Format {
				t.Errorf("target format %+v, want %s", vol.Target, tc.spec.Format)
			}
			backing, err := VolumeBacking(out)
			if err != nil {
				t.Fatalf("VolumeBacking: %v", err)
			}
			if backing != tc.spec.BackingPath {
				t.Errorf("backing %q, want %q", backing, tc.spec.BackingPath)
			}
			if tc.spec.BackingPath != "" && (vol.BackingStore.Format == nil || vol.BackingStore.Format.Type != tc.spec.BackingFormat) {
				t.Errorf("backing format %+v, want %s", vol.BackingStore.Format, tc.spec.BackingFormat)
			}
		})
	}
}

func TestVolumeXML_rejects(t *testing.T) {
	valid := VolumeSpec{Name: "web1.qcow2", Format: FormatQCOW2, CapacityBytes: 1 << 30,
		BackingPath: "/pool/base.qcow2", BackingFormat: FormatQCOW2}
	cases := []struct {
		name    string
		mutate  func(*VolumeSpec)
		wantErr string
	}{
		{"empty name", func(v *VolumeSpec) { v.Name = "" }, "must be non-empty"},
		{"slash in name", func(v *VolumeSpec) { v.Name = "../x" }, "no slash"},
		{"vmdk", func(v *VolumeSpec) { v.Format = "vmdk" }, `format "vmdk"`},
		{"empty format", func(v *VolumeSpec) { v.Format = "" }, `format ""`},
		{"zero capacity", func(v *VolumeSpec) { v.CapacityBytes = 0 }, "capacity must be positive"},
		{"raw overlay", func(v *VolumeSpec) { v.Format = FormatRaw }, "only a qcow2 volume can have a backing file"},
		{"backing without format", func(v *VolumeSpec) { v.BackingFormat = "" }, `backing format ""`},
		{"backing of unknown format", func(v *VolumeSpec) { v.BackingFormat = "vdi" }, `backing format "vdi"`},
		{"relative backing path", func(v *VolumeSpec) { v.BackingPath = "base.qcow2" }, "not absolute"},
		{"format without backing", func(v *VolumeSpec) { v.BackingPath = "" }, "without a backing path"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := valid
			tc.mutate(&v)
			out, err := VolumeXML(v)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("VolumeXML = %v, want error containing %q", err, tc.wantErr)
			}
			if out != "" {
				t.Error("a rejected spec must produce no XML")
			}
		})
	}
}

func TestVolumeBacking(t *testing.T) {
	cases := []struct {
		name, xml, want, wantErr string
	}{
		{"libvirt overlay", `<volume type='file'>
  <name>web1.qcow2</name>
  <key>/pool/web1.qcow2</key>
  <capacity unit='bytes'>10737418240</capacity>
  <target><path>/pool/web1.qcow2</path><format type='qcow2'/></target>
  <backingStore>
    <path>/pool/base-debian.qcow2</path>
    <format type='qcow2'/>
  </backingStore>
</volume>`, "/pool/base-debian.qcow2", ""},
		{"no backing store", `<volume><name>base</name><target><format type='raw'/></target></volume>`, "", ""},
		{"empty backing store", `<volume><name>x</name><backingStore/></volume>`, "", ""},
		{"empty document", ``, "", "empty XML"},
		{"broken", `<volume><name>x</name>`, "", "parse volume"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := VolumeBacking(tc.xml)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("VolumeBacking = %q, %v; want error containing %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("VolumeBacking = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestMarkerVolumeXML(t *testing.T) {
	out, err := MarkerVolumeXML("debian-12.qcow2.kvm2-pending-1700000000")
	if err != nil {
		t.Fatal(err)
	}
	var vol libvirtxml.StorageVolume
	if err := vol.Unmarshal(out); err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
	if vol.Name != "debian-12.qcow2.kvm2-pending-1700000000" || vol.Capacity == nil || vol.Capacity.Value != 0 ||
		vol.Target == nil || vol.Target.Format == nil || vol.Target.Format.Type != FormatRaw {
		t.Errorf("marker volume = %s, want an empty raw volume under the name", out)
	}
	for _, bad := range []string{"", "a/b"} {
		if _, err := MarkerVolumeXML(bad); err == nil {
			t.Errorf("MarkerVolumeXML(%q) accepted", bad)
		}
	}
}

func TestParseVolume(t *testing.T) {
	x := `<volume type='file'><name>web1.qcow2</name>
  <target><path> /pool/web1.qcow2 </path><format type='qcow2'/></target>
  <backingStore><path>/pool/base.qcow2</path><format type='qcow2'/></backingStore></volume>`
	got, err := ParseVolume(x)
	if err != nil {
		t.Fatal(err)
	}
	if want := (VolumeFacts{Path: "/pool/web1.qcow2", Format: "qcow2", Backing: "/pool/base.qcow2"}); got != want {
		t.Errorf("ParseVolume = %+v, want %+v", got, want)
	}
	if got, err := ParseVolume(`<volume><name>m</name></volume>`); err != nil || got != (VolumeFacts{}) {
		t.Errorf("ParseVolume of a bare volume = %+v, %v; want no facts and no error", got, err)
	}
	for _, bad := range []string{"", "<volume><name>x</name>"} {
		if _, err := ParseVolume(bad); err == nil {
			t.Errorf("ParseVolume(%q) accepted", bad)
		}
	}
}

func TestPoolDir(t *testing.T) {
	tests := []struct{ name, xml, want, err string }{
		{"dir", `<pool type='dir'><name>default</name><target><path>/var/lib/libvirt/images</path></target></pool>`, "/var/lib/libvirt/images", ""},
		{"cleaned", `<pool type='dir'><name>p</name><target><path> /srv/pool/ </path></target></pool>`, "/srv/pool", ""},
		{"no target", `<pool type='rbd'><name>p</name></pool>`, "", "names no target directory"},
		{"relative", `<pool type='dir'><name>p</name><target><path>pool</path></target></pool>`, "", "not an absolute path"},
		{"not xml", `pool`, "", "parse pool"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := PoolDir(tt.xml)
			if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("PoolDir = %q, %v; want %q, error with %q", got, err, tt.want, tt.err)
			}
		})
	}
}
