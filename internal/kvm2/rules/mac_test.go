package rules

import (
	"errors"
	"strings"
	"testing"
)

func TestValidateMACAddress(t *testing.T) {
	tests := []struct {
		mac, want string // want: "" accepts, else a substring of the error
	}{
		{"52:54:00:1a:2b:3c", ""},
		{"52:54:00:1A:2B:3C", ""},         // either case
		{"02:00:00:00:00:01", ""},         // locally administered
		{"00:16:3e:12:34:56", ""},         // a vendor's prefix (universally administered)
		{"fc:54:00:00:00:01", ""},         // locally administered, not the reserved fe
		{"52-54-00-1a-2b-3c", "with ':'"}, // Windows style
		{"52.54.00.1a.2b.3c", "with ':'"}, // dotted octets
		{"5254.001a.2b3c", "six pairs"},   // Cisco style
		{"52:54:00:1a:2b", "six pairs"},   // too short
		{"52:54:00:1a:2b:3c:4d", "six pairs"},
		{"52:54:00:1a:2b:3", "octet 6"},
		{"52:54:00:1a:2b:3g", "not two hex digits"},
		{"", "six pairs"},
		{"01:00:5e:00:00:01", "multicast"},
		{"33:33:00:00:00:01", "multicast"},
		{"ff:ff:ff:ff:ff:ff", "broadcast"},
		{"FF:FF:FF:FF:FF:FF", "broadcast"},
		{"00:00:00:00:00:00", "all zeros"},
		{"fe:54:00:1a:2b:3c", "tap device"},
	}
	for _, tt := range tests {
		t.Run(tt.mac, func(t *testing.T) {
			checkRule(t, ValidateMACAddress(tt.mac), tt.want)
		})
	}
	if got, err := NormalizeMACAddress("52:54:00:AB:cd:0F"); err != nil || got != "52:54:00:ab:cd:0f" {
		t.Fatalf("NormalizeMACAddress = %q, %v", got, err)
	}
	for _, s := range []string{"unicast", "locally administered", "vendor", "broadcast", "all zeros", "fe"} {
		if !strings.Contains(MACAddressRule, s) {
			t.Errorf("MACAddressRule lacks %q", s)
		}
	}
}

// TestPlannedMACConflict: at plan time the VM a replacement replaces is no duplicate: by UID
// when Terraform names it, else a VM of this provider proven under the planned name (a tainted
// VM), never a domain under that name that proves nothing.
func TestPlannedMACConflict(t *testing.T) {
	uses := []MACUse{
		{MAC: "52:54:00:00:00:01", Domain: "egress-1", UID: ownUID},
		{MAC: "52:54:00:00:00:02", Domain: "egress-2"},               // unmarked, or a copied mark
		{MAC: "52:54:00:00:00:03", Domain: "egress-3", UID: "other"}, // another VM of ours
	}
	for _, tt := range []struct{ name, mac, replaced, domain string }{
		{"egress-1", "52:54:00:00:00:01", ownUID, ""},
		{"egress-1", "52:54:00:00:00:01", "", ""},              // tainted: proven, same name
		{"egress-9", "52:54:00:00:00:01", "", "egress-1"},      // another name
		{"egress-1", "52:54:00:00:00:01", "other", "egress-1"}, // Terraform named another VM
		{"egress-2", "52:54:00:00:00:02", "", "egress-2"},      // same name, proves nothing
		{"egress-3", "52:54:00:00:00:03", ownUID, "egress-3"},  // same name, another UID named
	} {
		err := PlannedMACConflict(labHost, tt.name, tt.mac, tt.replaced, uses)
		var inUse *MACInUseError
		if tt.domain == "" && err != nil || tt.domain != "" && (!errors.As(err, &inUse) || inUse.Domain != tt.domain) {
			t.Errorf("PlannedMACConflict(%s, %s, %q) = %v, want domain %q", tt.name, tt.mac, tt.replaced, err, tt.domain)
		}
	}
}

// ownUID is the UID of a VM of ours in the conflict cases.
const ownUID = "0b4f6a52-3c1e-4d1a-9a8e-7f2d5c6b1a90"

// labHost is the host of the conflict cases.
const labHost = "lab"

// An unreadable definition may hold any address: it conflicts with every MAC, at plan (even
// under the planned name) and at apply, whatever UID is asked about.
func TestMACConflict_unreadableDefinition(t *testing.T) {
	uses := []MACUse{{MAC: "52:54:00:00:00:01", Domain: "a", UID: ownUID}, {Domain: "weird", Unreadable: true}}
	for _, err := range []error{
		MACConflict(labHost, "52:54:00:00:00:07", ownUID, uses),
		PlannedMACConflict(labHost, "weird", "52:54:00:00:00:07", "", uses),
	} {
		var inUse *MACInUseError
		if !errors.As(err, &inUse) || inUse.Domain != "weird" || !inUse.Unreadable {
			t.Fatalf("err = %v, want the unreadable domain", err)
		}
	}
	if err := MACConflict(labHost, "52:54:00:00:00:01", ownUID, uses[:1]); err != nil {
		t.Fatalf("the VM's own address conflicts: %v", err)
	}
}
