//go:build integration

package kvm2

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// imgLabHost is the name the lab host is configured under in these tests.
const imgLabHost = "lab"

// imgLabEnv reads a KVM2_TEST_* variable, failing when it is required and unset.
func imgLabEnv(t testing.TB, name string) string {
	t.Helper()
	v := os.Getenv(name)
	if v == "" {
		t.Fatalf("%s is unset: source .lab/env (written by tools/lab/up.sh)", name)
	}
	return v
}

// imgLabClient is a Client on the lab host (pool KVM2_TEST_POOL) logging into log. It skips the
// test when the lab is not configured.
func imgLabClient(t testing.TB, log *imagetest.Log) *Client {
	t.Helper()
	if os.Getenv("KVM2_TEST_SSH_HOST") == "" {
		t.Skip("KVM2_TEST_SSH_HOST is unset: start the lab with tools/lab/up.sh and source .lab/env")
	}
	port, err := strconv.Atoi(imgLabEnv(t, "KVM2_TEST_SSH_PORT"))
	if err != nil {
		t.Fatalf("KVM2_TEST_SSH_PORT: %v", err)
	}
	hc := HostConfig{
		Address:        imgLabEnv(t, "KVM2_TEST_SSH_HOST"),
		Port:           port,
		User:           os.Getenv("KVM2_TEST_SSH_USER"),
		PrivateKeyFile: imgLabEnv(t, "KVM2_TEST_SSH_KEY"),
		KnownHostsFile: imgLabEnv(t, "KVM2_TEST_KNOWN_HOSTS"),
		Socket:         os.Getenv("KVM2_TEST_SOCKET"),
		Pool:           imgLabEnv(t, "KVM2_TEST_POOL"),
	}
	opts := []Option{WithHTTPClient(imagetest.HTTPClient())}
	if log != nil {
		opts = append(opts, WithLogger(log))
	}
	c, err := New(Config{Hosts: map[string]HostConfig{imgLabHost: hc}}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// imgLabName is a volume name unique to this run, so reruns and parallel runs never collide.
func imgLabName(t testing.TB, prefix string) string {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return prefix + "-" + hex.EncodeToString(b[:]) + ".qcow2"
}

// virshVolumes lists the volumes of pool on the lab host as virsh sees them (the name column of
// its table; this virsh has no --name).
func virshVolumes(t testing.TB, pool string) []string {
	t.Helper()
	out := virsh(t, "vol-list", "--pool", pool)
	var names []string
	table := false
	for _, line := range strings.Split(out, "\n") {
		fields := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "---"):
			table = true
		case table && len(fields) > 0:
			names = append(names, fields[0])
		}
	}
	return names
}

// virsh runs one virsh command against the lab's libvirt.
func virsh(t testing.TB, args ...string) string {
	t.Helper()
	out, err := exec.Command("virsh", append([]string{"-c", "qemu:///system"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("virsh %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// assertNoVolume fails when pool still holds name or any of its markers.
func assertNoVolume(t testing.TB, pool, name string) {
	t.Helper()
	if left := volumesOf(t, pool, name); len(left) != 0 {
		t.Errorf("pool %s still holds %v", pool, left)
	}
}

// volumesOf lists name and every volume of pool in its markers' namespace (today's and the
// earlier versions').
func volumesOf(t testing.TB, pool, name string) []string {
	t.Helper()
	var out []string
	for _, v := range virshVolumes(t, pool) {
		if v == name || v == name+rules.LegacyMarkerSuffix || strings.HasPrefix(v, name+rules.MarkerInfix) {
			out = append(out, v)
		}
	}
	return out
}

func imgLabCtx(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// fileSHA256 hashes a local file (the lab host is this machine).
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

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

// imgLabEnsure caches the lab's test image under name and deletes it (with everything of
// today's markers) when the test ends.
func imgLabEnsure(t *testing.T, c *Client, ctx context.Context, name string) imagecache.BaseImage {
	t.Helper()
	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{
		Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), SHA256: imgLabEnv(t, "KVM2_TEST_IMAGE_SHA256"),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.DeleteBaseImage(context.Background(), img.ID, imagecache.Recorded(img.SHA256, img.Path)); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	})
	return img
}

// imgLabOverlay creates a qcow2 overlay named overlay on backing in pool (deleted when the test
// ends) and returns its path.
func imgLabOverlay(t *testing.T, pool, overlay, backing string) string {
	t.Helper()
	virsh(t, "vol-create-as", pool, overlay, "128M", "--format", "qcow2", "--backing-vol", backing, "--backing-vol-format", "qcow2")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, overlay).Run() })
	return strings.TrimSpace(virsh(t, "vol-path", "--pool", pool, overlay))
}

// imgLabDefine defines (and leaves stopped) a domain whose one disk is the file disk, as
// virsh define would, through the client's own libvirt connection; it is undefined when the
// test ends. Its definition records no backing chain.
func imgLabDefine(t *testing.T, c *Client, ctx context.Context, name, disk string) {
	t.Helper()
	domXML := fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><vcpu>1</vcpu>
<os><type arch='x86_64'>hvm</type></os><devices><disk type='file' device='disk'>
<driver name='qemu' type='qcow2'/><source file='%s'/><target dev='vda' bus='virtio'/></disk></devices></domain>`, name, disk)
	err := backend.OnPooled(ctx, c.pool, imgLabHost, func(b backend.Backend) error {
		_, err := b.DomainDefineXML(ctx, domXML)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "undefine", name).Run() })
	if state := strings.TrimSpace(virsh(t, "domstate", name)); state != "shut off" {
		t.Fatalf("domain %s is %q, want it stopped", name, state)
	}
}

// imgLabPool creates a directory pool of its own (removed when the test ends) and returns its
// name.
func imgLabPool(t *testing.T) string {
	t.Helper()
	name := strings.TrimSuffix(imgLabName(t, "img-it-pool"), ".qcow2")
	dir := "/var/lib/kvm2-lab/" + name
	virsh(t, "pool-define-as", name, "dir", "--target", dir)
	t.Cleanup(func() {
		_ = exec.Command("virsh", "-c", "qemu:///system", "pool-destroy", name).Run()
		_ = exec.Command("virsh", "-c", "qemu:///system", "pool-delete", name).Run()
		_ = exec.Command("virsh", "-c", "qemu:///system", "pool-undefine", name).Run()
	})
	virsh(t, "pool-build", name)
	virsh(t, "pool-start", name)
	return name
}

// imgLabUpload creates a raw volume name in pool holding content (deleted when the test ends).
func imgLabUpload(t *testing.T, pool, name string, content []byte) {
	t.Helper()
	f := t.TempDir() + "/content"
	if err := os.WriteFile(f, content, 0o600); err != nil {
		t.Fatal(err)
	}
	virsh(t, "vol-create-as", pool, name, strconv.Itoa(len(content))+"b", "--format", "raw")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, name).Run() })
	virsh(t, "vol-upload", "--pool", pool, name, f)
}

// imgLabRead is the content of volume name in pool (the lab host is this machine).
func imgLabRead(t *testing.T, pool, name string) string {
	t.Helper()
	b, err := os.ReadFile(strings.TrimSpace(virsh(t, "vol-path", "--pool", pool, name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
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
