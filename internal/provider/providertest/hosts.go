package providertest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
)

// TwoHosts is a core client over two fake hosts, lab and lab2, each with base image
// "base.qcow2" in its default pool.
type TwoHosts struct {
	H        *FakeHost
	Lab2     *fake.Backend
	Client   *kvm2.Client
	Lab2Base string
	LabBase  string
}

// NewTwoHosts makes both hosts and their base images, then forgets the calls that took.
func NewTwoHosts(t *testing.T) *TwoHosts {
	t.Helper()
	h := NewFakeHost(t)
	lab2 := fake.New("lab2")
	c, err := kvm2.New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{
		"lab":  {Address: "127.0.0.1", PrivateKey: "k", HostKey: HostKey},
		"lab2": {Address: "127.0.0.2", PrivateKey: "k", HostKey: HostKey},
	}}, kvm2.WithPool(fake.NewPool(h.FB, lab2)), kvm2.WithHTTPClient(h.HTTP.Client()))
	if err != nil {
		t.Fatal(err)
	}
	p := &TwoHosts{H: h, Lab2: lab2, Client: c}
	for host, id := range map[string]*string{"lab": &p.LabBase, "lab2": &p.Lab2Base} {
		img, err := c.EnsureBaseImage(context.Background(), imagecache.BaseImageRequest{Host: host, Name: "base.qcow2", SourceURL: h.ImageURL})
		if err != nil {
			t.Fatal(err)
		}
		*id = img.ID
	}
	h.FB.ResetCalls()
	return p
}

// AddDomains adds n foreign domains to b, domain i with MAC 52:54:00:00:<i/256>:<i%256>.
func AddDomains(b *fake.Backend, n int) {
	for i := range n {
		name := fmt.Sprintf("admin-%03d", i)
		mac := fmt.Sprintf("52:54:00:00:%02x:%02x", i/256, i%256)
		b.AddDomain(fake.Domain{Name: name, XML: "<domain type='qemu'><name>" + name + "</name><devices>" +
			"<interface type='network'><mac address='" + mac + "'/><source network='default'/></interface></devices></domain>"})
	}
}

// Slow makes every call of the methods on b take d, or until its ctx ends; entered, when not
// nil, gets a value as each call starts.
func Slow(b *fake.Backend, d time.Duration, entered chan<- struct{}, methods ...string) {
	for _, m := range methods {
		b.Inject(m, func(ctx context.Context, _ fake.Call) error {
			if entered != nil {
				select {
				case entered <- struct{}{}:
				default:
				}
			}
			select {
			case <-time.After(d):
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}
}
