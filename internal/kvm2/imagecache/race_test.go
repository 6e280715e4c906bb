package imagecache

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
)

// Two processes on one host: each has its own Cache (its own locks and claims) and its own
// connection to the same host state, as two terraform runs do.

// peer is a second process's cache on e's host, whose clock is later by skew.
func (e *imgEnv) peer(t *testing.T, skew time.Duration) *imgEnv {
	t.Helper()
	fb := e.fb.Twin()
	p := &imgEnv{fb: fb, pool: fake.NewPool(fb), ic: New(Options{Logger: e.log, HTTPClient: imagetest.HTTPClient()}), log: e.log}
	p.ic.now = func() time.Time { return imgNow.Add(skew) }
	t.Cleanup(func() {
		if n := p.pool.Outstanding() + p.pool.Unclosed(); n != 0 {
			t.Errorf("peer: %d connections not released or closed", n)
		}
	})
	return p
}

// Two states cache the same image at once: B looked the name up (nothing there) and is held
// before its space check while A caches the image whole; then B goes on, and its create of the
// image volume meets A's finished image. B must end with A's image, not call it foreign.
func TestRace_twoEnsuresOfOneImage(t *testing.T) {
	a := newImgEnv(t, Options{})
	b := a.peer(t, time.Second) // B claims in another second, so the claim names differ
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	want := imagetest.Digest(imgSize)

	gate := b.fb.Pause("StoragePoolGetInfo", nil)
	type result struct {
		img BaseImage
		err error
	}
	done := make(chan result, 1)
	go func() {
		img, err := b.ensure(context.Background(), imgRequest(srv, want))
		done <- result{img, err}
	}()
	<-gate.Reached()
	imgA, err := a.ensure(context.Background(), imgRequest(srv, want))
	if err != nil {
		t.Fatalf("A: %v", err)
	}
	gate.Release()
	got := <-done
	if got.err != nil {
		t.Fatalf("B failed after A cached the same image: %v", got.err)
	}
	if got.img.Path != imgA.Path || got.img.SHA256 != imgA.SHA256 {
		t.Errorf("B got %+v, want A's image %+v", got.img, imgA)
	}
	if v := a.volumes(); !slices.Equal(v, []string{imgName, imgMarker(want)}) {
		t.Errorf("volumes = %v, want A's image and its digest marker", v)
	}
}
