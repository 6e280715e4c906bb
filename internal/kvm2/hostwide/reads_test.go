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
