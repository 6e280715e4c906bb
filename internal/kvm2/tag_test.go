package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// TestTag_refusesWhatTheMarkCannotHold: a tag with a character libvirt's XML cannot hold is
// refused by Create and SetTag, before anything reaches the host (item 14 of issue 22); the
// VM keeps its tag.
func TestTag_refusesWhatTheMarkCannotHold(t *testing.T) {
	h := newCore(t)
	_, err := h.c.Create(context.Background(), func() CreateRequest { r := labRequest(); r.Tag = "a\x00b"; return r }())
	if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "U+0000") || len(h.fb.DomainNames()) != 0 {
		t.Fatalf("Create with a NUL in its tag: %v; domains %v", err, h.fb.DomainNames())
	}
	h.create()
	h.fb.ResetCalls()
	_, err = h.c.SetTag(context.Background(), vmID, labUID, "a\x01")
	if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "U+0001") || h.fb.Count("DomainSetMetadata") != 0 {
		t.Fatalf("SetTag with a control character: %v; calls %v", err, h.fb.Methods())
	}
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil || inst.Tag != "fleet-a" {
		t.Fatalf("after the refused SetTag: %+v, %v", inst, err)
	}
}
