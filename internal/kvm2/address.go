package kvm2

import (
	"context"
	"net"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Where a VM's address comes from (the network's DHCP lease or the guest agent) and which of the
// addresses a source reports is the VM's.

// addressSources is the order in which inst's address is asked for. On a libvirt network
// without network_config the guest takes its address by DHCP, so the network's lease answers in
// one call even before the guest agent runs; the agent is asked when there is no lease. With
// network_config (a static address, no lease) the agent is asked first. A bridge has no lease
// libvirt knows of: only the agent can tell.
func addressSources(inst Instance) []libvirt.DomainInterfaceAddressesSource {
	agent, lease := libvirt.DomainInterfaceAddressesSrcAgent, libvirt.DomainInterfaceAddressesSrcLease
	switch {
	case inst.Network == "":
		return []libvirt.DomainInterfaceAddressesSource{agent}
	case inst.NetworkConfig == "":
		return []libvirt.DomainInterfaceAddressesSource{lease, agent}
	}
	return []libvirt.DomainInterfaceAddressesSource{agent, lease}
}

// address returns the domain's IPv4 address from the first of sources that has one. libvirt
// refusing a source (agent not connected, no lease support) means "no address from it", not a
// failure; a transport failure or an ended ctx is returned, so a cancelled read is never
// mistaken for a guest without an address.
//
// The lease source is taken from snap's leases of network when snap can tell (see leaseIPv4).
func address(ctx context.Context, b backend.Backend, snap *hostSnapshot, dom libvirt.Domain, network, mac string, sources []libvirt.DomainInterfaceAddressesSource) (string, error) {
	for _, src := range sources {
		if src == libvirt.DomainInterfaceAddressesSrcLease {
			if ip, ok := snap.leaseIPv4(ctx, b, network, mac); ok {
				if ip != "" {
					return ip, nil
				}
				continue
			}
		}
		ifaces, err := b.DomainInterfaceAddresses(ctx, dom, src)
		if err != nil && !kvmerr.IsLibvirtError(err) {
			return "", err
		}
		if ip := pickIPv4(ifaces, mac); ip != "" {
			return ip, nil
		}
	}
	return "", nil
}

// pickIPv4 chooses the usable IPv4 address of the interface with mac, or of the first
// interface that has one when none matches. Loopback and link-local addresses are skipped, as
// is an address whose type tag and literal disagree.
func pickIPv4(ifaces []libvirt.DomainInterface, mac string) string {
	first := ""
	for _, iface := range ifaces {
		ip := usableIPv4(iface.Addrs)
		if ip == "" {
			continue
		}
		if mac != "" && len(iface.Hwaddr) > 0 && rules.SameMAC(iface.Hwaddr[0], mac) {
			return ip
		}
		if first == "" {
			first = ip
		}
	}
	return first
}

func usableIPv4(addrs []libvirt.DomainIPAddr) string {
	for _, a := range addrs {
		if a.Type != int32(libvirt.IPAddrTypeIpv4) {
			continue
		}
		ip := net.ParseIP(a.Addr).To4()
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
			continue
		}
		return ip.String()
	}
	return ""
}
