// Package address is a VM's addresses: where they come from (the network's DHCP leases or the
// guest agent) and which of the addresses a source reports belong to which NIC (address.go), the
// leases a start finds, so that no earlier boot's lease reads as the new one's (bootleases.go),
// and the wait for an address after a start (wait.go).
package address

import (
	"context"
	"net"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostfacts"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// NIC is one network interface of a VM: what its definition says of it, and the addresses the
// host reports.
type NIC struct {
	definition.NIC
	// IPv4 is the NIC's usable IPv4 addresses (no loopback or link-local); IPv6 its usable IPv6
	// addresses, global ones before unique-local ones, never link-local.
	IPv4 []string
	IPv6 []string
}

// Sources is the order in which the addresses of a VM are asked for, by its first NIC's network
// ("" on a bridge) and its network_config. On a libvirt network without network_config the
// guest takes its address by DHCP, so the network's lease answers in one call even before the
// guest agent runs; the agent is asked when a NIC's address is still missing. With
// network_config (a static address, no lease) the agent is asked first. A bridge has no lease
// libvirt knows of: only the agent can tell. The first NIC decides the order.
func Sources(network, networkConfig string) []libvirt.DomainInterfaceAddressesSource {
	agent, lease := libvirt.DomainInterfaceAddressesSrcAgent, libvirt.DomainInterfaceAddressesSrcLease
	switch {
	case network == "":
		return []libvirt.DomainInterfaceAddressesSource{agent}
	case networkConfig == "":
		return []libvirt.DomainInterfaceAddressesSource{lease, agent}
	}
	return []libvirt.DomainInterfaceAddressesSource{agent, lease}
}

// Read sets the addresses of each of nics, the NICs of dom, from sources, in order, until every
// NIC has each family it expects (complete). A source's addresses go to a NIC by its MAC alone,
// however many NICs the VM has: a guest's other interfaces (docker0, a VPN) carry addresses too,
// and none of them is the VM's. A NIC keeps what an earlier source gave it of a family. libvirt
// refusing a source (agent not connected, no lease support) means "no address from it", not a
// failure; a transport failure or an ended ctx is returned, so a cancelled read is never
// mistaken for a guest without an address.
//
// The lease source of a domain boots started takes only the leases of that start
// (bootleases.go); of any other, it is taken from snap's leases when snap can tell for every NIC
// on a network. facts keeps the families each network serves (hostfacts.Facts.NetworkFamilies).
func Read(ctx context.Context, b backend.Backend, snap *hostwide.Snapshot, dom libvirt.Domain, nics []NIC, sources []libvirt.DomainInterfaceAddressesSource, boots *Boots, facts *hostfacts.Facts) error {
	for i, src := range sources {
		var ifaces []libvirt.DomainInterface
		known := false
		if src == libvirt.DomainInterfaceAddressesSrcLease {
			if before := boots.before(b.Host(), dom.UUID); before != nil {
				// A start boots recorded: no earlier boot's lease is this one's (bootleases.go).
				var err error
				if ifaces, err = leasesSince(ctx, b, nics, before); err != nil && !kvmerr.IsLibvirtError(err) {
					return err
				}
				known = true
			} else {
				ifaces, known = snapshotLeases(ctx, b, snap, nics)
			}
		}
		if !known {
			var err error
			ifaces, err = b.DomainInterfaceAddresses(ctx, dom, src)
			if err != nil && !kvmerr.IsLibvirtError(err) {
				return err
			}
		}
		assign(nics, ifaces)
		if i == len(sources)-1 || complete(ctx, b, nics, facts) {
			break
		}
	}
	return nil
}

// snapshotLeases is the lease source from snap, as libvirt's lease source answers it; false
// when snap cannot tell for some NIC on a network.
func snapshotLeases(ctx context.Context, b backend.Backend, snap *hostwide.Snapshot, nics []NIC) ([]libvirt.DomainInterface, bool) {
	var out []libvirt.DomainInterface
	for _, n := range nics {
		if n.Network == "" {
			continue
		}
		addrs, ok := snap.LeaseAddrs(ctx, b, n.Network, n.MAC)
		if !ok {
			return nil, false
		}
		out = append(out, libvirt.DomainInterface{Hwaddr: libvirt.OptString{n.MAC}, Addrs: addrs})
	}
	return out, true
}

// assign gives each NIC the usable addresses of the interface with its MAC, for each family it
// has none of yet.
func assign(nics []NIC, ifaces []libvirt.DomainInterface) {
	for i := range nics {
		n := &nics[i]
		j := slices.IndexFunc(ifaces, func(iface libvirt.DomainInterface) bool {
			return n.MAC != "" && len(iface.Hwaddr) > 0 && rules.SameMAC(iface.Hwaddr[0], n.MAC)
		})
		if j < 0 {
			continue
		}
		if len(n.IPv4) == 0 {
			n.IPv4 = UsableIPv4(ifaces[j].Addrs)
		}
		if len(n.IPv6) == 0 {
			n.IPv6 = UsableIPv6(ifaces[j].Addrs)
		}
	}
}

// complete reports whether every NIC has each family its network serves (an IPv4 address on a
// bridge, whose families libvirt does not know), so no further source is asked.
func complete(ctx context.Context, b backend.Backend, nics []NIC, facts *hostfacts.Facts) bool {
	for _, n := range nics {
		has4, has6 := len(n.IPv4) > 0, len(n.IPv6) > 0
		switch {
		case has4 && (has6 || n.Network == ""):
			continue
		case n.Network == "" || !has4 && !has6:
			return false
		}
		v4, v6 := facts.NetworkFamilies(ctx, b, n.Network)
		if v4 && len(n.IPv4) == 0 || v6 && len(n.IPv6) == 0 {
			return false
		}
	}
	return true
}

// UsableIPv4 is the IPv4 addresses of addrs a VM can be reached at: not loopback, link-local or
// unspecified, and not one whose type tag and literal disagree.
func UsableIPv4(addrs []libvirt.DomainIPAddr) []string {
	var out []string
	for _, a := range addrs {
		if a.Type != int32(libvirt.IPAddrTypeIpv4) {
			continue
		}
		ip := net.ParseIP(a.Addr).To4()
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
			continue
		}
		out = append(out, ip.String())
	}
	return out
}

// UsableIPv6 is the IPv6 addresses of addrs a VM can be reached at, global ones before unique
// local ones (fc00::/7): never link-local, loopback, multicast or unspecified, and not one whose
// type tag and literal disagree.
func UsableIPv6(addrs []libvirt.DomainIPAddr) []string {
	var global, local []string
	for _, a := range addrs {
		if a.Type != int32(libvirt.IPAddrTypeIpv6) {
			continue
		}
		ip := net.ParseIP(a.Addr)
		if ip == nil || ip.To4() != nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsMulticast() || ip.IsUnspecified() {
			continue
		}
		if ip.IsPrivate() {
			local = append(local, ip.String())
		} else {
			global = append(global, ip.String())
		}
	}
	return append(global, local...)
}
