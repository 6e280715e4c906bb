package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
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

// TestSetMarkSettings_namePrefix: a VM's recorded name prefix changes in place only to one its
// name begins with; any other is refused before anything reaches the host.
func TestSetMarkSettings_namePrefix(t *testing.T) {
	h := newCore(t)
	h.create()
	h.fb.ResetCalls()
	_, err := h.c.SetMarkSettings(context.Background(), vmID, labUID, "fleet-a", definition.Steering{NamePrefix: "web-"})
	if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "does not begin with its name prefix") ||
		h.fb.Count("DomainSetMetadata") != 0 {
		t.Fatalf("a prefix the name does not begin with: %v; calls %v", err, h.fb.Methods())
	}
	inst, err := h.c.SetMarkSettings(context.Background(), vmID, labUID, "fleet-a", definition.Steering{NamePrefix: "egress-"})
	if err != nil || inst.NamePrefix != "egress-" {
		t.Fatalf("a prefix the name begins with: %+v, %v", inst.Steering, err)
	}
	if inst, err = h.c.Get(context.Background(), vmID, labUID); err != nil || inst.NamePrefix != "egress-" {
		t.Fatalf("read back: %+v, %v", inst.Steering, err)
	}
}
