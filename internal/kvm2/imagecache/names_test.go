package imagecache

import (
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestValidateBaseImageName(t *testing.T) {
	longest := strings.Repeat("a", rules.MaxBaseImageNameLen)
	for _, ok := range []string{"debian-12.qcow2", "a", "x+y_z.img", longest, "kvm2-base", "a.kvm2", "sha256"} {
		if err := rules.ValidateBaseImageName(ok); err != nil {
			t.Errorf("ValidateBaseImageName(%q) = %v, want nil", ok, err)
		}
	}
	if n := len(Ref{Name: longest}.digestMarker(strings.Repeat("0", 64))); n > rules.MaxVolumeName {
		t.Errorf("the longest name's digest marker has %d characters, more than a file name may", n)
	}
	for _, bad := range []string{"", ".hidden", "a/b", "a b", "img.qcow2.sha256", "img.kvm2-sha256-x", "a.kvm2-", longest + "a"} {
		if err := rules.ValidateBaseImageName(bad); err == nil {
			t.Errorf("ValidateBaseImageName(%q) = nil, want an error", bad)
		}
	}
}

func TestRedactURL(t *testing.T) {
	cases := []struct{ in, want string }{
		{"https://example.com/a.qcow2", "https://example.com/a.qcow2"},
		{"https://u:p@example.com/a.qcow2?sig=x#frag", "https://example.com/a.qcow2?redacted"},
		{"http://[::1", "<unparsable URL>"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			if got := redactURL(tc.in); got != tc.want {
				t.Errorf("redactURL(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseBaseRef(t *testing.T) {
	cases := []struct {
		id      string
		want    Ref
		wantErr bool
	}{
		{"lab/default/debian-12", Ref{"lab", "default", "debian-12"}, false},
		{"lab/images/debian-12.qcow2", Ref{"lab", "images", "debian-12.qcow2"}, false},
		{"lab/default", Ref{}, true},
		{"lab/default/a/b", Ref{}, true},
		{"lab//debian", Ref{}, true},
		{"lab/default/", Ref{}, true},
		{"lab/default/x.sha256", Ref{}, true},
		{"lab/default/x.kvm2-pending-1700000000", Ref{}, true},
		{"lab/default/.hidden", Ref{}, true},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			got, err := ParseRef(tc.id)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("ParseRef(%q) = %+v, %v; want %+v, error %v", tc.id, got, err, tc.want, tc.wantErr)
			}
			if err == nil && got.ID() != tc.id {
				t.Errorf("ID() = %q, want %q back", got.ID(), tc.id)
			}
		})
	}
}

func TestParseMarkerName(t *testing.T) {
	r := Ref{Name: "img.qcow2"}
	sha := strings.Repeat("0a", 32)
	cases := []struct {
		name  string
		kind  markerKind
		sha   string
		since int64
	}{
		{"img.qcow2.kvm2-sha256-" + sha, digestMarker, sha, 0},
		{"img.qcow2.kvm2-pending-1700000000", pendingMarker, "", 1700000000},
		{"img.qcow2.kvm2-sha256-" + strings.ToUpper(sha), notAMarker, "", 0},
		{"img.qcow2.kvm2-sha256-abc", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending-01700000000", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending-x", notAMarker, "", 0},
		{"img.qcow2.kvm2-other", notAMarker, "", 0},
	}
	for _, tc := range cases {
		kind, sha, since := r.parseMarkerName(tc.name)
		if kind != tc.kind || sha != tc.sha || (tc.since != 0 && since.Unix() != tc.since) {
			t.Errorf("parseMarkerName(%q) = %v, %q, %v; want %v, %q, %d", tc.name, kind, sha, since, tc.kind, tc.sha, tc.since)
		}
	}
}

var transient = kvmerr.Transient
