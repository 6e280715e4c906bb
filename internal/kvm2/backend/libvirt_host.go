package backend

import (
	"context"

	libvirt "github.com/digitalocean/go-libvirt"
)

func (b *libvirtBackend) ConnectGetLibVersion(ctx context.Context) (uint64, error) {
	return call(ctx, b, "ConnectGetLibVersion", true, b.l.ConnectGetLibVersion)
}

func (b *libvirtBackend) ConnectGetCapabilities(ctx context.Context) (string, error) {
	return call(ctx, b, "ConnectGetCapabilities", true, b.l.ConnectGetCapabilities)
}

func (b *libvirtBackend) NodeGetInfo(ctx context.Context) (NodeInfo, error) {
	return call(ctx, b, "NodeGetInfo", true, func() (NodeInfo, error) {
		model, mem, cpus, mhz, nodes, sockets, cores, threads, err := b.l.NodeGetInfo()
		if err != nil {
			return NodeInfo{}, err
		}
		return NodeInfo{
			Model: nodeModel(model), MemoryKiB: mem, CPUs: int(cpus), MHz: int(mhz),
			Nodes: int(nodes), Sockets: int(sockets), Cores: int(cores), Threads: int(threads),
		}, nil
	})
}

// nodeModel is the NUL-terminated C string libvirt sends as the CPU model.
func nodeModel(raw [32]int8) string {
	out := make([]byte, 0, len(raw))
	for _, c := range raw {
		if c == 0 {
			break
		}
		out = append(out, byte(c))
	}
	return string(out)
}

func (b *libvirtBackend) NetworkLookupByName(ctx context.Context, name string) (libvirt.Network, error) {
	return call(ctx, b, "NetworkLookupByName", true, func() (libvirt.Network, error) {
		return b.l.NetworkLookupByName(name)
	})
}

func (b *libvirtBackend) NetworkIsActive(ctx context.Context, net libvirt.Network) (bool, error) {
	return call(ctx, b, "NetworkIsActive", true, func() (bool, error) {
		a, err := b.l.NetworkIsActive(net)
		return a == 1, err
	})
}

func (b *libvirtBackend) NetworkGetXMLDesc(ctx context.Context, net libvirt.Network) (string, error) {
	return call(ctx, b, "NetworkGetXMLDesc", true, func() (string, error) {
		return b.l.NetworkGetXMLDesc(net, 0)
	})
}

func (b *libvirtBackend) NetworkGetDHCPLeases(ctx context.Context, net libvirt.Network) ([]libvirt.NetworkDhcpLease, error) {
	return call(ctx, b, "NetworkGetDHCPLeases", true, func() ([]libvirt.NetworkDhcpLease, error) {
		leases, _, err := b.l.NetworkGetDhcpLeases(net, nil, 1, 0)
		return leases, err
	})
}

func (b *libvirtBackend) InterfaceLookupByName(ctx context.Context, name string) (libvirt.Interface, error) {
	return call(ctx, b, "InterfaceLookupByName", true, func() (libvirt.Interface, error) {
		return b.l.InterfaceLookupByName(name)
	})
}
