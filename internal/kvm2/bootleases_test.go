package kvm2

import (
	"context"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

const pinnedMAC = "52:54:00:36:00:01"

// staleLease is the lease an earlier boot with pinnedMAC left on the default network: its address,
// expiring some minutes from now (a lease taken before this boot).
func staleLease() libvirt.NetworkDhcpLease {
	return libvirt.NetworkDhcpLease{Iface: "virbr0", Type: int32(libvirt.IPAddrTypeIpv4), Mac: libvirt.OptString{pinnedMAC},
		Ipaddr: "192.168.122.36", Prefix: 24, Expirytime: time.Now().Unix() + 600}
}

// TestGet_aLeaseFromBeforeTheBootIsNoAddress (issue 36, item 1): a VM made with a fixed MAC whose
// network still holds the lease a previous VM with that MAC took (a replacement with a DHCP
// reservation) has no address until its own guest takes a lease: neither Create's read nor a
// later Get reports the old lease's address. Once the guest's lease is newer, it is reported.
func TestGet_aLeaseFromBeforeTheBootIsNoAddress(t *testing.T) {
	h := newCore(t)
	h.fb.AddNetworkLease(fake.DefaultNetwork, staleLease())
	inst := h.create(func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: pinnedMAC}} })
	if inst.IPv4 != "" {
		t.Fatalf("Create read %q: the lease of the previous boot with this MAC", inst.IPv4)
	}
	if got := h.get(t); got.IPv4 != "" {
		t.Fatalf("Get read %q: the lease of the previous boot with this MAC", got.IPv4)
	}
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Lease = []libvirt.DomainInterface{iface(pinnedMAC, ipv4("192.168.122.36"))}
	})
	if got := h.get(t); got.IPv4 != "192.168.122.36" {
		t.Fatalf("Get read %q once the guest took its lease, want 192.168.122.36", got.IPv4)
	}
}

// TestSetRunning_aLeaseFromTheLastBootIsNoAddress: a VM stopped and started again has no address
// from the lease its last boot took until the guest renews it.
func TestSetRunning_aLeaseFromTheLastBootIsNoAddress(t *testing.T) {
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: pinnedMAC}} })
	if _, err := h.c.SetRunning(context.Background(), vmID, labUID, false); err != nil {
		t.Fatal(err)
	}
	h.fb.AddNetworkLease(fake.DefaultNetwork, staleLease())
	inst, err := h.c.SetRunning(context.Background(), vmID, labUID, true)
	if err != nil {
		t.Fatal(err)
	}
	if inst.IPv4 != "" {
		t.Fatalf("the start read %q: the lease of the last boot", inst.IPv4)
	}
	if got := h.get(t); got.IPv4 != "" {
		t.Fatalf("Get read %q: the lease of the last boot", got.IPv4)
	}
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Lease = []libvirt.DomainInterface{iface(pinnedMAC, ipv4("192.168.122.36"))}
	})
	if got := h.get(t); got.IPv4 != "192.168.122.36" {
		t.Fatalf("Get read %q once the guest renewed its lease, want 192.168.122.36", got.IPv4)
	}
}
