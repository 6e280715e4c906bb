//go:build ownership

package kvm2

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestLabOwnership_volumeTheCacheDidNotWriteIsLeftAlone(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-foreign")
	virsh(t, "vol-create-as", pool, name, "1M", "--format", "qcow2")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, name).Run() })
	ctx := imgLabCtx(t, time.Minute)
	id := rules.FormatBaseImageID(imgLabHost, pool, name)

	_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL")})
	if !errors.Is(err, kvmerr.ErrPermanent) {
		t.Fatalf("ensure over a foreign volume: err = %v, want Permanent", err)
	}
	if _, err := c.GetBaseImage(ctx, id); !errors.Is(err, kvmerr.ErrNotFound) {
		t.Errorf("GetBaseImage: err = %v, want NotFound (not a verified image)", err)
	}
	if err := c.DeleteBaseImage(ctx, id); err != nil {
		t.Errorf("DeleteBaseImage: %v, want nil (nothing of the cache's to delete)", err)
	}
	if vols := volumesOf(t, pool, name); !slices.Equal(vols, []string{name}) {
		t.Errorf("pool %s: %v; the foreign volume must stay and no marker appear", pool, vols)
	}
}

// TestLabOwnership_administratorsChecksumFileIsLeftAlone: an administrator's image with its
// checksum file in sha256sum format under the name is not adopted, not deleted, not downloaded
// over; the ensure says so and what to do.
func TestLabOwnership_administratorsChecksumFileIsLeftAlone(t *testing.T) {
	log := &imagetest.Log{}
	c := imgLabClient(t, log)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-admin")
	ctx := imgLabCtx(t, 2*time.Minute)
	sha := imgLabEnv(t, "KVM2_TEST_IMAGE_SHA256")
	virsh(t, "vol-create-as", pool, name, "1M", "--format", "qcow2")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, name).Run() })
	sum := sha + "  " + name + "\n"
	imgLabUpload(t, pool, name+rules.LegacyMarkerSuffix, []byte(sum))
	id := rules.FormatBaseImageID(imgLabHost, pool, name)

	_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), SHA256: sha})
	var fe *imagecache.ForeignImageError
	if !errors.Is(err, kvmerr.ErrPermanent) || !errors.As(err, &fe) {
		t.Fatalf("ensure over an administrator's image: err = %v, want a ForeignImageError", err)
	}
	t.Logf("refused: %v", err)
	if n := len(log.Matching("uploading base image")); n != 0 {
		t.Errorf("%d uploads over the administrator's image", n)
	}
	if _, err := c.GetBaseImage(ctx, id); !errors.Is(err, kvmerr.ErrNotFound) {
		t.Errorf("GetBaseImage: err = %v, want NotFound", err)
	}
	if err := c.DeleteBaseImage(ctx, id); err != nil {
		t.Errorf("DeleteBaseImage: %v, want nil (nothing of the cache's to delete)", err)
	}
	if vols := volumesOf(t, pool, name); !slices.Equal(vols, []string{name, name + rules.LegacyMarkerSuffix}) {
		t.Errorf("pool %s holds %v, want the administrator's two volumes and nothing else", pool, vols)
	}
	if got := imgLabRead(t, pool, name+rules.LegacyMarkerSuffix); got != sum {
		t.Errorf("the checksum file now holds %q", got)
	}
}

// TestLabOwnership_stoppedVMInAnotherPoolHoldsTheImage: a stopped domain (its definition
// names only its overlay) whose overlay is in another pool keeps the image from being deleted.
func TestLabOwnership_stoppedVMInAnotherPoolHoldsTheImage(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-otherpool")
	ctx := imgLabCtx(t, 5*time.Minute)
	img := imgLabEnsure(t, c, ctx, name)
	other := imgLabPool(t)
	overlayPath := imgLabOverlay(t, other, "img-it-vm.qcow2", img.Path)
	dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
	imgLabDefine(t, c, ctx, dom, overlayPath)

	err := c.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path))
	var inUse *imagecache.BaseImageInUseError
	if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{dom}) {
		t.Fatalf("err = %v, want a BaseImageInUseError naming %s", err, dom)
	}
	t.Logf("refused: %v", err)
	if vols := volumesOf(t, pool, name); len(vols) != 2 {
		t.Fatalf("the refused delete removed something: %v", vols)
	}
	virsh(t, "undefine", dom)
	if err := c.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path)); err != nil {
		t.Fatalf("delete once the domain is gone: %v", err)
	}
	assertNoVolume(t, pool, name)
}

// TestLabOwnership_earlierVersionsMarkerMovesWithStateProof: an image cached the way
// earlier versions did ("<name>.sha256" holding the digest) is foreign without the state's
// record, and with it is moved to today's markers (same path, size and digest: no change in
// the plan), after which no volume is read.
func TestLabOwnership_earlierVersionsMarkerMovesWithStateProof(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "img-it-legacy")
	ctx := imgLabCtx(t, 5*time.Minute)
	img := imgLabEnsure(t, c, ctx, name)
	img.SourceURL = "" // the host does not record it
	virsh(t, "vol-delete", "--pool", pool, name+rules.DigestInfix+img.SHA256)
	imgLabUpload(t, pool, name+rules.LegacyMarkerSuffix, []byte(img.SHA256+"\n"))

	_, err := c.GetBaseImage(ctx, img.ID)
	var fe *imagecache.ForeignImageError
	if !errors.Is(err, kvmerr.ErrNotFound) || !errors.As(err, &fe) {
		t.Fatalf("without a record: err = %v, want NotFound with a ForeignImageError", err)
	}
	got, err := c.GetBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path))
	if err != nil {
		t.Fatal(err)
	}
	if got != img {
		t.Errorf("moved image = %+v\nwant the recorded %+v", got, img)
	}
	if vols := volumesOf(t, pool, name); !slices.Equal(vols, []string{name, name + rules.DigestInfix + img.SHA256}) {
		t.Errorf("pool %s holds %v, want the image with today's digest marker only", pool, vols)
	}
	if again, err := c.GetBaseImage(ctx, img.ID); err != nil || again != img {
		t.Errorf("read after the move = %+v, %v", again, err)
	}
}

// TestLabOwnership_markerLookupLoop reads one cached image 1,000 times on one client, with
// the recorded digest (name lookups) and without (one listing), and reports hangs (a lookup
// that outlived its 10 s budget), empty reads (anything but the image) and the latencies.
func TestLabOwnership_markerLookupLoop(t *testing.T) {
	c := imgLabClient(t, nil)
	name := imgLabName(t, "img-it-loop")
	img := imgLabEnsure(t, c, imgLabCtx(t, 5*time.Minute), name)
	img.SourceURL = "" // the host does not record it
	const n = 1000
	for _, mode := range []struct {
		name string
		opts []imagecache.BaseImageOption
	}{
		{"recorded digest", []imagecache.BaseImageOption{imagecache.Recorded(img.SHA256, img.Path)}},
		{"listing", nil},
	} {
		var hangs, empty int
		times := make([]time.Duration, 0, n)
		for range n {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			start := time.Now()
			got, err := c.GetBaseImage(ctx, img.ID, mode.opts...)
			times = append(times, time.Since(start))
			cancel()
			switch {
			case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, kvmerr.ErrAbandoned):
				hangs++
			case err != nil || got != img:
				if empty++; empty <= 3 {
					t.Logf("bad read: %+v, %v", got, err)
				}
			}
		}
		slices.Sort(times)
		fmt.Printf("LOOKUP %s: %d lookups, hangs=%d empty=%d median=%s p99=%s max=%s\n",
			mode.name, n, hangs, empty, times[n/2], times[n*99/100], times[n-1])
		if hangs != 0 || empty != 0 {
			t.Errorf("%s: %d hangs and %d empty reads in %d lookups, want 0 and 0", mode.name, hangs, empty, n)
		}
	}
}
