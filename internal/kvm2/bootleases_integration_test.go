//go:build integration

package kvm2

// The address of a VM replaced with a fixed MAC and a DHCP reservation, on the real host (issue
// 36, item 1): the network keeps the replaced VM's lease, and libvirt's lease source reports it
// for the new domain with that MAC until the new guest asks for its own.

import (
	"context"
	"os/exec"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// leaseExpiry is the latest expiry of the leases network holds for mac (0: none).
func leaseExpiry(t *testing.T, l *libvirt.Libvirt, network, mac string) int64 {
	t.Helper()
	n, err := l.NetworkLookupByName(network)
	if err != nil {
		t.Fatal(err)
	}
	leases, _, err := l.NetworkGetDhcpLeases(n, libvirt.OptString{mac}, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var latest int64
	for _, le := range leases {
		latest = max(latest, le.Expirytime)
	}
	return latest
}

// TestLabGet_aReplacedVMWaitsForItsOwnLease: a VM with a pinned MAC and a reservation is
// replaced (deleted, then made again with the same MAC). The new VM reports no address while the
// network holds only the old VM's lease, and the address it first reports comes with a lease
// newer than the old one: an address wait on it ends only once the new guest holds its lease.
func TestLabGet_aReplacedVMWaitsForItsOwnLease(t *testing.T) {
	const name, mac, ip = "it-bootlease", "52:54:00:36:01:01", "192.168.123.249"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, name)
	t.Cleanup(func() { owSweep(t, l, name) })
	c, _ := labClient(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	host := "<host mac='" + mac + "' ip='" + ip + "'/>"
	_ = exec.Command("virsh", "-c", "qemu:///system", "net-update", env.network, "delete", "ip-dhcp-host", host, "--live", "--config").Run()
	virsh(t, "net-update", env.network, "add", "ip-dhcp-host", host, "--live", "--config")
	t.Cleanup(func() {
		_ = exec.Command("virsh", "-c", "qemu:///system", "net-update", env.network, "delete", "ip-dhcp-host", host, "--live", "--config").Run()
	})
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = c.DeleteBaseImage(context.Background(), base.ID, imagecache.Recorded(base.SHA256, base.Path))
	})
	id := rules.FormatID("lab", name)
	req := itRequest(name, rules.FirmwareBIOS, 128)
	req.BaseImageID, req.NICs = base.ID, []definition.NIC{{Network: env.network, MAC: mac}}

	first, err := c.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if got := waitForAddress(t, c, id, first.UID); got.IPv4 != ip {
		t.Fatalf("the first VM has %q, want its reservation %s", got.IPv4, ip)
	}
	old := leaseExpiry(t, l, env.network, mac)
	if err := c.Delete(ctx, id, first.UID); err != nil {
		t.Fatal(err)
	}
	// A client of its own, as the next terraform apply would have: nothing of the first create
	// is remembered.
	c2, _ := labClient(t, env)
	second, err := c2.Create(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	held := leaseExpiry(t, l, env.network, mac)
	t.Logf("the old VM's lease expires at %d; right after the create the network's latest for %s expires at %d, and the create read %q",
		old, mac, held, second.IPv4)
	if held != old {
		t.Logf("the new guest already renewed the lease: the case this test is about did not arise")
	} else if second.IPv4 != "" {
		t.Fatalf("the new VM read %q from the old VM's lease", second.IPv4)
	}
	got := waitForAddress(t, c2, id, second.UID)
	if now := leaseExpiry(t, l, env.network, mac); now <= old {
		t.Fatalf("the new VM reported %s while the network held only the old VM's lease (expiry %d, now %d)", got.IPv4, old, now)
	}
	if got.IPv4 != ip {
		t.Fatalf("the new VM has %q, want its reservation %s", got.IPv4, ip)
	}
	if err := c2.Delete(ctx, id, second.UID); err != nil {
		t.Fatal(err)
	}
}
