// Package providertest holds what the Terraform surface's unit tests share, in every family's
// package: an in-memory libvirt host "lab" with an HTTP server serving a small base image, the
// real core on it, and what tests do on it outside Terraform (an out-of-band create or delete,
// an address for every domain).
package providertest

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

// HostKey is the host key the tests' host configurations pin.
const HostKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWbyM1B3u5XfSxmD8TVPkItwTFf3hJxvK3NRZ8ubJ7R"

// FastRetry is a retry policy that keeps unit tests fast.
var FastRetry = corecall.RetryPolicy{Initial: 5 * time.Millisecond, Max: 20 * time.Millisecond, Poll: 10 * time.Millisecond}

// FakeHost is one in-memory libvirt host "lab" plus an HTTP server serving a small base image,
// shared by every provider instance a test case starts (terraform starts one per command).
type FakeHost struct {
	T        testing.TB
	FB       *fake.Backend
	Pool     *fake.Pool
	HTTP     *httptest.Server
	ImageURL string
	ImageSHA string
}

// FakeImage is the served base image: a qcow2 version 3 header without backing file (the
// provider refuses any other qcow2), then some data; the fake host does not look inside it.
var FakeImage = func() []byte {
	h := make([]byte, 104, 160)
	copy(h, "QFI\xfb")
	binary.BigEndian.PutUint32(h[4:], 3)
	binary.BigEndian.PutUint32(h[20:], 16)
	binary.BigEndian.PutUint64(h[24:], 1<<30)
	binary.BigEndian.PutUint32(h[96:], 4)
	binary.BigEndian.PutUint32(h[100:], 104)
	return append(h, " provider unit test base image"...)
}()

// NewFakeHost starts the fake host and its image server; both end with t.
func NewFakeHost(t testing.TB) *FakeHost {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/base.qcow2" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(FakeImage)))
		_, _ = w.Write(FakeImage)
	}))
	t.Cleanup(srv.Close)
	sum := sha256.Sum256(FakeImage)
	fb := fake.New("lab")
	return &FakeHost{
		T: t, FB: fb, Pool: fake.NewPool(fb), HTTP: srv,
		ImageURL: srv.URL + "/base.qcow2", ImageSHA: hex.EncodeToString(sum[:]),
	}
}

// NewClient is the provider's client factory in tests: the real core on the fake host.
func (h *FakeHost) NewClient(cfg hostconfig.Config) (*kvm2.Client, error) {
	return kvm2.New(cfg, kvm2.WithPool(h.Pool), kvm2.WithLogger(corecall.TflogLogger{}), kvm2.WithHTTPClient(h.HTTP.Client()))
}

// Client is a core client for test setup outside terraform (out-of-band changes).
func (h *FakeHost) Client() *kvm2.Client {
	h.T.Helper()
	c, err := h.NewClient(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": {
		Address: "127.0.0.1", PrivateKey: "k", HostKey: HostKey,
	}}})
	if err != nil {
		h.T.Fatal(err)
	}
	return c
}

// Data is what a configured provider hands its resources, on the fake host.
func (h *FakeHost) Data() *corecall.Data {
	return &corecall.Data{Client: h.Client(), Hosts: map[string]hostconfig.HostConfig{"lab": {Address: "127.0.0.1"}},
		Retry: FastRetry, Lookups: corecall.NewPlanLookups()}
}

// GiveAddress makes the DHCP lease source report addr for every domain from now on, on its first
// NIC's MAC, as libvirt's lease source names each lease's interface.
func (h *FakeHost) GiveAddress(addr string) {
	h.FB.Inject("DomainInterfaceAddresses", func(_ context.Context, c fake.Call) error {
		h.FB.UpdateDomain(c.Target, func(d *fake.Domain) {
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

// CreateOutOfBand makes a marked VM (and its base image) through the core, as another
// configuration or an earlier tool would have: uid "oob-<name>", no address wait.
func (h *FakeHost) CreateOutOfBand(name, tag, userData string) {
	h.T.Helper()
	h.CreateOutOfBandWith(name, tag, userData, nil)
}

// CreateOutOfBandWith is CreateOutOfBand with the core request changed by mutate.
func (h *FakeHost) CreateOutOfBandWith(name, tag, userData string, mutate func(*kvm2.CreateRequest)) {
	h.T.Helper()
	c := h.Client()
	ctx := context.Background()
	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Name: "base.qcow2", SourceURL: h.ImageURL})
	if err != nil {
		h.T.Fatal(err)
	}
	req := kvm2.CreateRequest{
		Host: "lab", Name: name, UID: "oob-" + name, BaseImageID: img.ID, VCPUs: 1, MemoryMiB: 128,
		DiskGiB: 10, Firmware: rules.FirmwareBIOS, Tag: tag, UserData: []byte(userData), Running: true, Autostart: true,
	}
	if mutate != nil {
		mutate(&req)
	}
	if _, err = c.Create(ctx, req); err != nil {
		h.T.Fatal(err)
	}
}

// SeedReads counts the seed volume reads on every connection to the fake host.
func (h *FakeHost) SeedReads() int {
	n := h.FB.Count("StorageVolDownload")
	for _, d := range h.Pool.DedicatedBackends("lab") {
		n += d.Count("StorageVolDownload")
	}
	return n
}

// DeleteOutOfBand removes a VM through the core.
func (h *FakeHost) DeleteOutOfBand(id string) {
	h.T.Helper()
	DeleteThroughCore(h.T, h.Client(), id)
}

// DeleteThroughCore removes the marked VM id as another tool would: it reads the UID the VM's
// mark carries, then deletes the VM with it.
func DeleteThroughCore(t testing.TB, c *kvm2.Client, id string) {
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
