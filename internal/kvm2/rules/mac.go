package rules

import (
	"crypto/rand"
	"fmt"
	"strconv"
	"strings"
)

// The MAC rule, whole: what a NIC's address may be (ValidateMACAddress, NormalizeMACAddress),
// how two are compared (SameMAC), the address given when none is configured (NewMAC), and the
// duplicate rule on a host (MACConflict at apply, PlannedMACConflict at plan). The schema's
// validator, the plan and Create call these and nothing else.

// MACAddress is the rule of a NIC's address; MACAddressRule its words.
var MACAddress = Text{Words: MACAddressRule, MinLen: 17, Example: "52:54:00:1a:2b:3c",
	Refused:  []string{"52-54-00-1a-2b-3c", "01:00:5e:00:00:01", "ff:ff:ff:ff:ff:ff", "00:00:00:00:00:00", "fe:54:00:1a:2b:3c", "52:54:00:1a:2b"},
	Accepted: []string{"52:54:00:1A:2B:3C", "00:16:3e:00:00:01"}, check: validateMACAddress}

// MACAddressRule says what ValidateMACAddress accepts.
const MACAddressRule = "six pairs of hex digits separated by colons, like 52:54:00:1a:2b:3c, in either case: " +
	"a unicast address (the lowest bit of the first octet clear, so no multicast and no broadcast " +
	"ff:ff:ff:ff:ff:ff), either locally administered (the second-lowest bit set, as in QEMU's 52:54:00) or " +
	"under a vendor's prefix; not all zeros, and not starting with fe, which libvirt gives the host side of " +
	"each guest's tap device"

// NormalizeMACAddress returns mac in lower case after checking it by ValidateMACAddress; the
// domain definition, the duplicate check and the state all use this form.
func NormalizeMACAddress(mac string) (string, error) {
	if err := ValidateMACAddress(mac); err != nil {
		return "", err
	}
	return strings.ToLower(mac), nil
}

// ValidateMACAddress accepts a NIC address by MACAddressRule: the colon-separated form libvirt
// writes, unicast, not zero, and not in the fe prefix libvirt reserves for tap devices.
func ValidateMACAddress(mac string) error { return MACAddress.Check(mac) }

func validateMACAddress(mac string) error {
	const example = "like 52:54:00:1a:2b:3c"
	if len(mac) == 17 {
		if sep := mac[2]; (sep == '-' || sep == '.') && strings.Count(mac, string(sep)) == 5 {
			return fmt.Errorf("mac address %q separates its octets with %q; write them with ':', %s", mac, sep, example)
		}
	}
	var octets [6]byte
	parts := strings.Split(mac, ":")
	if len(parts) != 6 {
		return fmt.Errorf("mac address %q is not six pairs of hex digits separated by colons, %s", mac, example)
	}
	for i, p := range parts {
		if len(p) != 2 || !isHex(p[0]) || !isHex(p[1]) {
			return fmt.Errorf("mac address %q: octet %d (%q) is not two hex digits; write six pairs separated by colons, %s",
				mac, i+1, p, example)
		}
		n, _ := strconv.ParseUint(p, 16, 8) // two hex digits always parse
		octets[i] = byte(n)
	}
	switch {
	case octets[0]&1 == 1 && SameMAC(mac, "ff:ff:ff:ff:ff:ff"):
		return fmt.Errorf("mac address %q is the broadcast address; a NIC needs a unicast address", mac)
	case octets[0]&1 == 1:
		return fmt.Errorf("mac address %q is a multicast address (the lowest bit of its first octet is set); "+
			"a NIC needs a unicast address, for example one in QEMU's locally administered prefix 52:54:00", mac)
	case octets == [6]byte{}:
		return fmt.Errorf("mac address %q is all zeros, which is no NIC's address", mac)
	case octets[0] == 0xfe:
		return fmt.Errorf("mac address %q starts with fe, which libvirt gives the host side of each guest's tap "+
			"device: the guest and its tap device would share the address", mac)
	}
	return nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// SameMAC reports whether a and b are the same address: libvirt and users write hex digits in
// either case.
func SameMAC(a, b string) bool { return strings.EqualFold(a, b) }

// NewMAC returns a random address in QEMU's 52:54:00 prefix. Choosing it here rather than
// letting libvirt pick one means the address is known before the domain exists.
func NewMAC() (string, error) {
	var b [3]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("generate mac: %w", err)
	}
	return fmt.Sprintf("52:54:00:%02x:%02x:%02x", b[0], b[1], b[2]), nil
}

// MACUse is one interface of a domain on a host, by its MAC address.
type MACUse struct {
	MAC    string // lower case
	Domain string
	// UID is the VM the domain proves to be (its mark's UID together with the UUID derived from
	// it, as claim checks); "" for any other domain, a copied mark's included.
	UID string
	// Unreadable says the domain's definition does not parse, so it may hold any address.
	Unreadable bool
}

// MACInUseError says that a MAC address asked for a VM is already on another domain of the
// host. It is Permanent until the other domain or the configuration changes.
type MACInUseError struct {
	Host, MAC, Domain string
	// UID is the domain's UID when its mark and UUID prove it a VM of this provider; "" else.
	UID string
	// Unreadable says the domain's definition could not be read, so it may hold the address.
	Unreadable bool
}

func (e *MACInUseError) Error() string {
	if e.Unreadable {
		return fmt.Sprintf("mac address %s may be used by domain %s on host %s: its definition cannot be read", e.MAC, e.Domain, e.Host)
	}
	return fmt.Sprintf("mac address %s is already used by domain %s on host %s", e.MAC, e.Domain, e.Host)
}

// MACConflict is the duplicate rule: mac may not be on any domain of host other than the VM
// with uid (the VM's own domain, when it is replaced or a create is retried). It returns a
// *MACInUseError naming the first other domain that has it, else nil. A domain whose
// definition cannot be read (Unreadable) counts as having it.
func MACConflict(host, mac, uid string, uses []MACUse) error {
	for _, u := range uses {
		if !u.Unreadable && (!SameMAC(u.MAC, mac) || (uid != "" && u.UID == uid)) {
			continue
		}
		return &MACInUseError{Host: host, MAC: strings.ToLower(mac), Domain: u.Domain, UID: u.UID, Unreadable: u.Unreadable}
	}
	return nil
}

// PlannedMACConflict is MACConflict at plan time, for VM name, where the VM a replacement
// replaces is still on the host. Terraform names it (replacedUID) when a changed input forces
// the replacement; it plans a tainted VM's replacement as a new VM without saying which VM it
// replaces, so when replacedUID is empty a VM of this provider under the planned name, proven by
// its mark and UUID, is not counted either: the apply deletes it first, or, when it is another
// configuration's, refuses the create for its name. Apply uses MACConflict with the UID alone.
func PlannedMACConflict(host, name, mac, replacedUID string, uses []MACUse) error {
	if replacedUID == "" {
		kept := make([]MACUse, 0, len(uses))
		for _, u := range uses {
			if u.UID == "" || u.Domain != name {
				kept = append(kept, u)
			}
		}
		uses = kept
	}
	return MACConflict(host, mac, replacedUID, uses)
}
