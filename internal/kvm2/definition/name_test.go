package definition

import (
	"strings"
	"testing"
)

func TestValidateDomainName(t *testing.T) {
	cases := []struct {
		name    string
		input   string
		wantErr string // substring; empty means valid
	}{
		{"single letter", "a", ""},
		{"letters digits hyphens", "web-1-proxy", ""},
		{"63 characters", "a" + strings.Repeat("b", 62), ""},
		{"empty", "", "empty"},
		{"64 characters", "a" + strings.Repeat("b", 63), "limit is 63"},
		{"starts with digit", "1web", "start with a lowercase letter"},
		{"starts with hyphen", "-web", "start with a lowercase letter"},
		{"ends with hyphen", "web-", "end with a hyphen"},
		{"uppercase", "Web", "start with a lowercase letter"},
		{"uppercase inside", "wEb", "contains 'E'"},
		{"underscore", "web_1", "contains '_'"},
		{"dot", "web.example", "contains '.'"},
		{"slash", "web/1", "contains '/'"},
		{"space", "web 1", "contains ' '"},
		{"non-ascii", "wéb", "contains"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateDomainName(tc.input)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("ValidateDomainName(%q) = %v, want nil", tc.input, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("ValidateDomainName(%q) = %v, want error containing %q", tc.input, err, tc.wantErr)
			}
		})
	}
}
