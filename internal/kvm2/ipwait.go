package kvm2

import (
	"net/netip"
	"strconv"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

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
