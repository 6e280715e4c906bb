package kvm2

import (
	"context"
	"reflect"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

func ipv6(addr string) libvirt.DomainIPAddr {
	return libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv6), Addr: addr, Prefix: 64}
}

const (
	nic0MAC = "52:54:00:cc:00:01"
	nic1MAC = "52:54:00:cc:00:02"
)

// twoNICVM creates the VM with a NIC on the default network (IPv4, and IPv6 when dual) and one
// on v6net, which serves IPv6 alone, and gives it the lease and agent answers.
func twoNICVM(t *testing.T, dual bool, lease, agent []libvirt.DomainInterface) *coreHarness {
	t.Helper()
	h := newCore(t)
	h.fb.AddNetwork("v6net", true)
	h.fb.SetNetworkFamilies("v6net", false, true)
	h.fb.SetNetworkFamilies(fake.DefaultNetwork, true, dual)
	h.create(func(r *CreateRequest) {
		r.NICs = []definition.NIC{{MAC: nic0MAC}, {Network: "v6net", MAC: nic1MAC}}
	})
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Lease, d.Agent = lease, agent })
	return h
}

func (h *coreHarness) get(t *testing.T) Instance {
	t.Helper()
	h.fb.ResetCalls()
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func addrsOf(inst Instance) [][2][]string {
	var out [][2][]string
	for _, n := range inst.NICs {
		out = append(out, [2][]string{n.IPv4, n.IPv6})
	}
	return out
}

// Each NIC gets the addresses of the interface with its MAC: the first NIC's IPv4 from its
// network's lease, the second's IPv6 (RA only, so no lease) from the agent, asked because the
// second NIC still missed the family its network serves.
func TestGet_eachNICHasItsAddresses(t *testing.T) {
	h := twoNICVM(t, false,
		[]libvirt.DomainInterface{iface(nic0MAC, ipv4("192.168.122.20"))},
		[]libvirt.DomainInterface{
			iface("00:00:00:00:00:00", ipv4("127.0.0.1"), ipv6("::1")),
			iface(nic0MAC, ipv4("192.168.122.20"), ipv6("fe80::5054:ff:fecc:1")),
			iface(nic1MAC, ipv6("fe80::5054:ff:fecc:2"), ipv6("fd6b:766d:7a03::7"), ipv6("2001:db8:3::7")),
		})
	inst := h.get(t)
	want := [][2][]string{{{"192.168.122.20"}, nil}, {nil, {"2001:db8:3::7", "fd6b:766d:7a03::7"}}}
	if got := addrsOf(inst); !reflect.DeepEqual(got, want) {
		t.Fatalf("addresses %v, want %v", got, want)
	}
	if inst.IPv4 != "192.168.122.20" || inst.IPv6 != "" || inst.NICs[1].Network != "v6net" || inst.NICs[1].MAC != nic1MAC {
		t.Fatalf("instance %+v", inst)
	}
	if n := h.fb.Count("DomainInterfaceAddresses"); n != 2 {
		t.Fatalf("%d address reads, want the lease and the agent", n)
	}
}

// On a dual-stack network the lease's IPv4 is not enough: the agent gives the IPv6 address,
// global before unique-local, link-local never. Link-local alone is no address.
func TestGet_dualStackNICAsksTheAgentForIPv6(t *testing.T) {
	h := twoNICVM(t, true,
		[]libvirt.DomainInterface{iface(nic0MAC, ipv4("192.168.122.21"))},
		[]libvirt.DomainInterface{
			iface(nic0MAC, ipv6("fd00:122::21"), ipv6("fe80::1"), ipv6("2001:db8::21"), ipv4("192.168.122.21")),
			iface(nic1MAC, ipv6("fe80::2")),
		})
	inst := h.get(t)
	want := [][2][]string{{{"192.168.122.21"}, {"2001:db8::21", "fd00:122::21"}}, {nil, nil}}
	if got := addrsOf(inst); !reflect.DeepEqual(got, want) {
		t.Fatalf("addresses %v, want %v", got, want)
	}
	if inst.IPv6 != "2001:db8::21" {
		t.Fatalf("IPv6 %q, want the global address", inst.IPv6)
	}
}

// A VM with one NIC whose interface has no IPv4 address yet does not take another guest
// interface's (docker0's, a VPN's): an address is a NIC's by its MAC alone, and the NIC keeps its
// own global IPv6 address (issue 35, defect 3).
func TestGet_oneNICNeverTakesAnotherInterfacesAddress(t *testing.T) {
	h := newCore(t)
	h.fb.SetNetworkFamilies(fake.DefaultNetwork, true, true)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Agent = []libvirt.DomainInterface{
			iface("00:00:00:00:00:00", ipv4("127.0.0.1"), ipv6("::1")),
			iface("02:42:ac:11:00:01", ipv4("172.17.0.1")),
			iface(markedMAC, ipv6("fe80::5054:ff:fe00:1"), ipv6("2001:db8::35")),
		}
	})
	inst := h.get(t)
	if inst.IPv4 != "" || inst.IPv6 != "2001:db8::35" {
		t.Fatalf("addresses %q %q, want no IPv4 and the NIC's own IPv6", inst.IPv4, inst.IPv6)
	}
	if got := addrsOf(inst); !reflect.DeepEqual(got, [][2][]string{{nil, {"2001:db8::35"}}}) {
		t.Fatalf("addresses %v", got)
	}
}

// With two NICs an address goes to a NIC by MAC alone: an interface the source reports under
// another MAC is neither NIC's.
func TestGet_withTwoNICsAnAddressGoesByMACAlone(t *testing.T) {
	h := twoNICVM(t, false, nil,
		[]libvirt.DomainInterface{iface("52:54:00:ee:ee:ee", ipv4("10.9.9.9"), ipv6("2001:db8::9"))})
	inst := h.get(t)
	if got := addrsOf(inst); !reflect.DeepEqual(got, [][2][]string{{nil, nil}, {nil, nil}}) {
		t.Fatalf("addresses %v, want none: no interface has a NIC's MAC", got)
	}
}

// A NIC on a network that serves IPv6 alone, whose DHCPv6 lease carries its MAC, is complete
// with that lease: the agent is not asked, and no IPv4 address is waited for.
func TestGet_anIPv6OnlyNetworksLeaseIsEnough(t *testing.T) {
	h := newCore(t)
	h.fb.SetNetworkFamilies(fake.DefaultNetwork, false, true)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Lease = []libvirt.DomainInterface{iface(markedMAC, ipv6("fd00:122::30"))}
		d.Agent = []libvirt.DomainInterface{iface(markedMAC, ipv6("fd00:122::31"))}
	})
	inst := h.get(t)
	if inst.IPv4 != "" || inst.IPv6 != "fd00:122::30" {
		t.Fatalf("addresses %q %q, want the lease's IPv6 alone", inst.IPv4, inst.IPv6)
	}
	if n := h.fb.Count("DomainInterfaceAddresses"); n != 1 {
		t.Fatalf("%d address reads, want the lease alone", n)
	}
}

// The cost of a Get of a running VM with a NIC on an IPv4 network and one on a dual-stack
// network that serves IPv6 by router advertisements alone: the four RPCs of one NIC and the
// agent, for the second NIC's IPv6 address; the first Get of a process also reads each
// network's families once (a lookup and its definition).
func TestGet_twoNICsCostFiveRPCs(t *testing.T) {
	h := twoNICVM(t, false,
		[]libvirt.DomainInterface{iface(nic0MAC, ipv4("192.168.122.20")), iface(nic1MAC, ipv4("192.168.125.20"))},
		[]libvirt.DomainInterface{iface(nic1MAC, ipv4("192.168.125.20"), ipv6("fd6b:766d:7a03::20"))})
	h.fb.SetNetworkFamilies("v6net", true, true)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = true })
	first := h.get(t)
	wantRPCs(t, h.fb, "DomainGetXMLDesc,DomainGetState,DomainGetAutostart,DomainInterfaceAddresses,"+
		"NetworkLookupByName,NetworkGetXMLDesc,NetworkLookupByName,NetworkGetXMLDesc,DomainInterfaceAddresses")
	again := h.get(t)
	wantRPCs(t, h.fb, "DomainGetXMLDesc,DomainGetState,DomainGetAutostart,DomainInterfaceAddresses,DomainInterfaceAddresses")
	want := [][2][]string{{{"192.168.122.20"}, nil}, {{"192.168.125.20"}, {"fd6b:766d:7a03::20"}}}
	if !reflect.DeepEqual(addrsOf(first), want) || !reflect.DeepEqual(addrsOf(again), want) {
		t.Fatalf("addresses %v then %v, want %v", addrsOf(first), addrsOf(again), want)
	}
}
