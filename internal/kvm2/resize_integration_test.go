//go:build integration

package kvm2

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// A running VM's CPUs change by a restart: the guest powers off when asked (or is destroyed
// after the wait), starts again with the new definition under a new domain id, and its disk
// grows live through vda in the same call. The time each took is logged.
func TestLabResize_runningVMRestartsWithTheNewDefinition(t *testing.T) {
	p := os.Getenv("KVM2_TEST_NAME_PREFIX") + "rsz-run"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	log := &countingLogger{tbLogger: tbLogger{tb: t}, counts: map[string]int{}}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": env.hostConfig()}}, WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()
	id := rules.FormatID("lab", p)
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: p + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.Create(ctx, owRequest(p, base.ID))
	if err != nil {
		t.Fatal(err)
	}
	// Let the guest boot until its agent reports an address, as a VM in service has.
	w := budget.CoreGuestAddress.Start()
	for ; ; time.Sleep(2 * time.Second) {
		inst, err := c.Get(ctx, id, a.UID)
		if err != nil {
			t.Fatal(err)
		}
		if inst.IPv4 != "" {
			t.Logf("guest address %s after %s", inst.IPv4, w.Elapsed().Round(time.Second))
			break
		}
		if w.Over() {
			t.Logf("resizing anyway: %v", w.Errorf("no guest address"))
			break
		}
	}
	before, err := l.DomainLookupByName(p)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	inst, res, err := c.Resize(ctx, id, a.UID, ResizeRequest{VCPUs: 2, MemoryMiB: 128, DiskGiB: 2})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	after, err := l.DomainLookupByName(p)
	if err != nil {
		t.Fatal(err)
	}
	x, err := l.DomainGetXMLDesc(after, 0)
	if err != nil {
		t.Fatal(err)
	}
	var doc libvirtxml.Domain
	if err := doc.Unmarshal(x); err != nil {
		t.Fatal(err)
	}
	forced := log.count("the guest did not power off in time; it was powered off to restart it")
	t.Logf("resize took %s: %+v; domain id %d -> %d; live vcpus %d; forced off: %d", took.Round(time.Millisecond), res, before.ID, after.ID, doc.VCPU.Value, forced)
	if !res.Restarted || !res.DiskLive || inst.State != StateRunning || after.ID == before.ID || doc.VCPU.Value != 2 || inst.VCPUs != 2 {
		t.Fatalf("result %+v, instance %+v, ids %d -> %d, live vcpus %d", res, inst, before.ID, after.ID, doc.VCPU.Value)
	}
	if got := volCapacity(t, l, env.pool, rules.OverlayName(p, a.UID)); got != 2<<30 {
		t.Fatalf("disk %d bytes, want 2 GiB", got)
	}
	if err := c.Delete(ctx, id, a.UID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteBaseImage(ctx, base.ID); err != nil {
		t.Fatal(err)
	}
}

// countingLogger is tbLogger counting each message.
type countingLogger struct {
	tbLogger
	mu     sync.Mutex
	counts map[string]int
}

func (l *countingLogger) Log(ctx context.Context, level corelog.Level, msg string, fields map[string]any) {
	l.mu.Lock()
	l.counts[msg]++
	l.mu.Unlock()
	l.tbLogger.Log(ctx, level, msg, fields)
}

func (l *countingLogger) count(msg string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.counts[msg]
}
