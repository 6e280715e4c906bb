package rules

import (
	"errors"
	"fmt"
	"math"
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

// The rules of a VM's NICs: how many, and each bound of a direction's limit.
var (
	NICCount = Ints{Name: "the number of network interfaces", Min: 1, Max: MaxNICs, Unit: "network interfaces"}
	Average  = Ints{Name: "average", Min: 1, Max: MaxBandwidthKiBps, Unit: "KiB/s", Note: "(4 GiB/s)"}
	Peak     = Ints{Name: "peak", Min: 1, Max: MaxBandwidthKiBps, Unit: "KiB/s", Note: "(4 GiB/s)"}
	Burst    = Ints{Name: "burst", Min: 1, Max: MaxBurstKiB, Unit: "KiB", Note: "(1 GiB)"}
)

// What each rule accepts, in words.
var (
	NICsRule = NICCount.Text() + ", each on exactly one libvirt network or host bridge, no two with the same mac_address"
	// RateRule is what binds the bounds of one direction together.
	RateRule = "a peak, when set, of at least the average"
)

// OutboundPeakNote is why an outbound peak limits nothing: libvirt shapes a guest's outbound
// traffic with the host's ingress policing, which has no peak.
const OutboundPeakNote = "libvirt limits a guest's outbound traffic by policing it where it enters the host, which " +
	"knows no peak rate: an outbound peak is accepted and ignored, and average and burst apply"

// ValidateNICs checks the network interfaces a VM is asked for, after each NIC without a
// network or bridge took the host's: their number, each attachment, MAC and limits, and that no
// two pin the same MAC.
func ValidateNICs(nics []definition.NIC) error { return validateNICs(nics, true) }

// ValidateConfiguredNICs is ValidateNICs of a configuration, where a NIC that names neither a
// network nor a bridge is on its host's.
func ValidateConfiguredNICs(nics []definition.NIC) error { return validateNICs(nics, false) }

func validateNICs(nics []definition.NIC, resolved bool) error {
	if err := NICCount.Check(int64(len(nics))); err != nil {
		return err
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

// ValidateRate checks one direction's limit (nil: not limited): Average, Peak and Burst each
// by its rule (a zero Peak or Burst is not set), and RateRule.
func ValidateRate(r *definition.Rate) error {
	if r == nil {
		return nil
	}
	if r.Average == 0 && (r.Peak != 0 || r.Burst != 0) {
		return errors.New("bandwidth: a peak or burst needs an average")
	}
	errs := []error{Average.Check(kib(r.Average))}
	if r.Peak != 0 {
		errs = append(errs, Peak.Check(kib(r.Peak)))
		errs = append(errs, CheckPeak(kib(r.Average), kib(r.Peak)))
	}
	if r.Burst != 0 {
		errs = append(errs, Burst.Check(kib(r.Burst)))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("bandwidth: %w", err)
	}
	return nil
}

// CheckPeak refuses a peak (0: none) below the average: RateRule.
func CheckPeak(average, peak int64) error {
	if peak != 0 && peak < average {
		return fmt.Errorf("peak %d KiB/s is below the average %d KiB/s: %s", peak, average, RateRule)
	}
	return nil
}

// kib is a limit as a rule checks it; one beyond int64 stays out of every bound.
func kib(v uint) int64 {
	if v > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(v)
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

// The rules of what an apply waits for: the family, and a NIC's index on its own (that it is
// below the VM's number of NICs is ValidateIPWait's).
var (
	WaitFamily = Text{Words: IPWaitFamilyRule,
		Values: []string{string(IPWaitIPv4), string(IPWaitIPv6), string(IPWaitBoth), string(IPWaitAny)}, Example: "any",
		check: func(s string) error { return ValidateIPWaitSteering(s, "") }}
	IPWaitInterface = Ints{Name: "wait_for_ip_interface", Min: 0, Max: MaxNICs - 1}

	IPWaitInterfaceRule = IPWaitInterface.Text()
)

// IPWaitFamilyRule says what WaitFamily accepts.
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
	n, err := strconv.ParseInt(iface, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != iface {
		return fmt.Errorf("wait_for_ip_interface %q is not the index of a network interface (%s)", iface, IPWaitInterfaceRule)
	}
	return IPWaitInterface.Check(n)
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
