package kvm2

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// createWrites are the calls by which a create changes the host.
var createWrites = []string{
	"DomainDefineXML", "StorageVolCreateXML", "StorageVolUpload", "StorageVolDelete",
	"DomainSetAutostart", "DomainCreate",
}

// A create killed at any point (terraform SIGKILLed: no cleanup runs, the UID dies with the
// process) must leave nothing named with its UID unless a domain marked with that UID is on the
// host: the marked domain is what the next apply finds and reports, with the import block that
// takes it over. Volumes alone would be claimed by nothing. The host changes only in a write, so
// checking before each write and after the last covers every point a kill can land on.
func TestCreate_anInterruptedCreateLeavesAMarkedDomainBeforeAnyVolume(t *testing.T) {
	h := newCore(t)
	var seen []string
	check := func(at string) {
		var ours []string
		for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
			if strings.Contains(v, labUID) {
				ours = append(ours, v)
			}
		}
		if len(ours) == 0 {
			return
		}
		d, ok := h.fb.Domain(vmName)
		var m definition.Mark
		if ok {
			m, _ = definition.ParseMark(d.Metadata[definition.MarkNamespace])
		}
		if !ok || m.UID != labUID {
			t.Errorf("killed before %s: volumes %v carry uid %s, but no domain marked with it is on the host", at, ours, labUID)
		}
	}
	var mu sync.Mutex
	inject := func(b *fake.Backend) {
		for _, w := range createWrites {
			b.Inject(w, func(context.Context, fake.Call) error {
				mu.Lock() // the console log volumes are made at once
				defer mu.Unlock()
				seen = append(seen, w)
				check(w)
				return nil
			})
		}
	}
	inject(h.fb)
	h.pool.OnDedicated(inject)
	h.create()
	check("the end")
	for _, w := range []string{"DomainDefineXML", "StorageVolCreateXML", "StorageVolUpload", "DomainCreate"} {
		if !slices.Contains(seen, w) {
			t.Fatalf("the create made no %s call (saw %v): the test checks nothing there", w, seen)
		}
	}
}

// The domain names its disks' paths before they exist, in the directory the pool's definition
// gave (asked once per client). A volume the pool then puts anywhere else fails the create as
// Permanent, and the create leaves nothing: here the pool moved after the first create asked.
func TestCreate_aVolumeOutsideThePathTheDefinitionNamesFailsTheCreate(t *testing.T) {
	h := newCore(t)
	h.create()
	if got := h.fb.Count("StoragePoolGetXMLDesc"); got != 1 {
		t.Fatalf("the pool's definition was read %d times by the first create, want 1", got)
	}
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Path = "/srv/moved" })
	req := labRequest()
	req.Name, req.UID = "egress-2", "fedcba9876543210fedcba9876543210"
	_, err := h.c.Create(context.Background(), req)
	if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), "not at /var/lib/libvirt/images/egress-2.") {
		t.Fatalf("err = %v, want a Permanent error naming the path the definition names", err)
	}
	if _, ok := h.fb.Domain("egress-2"); ok {
		t.Error("the failed create left its domain")
	}
	for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
		if strings.HasPrefix(v, "egress-2.") {
			t.Errorf("the failed create left volume %s", v)
		}
	}
	if got := h.fb.Count("StoragePoolGetXMLDesc"); got != 1 {
		t.Fatalf("the pool's definition was read %d times in all, want 1 (once per client)", got)
	}
}
