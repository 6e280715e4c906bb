package guest

import (
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The errors an error quotes are bounded: the first ten, each cut.
func TestCloudInitError_isBounded(t *testing.T) {
	var errs []string
	for range 25 {
		errs = append(errs, strings.Repeat("é", 1000))
	}
	msg := (&CloudInitError{Errors: errs}).Error()
	if strings.Count(msg, "\n  - ") != rules.CloudInitErrorsShown || !strings.Contains(msg, "(and 15 more)") ||
		len(msg) > rules.CloudInitErrorsShown*(rules.CloudInitErrorBytes+16)+200 {
		t.Fatalf("%d bytes, %d errors shown", len(msg), strings.Count(msg, "\n  - "))
	}
}

func TestParseGuestRead_refusesMoreThanAsked(t *testing.T) {
	if _, _, err := parseGuestRead(`{"return": {"count": 8, "buf-b64": "QUFBQUFBQUE=", "eof": true}}`, 4); err == nil {
		t.Fatal("8 bytes for a read of 4 accepted")
	}
	if _, _, err := parseGuestRead(`{"return": {"buf-b64": "`+strings.Repeat("QUFB", 5000)+`"}}`, 4); err == nil {
		t.Fatal("a huge reply accepted")
	}
	if d, eof, err := parseGuestRead(`{"return": {"count": 3, "buf-b64": "QUFB", "eof": true}}`, 4); err != nil || string(d) != "AAA" || !eof {
		t.Fatalf("%q %v %v", d, eof, err)
	}
}
