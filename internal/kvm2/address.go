package kvm2

import (
	"context"
	"net/netip"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A VM's addresses as the Client reads them and waits for them; the work is package address's.

// addresses sets the addresses of each of inst's NICs from sources (address.Read: by MAC, until
// every NIC has each family its network serves; the lease source of a domain this Client started
// takes only that start's leases, of any other it is taken from snap when snap can tell), and
// inst.IPv4 and inst.IPv6 to the first NIC's first ones. A transport failure or an ended ctx is
// returned, so a cancelled read is never mistaken for a guest without an address.
func (c *Client) addresses(ctx context.Context, b backend.Backend, snap *hostwide.Snapshot, dom libvirt.Domain, inst *Instance, sources []libvirt.DomainInterfaceAddressesSource) error {
	if err := address.Read(ctx, b, snap, dom, inst.NICs, sources, &c.boots, &c.facts); err != nil {
		return err
	}
	if len(inst.NICs) > 0 {
		inst.IPv4, inst.IPv6 = first(inst.NICs[0].IPv4), first(inst.NICs[0].IPv6)
	}
	return nil
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// IPWait is what an apply waits for after a VM starts: an address of Family on NIC (-1: on any
// of the VM's NICs). The provider polls Get until Ready. Its methods are address.Wait's on the
// VM's NICs.
type IPWait struct {
	Family rules.IPWaitFamily
	NIC    int
}

// IPWaitOf is the wait a VM's steering settings ask for.
func IPWaitOf(s definition.Steering) IPWait {
	return IPWait(address.WaitOf(s.IPWaitFamily, s.IPWaitInterface))
}

// Ready reports whether inst has the addresses w waits for. sinceIPv6 is how long the NICs w
// waits on have had a global IPv6 address but no IPv4 one (0 while not): the default family
// takes an IPv6 address once that lasted rules.IPv4GraceAfterIPv6, so an IPv6-only guest never
// hangs an apply, while a dual-stack one still gives its IPv4 address.
func (w IPWait) Ready(inst Instance, sinceIPv6 time.Duration) bool {
	return address.Wait(w).Ready(inst.NICs, sinceIPv6)
}

// IPv6Only reports whether the NICs w waits on have an IPv6 address and none has an IPv4 one:
// the state the default family's grace is counted in.
func (w IPWait) IPv6Only(inst Instance) bool { return address.Wait(w).IPv6Only(inst.NICs) }

// Describe names what w waits for, for a diagnostic.
func (w IPWait) Describe() string { return address.Wait(w).Describe() }

// Address is the address of inst that w waits for, on the first NIC w waits on that has it: an
// IPv4 address, except for the family ipv6 (an IPv6 one), and for the default family and "any"
// an IPv6 one where the NIC has no IPv4 address. ok is false while none is known.
func (w IPWait) Address(inst Instance) (netip.Addr, bool) { return address.Wait(w).Address(inst.NICs) }
