package address

import (
	"context"
	"strings"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// A DHCP lease outlives the boot that took it: a libvirt network keeps it until it expires, and
// its lease source reports it for any running domain with that MAC. Right after a start, the
// lease an earlier boot took (this VM's last one, or, with a fixed MAC, the VM it replaces) would
// read as this boot's address, and an address wait would end before the guest asked for one.
//
// So each start a Client makes (Boots.Start) first records, for every NIC of the domain on a
// libvirt network, the latest expiry of the leases its network holds for the NIC's MAC; from then
// on, that Client's reads of that domain take from the lease source only leases that expire
// later: taken or renewed since the start. The guest agent's addresses are the running guest's
// own and are taken as they are. A lease without an expiry (an infinite lease time) cannot be
// told from a new one and is not recorded: it reads as before.

// bootKey is one domain of one host.
type bootKey struct {
	host string
	uuid libvirt.UUID
}

// Boots holds, for each domain a Client started whose networks held leases for its MACs then,
// the latest expiry of those leases by lower-case MAC. The zero value holds none. Safe for
// concurrent use.
type Boots struct {
	mu sync.Mutex
	m  map[bootKey]map[string]int64
}

func (l *Boots) set(host string, uuid libvirt.UUID, before map[string]int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k := bootKey{host, uuid}
	if len(before) == 0 {
		delete(l.m, k)
		return
	}
	if l.m == nil {
		l.m = map[bootKey]map[string]int64{}
	}
	l.m[k] = before
}

// before is what set recorded for the domain; nil when nothing was.
func (l *Boots) before(host string, uuid libvirt.UUID) map[string]int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.m[bootKey{host, uuid}]
}

// Start starts dom once it has recorded what its networks' leases hold for its MACs, as its
// next-boot definition gives them. A failed read of the leases is logged to log and the start
// goes on; only an ended ctx stops it.
func (l *Boots) Start(ctx context.Context, b backend.Backend, dom libvirt.Domain, log corelog.Logger) error {
	return l.start(ctx, b, dom, nil, log)
}

// StartNew is Start for a domain just defined from nics: those give its MACs, and no definition
// is read. A NIC whose MAC the define drew at random is new to every network.
func (l *Boots) StartNew(ctx context.Context, b backend.Backend, dom libvirt.Domain, nics []definition.NIC, log corelog.Logger) error {
	if nics == nil {
		nics = []definition.NIC{}
	}
	return l.start(ctx, b, dom, nics, log)
}

func (l *Boots) start(ctx context.Context, b backend.Backend, dom libvirt.Domain, nics []definition.NIC, log corelog.Logger) error {
	before, err := leasesBefore(ctx, b, dom, nics)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.Log(ctx, corelog.LevelWarn, "the network's leases could not be read before the start; a lease an earlier boot took may read as this boot's",
			map[string]any{"host": b.Host(), "name": dom.Name, "error": err.Error()})
	}
	if err := b.DomainCreate(ctx, dom); err != nil {
		return err
	}
	l.set(b.Host(), dom.UUID, before)
	return nil
}

// leasesBefore is, for each MAC of nics (nil: of dom's next-boot definition) on a libvirt
// network, the latest expiry of the leases that network holds for it (MACs with none, or only
// infinite ones, absent).
func leasesBefore(ctx context.Context, b backend.Backend, dom libvirt.Domain, nics []definition.NIC) (map[string]int64, error) {
	if nics == nil {
		x, err := b.DomainGetXMLDesc(ctx, dom, libvirt.DomainXMLInactive)
		if err != nil {
			return nil, err
		}
		facts, err := definition.ParseDomain(x)
		if err != nil {
			return nil, err
		}
		nics = facts.NICs
	}
	out := map[string]int64{}
	err := eachNICLease(ctx, b, nics, func(mac string, l libvirt.NetworkDhcpLease) {
		if l.Expirytime > out[mac] {
			out[mac] = l.Expirytime
		}
	})
	return out, err
}

// leasesSince is the lease source for nics of a domain started with before recorded: each NIC's
// leases that expire after the latest one its MAC had before the start.
func leasesSince(ctx context.Context, b backend.Backend, nics []NIC, before map[string]int64) ([]libvirt.DomainInterface, error) {
	var out []libvirt.DomainInterface
	err := eachNICLease(ctx, b, nicsOf(nics), func(mac string, l libvirt.NetworkDhcpLease) {
		if old, ok := before[mac]; ok && l.Expirytime <= old {
			return // an earlier boot's
		}
		out = append(out, libvirt.DomainInterface{Hwaddr: libvirt.OptString{mac},
			Addrs: []libvirt.DomainIPAddr{{Type: l.Type, Addr: l.Ipaddr, Prefix: l.Prefix}}})
	})
	return out, err
}

// nicsOf is what the definition says of each of nics.
func nicsOf(nics []NIC) []definition.NIC {
	out := make([]definition.NIC, len(nics))
	for i, n := range nics {
		out[i] = n.NIC
	}
	return out
}

// eachNICLease calls fn with each lease the networks of nics hold for a NIC's MAC (lower case),
// reading each network's leases once. A network that does not exist holds none.
func eachNICLease(ctx context.Context, b backend.Backend, nics []definition.NIC, fn func(mac string, l libvirt.NetworkDhcpLease)) error {
	read := map[string]map[string][]libvirt.NetworkDhcpLease{}
	for _, n := range nics {
		if n.Network == "" || n.MAC == "" {
			continue
		}
		byMAC, ok := read[n.Network]
		if !ok {
			var err error
			byMAC, err = hostwide.ReadLeases(ctx, b, n.Network)
			if err != nil && !kvmerr.IsNotFound(err) {
				return err
			}
			read[n.Network] = byMAC
		}
		mac := strings.ToLower(n.MAC)
		for _, l := range byMAC[mac] {
			fn(mac, l)
		}
	}
	return nil
}
