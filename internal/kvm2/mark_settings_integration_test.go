//go:build integration

package kvm2

import (
	"context"
	"os"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestLabMark_tagsAndSettingsReadBackAndTheRealDiskSize (issue 22 items 11, 13, 14), on the real
// libvirt: every tag the rule accepts (tab, line feed, carriage return and XML's specials
// included) and the steering settings read back byte for byte from a running domain (live and
// persistent definitions) and after it stops; a disk grown behind the provider's back
// (StorageVolResize, as `virsh vol-resize` does) is what GetWithDisk reports, the mark's size
// beside it.
func TestLabMark_tagsAndSettingsReadBackAndTheRealDiskSize(t *testing.T) {
	p := os.Getenv("KVM2_TEST_NAME_PREFIX") + "mark-set"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx := context.Background()
	id := rules.FormatID("lab", p)
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: p + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	req := owRequest(p, base.ID)
	req.Steering = definition.Steering{NoIPWait: true, UserDataWOVersion: "7"}
	a, err := c.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Delete(context.Background(), id, a.UID) })
	if a.NoIPWait != true || a.UserDataWOVersion != "7" {
		t.Fatalf("created with %+v", a.Steering)
	}
	tags := []string{"a\tb\nc\r\nd\re", "\t \n", "<&>'\" é \u200b \U0001F600", " lead and trail "}
	for _, tag := range tags {
		if rules.ValidateTag(tag) != nil {
			t.Fatalf("the rule refuses %q", tag)
		}
		s := definition.Steering{UserDataWOVersion: "-3"}
		if _, err := c.SetMarkSettings(ctx, id, a.UID, tag, s); err != nil {
			t.Fatal(err)
		}
		for _, running := range []bool{true, false} {
			if _, err := c.SetRunning(ctx, id, a.UID, running); err != nil {
				t.Fatal(err)
			}
			got, err := c.GetWithDisk(ctx, id, a.UID)
			if err != nil || got.Tag != tag || got.Steering != s {
				t.Fatalf("running %v: tag %q, settings %+v, %v; want %q, %+v", running, got.Tag, got.Steering, err, tag, s)
			}
		}
	}
	pool, err := l.StoragePoolLookupByName(env.pool)
	if err != nil {
		t.Fatal(err)
	}
	vol, err := l.StorageVolLookupByName(pool, rules.OverlayName(p, a.UID))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.StorageVolResize(vol, 2<<30+512<<20, 0); err != nil { // stopped above
		t.Fatal(err)
	}
	got, err := c.GetWithDisk(ctx, id, a.UID)
	if err != nil || got.DiskGiB != 3 || got.MarkDiskGiB != 1 {
		t.Fatalf("after a resize behind the provider: disk %d GiB, mark %d GiB, %v; want 3 and 1", got.DiskGiB, got.MarkDiskGiB, err)
	}
}
