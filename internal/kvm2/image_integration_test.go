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

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
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
func imgLabClient(t testing.TB, log *imgLog) *Client {
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
	opts := []Option{WithHTTPClient(imgHTTPClient())}
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

// assertNoVolume fails when pool still holds name or its marker.
func assertNoVolume(t testing.TB, pool, name string) {
	t.Helper()
	vols := virshVolumes(t, pool)
	if slices.Contains(vols, name) || slices.Contains(vols, name+markerSuffix) {
		t.Errorf("pool %s still holds %s or its marker: %v", pool, name, vols)
	}
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
	log := &imgLog{}
	c := imgLabClient(t, log)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	url, sha := imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), imgLabEnv(t, "KVM2_TEST_IMAGE_SHA256")
	name := imgLabName(t, "kvm2-it-base")
	ctx := imgLabCtx(t, 5*time.Minute)
	t.Cleanup(func() {
		if err := c.DeleteBaseImage(context.Background(), FormatBaseImageID(imgLabHost, pool, name)); err != nil {
			t.Errorf("cleanup: %v", err)
		}
	})

	img, err := c.EnsureBaseImage(ctx, BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: url, SHA256: sha})
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
	if vols := virshVolumes(t, pool); !slices.Contains(vols, name) || !slices.Contains(vols, name+markerSuffix) {
		t.Errorf("pool %s lacks the image or its marker: %v", pool, vols)
	}
	if n := len(log.matching("uploading base image")); n != 1 {
		t.Errorf("%d uploads logged for the first ensure, want 1", n)
	}

	again, err := c.EnsureBaseImage(ctx, BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: url, SHA256: sha})
	if err != nil {
		t.Fatal(err)
	}
	if again != img {
		t.Errorf("second ensure = %+v, want the cached %+v", again, img)
	}
	if n := len(log.matching("uploading base image")); n != 1 {
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
	name := imgLabName(t, "kvm2-it-wrongsha")
	ctx := imgLabCtx(t, 5*time.Minute)

	_, err := c.EnsureBaseImage(ctx, BaseImageRequest{
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
	srv := newImgServer(t, imgServerConfig{size: int64(free) + 16<<20})
	before := virshVolumes(t, tiny)

	_, err = c.EnsureBaseImage(imgLabCtx(t, time.Minute), BaseImageRequest{
		Host: imgLabHost, Pool: tiny, Name: imgLabName(t, "kvm2-it-big"), SourceURL: srv.url(),
	})
	var q *kvmerr.QuotaError
	if !errors.Is(err, kvmerr.ErrQuotaExceeded) || !errors.As(err, &q) || q.Pool != tiny || q.Available != free {
		t.Fatalf("err = %v, want QuotaExceeded for pool %s with %d bytes free", err, tiny, free)
	}
	t.Logf("refused: %v", err)
	if g := srv.gets.Load(); g != 0 {
		t.Errorf("%d GETs, want none: HEAD gave the size", g)
	}
	if after := virshVolumes(t, tiny); !slices.Equal(after, before) {
		t.Errorf("pool %s changed from %v to %v", tiny, before, after)
	}
}

func TestIntegrationImage_cancelMidUploadDeletesTheVolume(t *testing.T) {
	log := &imgLog{}
	c := imgLabClient(t, log)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "kvm2-it-cancel")
	srv := newImgServer(t, imgServerConfig{size: 64 << 20, holdAt: 8 << 20})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-srv.held
		time.Sleep(200 * time.Millisecond) // let the upload drain what was sent
		cancel()
	}()

	_, err := c.EnsureBaseImage(ctx, BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: srv.url()})
	if !errors.Is(err, kvmerr.ErrTransient) {
		t.Fatalf("err = %v, want Transient", err)
	}
	if len(log.matching("uploading base image")) != 1 {
		t.Fatalf("the upload never started, so the cleanup went untested:\n%s", log.text())
	}
	assertNoVolume(t, pool, name)
}

func TestIntegrationImage_deleteRefusesWhileADomainUsesIt(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "kvm2-it-inuse")
	ctx := imgLabCtx(t, 5*time.Minute)
	img, err := c.EnsureBaseImage(ctx, BaseImageRequest{
		Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL"), SHA256: imgLabEnv(t, "KVM2_TEST_IMAGE_SHA256"),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.DeleteBaseImage(context.Background(), img.ID) })

	overlay := strings.TrimSuffix(name, ".qcow2") + "-overlay.qcow2"
	virsh(t, "vol-create-as", pool, overlay, "128M", "--format", "qcow2", "--backing-vol", img.Path, "--backing-vol-format", "qcow2")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, overlay).Run() })
	overlayPath := strings.TrimSpace(virsh(t, "vol-path", "--pool", pool, overlay))

	err = c.DeleteBaseImage(ctx, img.ID)
	if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "volume "+overlay) {
		t.Fatalf("with an unused overlay: err = %v, want Permanent naming the overlay", err)
	}

	dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
	domXML := fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><vcpu>1</vcpu>
<os><type arch='x86_64'>hvm</type></os><devices><disk type='file' device='disk'>
<driver name='qemu' type='qcow2'/><source file='%s'/><target dev='vda' bus='virtio'/></disk></devices></domain>`, dom, overlayPath)
	xmlFile := t.TempDir() + "/dom.xml"
	if err := os.WriteFile(xmlFile, []byte(domXML), 0o600); err != nil {
		t.Fatal(err)
	}
	virsh(t, "define", xmlFile)
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "undefine", dom).Run() })

	err = c.DeleteBaseImage(ctx, img.ID)
	if !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "domain "+dom) {
		t.Fatalf("with a domain on the overlay: err = %v, want Permanent naming %s", err, dom)
	}
	t.Logf("refused: %v", err)
	if vols := virshVolumes(t, pool); !slices.Contains(vols, name) || !slices.Contains(vols, name+markerSuffix) {
		t.Errorf("the refused delete removed something: %v", vols)
	}
}

func TestIntegrationImage_volumeTheCacheDidNotWriteIsLeftAlone(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	name := imgLabName(t, "kvm2-it-foreign")
	virsh(t, "vol-create-as", pool, name, "1M", "--format", "qcow2")
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, name).Run() })
	ctx := imgLabCtx(t, time.Minute)
	id := FormatBaseImageID(imgLabHost, pool, name)

	_, err := c.EnsureBaseImage(ctx, BaseImageRequest{Host: imgLabHost, Name: name, SourceURL: imgLabEnv(t, "KVM2_TEST_IMAGE_URL")})
	if !errors.Is(err, kvmerr.ErrPermanent) {
		t.Fatalf("ensure over a foreign volume: err = %v, want Permanent", err)
	}
	if _, err := c.GetBaseImage(ctx, id); !errors.Is(err, kvmerr.ErrNotFound) {
		t.Errorf("GetBaseImage: err = %v, want NotFound (not a verified image)", err)
	}
	if err := c.DeleteBaseImage(ctx, id); err != nil {
		t.Errorf("DeleteBaseImage: %v, want nil (nothing of the cache's to delete)", err)
	}
	if vols := virshVolumes(t, pool); !slices.Contains(vols, name) || slices.Contains(vols, name+markerSuffix) {
		t.Errorf("pool %s: %v; the foreign volume must stay and no marker appear", pool, vols)
	}
}
