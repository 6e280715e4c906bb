//go:build ownership

package kvm2

import (
	"context"
	"errors"
	"os"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

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
	var oe *ownership.OwnedError
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
