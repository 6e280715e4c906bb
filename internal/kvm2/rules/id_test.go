package rules

import (
	"testing"
)

func TestParseID(t *testing.T) {
	tests := []struct {
		id, host, name string
		ok             bool
	}{
		{"lab/egress-1", "lab", "egress-1", true},
		{"host.example.com/a", "host.example.com", "a", true},
		{"lab", "", "", false},
		{"lab/", "", "", false},
		{"/egress-1", "", "", false},
		{"lab/egress/1", "", "", false},
		{"lab/Egress", "", "", false},
		{"lab/-x", "", "", false},
		{"lab/x-", "", "", false},
		{"lab/x_y", "", "", false},
		{"la b/x", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			host, name, err := ParseID(tt.id)
			if (err == nil) != tt.ok || host != tt.host || name != tt.name {
				t.Fatalf("ParseID(%q) = %q, %q, %v", tt.id, host, name, err)
			}
			if tt.ok && FormatID(host, name) != tt.id {
				t.Fatalf("FormatID does not round-trip %q", tt.id)
			}
		})
	}
}

func TestParseBaseImageID(t *testing.T) {
	tests := []struct {
		id               string
		host, pool, name string
		ok               bool
	}{
		{"lab/default/debian-12.qcow2", "lab", "default", "debian-12.qcow2", true},
		{"lab/default", "", "", "", false},
		{"lab//x", "", "", "", false},
		{"lab/default/", "", "", "", false},
		{"lab/a/b/c", "", "", "", false},
		{"l b/a/b", "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			host, pool, name, err := ParseBaseImageID(tt.id)
			if (err == nil) != tt.ok || host != tt.host || pool != tt.pool || name != tt.name {
				t.Fatalf("ParseBaseImageID(%q) = %q, %q, %q, %v", tt.id, host, pool, name, err)
			}
			if tt.ok && FormatBaseImageID(host, pool, name) != tt.id {
				t.Fatalf("FormatBaseImageID does not round-trip %q", tt.id)
			}
		})
	}
}

func TestValidateHostName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"lab", true}, {"Lab_1.example-2", true}, {"1", true},
		{"", false}, {"-lab", false}, {".lab", false}, {"a/b", false}, {"a b", false},
		{"x123456789012345678901234567890123456789012345678901234567890123", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := ValidateHostName(tt.name); (err == nil) != tt.ok {
				t.Fatalf("ValidateHostName(%q) = %v", tt.name, err)
			}
		})
	}
}

// TestHasLegacyNames: only a UID of an earlier version (not a UUID) may have volumes of the
// names of that time; UUID UIDs arrived with UID-named volumes.
func TestHasLegacyNames(t *testing.T) {
	for uid, want := range map[string]bool{
		"abcdefghijklmnopqrstuvwxyz":           true,
		"0123456789abcdef0123456789abcdef":     true,
		"3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e": false,
	} {
		if got := HasLegacyNames(uid); got != want {
			t.Errorf("HasLegacyNames(%q) = %v, want %v", uid, got, want)
		}
	}
	uid, err := NewUID()
	if err != nil {
		t.Fatal(err)
	}
	if HasLegacyNames(uid) {
		t.Errorf("a new UID %q may have legacy names", uid)
	}
}

func TestValidateUserDataWOVersion(t *testing.T) {
	for v, ok := range map[string]bool{"": true, "0": true, "3": true, "-2": true, "9223372036854775807": true,
		"03": false, "+3": false, "3 ": false, "x": false, "9223372036854775808": false, "<a/>": false} {
		if err := ValidateUserDataWOVersion(v); (err == nil) != ok {
			t.Errorf("ValidateUserDataWOVersion(%q) = %v", v, err)
		}
	}
}
