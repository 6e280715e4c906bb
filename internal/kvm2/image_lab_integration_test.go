//go:build integration

package kvm2

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestIntegrationImage_ensureCachesThenHits(t *testing.T) {
	log := &imagetest.Log{}
	c := imgLabClient(t, log)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	url, sha := imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), imgLabEnv(t, "KVM2_TEST_IMAGE_SHA256")
	name := imgLabName(t, "img-it-base")
	ctx := imgLabCtx(t, 5*time.Minute)
	t.Cleanup(func() {
		if err := c.DeleteBaseImage(context.Background(), rules.FormatBaseImageID(imgLabHost, pool, name)); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	})

	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: url, SHA256: sha})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cached %s: %s, %d bytes (virtual), format %s", img.ID, img.Path, img.SizeBytes, img.Format)
	if img.SHA256 != sha || img.Format != "qcow2" || img.Pool != pool || img.SizeBytes == 0 {
		t.Errorf("image = %+v, want qcow2 with sha %s in pool %s", img, sha, pool)
	}
	if got, err := fileSHA256(img.Path); err == nil && got != sha {
		t.Errorf("the volume file hashes to %s, want the source's %s (no bytes lost or appended)", got, sha)
	}
	if vols := volumesOf(t, pool, name); !slices.Equal(vols, []string{name, name + rules.DigestInfix + sha}) {
		t.Errorf("pool %s holds %v, want the image and its digest marker only", pool, vols)
	}
	if n := len(log.Matching("uploading base image")); n != 1 {
		t.Errorf("%d uploads logged for the first ensure, want 1", n)
	}

	again, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: url, SHA256: sha})
	if err != nil {
		t.Fatal(err)
	}
	if again != img {
		t.Errorf("second ensure = %+v, want the cached %+v", again, img)
	}
	if n := len(log.Matching("uploading base image")); n != 1 {
		t.Errorf("%d uploads logged after the second ensure, want still 1 (a cache hit)", n)
	}
	got, err := c.GetBaseImage(ctx, img.ID)
	if err != nil || got.SHA256 != sha || got.Path != img.Path {
		t.Errorf("GetBaseImage = %+v, %v", got, err)
	}

	if err := c.DeleteBaseImage(ctx, img.ID); err != nil {
		t.Fatal(err)
	}
	assertNoVolume(t, pool, name)
	if _, err := c.GetBaseImage(ctx, img.ID); !errors.Is(err, kvmerr.ErrNotFound) {
		t.Errorf("GetBaseImage after delete: %v, want NotFound", err)
	}
}

func TestIntegrationImage_wrongDigestLeavesNoVolume(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-wrongsha")
	ctx := imgLabCtx(t, 5*time.Minute)

	_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{
		Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), SHA256: strings.Repeat("0", 64),
	})
	if !errors.Is(err, kvmerr.ErrPermanent) {
		t.Fatalf("err = %v, want Permanent", err)
	}
	t.Logf("refused: %v", err)
	assertNoVolume(t, pool, name)
}

func TestIntegrationImage_tinyPoolIsQuotaExceededBeforeAnyWrite(t *testing.T) {
	c := imgLabClient(t, nil)
	tiny := imgLabEnv(t, "KVM2_TEST_TINY_POOL")
	free, err := c.PoolFree(imgLabCtx(t, time.Minute), imgLabHost, tiny)
	if err != nil {
		t.Fatal(err)
	}
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: int64(free) + 16<<20})
	before := virshVolumes(t, tiny)

	_, err = c.EnsureBaseImage(imgLabCtx(t, time.Minute), imagecache.BaseImageRequest{
		Host: imgLabHost, Pool: tiny, Name: imgLabName(t, "img-it-big"), SourceURL: srv.URL(),
	})
	var q *kvmerr.QuotaError
	if !errors.Is(err, kvmerr.ErrQuotaExceeded) || !errors.As(err, &q) || q.Pool != tiny || q.Available != free {
		t.Fatalf("err = %v, want QuotaExceeded for pool %s with %d bytes free", err, tiny, free)
	}
	t.Logf("refused: %v", err)
	if g := srv.Gets.Load(); g != 0 {
		t.Errorf("%d GETs, want none: HEAD gave the size", g)
	}
	if after := virshVolumes(t, tiny); !slices.Equal(after, before) {
		t.Errorf("pool %s changed from %v to %v", tiny, before, after)
	}
}

func TestIntegrationImage_cancelMidUploadDeletesTheVolume(t *testing.T) {
	log := &imagetest.Log{}
	c := imgLabClient(t, log)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-cancel")
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: 64 << 20, HoldAt: 8 << 20})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-srv.Held
		time.Sleep(200 * time.Millisecond) // let the upload drain what was sent
		cancel()
	}()

	_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: srv.URL()})
	if !errors.Is(err, kvmerr.ErrTransient) {
		t.Fatalf("err = %v, want Transient", err)
	}
	if len(log.Matching("uploading base image")) != 1 {
		t.Fatalf("the upload never started, so the cleanup went untested:\n%s", log.Text())
	}
	assertNoVolume(t, pool, name)
}

func TestIntegrationImage_deleteRefusesWhileADomainUsesIt(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-inuse")
	ctx := imgLabCtx(t, 5*time.Minute)
	img := imgLabEnsure(t, c, ctx, name)

	overlay := strings.TrimSuffix(name, ".qcow2") + "-overlay.qcow2"
	overlayPath := imgLabOverlay(t, pool, overlay, img.Path)
	dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
	imgLabDefine(t, c, ctx, dom, overlayPath)

	err := c.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path))
	var inUse *imagecache.BaseImageInUseError
	if !errors.Is(err, kvmerr.ErrPermanent) || !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{dom}) {
		t.Fatalf("with a domain on the overlay: err = %v, want a BaseImageInUseError naming %s", err, dom)
	}
	t.Logf("refused: %v", err)
	if vols := volumesOf(t, pool, name); len(vols) != 2 {
		t.Errorf("the refused delete removed something: %v", vols)
	}
}
