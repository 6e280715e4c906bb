package provider

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// fakeHost is one in-memory libvirt host "lab" plus an HTTP server serving a small base image,
// shared by every provider instance a test case starts (terraform starts one per command).
type fakeHost struct {
	t        testing.TB
	fb       *fake.Backend
	pool     *fake.Pool
	http     *httptest.Server
	imageURL string
	imageSHA string
}

// fakeImage is the served base image: a qcow2 version 3 header without backing file (the
// provider refuses any other qcow2), then some data; the fake host does not look inside it.
var fakeImage = func() []byte {
	h := make([]byte, 104, 160)
	copy(h, "QFI\xfb")
	binary.BigEndian.PutUint32(h[4:], 3)
	binary.BigEndian.PutUint32(h[20:], 16)
	binary.BigEndian.PutUint64(h[24:], 1<<30)
	binary.BigEndian.PutUint32(h[96:], 4)
	binary.BigEndian.PutUint32(h[100:], 104)
	return append(h, " provider unit test base image"...)
}()

func newFakeHost(t testing.TB) *fakeHost {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/base.qcow2" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(fakeImage)))
		_, _ = w.Write(fakeImage)
	}))
	t.Cleanup(srv.Close)
	sum := sha256.Sum256(fakeImage)
	fb := fake.New("lab")
	return &fakeHost{
		t: t, fb: fb, pool: fake.NewPool(fb), http: srv,
		imageURL: srv.URL + "/base.qcow2", imageSHA: hex.EncodeToString(sum[:]),
	}
}

// newClient is the ClientFactory of the test: the real core on the fake host.
func (h *fakeHost) newClient(cfg kvm2.Config) (*kvm2.Client, error) {
	return kvm2.New(cfg, kvm2.WithPool(h.pool), kvm2.WithLogger(tflogLogger{}), kvm2.WithHTTPClient(h.http.Client()))
}

// client is a core client for test setup outside terraform (out-of-band changes).
func (h *fakeHost) client() *kvm2.Client {
	h.t.Helper()
	c, err := h.newClient(kvm2.Config{Hosts: map[string]kvm2.HostConfig{"lab": {
		Address: "127.0.0.1", PrivateKey: "k", HostKey: testHostKey,
	}}})
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// giveAddress makes the DHCP lease source report addr for every domain from now on, on its first
// NIC's MAC, as libvirt's lease source names each lease's interface.
func (h *fakeHost) giveAddress(addr string) {
	h.fb.Inject("DomainInterfaceAddresses", func(_ context.Context, c fake.Call) error {
		h.fb.UpdateDomain(c.Target, func(d *fake.Domain) {
			var mac libvirt.OptString
			if facts, err := definition.ParseDomain(d.XML); err == nil && len(facts.MACs) > 0 {
				mac = libvirt.OptString{facts.MACs[0]}
			}
			d.Lease = []libvirt.DomainInterface{{Name: "vnet0", Hwaddr: mac, Addrs: []libvirt.DomainIPAddr{
				{Type: int32(libvirt.IPAddrTypeIpv4), Addr: addr, Prefix: 24},
			}}}
		})
		return nil
	})
}

// checkNothingLeft is a CheckDestroy: no domain and no volume other than base images remain.
func (h *fakeHost) checkNothingLeft(*terraform.State) error {
	if names := h.fb.DomainNames(); len(names) != 0 {
		return fmt.Errorf("domains left on the host: %v", names)
	}
	if vols := h.fb.VolumeNames(fake.DefaultPool); len(vols) != 0 {
		return fmt.Errorf("volumes left in the pool: %v", vols)
	}
	return nil
}

// config is the provider block for the fake host followed by body.
func (h *fakeHost) config(body string) string {
	return providerBlock(validHostAttrs) + body
}

// baseImage is a kvm2_base_image "base" served by the fake host's HTTP server.
func (h *fakeHost) baseImage() string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = "base.qcow2"
  source_url = %q
}
`, h.imageURL)
}

// checkNoDomains is a CheckDestroy for tests whose base image was made outside terraform.
func (h *fakeHost) checkNoDomains(*terraform.State) error {
	if names := h.fb.DomainNames(); len(names) != 0 {
		return fmt.Errorf("domains left on the host: %v", names)
	}
	return nil
}

// createOutOfBand makes a marked VM (and its base image) through the core, as another
// configuration or an earlier tool would have: uid "oob-<name>", no address wait.
func (h *fakeHost) createOutOfBand(name, tag, userData string) {
	h.t.Helper()
	h.createOutOfBandWith(name, tag, userData, nil)
}

// createOutOfBandWith is createOutOfBand with the core request changed by mutate.
func (h *fakeHost) createOutOfBandWith(name, tag, userData string, mutate func(*kvm2.CreateRequest)) {
	h.t.Helper()
	c := h.client()
	ctx := context.Background()
	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Name: "base.qcow2", SourceURL: h.imageURL})
	if err != nil {
		h.t.Fatal(err)
	}
	req := kvm2.CreateRequest{
		Host: "lab", Name: name, UID: "oob-" + name, BaseImageID: img.ID, VCPUs: 1, MemoryMiB: 128,
		DiskGiB: 10, Firmware: rules.FirmwareBIOS, Tag: tag, UserData: []byte(userData), Running: true, Autostart: true,
	}
	if mutate != nil {
		mutate(&req)
	}
	if _, err = c.Create(ctx, req); err != nil {
		h.t.Fatal(err)
	}
}

// seedReads counts the seed volume reads on every connection to the fake host.
func (h *fakeHost) seedReads() int {
	n := h.fb.Count("StorageVolDownload")
	for _, d := range h.pool.DedicatedBackends("lab") {
		n += d.Count("StorageVolDownload")
	}
	return n
}

// deleteOutOfBand removes a VM through the core.
func (h *fakeHost) deleteOutOfBand(id string) {
	h.t.Helper()
	deleteThroughCore(h.t, h.client(), id)
}

// deleteThroughCore removes the marked VM id as another tool would: it reads the UID the VM's
// mark carries, then deletes the VM with it.
func deleteThroughCore(t testing.TB, c *kvm2.Client, id string) {
	t.Helper()
	ctx := context.Background()
	inst, err := c.Get(ctx, id, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(ctx, id, inst.UID); err != nil {
		t.Fatal(err)
	}
}
