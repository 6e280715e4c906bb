package imagecache

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
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

// A delete of the image by a process that was killed (SIGKILL) while it held the image's lease
// left the lease volume: another process's delete waits, told who holds it and until when, and
// takes the lease over once it expired (plus the skew allowed), then deletes the image.
func TestRace_deleteAfterAKilledDeleteTakesItsLeaseOver(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	until := imgNow.Add(rules.LeaseTTL)
	dead := rules.LeaseName(rules.ImageLeaseSubject(imgName), "ci-7-4242-dead00", until)
	e.fb.AddVolume(imgPool, fake.Volume{Name: dead, Format: "raw"})

	err := e.remove()
	var held *hostops.LeaseHeldError
	if !errors.As(err, &held) || kvmerr.Classify(err) != kvmerr.Transient || held.Owner != "ci-7-4242-dead00" ||
		!strings.Contains(err.Error(), until.UTC().Format(time.RFC3339)) {
		t.Fatalf("delete while the killed holder's lease stands = %v, want Transient naming holder and expiry", err)
	}
	t.Logf("while the lease stands: %v", err)
	if _, ok := e.fb.Volume(imgPool, imgName); !ok {
		t.Fatal("the image was deleted under a lease another process holds")
	}
	e.ic.now = func() time.Time { return until.Add(rules.LeaseSkew) }
	if err := e.remove(); err != nil {
		t.Fatalf("delete after the lease expired: %v", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Fatalf("volumes left: %v, want none (image, marker and the dead lease gone, ours released)", v)
	}
}

// What the lease costs a delete of an image: its create, one listing of the pool and its delete
// at release, three RPCs on top of the delete's 11.
func TestDeleteBaseImage_leaseCost(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.ResetCalls()
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	leaseCalls := 0
	for _, c := range e.fb.Calls() {
		if strings.Contains(c.Target, rules.LeasePrefix) {
			leaseCalls++
		}
	}
	if n := len(e.fb.Calls()); n != 14 || leaseCalls != 2 || e.fb.Count("StoragePoolListAllVolumes") != 2 {
		t.Fatalf("delete made %d RPCs (%d on the lease volume, %d listings), want 14 (2, 2): %v",
			n, leaseCalls, e.fb.Count("StoragePoolListAllVolumes"), e.fb.Methods())
	}
}

// Two states cache one image over the debris of a fetch killed long ago (its claim expired):
// B inspected the pool and is held before it deletes that debris, while A deletes it, caches
// the image whole and returns it. B, going on, must not delete A's finished image by the names
// it read before (A's state and the VMs on it would lose their base).
func TestRace_twoEnsuresOverOldDebris(t *testing.T) {
	a := newImgEnv(t, Options{})
	b := a.peer(t, time.Second)
	old := imgNow.Add(-a.ic.claimTTL - time.Hour)
	a.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: imgSize, Content: []byte("partial")})
	a.fb.AddVolume(imgPool, fake.Volume{Name: imgName + rules.PendingInfix + strconv.FormatInt(old.Unix(), 10), Format: "raw"})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	want := imagetest.Digest(imgSize)

	gate := b.fb.Pause("StorageVolDelete", nil)
	done := make(chan error, 1)
	go func() { _, err := b.ensure(context.Background(), imgRequest(srv, want)); done <- err }()
	<-gate.Reached()
	imgA, errA := a.ensure(context.Background(), imgRequest(srv, want))
	gate.Release()
	errB := <-done
	if errA != nil {
		// A waited for B's turn (B held the image's lease): the provider retries it.
		if kvmerr.Classify(errA) != kvmerr.Transient {
			t.Fatalf("A: %v, want a success or a Transient wait", errA)
		}
		if imgA, errA = a.ensure(context.Background(), imgRequest(srv, want)); errA != nil {
			t.Fatalf("A's retry: %v", errA)
		}
	}
	if errB != nil && kvmerr.Classify(errB) != kvmerr.Transient {
		t.Fatalf("B: %v, want a success or a Transient wait", errB)
	}
	vol, ok := a.fb.Volume(imgPool, imgName)
	if !ok || vol.SHA256 != want {
		t.Fatalf("A's cached image is gone or changed (B: %v): volumes %v", errB, a.volumes())
	}
	if _, err := a.ic.Get(context.Background(), a.pool, a.ref()); err != nil {
		t.Fatalf("A's image %s no longer reads as cached (B: %v): %v", imgA.ID, errB, err)
	}
}
