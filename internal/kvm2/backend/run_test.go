package backend_test

import (
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

func TestCappedWriter(t *testing.T) {
	w := backend.CappedWriter{Limit: 4}
	for _, p := range []string{"ab", "cde", "f"} {
		if n, err := w.Write([]byte(p)); n != len(p) || err != nil {
			t.Fatalf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if string(w.Buf) != "abcd" || !w.Over {
		t.Fatalf("kept %q, over %v", w.Buf, w.Over)
	}
}
