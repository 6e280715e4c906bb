package kvm2

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Many creates on one host stream at most hostwide.SeedUploadsPerHost seeds at once (each go-libvirt
// stream holds a 4 MiB buffer), and a create on another host is not held up by them.
func TestCreate_seedUploadsPerHostAreBounded(t *testing.T) {
	const other = "lab2"
	a, b := fake.New(labHost), fake.New(other)
	kvmtest.AddLabBase(a, fake.DefaultPool, labBase)
	kvmtest.AddLabBase(b, fake.DefaultPool, labBase)
	pool := fake.NewPool(a, b)
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig(), other: labHostConfig()}}, WithPool(pool))
	if err != nil {
		t.Fatal(err)
	}
	c.statePoll = time.Millisecond

	// Every seed upload on labHost stays in flight until gate closes.
	gate := make(chan struct{})
	var (
		mu             sync.Mutex
		inFlight, most int
	)
	streaming := func() (int, int) { mu.Lock(); defer mu.Unlock(); return inFlight, most }
	pool.OnDedicated(func(d *fake.Backend) {
		if d.Host() != labHost {
			return
		}
		d.Inject("StorageVolUpload", func(ctx context.Context, _ fake.Call) error {
			mu.Lock()
			inFlight++
			most = max(most, inFlight)
			mu.Unlock()
			defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
			select {
			case <-gate:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	})

	const creates = 6
	reqs := make([]CreateRequest, creates)
	errs := make(chan error, creates)
	for i := range reqs {
		reqs[i] = labRequest2(fmt.Sprintf("egress-%d", 10+i))
		go func() {
			_, err := c.Create(context.Background(), reqs[i])
			errs <- err
		}()
	}
	// Every create has made its seed volume, the step before the upload; the bound's slots fill.
	waitUntil(t, "every create at its upload", func() bool {
		names := strings.Join(a.VolumeNames(fake.DefaultPool), ",")
		for _, r := range reqs {
			if !strings.Contains(names, rules.SeedName(r.Name, r.UID)) {
				return false
			}
		}
		n, _ := streaming()
		return n >= hostwide.SeedUploadsPerHost
	})
	// Without a bound the others would be streaming by now: give them time to show.
	deadline := time.Now().Add(200 * time.Millisecond)
	for _, m := streaming(); m <= hostwide.SeedUploadsPerHost && time.Now().Before(deadline); _, m = streaming() {
		time.Sleep(time.Millisecond)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req := labRequest()
	req.Host, req.BaseImageID = other, other+"/"+fake.DefaultPool+"/"+labBase
	if _, err := c.Create(ctx, req); err != nil {
		t.Fatalf("a create on %s while %s's uploads are in flight: %v", other, labHost, err)
	}

	close(gate)
	for range creates {
		if err := <-errs; err != nil {
			t.Errorf("create on %s: %v", labHost, err)
		}
	}
	if _, m := streaming(); m != hostwide.SeedUploadsPerHost {
		t.Errorf("%d seed uploads streamed to one host at once, want %d", m, hostwide.SeedUploadsPerHost)
	}
	uploads := 0
	for _, d := range pool.DedicatedBackends(labHost) {
		uploads += d.Count("StorageVolUpload")
	}
	if uploads != creates {
		t.Errorf("%d seed uploads on %s, want %d", uploads, labHost, creates)
	}
}

// A create waiting for an upload slot gives up when its context ends, and leaves nothing behind.
func TestCreate_seedUploadSlotWaitEndsWithCtx(t *testing.T) {
	h := newCore(t)
	for range hostwide.SeedUploadsPerHost {
		slot, err := h.c.seedUploads.Acquire(context.Background(), labHost)
		if err != nil {
			t.Fatal(err)
		}
		defer slot.Release(nil)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := h.c.Create(ctx, labRequest())
	if classOfErr(t, err) != kvmerr.Transient || !strings.Contains(err.Error(), "seed upload slot") {
		t.Fatalf("err = %v, want a Transient error naming the wait for an upload slot", err)
	}
	if n := h.pool.DedicatedBackends(labHost); len(n) > 0 && n[0].Count("StorageVolUpload") > 0 {
		t.Fatal("uploaded without a slot")
	}
	assertNoDebris(t, h)
}

// waitUntil polls cond for up to 10 s and fails the test, naming what, if it never holds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
