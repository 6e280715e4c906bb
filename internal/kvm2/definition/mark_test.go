package definition

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func sampleMark() Mark {
	return Mark{
		UID:            "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90",
		Tag:            "fleet-a",
		CreatedAt:      time.Date(2026, 11, 30, 14, 5, 6, 123456789, time.UTC),
		BaseImageID:    "debian-12",
		BaseSHA256:     strings.Repeat("ab", 32),
		VCPUs:          2,
		MemoryMiB:      512,
		DiskGiB:        10,
		Network:        "default",
		Firmware:       "uefi",
		UserDataSHA256: strings.Repeat("cd", 32),
		UserDataSource: UserDataSourceStored,
	}
}

func TestMarshalMark_roundTrip(t *testing.T) {
	zoned := sampleMark()
	zoned.CreatedAt = time.Date(2026, 11, 30, 16, 5, 6, 0, time.FixedZone("CET", 3600))
	special := sampleMark()
	special.Tag = `a<b>&"c'`
	bridged := sampleMark()
	bridged.Network, bridged.Bridge = "", "br0"
	sealed := sampleMark()
	sealed.SeedDigest = strings.Repeat("ef", 32)
	networked := sampleMark()
	networked.NetworkConfig = "version: 2\r\nethernets:\n\teth0:\n    addresses: [\"192.168.123.200/24\"]\n" +
		"    # <a> & 'b' \u00e9\n  \n"
	cases := []struct {
		name string
		mark Mark
		want Mark
	}{
		{"full", sampleMark(), sampleMark()},
		{"seed digest", sealed, sealed},
		{"only uid", Mark{UID: "u1"}, Mark{UID: "u1"}},
		{"created-at normalised to UTC", zoned, func() Mark { m := zoned; m.CreatedAt = zoned.CreatedAt.UTC(); return m }()},
		{"markup characters escaped", special, special},
		{"bridge", bridged, bridged},
		{"network config kept byte for byte", networked, networked},
	}
	marshalers := map[string]func(Mark) (string, error){
		"MarshalMark":               MarshalMark,
		"MarshalMarkForSetMetadata": MarshalMarkForSetMetadata,
	}
	for _, tc := range cases {
		for fname, marshal := range marshalers {
			t.Run(tc.name+"/"+fname, func(t *testing.T) {
				out, err := marshal(tc.mark)
				if err != nil {
					t.Fatalf("%s: %v", fname, err)
				}
				got, err := ParseMark(out)
				if err != nil {
					t.Fatalf("ParseMark(%s): %v", out, err)
				}
				want := tc.want
				if !got.CreatedAt.Equal(want.CreatedAt) || got.CreatedAt.Location() != time.UTC {
					t.Errorf("CreatedAt = %v, want %v in UTC", got.CreatedAt, want.CreatedAt)
				}
				got.CreatedAt, want.CreatedAt = time.Time{}, time.Time{}
				if got != want {
					t.Errorf("round trip:\n got %+v\nwant %+v", got, want)
				}
			})
		}
	}
}

func TestMarshalMarkForSetMetadata_shape(t *testing.T) {
	out, err := MarshalMarkForSetMetadata(sampleMark())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "<instance><uid>0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90</uid>") {
		t.Errorf("want a bare <instance> element first, got:\n%s", out)
	}
	for _, banned := range []string{"xmlns", MarkPrefix + ":"} {
		if strings.Contains(out, banned) {
			t.Errorf("element for DomainSetMetadata contains %q:\n%s", banned, out)
		}
	}
}

func TestMarshalMark_shape(t *testing.T) {
	out, err := MarshalMark(sampleMark())
	if err != nil {
		t.Fatal(err)
	}
	wantParts := []string{
		`<kvm2:instance xmlns:kvm2="` + MarkNamespace + `">`,
		`<kvm2:uid>0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90</kvm2:uid>`,
		`<kvm2:created-at>2026-11-30T14:05:06.123456789Z</kvm2:created-at>`,
		`<kvm2:memory-mib>512</kvm2:memory-mib>`,
		`<kvm2:user-data-sha256>` + strings.Repeat("cd", 32) + `</kvm2:user-data-sha256>` +
			`<kvm2:user-data-source>user_data</kvm2:user-data-source><kvm2:seed-digest></kvm2:seed-digest>` +
			`<kvm2:network-config></kvm2:network-config></kvm2:instance>`,
	}
	for _, p := range wantParts {
		if !strings.Contains(out, p) {
			t.Errorf("mark lacks %s:\n%s", p, out)
		}
	}
	// A namespace-aware parser must see every element in our namespace.
	dec := xml.NewDecoder(strings.NewReader(out))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Space != MarkNamespace {
			t.Errorf("element %s is in namespace %q", se.Name.Local, se.Name.Space)
		}
	}
}

func TestMarshalMark_rejectsMissingUID(t *testing.T) {
	for _, uid := range []string{"", "   "} {
		t.Run(strings.ReplaceAll(uid, " ", "_"), func(t *testing.T) {
			m := sampleMark()
			m.UID = uid
			if _, err := MarshalMark(m); err == nil {
				t.Error("MarshalMark accepted a mark without uid")
			}
			if _, err := MarshalMarkForSetMetadata(m); err == nil {
				t.Error("MarshalMarkForSetMetadata accepted a mark without uid")
			}
		})
	}
}

func TestParseMark_forms(t *testing.T) {
	const ns = MarkNamespace
	cases := []struct {
		name string
		xml  string
	}{
		{"as libvirt returns it", `<kvm2:instance xmlns:kvm2="` + ns + `">
  <kvm2:uid>u-1</kvm2:uid>
  <kvm2:tag>t</kvm2:tag>
  <kvm2:vcpus>2</kvm2:vcpus>
</kvm2:instance>`},
		{"other prefix", `<x:instance xmlns:x="` + ns + `"><x:uid>u-1</x:uid><x:tag>t</x:tag><x:vcpus>2</x:vcpus></x:instance>`},
		{"default namespace", `<instance xmlns="` + ns + `"><uid>u-1</uid><tag>t</tag><vcpus>2</vcpus></instance>`},
		{"bare, no namespace", `<instance><uid>u-1</uid><tag>t</tag><vcpus>2</vcpus></instance>`},
		{"undeclared prefix", `<kvm2:instance><kvm2:uid>u-1</kvm2:uid><kvm2:tag>t</kvm2:tag><kvm2:vcpus>2</kvm2:vcpus></kvm2:instance>`},
		{"surrounding whitespace", "\n  <instance><uid> u-1 </uid><tag>t</tag><vcpus> 2 </vcpus></instance>\n"},
		{"unknown child ignored", `<instance><uid>u-1</uid><tag>t</tag><vcpus>2</vcpus><future>x</future></instance>`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMark(tc.xml)
			if err != nil {
				t.Fatalf("ParseMark: %v", err)
			}
			if m.UID != "u-1" || m.Tag != "t" || m.VCPUs != 2 {
				t.Errorf("got uid %q tag %q vcpus %d, want u-1, t, 2", m.UID, m.Tag, m.VCPUs)
			}
			if !m.CreatedAt.IsZero() {
				t.Errorf("absent created-at parsed as %v", m.CreatedAt)
			}
		})
	}
}

func TestParseMark_rejects(t *testing.T) {
	cases := []struct {
		name    string
		xml     string
		wantErr string
	}{
		{"no uid", `<instance><tag>t</tag></instance>`, "no uid"},
		{"blank uid", `<instance><uid>  </uid></instance>`, "no uid"},
		{"empty document", ``, "parse mark"},
		{"not xml", `uid=1`, "parse mark"},
		{"unclosed", `<instance><uid>u</uid>`, "parse mark"},
		{"other element", `<domain><uid>u</uid></domain>`, `root element is "domain"`},
		{"other namespace", `<x:instance xmlns:x="https://example.com/other"><x:uid>u</x:uid></x:instance>`, "is not"},
		{"bad created-at", `<instance><uid>u</uid><created-at>yesterday</created-at></instance>`, "created-at"},
		{"bad vcpus", `<instance><uid>u</uid><vcpus>two</vcpus></instance>`, "vcpus"},
		{"bad disk", `<instance><uid>u</uid><disk-gib>1.5</disk-gib></instance>`, "disk-gib"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMark(tc.xml)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ParseMark = %v, want error containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestParseMark_libvirt9GetMetadata reads what libvirt 9.0's DomainGetMetadata returned for a
// mark written by MarshalMark: the bare element, namespace and prefix stripped.
func TestParseMark_libvirt9GetMetadata(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "libvirt9-get-metadata.xml"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseMark(string(data))
	if err != nil {
		t.Fatal(err)
	}
	want := sampleMark()
	// Recorded before the mark had user-data-source: an earlier version's mark has no source.
	want.UserDataSource = ""
	if !got.CreatedAt.Equal(want.CreatedAt) {
		t.Errorf("created-at %v, want %v", got.CreatedAt, want.CreatedAt)
	}
	got.CreatedAt, want.CreatedAt = time.Time{}, time.Time{}
	if got != want {
		t.Errorf("mark:\n got %+v\nwant %+v", got, want)
	}
}

func TestFindMark(t *testing.T) {
	const ns = MarkNamespace
	mark := `<kvm2:instance xmlns:kvm2="` + ns + `"><kvm2:uid>u</kvm2:uid><kvm2:tag>t</kvm2:tag></kvm2:instance>`
	cases := []struct {
		name    string
		inner   string
		wantUID string // "": no mark
	}{
		{"alone", mark, "u"},
		{"among other metadata", `<a xmlns="urn:a"/>` + mark + `<b xmlns="urn:b"><c/></b>`, "u"},
		{"as libvirt indents it", "\n    <a:x xmlns:a=\"urn:a\">1</a:x>\n    " + mark + "\n  ", "u"},
		{"default namespace", `<instance xmlns="` + ns + `"><uid>u</uid></instance>`, "u"},
		{"none", `<a xmlns="urn:a"/><b xmlns="urn:b"/>`, ""},
		{"empty metadata", "", ""},
		{"ours nested in another tool's element is not ours", `<a xmlns="urn:a"><instance xmlns="` + ns + `"><uid>n</uid></instance></a>`, ""},
		{"same local name in another namespace", `<instance xmlns="urn:other"><uid>x</uid></instance>`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := findMark(tc.inner)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tc.wantUID == "" && m != nil:
				t.Fatalf("found a mark %+v", *m)
			case tc.wantUID != "" && (m == nil || m.UID != tc.wantUID):
				t.Fatalf("mark %+v, want uid %q", m, tc.wantUID)
			}
		})
	}
}

// A child in our namespace that does not parse is an error, never "no mark": a damaged mark
// must not make a domain look like another owner's or free.
func TestFindMark_damagedMarkIsAnError(t *testing.T) {
	const ns = MarkNamespace
	cases := []struct{ name, inner, wantErr string }{
		{"bad number", `<kvm2:instance xmlns:kvm2="` + ns + `"><kvm2:uid>u</kvm2:uid><kvm2:vcpus>many</kvm2:vcpus></kvm2:instance>`, "vcpus"},
		{"no uid", `<kvm2:instance xmlns:kvm2="` + ns + `"><kvm2:tag>t</kvm2:tag></kvm2:instance>`, "no uid"},
		{"bad created-at", `<instance xmlns="` + ns + `"><uid>u</uid><created-at>yesterday</created-at></instance>`, "created-at"},
		{"other element in our namespace", `<kvm2:record xmlns:kvm2="` + ns + `"><kvm2:uid>u</kvm2:uid></kvm2:record>`, "root element"},
		{"unclosed", `<a xmlns="urn:a">`, "metadata"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := findMark(tc.inner)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("findMark = %+v, %v; want an error containing %q", m, err, tc.wantErr)
			}
		})
	}
}

// TestParseMark_earlierVersionHasNoNetworkConfig: the mark of a VM made before network_config
// (its last field is user-data-sha256) reads as a VM without network configuration, and a mark
// with the field reads it back.
func TestParseMark_earlierVersionHasNoNetworkConfig(t *testing.T) {
	const earlier = `<kvm2:instance xmlns:kvm2="` + MarkNamespace + `">
  <kvm2:uid>0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90</kvm2:uid>
  <kvm2:tag>fleet-a</kvm2:tag>
  <kvm2:created-at>2026-11-30T14:05:06Z</kvm2:created-at>
  <kvm2:base-image-id>lab/default/base.qcow2</kvm2:base-image-id>
  <kvm2:base-sha256></kvm2:base-sha256>
  <kvm2:vcpus>1</kvm2:vcpus>
  <kvm2:memory-mib>128</kvm2:memory-mib>
  <kvm2:disk-gib>1</kvm2:disk-gib>
  <kvm2:network>default</kvm2:network>
  <kvm2:bridge></kvm2:bridge>
  <kvm2:firmware>bios</kvm2:firmware>
  <kvm2:user-data-sha256></kvm2:user-data-sha256>
</kvm2:instance>`
	m, err := ParseMark(earlier)
	if err != nil {
		t.Fatal(err)
	}
	if m.NetworkConfig != "" || m.UID == "" || m.Firmware != "bios" {
		t.Fatalf("earlier mark read as %+v", m)
	}
	with := strings.Replace(earlier, "</kvm2:instance>",
		"  <kvm2:network-config>version: 2&#xA;ethernets: {}&#xD;&#xA;</kvm2:network-config>\n</kvm2:instance>", 1)
	if m, err = ParseMark(with); err != nil || m.NetworkConfig != "version: 2\nethernets: {}\r\n" {
		t.Fatalf("network-config read as %q, %v", m.NetworkConfig, err)
	}
}
