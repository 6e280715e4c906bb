package address

import (
	"net/netip"
	"strconv"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Wait is what an apply waits for after a VM starts: an address of Family on NIC (-1: on any of
// the VM's NICs).
type Wait struct {
	Family rules.IPWaitFamily
	NIC    int
}

// WaitOf is the wait a VM's wait_for_ip_family and wait_for_ip_interface ask for, as given.
func WaitOf(family, iface string) Wait {
	w := Wait{Family: rules.IPWaitFamily(family), NIC: -1}
	if n, err := strconv.Atoi(iface); err == nil {
		w.NIC = n
	}
	return w
}

// Ready reports whether nics, a VM's NICs, have the addresses w waits for. sinceIPv6 is how long
// the NICs w waits on have had a global IPv6 address but no IPv4 one (0 while not): the default
// family takes an IPv6 address once that lasted rules.IPv4GraceAfterIPv6, so an IPv6-only guest
// never hangs an apply, while a dual-stack one still gives its IPv4 address.
func (w Wait) Ready(nics []NIC, sinceIPv6 time.Duration) bool {
	for _, n := range w.nics(nics) {
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
func (w Wait) IPv6Only(nics []NIC) bool {
	six := false
	for _, n := range w.nics(nics) {
		if len(n.IPv4) > 0 {
			return false
		}
		six = six || len(n.IPv6) > 0
	}
	return six
}

// Describe names what w waits for, for a diagnostic.
func (w Wait) Describe() string {
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

// nics are the NICs of all that w waits on.
func (w Wait) nics(all []NIC) []NIC {
	if w.NIC < 0 {
		return all
	}
	if w.NIC >= len(all) {
		return nil
	}
	return all[w.NIC : w.NIC+1]
}

// Address is the address of a VM with nics that w waits for, on the first NIC w waits on that
// has it: an IPv4 address, except for the family ipv6 (an IPv6 one), and for the default family
// and "any" an IPv6 one where the NIC has no IPv4 address. ok is false while none is known.
func (w Wait) Address(nics []NIC) (netip.Addr, bool) {
	for _, n := range w.nics(nics) {
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
