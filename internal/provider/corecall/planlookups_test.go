package corecall_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// TestPlanSpace_macListingOfManyDomains: a host of many domains, each definition read taking
// 200 ms, is listed within the plan's budget (one after another it would take 8 s), and the
// last domain's address is found.
func TestPlanSpace_macListingOfManyDomains(t *testing.T) {
	t.Parallel()
	p := providertest.NewTwoHosts(t)
	providertest.AddDomains(p.H.FB, 40)
	providertest.Slow(p.H.FB, 200*time.Millisecond, nil, "DomainGetXMLDesc")
	s := corecall.NewPlanLookups()
	start := time.Now()
	inUse, skipped := s.MACInUse(context.Background(), p.Client, "lab", "egress", "52:54:00:00:00:27", "")
	if inUse == nil || inUse.Domain != "admin-039" || skipped != nil {
		t.Fatalf("macInUse = %v, %v after %v, want the address used by admin-039", inUse, skipped,
			time.Since(start).Round(time.Millisecond))
	}
	if took := time.Since(start); took > corecall.PlanLookupTimeout {
		t.Errorf("listing 40 domains took %v, over the %v budget", took, corecall.PlanLookupTimeout)
	}
}

// TestPlanSpace_hostsDoNotWaitForEachOther: while one host's MAC listing waits for its answer,
// another host's checks run at once.
func TestPlanSpace_hostsDoNotWaitForEachOther(t *testing.T) {
	t.Parallel()
	p := providertest.NewTwoHosts(t)
	entered := make(chan struct{}, 1)
	providertest.Slow(p.H.FB, time.Hour, entered, "ConnectListAllDomains")
	p.Lab2.UpdatePool(fake.DefaultPool, func(sp *fake.StoragePool) { sp.Available = 16 })
	s := corecall.NewPlanLookups()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = s.MACInUse(context.Background(), p.Client, "lab", "egress", "52:54:00:00:00:01", "")
	}()
	<-entered
	start := time.Now()
	refused, _ := s.AttachmentRefusal(context.Background(), p.Client, "lab2", "nope", "")
	_, _, short, _ := s.Shortfall(context.Background(), p.Client, "lab2", p.Lab2Base)
	took := time.Since(start)
	if refused == nil || !short {
		t.Errorf("lab2: refusal %v, shortfall %v; want the missing network and the short pool", refused, short)
	}
	if took > time.Second {
		t.Errorf("lab2's checks took %v while lab's listing was waiting: they waited for lab", took.Round(time.Millisecond))
	}
	<-done
}

// TestPlanSpace_macTimeoutKeepsOtherChecks: a MAC listing that does not finish in time says so,
// and the host's other checks still run: a slow listing does not make a host silent.
func TestPlanSpace_macTimeoutKeepsOtherChecks(t *testing.T) {
	t.Parallel()
	p := providertest.NewTwoHosts(t)
	providertest.AddDomains(p.H.FB, 3)
	providertest.Slow(p.H.FB, time.Hour, nil, "DomainGetXMLDesc")
	p.H.FB.UpdatePool(fake.DefaultPool, func(sp *fake.StoragePool) { sp.Available = 16 })
	s := corecall.NewPlanLookups()
	for range 2 { // the second from memory
		inUse, skipped := s.MACInUse(context.Background(), p.Client, "lab", "egress", "52:54:00:00:00:01", "")
		if inUse != nil || !errors.Is(skipped, context.DeadlineExceeded) {
			t.Fatalf("macInUse = %v, %v; want nil and why: the listing did not finish", inUse, skipped)
		}
	}
	if refused, skipped := s.AttachmentRefusal(context.Background(), p.Client, "lab", "nope", ""); refused == nil {
		t.Errorf("the network check was skipped after the MAC listing timed out (%v)", skipped)
	}
	if _, _, short, skipped := s.Shortfall(context.Background(), p.Client, "lab", p.LabBase); !short {
		t.Errorf("the pool space check was skipped after the MAC listing timed out (%v)", skipped)
	}
	if n := p.H.FB.Count("ConnectListAllDomains"); n != 1 {
		t.Errorf("ConnectListAllDomains called %d times, want 1", n)
	}
}
