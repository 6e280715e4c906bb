package provider

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
)

// planHosts is a core client over two fake hosts, lab and lab2, each with base image
// "base.qcow2" in its default pool.
type planHosts struct {
	h        *fakeHost
	lab2     *fake.Backend
	client   *kvm2.Client
	lab2Base string
	labBase  string
}

func newPlanHosts(t *testing.T) *planHosts {
	t.Helper()
	h := newFakeHost(t)
	lab2 := fake.New("lab2")
	c, err := kvm2.New(kvm2.Config{Hosts: map[string]kvm2.HostConfig{
		"lab":  {Address: "127.0.0.1", PrivateKey: "k", HostKey: testHostKey},
		"lab2": {Address: "127.0.0.2", PrivateKey: "k", HostKey: testHostKey},
	}}, kvm2.WithPool(fake.NewPool(h.fb, lab2)), kvm2.WithHTTPClient(h.http.Client()))
	if err != nil {
		t.Fatal(err)
	}
	p := &planHosts{h: h, lab2: lab2, client: c}
	for host, id := range map[string]*string{"lab": &p.labBase, "lab2": &p.lab2Base} {
		img, err := c.EnsureBaseImage(context.Background(), imagecache.BaseImageRequest{Host: host, Name: "base.qcow2", SourceURL: h.imageURL})
		if err != nil {
			t.Fatal(err)
		}
		*id = img.ID
	}
	h.fb.ResetCalls()
	return p
}

// addDomains adds n foreign domains to b, domain i with MAC 52:54:00:00:<i/256>:<i%256>.
func addDomains(b *fake.Backend, n int) {
	for i := range n {
		name := fmt.Sprintf("admin-%03d", i)
		mac := fmt.Sprintf("52:54:00:00:%02x:%02x", i/256, i%256)
		b.AddDomain(fake.Domain{Name: name, XML: "<domain type='qemu'><name>" + name + "</name><devices>" +
			"<interface type='network'><mac address='" + mac + "'/><source network='default'/></interface></devices></domain>"})
	}
}

// slow makes every call of the methods on b take d, or until its ctx ends; entered, when not
// nil, gets a value as each call starts.
func slow(b *fake.Backend, d time.Duration, entered chan<- struct{}, methods ...string) {
	for _, m := range methods {
		b.Inject(m, func(ctx context.Context, _ fake.Call) error {
			if entered != nil {
				select {
				case entered <- struct{}{}:
				default:
				}
			}
			select {
			case <-time.After(d):
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}
}

// TestPlanSpace_macListingOfManyDomains: a host of many domains, each definition read taking
// 200 ms, is listed within the plan's budget (one after another it would take 8 s), and the
// last domain's address is found.
func TestPlanSpace_macListingOfManyDomains(t *testing.T) {
	t.Parallel()
	p := newPlanHosts(t)
	addDomains(p.h.fb, 40)
	slow(p.h.fb, 200*time.Millisecond, nil, "DomainGetXMLDesc")
	s := newPlanSpace()
	start := time.Now()
	inUse, skipped := s.macInUse(context.Background(), p.client, "lab", "egress", "52:54:00:00:00:27", "")
	if inUse == nil || inUse.Domain != "admin-039" || skipped != nil {
		t.Fatalf("macInUse = %v, %v after %v, want the address used by admin-039", inUse, skipped,
			time.Since(start).Round(time.Millisecond))
	}
	if took := time.Since(start); took > planLookupTimeout {
		t.Errorf("listing 40 domains took %v, over the %v budget", took, planLookupTimeout)
	}
}

// TestPlanSpace_hostsDoNotWaitForEachOther: while one host's MAC listing waits for its answer,
// another host's checks run at once.
func TestPlanSpace_hostsDoNotWaitForEachOther(t *testing.T) {
	t.Parallel()
	p := newPlanHosts(t)
	entered := make(chan struct{}, 1)
	slow(p.h.fb, time.Hour, entered, "ConnectListAllDomains")
	p.lab2.UpdatePool(fake.DefaultPool, func(sp *fake.StoragePool) { sp.Available = 16 })
	s := newPlanSpace()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = s.macInUse(context.Background(), p.client, "lab", "egress", "52:54:00:00:00:01", "")
	}()
	<-entered
	start := time.Now()
	refused, _ := s.attachmentRefusal(context.Background(), p.client, "lab2", "nope", "")
	_, _, short, _ := s.shortfall(context.Background(), p.client, "lab2", p.lab2Base)
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
	p := newPlanHosts(t)
	addDomains(p.h.fb, 3)
	slow(p.h.fb, time.Hour, nil, "DomainGetXMLDesc")
	p.h.fb.UpdatePool(fake.DefaultPool, func(sp *fake.StoragePool) { sp.Available = 16 })
	s := newPlanSpace()
	for range 2 { // the second from memory
		inUse, skipped := s.macInUse(context.Background(), p.client, "lab", "egress", "52:54:00:00:00:01", "")
		if inUse != nil || !errors.Is(skipped, context.DeadlineExceeded) {
			t.Fatalf("macInUse = %v, %v; want nil and why: the listing did not finish", inUse, skipped)
		}
	}
	if refused, skipped := s.attachmentRefusal(context.Background(), p.client, "lab", "nope", ""); refused == nil {
		t.Errorf("the network check was skipped after the MAC listing timed out (%v)", skipped)
	}
	if _, _, short, skipped := s.shortfall(context.Background(), p.client, "lab", p.labBase); !short {
		t.Errorf("the pool space check was skipped after the MAC listing timed out (%v)", skipped)
	}
	if n := p.h.fb.Count("ConnectListAllDomains"); n != 1 {
		t.Errorf("ConnectListAllDomains called %d times, want 1", n)
	}
}

// TestProxyVM_planChecksSkippedWarn: a check the plan could not make because the host did not
// answer in time is a warning that names the check, the host and why, never silence.
func TestProxyVM_planChecksSkippedWarn(t *testing.T) {
	t.Parallel()
	vm := proxyVMModel{Host: types.StringValue("lab"), Name: types.StringValue("egress"),
		MACAddress: types.StringValue("52:54:00:00:00:01"), Network: types.StringNull(), Bridge: types.StringNull()}
	warned := func(t *testing.T, d diag.Diagnostics, says ...string) {
		t.Helper()
		if d.HasError() || d.WarningsCount() != 1 {
			t.Fatalf("diagnostics = %v, want one warning", d)
		}
		detail := d.Warnings()[0].Summary() + " " + d.Warnings()[0].Detail()
		t.Logf("warning: %s", detail)
		for _, s := range says {
			if !strings.Contains(detail, s) {
				t.Errorf("warning does not say %q: %s", s, detail)
			}
		}
	}
	t.Run("MAC listing timed out", func(t *testing.T) {
		t.Parallel()
		p := newPlanHosts(t)
		addDomains(p.h.fb, 3)
		slow(p.h.fb, time.Hour, nil, "DomainGetXMLDesc")
		r := &proxyVMResource{data: &providerData{client: p.client, space: newPlanSpace()}}
		warned(t, r.checkMAC(context.Background(), vm, ""), "mac_address", "lab/egress", "host lab",
			"context deadline exceeded", "apply")
	})
	t.Run("host silent at an earlier look-up", func(t *testing.T) {
		t.Parallel()
		p := newPlanHosts(t)
		slow(p.h.fb, time.Hour, nil, "StoragePoolLookupByName", "StoragePoolGetInfo")
		r := &proxyVMResource{data: &providerData{client: p.client, space: newPlanSpace()}}
		withBase := vm
		withBase.BaseImageID = types.StringValue(p.labBase)
		warned(t, r.checkPoolSpace(context.Background(), withBase), "free space", "host lab", "context deadline exceeded")
		warned(t, r.checkAttachment(context.Background(), vm, vm), "network", "host lab", "earlier")
		warned(t, r.checkMAC(context.Background(), vm, ""), "mac_address", "host lab", "earlier")
	})
}
