package kvm2

import (
	"context"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The Client's base image methods, end to end on the fake host: defaults, recorded reads,
// pool space, delete, and the unknown-host refusal.

const (
	cbmHost = "imghost"
	cbmName = "debian-12"
	cbmSize = 300 << 10
)

func TestClientBaseImageMethods(t *testing.T) {
	fb := fake.New(cbmHost)
	pool := fake.NewPool(fb)
	cfg := hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{cbmHost: {
		Address: "127.0.0.1", PrivateKey: "unused", HostKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeFakeFakeFakeFakeFakeFakeFakeFakeFakeFake",
	}}}
	c, err := New(cfg, WithPool(pool), WithHTTPClient(imagetest.HTTPClient()))
	if err != nil {
		t.Fatal(err)
	}
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: cbmSize})
	ctx := context.Background()

	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: cbmHost, Name: cbmName, SourceURL: srv.URL()})
	if err != nil {
		t.Fatal(err)
	}
	if img.Pool != rules.DefaultPool {
		t.Errorf("pool = %q, want the host's default", img.Pool)
	}
	got, err := c.GetBaseImage(ctx, img.ID)
	if err != nil || got.SHA256 != img.SHA256 {
		t.Errorf("GetBaseImage = %+v, %v; want the ensured image", got, err)
	}
	got, err = c.GetBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path))
	if err != nil || got.SHA256 != img.SHA256 {
		t.Errorf("GetBaseImage(imagecache.Recorded) = %+v, %v; want the ensured image", got, err)
	}
	if free, err := c.PoolFree(ctx, cbmHost, ""); err != nil || free != fake.DefaultPoolAvailable-cbmSize {
		t.Errorf("PoolFree = %d, %v; want the default pool's free bytes", free, err)
	}
	if err := c.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path)); err != nil {
		t.Fatal(err)
	}
	_, err = c.GetBaseImage(ctx, img.ID)
	if kvmerr.Classify(err) != kvmerr.NotFound {
		t.Errorf("GetBaseImage after delete: %v, want NotFound", err)
	}
	_, err = c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "unknown", Name: cbmName, SourceURL: srv.URL()})
	if kvmerr.Classify(err) != kvmerr.Permanent {
		t.Errorf("EnsureBaseImage on an unknown host: %v, want Permanent", err)
	}
	if pool.Outstanding() != 0 || pool.Unclosed() != 0 {
		t.Errorf("connections leaked: %d outstanding, %d unclosed", pool.Outstanding(), pool.Unclosed())
	}
}
