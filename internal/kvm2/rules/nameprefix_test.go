package rules

import (
	"strings"
	"testing"
)

func TestValidateNamePrefix(t *testing.T) {
	for _, tc := range []struct {
		prefix, wantErr string
	}{
		{"proxy-", ""},
		{"p", ""},
		{"egress1", ""},
		{strings.Repeat("a", MaxNamePrefixLen), ""},
		{"", "empty"},
		{strings.Repeat("a", MaxNamePrefixLen+1), "the limit is 55"},
		{"Proxy-", "lowercase letter"},
		{"1proxy", "lowercase letter"},
		{"proxy_", "only lowercase letters, digits and hyphens"},
		{"proxy.", "only lowercase letters, digits and hyphens"},
	} {
		err := ValidateNamePrefix(tc.prefix)
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("ValidateNamePrefix(%q) = %v, want %q", tc.prefix, err, tc.wantErr)
		}
	}
	if !strings.Contains(NamePrefixRule, "1 to 55") || !strings.Contains(NamePrefixRule, "8 random") {
		t.Errorf("NamePrefixRule %q does not state the bounds", NamePrefixRule)
	}
}

// TestNameFromPrefix: every name is a valid VM name made of the prefix and a suffix of the
// stated length and alphabet, names differ, and every character of the alphabet turns up.
func TestNameFromPrefix(t *testing.T) {
	seen := map[string]bool{}
	chars := map[rune]bool{}
	for range 2000 {
		name, err := NameFromPrefix("proxy-")
		if err != nil {
			t.Fatal(err)
		}
		if err := ValidateVMName(name); err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		suffix, ok := strings.CutPrefix(name, "proxy-")
		if !ok || len(suffix) != NameSuffixLen {
			t.Fatalf("name %q: want proxy- and %d characters", name, NameSuffixLen)
		}
		if seen[name] {
			t.Fatalf("name %q drawn twice", name)
		}
		seen[name] = true
		for _, r := range suffix {
			chars[r] = true
		}
	}
	if len(chars) != len(nameSuffixAlphabet) {
		t.Errorf("suffixes used %d characters, want all %d", len(chars), len(nameSuffixAlphabet))
	}
	if _, err := NameFromPrefix("Bad"); err == nil {
		t.Error("NameFromPrefix accepted an invalid prefix")
	}
	// The longest prefix still makes a name that fits a DNS label.
	if name, err := NameFromPrefix(strings.Repeat("a", MaxNamePrefixLen)); err != nil || len(name) != 63 {
		t.Errorf("longest prefix: %q, %v", name, err)
	}
}

func TestValidateNameOfPrefix(t *testing.T) {
	for _, tc := range []struct {
		name, prefix string
		ok           bool
	}{
		{"proxy-abcd1234", "proxy-", true},
		{"proxy-a", "proxy-", true}, // a fixed name kept when the configuration moves to a prefix
		{"anything", "", true},
		{"web-abcd1234", "proxy-", false},
		{"proxy-abcd1234", "Proxy-", false},
	} {
		if err := ValidateNameOfPrefix(tc.name, tc.prefix); (err == nil) != tc.ok {
			t.Errorf("ValidateNameOfPrefix(%q, %q) = %v, want ok=%v", tc.name, tc.prefix, err, tc.ok)
		}
	}
}
