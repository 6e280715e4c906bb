//go:build integration || ownership

package kvm2

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
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
	hc := hostconfig.HostConfig{
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
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{imgLabHost: hc}}, opts...)
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
