//go:build integration

package kvm2

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// volCapacity is the capacity of the volume poolName/name as the host reports it.
func volCapacity(t *testing.T, l *libvirt.Libvirt, poolName, name string) uint64 {
	t.Helper()
	pool, err := l.StoragePoolLookupByName(poolName)
	if err != nil {
		t.Fatal(err)
	}
	v, err := l.StorageVolLookupByName(pool, name)
	if err != nil {
		t.Fatal(err)
	}
	_, capacity, _, err := l.StorageVolGetInfo(v)
	if err != nil {
		t.Fatal(err)
	}
	return capacity
}

// VM A is removed out of band (its volumes stay) and configuration B creates its own VM under
// the name. A resize with A's UID changes nothing of B's (definition and disk) nor A's leftover
// disk, and fails saying whose the name is; B's own resize leaves A's leftover alone.
func TestLabOwnership_resizeOnlyTouchesItsOwnVM(t *testing.T) {
	p := os.Getenv("KVM2_TEST_NAME_PREFIX") + "ow-rsz"
	name := p
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()
	id := rules.FormatID("lab", name)
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: p + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	req := owRequest(name, base.ID)
	a, err := c.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	removeOutOfBand(t, l, name)
	req.Running = false
	b, err := c.Create(ctx, req) // a new UID: configuration B
	if err != nil {
		t.Fatal(err)
	}
	if b.UID == a.UID {
		t.Fatal("same uid")
	}
	dom, err := l.DomainLookupByName(name)
	if err != nil {
		t.Fatal(err)
	}
	bXML, err := l.DomainGetXMLDesc(dom, libvirt.DomainXMLInactive)
	if err != nil {
		t.Fatal(err)
	}
	aDisk, bDisk := rules.OverlayName(name, a.UID), rules.OverlayName(name, b.UID)

	_, _, err = c.Resize(ctx, id, a.UID, ResizeRequest{VCPUs: 2, MemoryMiB: 192, DiskGiB: 3})
	var oe *OwnedError
	if kvmerr.Classify(err) != kvmerr.NotFound || !errors.As(err, &oe) || oe.Other.UID != b.UID {
		t.Fatalf("resize with A's uid: %v", err)
	}
	after, err := l.DomainGetXMLDesc(dom, libvirt.DomainXMLInactive)
	if err != nil || after != bXML {
		t.Fatalf("B's definition changed (%v):\n%s\nwas\n%s", err, after, bXML)
	}
	for _, v := range []string{aDisk, bDisk} {
		if got := volCapacity(t, l, env.pool, v); got != 1<<30 {
			t.Fatalf("volume %s is %d bytes, was 1 GiB", v, got)
		}
	}

	inst, res, err := c.Resize(ctx, id, b.UID, ResizeRequest{VCPUs: 2, MemoryMiB: 192, DiskGiB: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("B resized: %+v", res)
	if inst.VCPUs != 2 || inst.MemoryMiB != 192 || inst.DiskGiB != 3 || inst.UID != b.UID || inst.State != StateStopped {
		t.Fatalf("B after resize: %+v", inst)
	}
	if got := volCapacity(t, l, env.pool, bDisk); got != 3<<30 {
		t.Fatalf("B's disk is %d bytes, want 3 GiB", got)
	}
	if got := volCapacity(t, l, env.pool, aDisk); got != 1<<30 {
		t.Fatalf("A's leftover disk is %d bytes, was 1 GiB", got)
	}

	for _, uid := range []string{b.UID, a.UID} {
		if err := c.Delete(ctx, id, uid); err != nil && kvmerr.Classify(err) != kvmerr.NotFound {
			t.Fatalf("delete %s: %v", uid, err)
		}
	}
	if err := c.DeleteBaseImage(ctx, base.ID); err != nil {
		t.Fatal(err)
	}
	if left := owLeft(t, l, p); len(left) != 0 {
		t.Fatalf("left: %v", left)
	}
}

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
	c, err := New(Config{Hosts: map[string]HostConfig{"lab": env.hostConfig()}}, WithLogger(log))
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
	booted := time.Now()
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(2 * time.Second) {
		inst, err := c.Get(ctx, id, a.UID)
		if err != nil {
			t.Fatal(err)
		}
		if inst.IPv4 != "" {
			t.Logf("guest address %s after %s", inst.IPv4, time.Since(booted).Round(time.Second))
			break
		}
		if time.Now().After(deadline) {
			t.Log("no guest address after 3 minutes; resizing anyway")
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
