package fake

import (
	"context"
	"fmt"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// AddNetwork adds (or replaces) a network.
func (b *Backend) AddNetwork(name string, active bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.networks[name] = active
}

// RemoveNetwork removes a network: domains on it then fail to start with ErrNoNetwork.
func (b *Backend) RemoveNetwork(name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	delete(b.st.networks, name)
}

// SetNetworkActive starts or stops an existing network (domains on a stopped one fail to start
// with ErrOperationInvalid); it reports whether the network exists.
func (b *Backend) SetNetworkActive(name string, active bool) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if _, ok := b.st.networks[name]; !ok {
		return false
	}
	b.st.networks[name] = active
	return true
}

// NetworkLookupByName finds a network; a missing one is ErrNoNetwork.
func (b *Backend) NetworkLookupByName(ctx context.Context, name string) (_ libvirt.Network, err error) {
	defer b.observe(ctx, "NetworkLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "NetworkLookupByName", name); err != nil {
		return libvirt.Network{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if _, ok := b.st.networks[name]; !ok {
		return libvirt.Network{}, LibvirtError(libvirt.ErrNoNetwork,
			"Network not found: no network with matching name '%s'", name)
	}
	return libvirt.Network{Name: name}, nil
}

// NetworkIsActive reports whether the network is active.
func (b *Backend) NetworkIsActive(ctx context.Context, n libvirt.Network) (_ bool, err error) {
	defer b.observe(ctx, "NetworkIsActive", time.Now(), &err)
	if err = b.begin(ctx, "NetworkIsActive", n.Name); err != nil {
		return false, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	active, ok := b.st.networks[n.Name]
	if !ok {
		return false, LibvirtError(libvirt.ErrNoNetwork,
			"Network not found: no network with matching name '%s'", n.Name)
	}
	return active, nil
}

// SetNetworkFamilies says which address families network serves: its definition then has an
// IPv4 range, an IPv6 one, or both. A network it was never called for has IPv4 alone.
func (b *Backend) SetNetworkFamilies(network string, ipv4, ipv6 bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if b.st.families == nil {
		b.st.families = map[string][2]bool{}
	}
	b.st.families[network] = [2]bool{ipv4, ipv6}
}

// NetworkGetXMLDesc renders network n's definition: its name, its bridge and an address range
// for each family it serves (SetNetworkFamilies), as libvirt writes them.
func (b *Backend) NetworkGetXMLDesc(ctx context.Context, n libvirt.Network) (_ string, err error) {
	defer b.observe(ctx, "NetworkGetXMLDesc", time.Now(), &err)
	if err = b.begin(ctx, "NetworkGetXMLDesc", n.Name); err != nil {
		return "", err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if _, ok := b.st.networks[n.Name]; !ok {
		return "", LibvirtError(libvirt.ErrNoNetwork,
			"Network not found: no network with matching name '%s'", n.Name)
	}
	fam, ok := b.st.families[n.Name]
	if !ok {
		fam = [2]bool{true, false}
	}
	var x strings.Builder
	fmt.Fprintf(&x, "<network>\n  <name>%s</name>\n  <bridge name='virbr-%s' stp='on' delay='0'/>\n", n.Name, n.Name)
	if fam[0] {
		x.WriteString("  <ip address='192.168.122.1' netmask='255.255.255.0'>\n    <dhcp>\n" +
			"      <range start='192.168.122.2' end='192.168.122.254'/>\n    </dhcp>\n  </ip>\n")
	}
	if fam[1] {
		x.WriteString("  <ip family='ipv6' address='fd00:122::1' prefix='64'>\n  </ip>\n")
	}
	x.WriteString("</network>\n")
	return x.String(), nil
}

// NetworkGetDHCPLeases lists the leases of network n: for every active domain with an
// interface on n, its Lease entries whose interface MAC that definition gives (as libvirt's
// lease file holds them; taken now, so they expire FreshLeaseSeconds from now), then those
// AddNetworkLease added. Unknown networks are ErrNoNetwork.
func (b *Backend) NetworkGetDHCPLeases(ctx context.Context, n libvirt.Network) (_ []libvirt.NetworkDhcpLease, err error) {
	defer b.observe(ctx, "NetworkGetDHCPLeases", time.Now(), &err)
	if err = b.begin(ctx, "NetworkGetDHCPLeases", n.Name); err != nil {
		return nil, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if _, ok := b.st.networks[n.Name]; !ok {
		return nil, LibvirtError(libvirt.ErrNoNetwork,
			"Network not found: no network with matching name '%s'", n.Name)
	}
	var out []libvirt.NetworkDhcpLease
	for _, name := range sortedKeys(b.st.domains) {
		d := b.st.domains[name]
		if !active(d.State) {
			continue
		}
		macs := networkMACs(d.XML, n.Name)
		for _, iface := range d.Lease {
			if len(iface.Hwaddr) == 0 || !macs[strings.ToLower(iface.Hwaddr[0])] {
				continue
			}
			for _, a := range iface.Addrs {
				out = append(out, libvirt.NetworkDhcpLease{
					Iface: "virbr-" + n.Name, Type: a.Type, Mac: libvirt.OptString{iface.Hwaddr[0]},
					Ipaddr: a.Addr, Prefix: a.Prefix, Hostname: libvirt.OptString{d.Name},
					Expirytime: time.Now().Unix() + FreshLeaseSeconds,
				})
			}
		}
	}
	return append(out, b.st.leases[n.Name]...), nil
}

// FreshLeaseSeconds is how long a lease a fake domain holds (Domain.Lease) has left: libvirt's
// default lease time, as if taken just now.
const FreshLeaseSeconds = 3600

// AddNetworkLease adds a lease to network's lease list that belongs to no domain of the fake
// (another host's guest, a stale entry, a lease whose hostname imitates a domain's name); the
// lease source of a domain with its MAC reports it, as libvirt's does.
func (b *Backend) AddNetworkLease(network string, lease libvirt.NetworkDhcpLease) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if b.st.leases == nil {
		b.st.leases = map[string][]libvirt.NetworkDhcpLease{}
	}
	b.st.leases[network] = append(b.st.leases[network], lease)
}
