package kvm2

import (
	"context"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Where a VM's addresses come from (the network's DHCP leases or the guest agent), which of the
// addresses a source reports belong to which NIC, and when the sources asked are enough.

// addressSources is the order in which inst's addresses are asked for. On a libvirt network
// without network_config the guest takes its address by DHCP, so the network's lease answers in
// one call even before the guest agent runs; the agent is asked when a NIC's address is still
// missing. With network_config (a static address, no lease) the agent is asked first. A bridge
// has no lease libvirt knows of: only the agent can tell. The first NIC decides the order.
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

// addresses sets the addresses of each of inst's NICs from sources, in order, until every NIC
// has each family it expects (expects), and inst.IPv4 and inst.IPv6 to the first NIC's first
// ones. A source's addresses go to a NIC by its MAC alone, however many NICs the VM has: a
// guest's other interfaces (docker0, a VPN) carry addresses too, and none of them is the VM's. A
// NIC keeps what an earlier source gave it of a family. libvirt refusing a source (agent not connected, no lease
// support) means "no address from it", not a failure; a transport failure or an ended ctx is
// returned, so a cancelled read is never mistaken for a guest without an address.
//
// The lease source is taken from snap's leases when snap can tell for every NIC on a network.
func (c *Client) addresses(ctx context.Context, b backend.Backend, snap *hostwide.Snapshot, dom libvirt.Domain, inst *Instance, sources []libvirt.DomainInterfaceAddressesSource) error {
	for i, src := range sources {
		var ifaces []libvirt.DomainInterface
		known := false
		if src == libvirt.DomainInterfaceAddressesSrcLease {
			if before := c.boots.before(b.Host(), dom.UUID); before != nil {
				// A start of this Client: no earlier boot's lease is this one's (bootleases.go).
				var err error
				if ifaces, err = leasesSince(ctx, b, inst.NICs, before); err != nil && !kvmerr.IsLibvirtError(err) {
					return err
				}
				known = true
			} else {
				ifaces, known = snapshotLeases(ctx, b, snap, inst.NICs)
			}
		}
		if !known {
			var err error
			ifaces, err = b.DomainInterfaceAddresses(ctx, dom, src)
			if err != nil && !kvmerr.IsLibvirtError(err) {
				return err
			}
		}
		assignAddresses(inst.NICs, ifaces)
		if i == len(sources)-1 || c.addressesComplete(ctx, b, inst.NICs) {
			break
		}
	}
	if len(inst.NICs) > 0 {
		inst.IPv4, inst.IPv6 = first(inst.NICs[0].IPv4), first(inst.NICs[0].IPv6)
	}
	return nil
}

// snapshotLeases is the lease source from snap, as libvirt's lease source answers it; false
// when snap cannot tell for some NIC on a network.
func snapshotLeases(ctx context.Context, b backend.Backend, snap *hostwide.Snapshot, nics []NICInstance) ([]libvirt.DomainInterface, bool) {
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

// assignAddresses gives each NIC the usable addresses of the interface with its MAC, for each
// family it has none of yet.
func assignAddresses(nics []NICInstance, ifaces []libvirt.DomainInterface) {
	for i := range nics {
		n := &nics[i]
		j := slices.IndexFunc(ifaces, func(iface libvirt.DomainInterface) bool {
			return n.MAC != "" && len(iface.Hwaddr) > 0 && rules.SameMAC(iface.Hwaddr[0], n.MAC)
		})
		if j < 0 {
			continue
		}
		if len(n.IPv4) == 0 {
			n.IPv4 = usableIPv4(ifaces[j].Addrs)
		}
		if len(n.IPv6) == 0 {
			n.IPv6 = usableIPv6(ifaces[j].Addrs)
		}
	}
}

// addressesComplete reports whether every NIC has each family its network serves (an IPv4
// address on a bridge, whose families libvirt does not know), so no further source is asked.
func (c *Client) addressesComplete(ctx context.Context, b backend.Backend, nics []NICInstance) bool {
	for _, n := range nics {
		has4, has6 := len(n.IPv4) > 0, len(n.IPv6) > 0
		switch {
		case has4 && (has6 || n.Network == ""):
			continue
		case n.Network == "" || !has4 && !has6:
			return false
		}
		v4, v6 := c.networkFamilies(ctx, b, n.Network)
		if v4 && len(n.IPv4) == 0 || v6 && len(n.IPv6) == 0 {
			return false
		}
	}
	return true
}

// networkFamilies reports which address families network serves, from its definition, read
// once per Client (a network's ranges do not change while a command runs). A network that
// cannot be read is taken to serve IPv4 alone, as every network did before IPv6.
func (c *Client) networkFamilies(ctx context.Context, b backend.Backend, network string) (ipv4, ipv6 bool) {
	fam, err := c.hostFact("net\x00"+b.Host()+"\x00"+network, func() (string, error) {
		n, err := b.NetworkLookupByName(ctx, network)
		if err != nil {
			return "", err
		}
		x, err := b.NetworkGetXMLDesc(ctx, n)
		if err != nil {
			return "", err
		}
		v4, v6, err := definition.NetworkFamilies(x)
		return string([]byte{flag(v4), flag(v6)}), err
	})
	if err != nil || len(fam) != 2 {
		return true, false
	}
	return fam[0] == '1', fam[1] == '1'
}

func flag(b bool) byte {
	if b {
		return '1'
	}
	return '0'
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// usableIPv4 is the IPv4 addresses of addrs a VM can be reached at: not loopback, link-local or
// unspecified, and not one whose type tag and literal disagree.
func usableIPv4(addrs []libvirt.DomainIPAddr) []string {
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

// usableIPv6 is the IPv6 addresses of addrs a VM can be reached at, global ones before unique
// local ones (fc00::/7): never link-local, loopback, multicast or unspecified, and not one whose
// type tag and literal disagree.
func usableIPv6(addrs []libvirt.DomainIPAddr) []string {
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

// IPWait is what an apply waits for after a VM starts: an address of Family on NIC (-1: on any
// of the VM's NICs). The provider polls Get until Ready.
type IPWait struct {
	Family rules.IPWaitFamily
	NIC    int
}

// IPWaitOf is the wait a VM's steering settings ask for.
func IPWaitOf(s Steering) IPWait {
	w := IPWait{Family: rules.IPWaitFamily(s.IPWaitFamily), NIC: -1}
	if n, err := strconv.Atoi(s.IPWaitInterface); err == nil {
		w.NIC = n
	}
	return w
}

// Ready reports whether inst has the addresses w waits for. sinceIPv6 is how long the NICs w
// waits on have had a global IPv6 address but no IPv4 one (0 while not): the default family
// takes an IPv6 address once that lasted rules.IPv4GraceAfterIPv6, so an IPv6-only guest never
// hangs an apply, while a dual-stack one still gives its IPv4 address.
func (w IPWait) Ready(inst Instance, sinceIPv6 time.Duration) bool {
	for _, n := range w.nics(inst) {
		has4, has6 := len(n.IPv4) > 0, len(n.IPv6) > 0
		switch w.Family {
		case rules.IPWaitIPv4:
			if has4 {
				return true
			}
		case rules.IPWaitIPv6:
			if has6 {
				return true
			}
		case rules.IPWaitBoth:
			if has4 && has6 {
				return true
			}
		case rules.IPWaitAny:
			if has4 || has6 {
				return true
			}
		default:
			if has4 || has6 && sinceIPv6 >= rules.IPv4GraceAfterIPv6 {
				return true
			}
		}
	}
	return false
}

// IPv6Only reports whether the NICs w waits on have an IPv6 address and none has an IPv4 one:
// the state the default family's grace is counted in.
func (w IPWait) IPv6Only(inst Instance) bool {
	six := false
	for _, n := range w.nics(inst) {
		if len(n.IPv4) > 0 {
			return false
		}
		six = six || len(n.IPv6) > 0
	}
	return six
}

// Describe names what w waits for, for a diagnostic.
func (w IPWait) Describe() string {
	what := map[rules.IPWaitFamily]string{
		rules.IPWaitIPv4: "an IPv4 address", rules.IPWaitIPv6: "an IPv6 address",
		rules.IPWaitBoth: "an IPv4 and an IPv6 address", rules.IPWaitAny: "an IPv4 or IPv6 address",
	}[w.Family]
	if what == "" {
		what = "an IPv4 address" // or an IPv6 one alone, after the grace; the docs say so
	}
	if w.NIC >= 0 {
		return what + " on network interface " + strconv.Itoa(w.NIC)
	}
	return what
}

func (w IPWait) nics(inst Instance) []NICInstance {
	if w.NIC < 0 {
		return inst.NICs
	}
	if w.NIC >= len(inst.NICs) {
		return nil
	}
	return inst.NICs[w.NIC : w.NIC+1]
}

// Address is the address of inst that w waits for, on the first NIC w waits on that has it: an
// IPv4 address, except for the family ipv6 (an IPv6 one), and for the default family and "any"
// an IPv6 one where the NIC has no IPv4 address. ok is false while none is known.
func (w IPWait) Address(inst Instance) (netip.Addr, bool) {
	for _, n := range w.nics(inst) {
		var pick []string
		switch {
		case w.Family == rules.IPWaitIPv6:
			pick = n.IPv6
		case len(n.IPv4) > 0 || w.Family == rules.IPWaitIPv4 || w.Family == rules.IPWaitBoth:
			pick = n.IPv4
		default:
			pick = n.IPv6
		}
		for _, s := range pick {
			if a, err := netip.ParseAddr(s); err == nil && !a.IsUnspecified() && !a.IsLoopback() && a.Zone() == "" {
				return a, true
			}
		}
	}
	return netip.Addr{}, false
}
