package corecall_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

func TestErrorDiagnostic(t *testing.T) {
	t.Parallel()
	cause := errors.New("domain egress-1 is paused")
	tests := []struct {
		name        string
		err         error
		wantSummary string
		wantDetail  []string
	}{
		{
			name:        "permanent",
			err:         kvmerr.New(kvmerr.Permanent, "create", "lab", cause),
			wantSummary: "Unable to create proxy VM lab/egress-1",
			wantDetail:  []string{"is paused", "Retrying will not help"},
		},
		{
			name:        "quota",
			err:         fmt.Errorf("precheck: %w", &kvmerr.QuotaError{Host: "lab", Pool: "tiny", Available: 1024, Needed: 4096}),
			wantSummary: "Unable to create proxy VM lab/egress-1",
			wantDetail:  []string{`pool "tiny"`, `host "lab"`, "1024 bytes free", "4096 bytes are needed", "free space in the pool or choose another pool/host"},
		},
		{
			name:        "transient after retries",
			err:         kvmerr.New(kvmerr.Transient, "create", "lab", errors.New("rpc timeout")),
			wantSummary: "Unable to create proxy VM lab/egress-1",
			wantDetail:  []string{"rpc timeout", "did not answer in time", "retry"},
		},
		{
			name:        "not found",
			err:         kvmerr.New(kvmerr.NotFound, "create", "lab", errors.New("no storage vol base.qcow2")),
			wantSummary: "Unable to create proxy VM lab/egress-1",
			wantDetail:  []string{"no storage vol", "does not exist"},
		},
		{
			name:        "unclassified",
			err:         errors.New("something odd"),
			wantSummary: "Unable to create proxy VM lab/egress-1",
			wantDetail:  []string{"something odd"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := corecall.ErrorDiagnostic("create", "proxy VM", "lab/egress-1", tt.err)
			if d.Severity() != diag.SeverityError {
				t.Errorf("severity = %v, want error", d.Severity())
			}
			if d.Summary() != tt.wantSummary {
				t.Errorf("summary = %q, want %q", d.Summary(), tt.wantSummary)
			}
			for _, w := range tt.wantDetail {
				if !strings.Contains(strings.ToLower(d.Detail()), strings.ToLower(w)) {
					t.Errorf("detail %q lacks %q", d.Detail(), w)
				}
			}
		})
	}
}

func TestErrorSummary_withoutID(t *testing.T) {
	t.Parallel()
	if got, want := corecall.ErrorSummary("list", "proxy VMs", ""), "Unable to list proxy VMs"; got != want {
		t.Errorf("corecall.ErrorSummary = %q, want %q", got, want)
	}
}

func TestErrorDiagnostic_adoptionRefusal(t *testing.T) {
	t.Parallel()
	owned := &ownership.OwnedError{Host: "lab", Name: "egress-1", Other: definition.Mark{UID: "other-uid-1", Tag: "blue"}}
	for name, cause := range map[string]error{
		"another configuration's domain": kvmerr.New(kvmerr.Permanent, "create", "lab", owned),
		"an unmarked domain":             kvmerr.New(kvmerr.Permanent, "create", "lab", fmt.Errorf("domain egress-1: %w", ownership.ErrNotManaged)),
	} {
		t.Run(name, func(t *testing.T) {
			d := corecall.ErrorDiagnostic("create", "proxy VM", "lab/egress-1", cause)
			for _, w := range []string{"already exists", "not this resource's", "another uid", "Rename", "remove the existing domain"} {
				if !strings.Contains(d.Detail(), w) {
					t.Errorf("detail %q lacks %q", d.Detail(), w)
				}
			}
		})
	}
	// The same named error, but not as a refusal (a NotFound read of a VM that is gone), is not
	// explained as a create refusal.
	gone := kvmerr.New(kvmerr.NotFound, "read", "lab", &ownership.GoneError{ID: "lab/egress-1", UID: "u1234567", Foreign: owned})
	if d := corecall.ErrorDiagnostic("read", "proxy VM", "lab/egress-1", gone); strings.Contains(d.Detail(), "Rename") {
		t.Errorf("a gone VM is explained as an adoption refusal: %q", d.Detail())
	}
}
