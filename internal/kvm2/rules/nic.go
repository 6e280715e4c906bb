package rules

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// The rules of a VM's network interfaces: how many it may have, what each is attached to, that
// no two pin one MAC, the bounds of a NIC's rate limits, and which address the apply waits for.
// A NIC's own MAC follows the MAC rule (mac.go) and its network or bridge ValidateAttachment.

// MaxNICs is how many network interfaces a VM may have: each takes a PCIe slot of its own.
const MaxNICs = 8

// Bounds of a NIC's rate limits, in libvirt's units (KiB/s for average and peak, KiB for
// burst). libvirt passes them to the kernel's traffic control as 32-bit values per direction;
// the bounds stay well inside, and far above what an egress proxy VM carries.
const (
	MaxBandwidthKiBps = 4 << 20 // 4 GiB/s, about 34 Gbit/s
	MaxBurstKiB       = 1 << 20 // 1 GiB
)

// What each rule accepts, in words.
const (
	NICsRule      = "1 to 8 network interfaces, each on exactly one libvirt network or host bridge, no two with the same mac_address"
	AverageRule   = "1 to 4194304 KiB/s (4 GiB/s)"
	PeakRule      = "from the average to 4194304 KiB/s"
	BurstRule     = "1 to 1048576 KiB (1 GiB)"
	BandwidthRule = "average " + AverageRule + "; peak " + PeakRule + "; burst " + BurstRule +
		"; peak and burst only with an average"
	// OutboundPeakNote is why an outbound peak limits nothing: libvirt shapes a guest's outbound
	// traffic with the host's ingress policing, which has no peak.
	OutboundPeakNote = "libvirt limits a guest's outbound traffic by policing it where it enters the host, which " +
		"knows no peak rate: an outbound peak is accepted and ignored, and average and burst apply"
)

// ValidateNICs checks the network interfaces a VM is asked for, after each NIC without a
// network or bridge took the host's: their number, each attachment, MAC and limits, and that no
// two pin the same MAC.
func ValidateNICs(nics []definition.NIC) error { return validateNICs(nics, true) }

// ValidateConfiguredNICs is ValidateNICs of a configuration, where a NIC that names neither a
// network nor a bridge is on its host's.
func ValidateConfiguredNICs(nics []definition.NIC) error { return validateNICs(nics, false) }

func validateNICs(nics []definition.NIC, resolved bool) error {
	if len(nics) == 0 || len(nics) > MaxNICs {
		return fmt.Errorf("%d network interfaces; a VM has 1 to %d", len(nics), MaxNICs)
	}
	for i, n := range nics {
		hostsOwn := !resolved && n.Network == "" && n.Bridge == "" // the host's rule checked it
		if err := ValidateAttachment(n.Network, n.Bridge); err != nil && !hostsOwn {
			return fmt.Errorf("network interface %d: %w", i, err)
		}
		if n.MAC != "" {
			if err := ValidateMACAddress(n.MAC); err != nil {
				return fmt.Errorf("network interface %d: %w", i, err)
			}
		}
		if err := ValidateBandwidth(n.Bandwidth); err != nil {
			return fmt.Errorf("network interface %d: %w", i, err)
		}
	}
	return DuplicateMACs(nics)
}

// DuplicateMACs refuses two NICs of one VM pinned to the same MAC address: libvirt would define
// the domain, and the guest's network would answer for one of them at random.
func DuplicateMACs(nics []definition.NIC) error {
	for i, n := range nics {
		if n.MAC == "" {
			continue
		}
		if j := slices.IndexFunc(nics[:i], func(o definition.NIC) bool { return SameMAC(o.MAC, n.MAC) }); j >= 0 {
			return fmt.Errorf("network interfaces %d and %d both have mac_address %s; each NIC needs its own", j, i, n.MAC)
		}
	}
	return nil
}

// ValidateBandwidth checks both directions of a NIC's limits by ValidateRate.
func ValidateBandwidth(b definition.Bandwidth) error {
	if err := ValidateRate(b.Inbound); err != nil {
		return fmt.Errorf("inbound %w", err)
	}
	if err := ValidateRate(b.Outbound); err != nil {
		return fmt.Errorf("outbound %w", err)
	}
	return nil
}

// ValidateRate checks one direction's limit (nil: not limited) by BandwidthRule.
func ValidateRate(r *definition.Rate) error {
	switch {
	case r == nil:
		return nil
	case r.Average == 0 && (r.Peak != 0 || r.Burst != 0):
		return errors.New("bandwidth: a peak or burst needs an average")
	case r.Average < 1 || r.Average > MaxBandwidthKiBps:
		return fmt.Errorf("bandwidth: average %d KiB/s is out of bounds: %s", r.Average, AverageRule)
	case r.Peak != 0 && (r.Peak < r.Average || r.Peak > MaxBandwidthKiBps):
		return fmt.Errorf("bandwidth: peak %d KiB/s is out of bounds: %s (average %d)", r.Peak, PeakRule, r.Average)
	case r.Burst > MaxBurstKiB:
		return fmt.Errorf("bandwidth: burst %d KiB is out of bounds: %s", r.Burst, BurstRule)
	}
	return nil
}

// IPWaitFamily is the address family an apply waits for.
type IPWaitFamily string

const (
	// IPWaitDefault waits for an IPv4 address, or a global IPv6 one when the NIC gets no IPv4
	// address within IPv4GraceAfterIPv6 of its IPv6 one, so an IPv6-only guest never hangs.
	IPWaitDefault IPWaitFamily = ""
	IPWaitIPv4    IPWaitFamily = "ipv4"
	IPWaitIPv6    IPWaitFamily = "ipv6"
	IPWaitBoth    IPWaitFamily = "both"
	IPWaitAny     IPWaitFamily = "any"
)

// IPv4GraceAfterIPv6 is how long the default wait goes on for an IPv4 address once a NIC it
// waits for has a global IPv6 one.
const IPv4GraceAfterIPv6 = 30 * time.Second

// IPWaitFamilies lists the families a configuration may name.
func IPWaitFamilies() []IPWaitFamily {
	return []IPWaitFamily{IPWaitIPv4, IPWaitIPv6, IPWaitBoth, IPWaitAny}
}

// IPWaitInterfaceRule says what ValidateIPWaitSteering accepts as a NIC index.
var IPWaitInterfaceRule = fmt.Sprintf("the index of a network interface: 0 to %d, below the VM's number of NICs", MaxNICs-1)

// IPWaitFamilyRule says what ValidateIPWait accepts as a family.
const IPWaitFamilyRule = `"ipv4", "ipv6", "both" (one of each) or "any" (the first of either); unset, an IPv4 ` +
	`address, or a global IPv6 one when no IPv4 address follows it within 30 seconds`

// ValidateIPWaitSteering accepts what a mark records of wait_for_ip_family and
// wait_for_ip_interface: "" (not set), a family of IPWaitFamilies, an index of a NIC below
// MaxNICs.
func ValidateIPWaitSteering(family, iface string) error {
	if family != "" && !slices.Contains(IPWaitFamilies(), IPWaitFamily(family)) {
		return fmt.Errorf("wait_for_ip_family %q is not one of %s", family, IPWaitFamilyRule)
	}
	if iface == "" {
		return nil
	}
	if n, err := strconv.Atoi(iface); err != nil || n < 0 || n >= MaxNICs || strconv.Itoa(n) != iface {
		return fmt.Errorf("wait_for_ip_interface %q is not the index of a network interface (0 to %d)", iface, MaxNICs-1)
	}
	return nil
}

// ValidateIPWait checks what an apply is asked to wait for: a known family, and a NIC index
// (-1: any NIC) among the VM's nics. Naming either without waiting for an address is refused,
// as it would be silently ignored.
func ValidateIPWait(wait bool, family IPWaitFamily, nic, nics int) error {
	if family != IPWaitDefault && !slices.Contains(IPWaitFamilies(), family) {
		return fmt.Errorf("wait_for_ip_family %q is not one of %s", family, IPWaitFamilyRule)
	}
	if nic < -1 || nic >= nics {
		return fmt.Errorf("wait_for_ip_interface %d names no network interface: the VM has %d (0 to %d)", nic, nics, nics-1)
	}
	if !wait && (family != IPWaitDefault || nic >= 0) {
		return errors.New("wait_for_ip_family and wait_for_ip_interface say what to wait for, but wait_for_ip is false")
	}
	return nil
}
