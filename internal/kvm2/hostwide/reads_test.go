package hostwide

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
)

// Every Backend method that changes a domain is counted as a write by the connections the
// client hands out, and no read is: a method added to Backend later must be sorted here.
func TestWriteTracking_countsEveryDomainWriteAndNoRead(t *testing.T) {
	reads := map[string]bool{
		"DomainLookupByName": true, "DomainGetState": true, "DomainGetXMLDesc": true, "DomainIsPersistent": true,
		"DomainGetAutostart": true, "DomainGetMetadata": true, "DomainInterfaceAddresses": true,
	}
	r := NewReads(time.Now)
	w := r.TrackWrites(fake.New(kvmtest.LabHost), kvmtest.LabHost)
	typ := reflect.TypeFor[backend.Backend]()
	v := reflect.ValueOf(w)
	for i := range typ.NumMethod() {
		m := typ.Method(i)
		if !strings.HasPrefix(m.Name, "Domain") {
			continue
		}
		args := []reflect.Value{reflect.ValueOf(context.Background())}
		for j := 1; j < m.Type.NumIn(); j++ {
			args = append(args, reflect.Zero(m.Type.In(j)))
		}
		before := r.state(kvmtest.LabHost).writes
		v.MethodByName(m.Name).Call(args)
		counted := r.state(kvmtest.LabHost).writes != before
		if counted == reads[m.Name] {
			t.Errorf("%s: counted as a write %v, but it is a read %v", m.Name, counted, reads[m.Name])
		}
	}
	if !backend.LinkAlive(w) || backend.TransportOf(w) != backend.TransportOf(fake.New(kvmtest.LabHost)) {
		t.Fatal("the wrapper hides what the connection reports of itself")
	}
}

// A refresh spread over several hosts keeps its shared read: once a host-wide read served
// SharedReadsFrom Gets, a Get alone after it aged out makes a new one rather than reading per
// domain. A read that served fewer, or one a write ended, is not renewed for a lone Get.
func TestReads_agedOutFleetReadIsRenewedForALoneGet(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := NewReads(func() time.Time { return now })
	b := fake.New("lab")
	ctx := context.Background()
	var leaves []func()
	for range SharedReadsFrom {
		leaves = append(leaves, r.Enter("lab"))
	}
	first := r.Snapshot(ctx, b, "lab")
	for range SharedReadsFrom - 1 {
		if s := r.Snapshot(ctx, b, "lab"); s == nil || s != first {
			t.Fatalf("Gets in flight together do not share one read: %p, %p", first, s)
		}
	}
	for _, leave := range leaves {
		leave()
	}
	defer r.Enter("lab")()
	now = now.Add(SharedReadTTL + time.Second)
	second := r.Snapshot(ctx, b, "lab")
	if second == nil || second == first {
		t.Fatalf("a lone Get after a fleet's read aged out: %p (the old one %p), want a new host-wide read", second, first)
	}
	now = now.Add(SharedReadTTL + time.Second)
	if s := r.Snapshot(ctx, b, "lab"); s != nil {
		t.Fatal("a read that served one Get was renewed for a lone Get")
	}
	more := []func(){}
	for range SharedReadsFrom - 1 {
		more = append(more, r.Enter("lab"))
	}
	for range SharedReadsFrom {
		if r.Snapshot(ctx, b, "lab") == nil {
			t.Fatal("no host-wide read with SharedReadsFrom Gets in flight")
		}
	}
	for _, leave := range more {
		leave()
	}
	r.Wrote("lab")
	if s := r.Snapshot(ctx, b, "lab"); s != nil {
		t.Fatal("a lone Get after a write took or renewed a host-wide read begun before it")
	}
}
