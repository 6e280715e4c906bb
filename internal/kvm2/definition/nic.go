package definition

import (
	"fmt"
	"strings"

	"libvirt.org/go/libvirtxml"
)

// A domain's network interfaces: what each is attached to, its address and its rate limits, as
// the definition writes them (nicXML, InterfaceXML) and reads them back (readNICs in facts.go).

// NIC is one network interface of a domain. A domain's NICs are in the order the guest sees
// them: the first is the one a VM's top-level network, bridge and address describe.
type NIC struct {
	// Exactly one of Network (a libvirt network) and Bridge (a host bridge) is set.
	Network string
	Bridge  string
	// MAC is the interface's address in lower case; empty lets libvirt choose one.
	MAC       string
	Bandwidth Bandwidth
}

// Bandwidth is a NIC's rate limits, each direction seen from the guest: Inbound is the traffic
// the guest receives, Outbound what it sends. A nil direction is not limited.
type Bandwidth struct {
	Inbound  *Rate
	Outbound *Rate
}

// Rate is one direction's limit, in libvirt's units: Average and Peak in KiB/s, Burst in KiB.
// Average is set whenever the direction is limited; a zero Peak or Burst is not set.
type Rate struct {
	Average uint
	Peak    uint
	Burst   uint
}

// IsZero reports whether neither direction is limited.
func (b Bandwidth) IsZero() bool { return b.Inbound == nil && b.Outbound == nil }

// Equal reports whether a and b limit the same directions alike.
func (b Bandwidth) Equal(o Bandwidth) bool {
	return sameRate(b.Inbound, o.Inbound) && sameRate(b.Outbound, o.Outbound)
}

func sameRate(a, b *Rate) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

// validateNIC is what the interface's XML needs: one attachment, and an average for a rate. The
// MAC's rule, and every other bound, is the core's (rules.ValidateNICs), checked before a spec
// is made.
func validateNIC(i int, n NIC) error {
	if (n.Network == "") == (n.Bridge == "") {
		return fmt.Errorf("interface %d: exactly one of network (%q) and bridge (%q) must be set", i, n.Network, n.Bridge)
	}
	for dir, r := range map[string]*Rate{"inbound": n.Bandwidth.Inbound, "outbound": n.Bandwidth.Outbound} {
		if r != nil && r.Average == 0 {
			return fmt.Errorf("interface %d: %s bandwidth has no average", i, dir)
		}
	}
	return nil
}

// nicXML is the virtio interface n describes.
func nicXML(n NIC) libvirtxml.DomainInterface {
	src := &libvirtxml.DomainInterfaceSource{}
	if n.Network != "" {
		src.Network = &libvirtxml.DomainInterfaceSourceNetwork{Network: n.Network}
	} else {
		src.Bridge = &libvirtxml.DomainInterfaceSourceBridge{Bridge: n.Bridge}
	}
	iface := libvirtxml.DomainInterface{
		Source: src,
		Model:  &libvirtxml.DomainInterfaceModel{Type: "virtio"},
	}
	if n.MAC != "" {
		iface.MAC = &libvirtxml.DomainInterfaceMAC{Address: strings.ToLower(n.MAC)}
	}
	if !n.Bandwidth.IsZero() {
		iface.Bandwidth = &libvirtxml.DomainInterfaceBandwidth{
			Inbound: rateXML(n.Bandwidth.Inbound), Outbound: rateXML(n.Bandwidth.Outbound),
		}
	}
	return iface
}

// interfaces is the devices of nics, in their order.
func interfaces(nics []NIC) []libvirtxml.DomainInterface {
	out := make([]libvirtxml.DomainInterface, len(nics))
	for i, n := range nics {
		out[i] = nicXML(n)
	}
	return out
}

// InterfaceXML renders n alone, as a device to attach to or detach from a domain.
func InterfaceXML(n NIC) (string, error) {
	if err := validateNIC(0, n); err != nil {
		return "", err
	}
	iface := nicXML(n)
	out, err := iface.Marshal()
	if err != nil {
		return "", fmt.Errorf("interface: marshal: %w", err)
	}
	return out, nil
}

func rateXML(r *Rate) *libvirtxml.DomainInterfaceBandwidthParams {
	if r == nil {
		return nil
	}
	set := func(v uint) *int {
		if v == 0 {
			return nil
		}
		n := int(v)
		return &n
	}
	return &libvirtxml.DomainInterfaceBandwidthParams{Average: set(r.Average), Peak: set(r.Peak), Burst: set(r.Burst)}
}

// readRate is rateXML read back: a direction without an average (libvirt's floor alone, which
// we never write) limits nothing we manage.
func readRate(p *libvirtxml.DomainInterfaceBandwidthParams) *Rate {
	if p == nil || p.Average == nil || *p.Average <= 0 {
		return nil
	}
	get := func(v *int) uint {
		if v == nil || *v < 0 {
			return 0
		}
		return uint(*v)
	}
	return &Rate{Average: get(p.Average), Peak: get(p.Peak), Burst: get(p.Burst)}
}

// readBandwidth is a NIC's limits as its definition holds them.
func readBandwidth(b *libvirtxml.DomainInterfaceBandwidth) Bandwidth {
	if b == nil {
		return Bandwidth{}
	}
	return Bandwidth{Inbound: readRate(b.Inbound), Outbound: readRate(b.Outbound)}
}

// NetworkFamilies reports which address families a libvirt network's definition serves: IPv4
// for an <ip> without a family or with family ipv4, IPv6 for one with family ipv6.
func NetworkFamilies(networkXML string) (ipv4, ipv6 bool, err error) {
	var n libvirtxml.Network
	if err := n.Unmarshal(networkXML); err != nil {
		return false, false, fmt.Errorf("parse network: %w", err)
	}
	for _, ip := range n.IPs {
		switch ip.Family {
		case "", "ipv4":
			ipv4 = true
		case "ipv6":
			ipv6 = true
		}
	}
	return ipv4, ipv6, nil
}
