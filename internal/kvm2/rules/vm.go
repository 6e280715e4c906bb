package rules

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"gopkg.in/yaml.v3"
)

// The rules of a VM request: names, sizes, firmware, attachment and network config. The MAC rule
// is in mac.go, host settings in host.go, ids in id.go, UIDs, volume names and the user data
// digest in names.go, base image names in image.go, power operations in power.go.

// Firmware selects how a domain boots.
type Firmware string

const (
	FirmwareUEFI Firmware = definition.FirmwareUEFI // default; secure boot off
	FirmwareBIOS Firmware = definition.FirmwareBIOS
)

// Bounds of a VM.
const (
	MinVCPUs = 1
	// MaxVCPUs is what both machine types libvirt builds here (i440fx and q35) boot without an
	// IOMMU doing interrupt remapping: more needs x2APIC with intremap, which we do not define.
	MaxVCPUs = 255

	// MinMemoryMiB is the least a cloud image's kernel and cloud-init boot in.
	MinMemoryMiB = 64
	MaxMemoryMiB = 1 << 20 // 1 TiB

	MinDiskGiB = 1
	MaxDiskGiB = 1 << 16 // 64 TiB
)

// A MaxDiskGiB whose bytes overflow uint64 does not compile: with the bound checked first, the
// GiB to bytes conversion never wraps (17179869185 GiB once became a 1 GiB disk).
const _ uint64 = MaxDiskGiB << 30

// Defaults of a VM request, as the Terraform layer plans them.
const (
	DefaultVCPUs     = 1
	DefaultMemoryMiB = 512
	DefaultDiskGiB   = 10
	DefaultFirmware  = FirmwareUEFI
)

// The rules of a VM request. vm_test.go holds each to its bounds.
var (
	VMName = Text{Words: "a DNS label: 1 to 63 lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen",
		MinLen: 1, MaxLen: 63, Example: "a", Refused: []string{"1a", "a-", "A", "a_b", "a.b"}, check: validateVMName}
	VCPUs        = Ints{Name: "vcpus", Min: MinVCPUs, Max: MaxVCPUs}
	MemoryMiB    = Ints{Name: "memory", Min: MinMemoryMiB, Max: MaxMemoryMiB, Unit: "MiB", Note: "(1 TiB)"}
	DiskGiB      = Ints{Name: "disk", Min: MinDiskGiB, Max: MaxDiskGiB, Unit: "GiB", Note: "(64 TiB)"}
	BootFirmware = Text{Words: `"uefi" or "bios"`, Values: []string{string(FirmwareUEFI), string(FirmwareBIOS)},
		Example: string(FirmwareUEFI), check: func(s string) error { return ValidateFirmware(Firmware(s)) }}
	NetworkName = Text{Words: "a libvirt network name: not empty, without '/' or control characters",
		MinLen: 1, Control: NoControl, Forbid: "/", Example: "n", Refused: []string{"\xff"},
		check: func(s string) error { return validateLibvirtName("network", s) }}
	PoolName = Text{Words: "a storage pool name: not empty, without '/' or control characters",
		MinLen: 1, Control: NoControl, Forbid: "/", Example: "p", Refused: []string{"\xff"},
		check: func(s string) error { return validateLibvirtName("pool", s) }}
	BridgeName = Text{Words: "a Linux interface name: 1 to 15 bytes, without '/', ':', white space or control characters",
		MinLen: 1, MaxLen: maxBridgeNameLen, Control: NoControl, Space: true, Forbid: "/:", Example: "b",
		Refused: []string{".", ".."}, check: validateBridgeName}
	Tag = Text{Words: "text the VM's mark (libvirt's XML) holds as it is: valid UTF-8 without control characters " +
		"other than tab, line feed and carriage return (no NUL), and without U+FFFE or U+FFFF",
		Control: NoControlButLineBreaks, Example: "", Refused: []string{"\uFFFE", "\uFFFF", "\xff"},
		Accepted: []string{"", "a\tb\nc\r", "\u200b"}, check: validateTag}
)

// What each rule accepts, in words, for schema descriptions and diagnostics.
var (
	VMNameRule      = VMName.Text()
	VCPUsRule       = VCPUs.Text()
	MemoryMiBRule   = MemoryMiB.Text()
	DiskGiBRule     = DiskGiB.Text()
	FirmwareRule    = BootFirmware.Text()
	NetworkNameRule = NetworkName.Text()
	PoolNameRule    = PoolName.Text()
	BridgeNameRule  = BridgeName.Text()
	TagRule         = Tag.Text()
)

// Firmwares lists the accepted firmware values, the default first.
func Firmwares() []Firmware { return []Firmware{FirmwareUEFI, FirmwareBIOS} }

// ValidateVMName accepts a DNS label: 1 to 63 lowercase letters, digits and hyphens, starting
// with a letter and not ending with a hyphen. The name becomes the guest's hostname and part of
// its volume names.
func ValidateVMName(name string) error { return VMName.Check(name) }

// ValidateVCPUs accepts MinVCPUs to MaxVCPUs virtual CPUs.
func ValidateVCPUs(n int64) error { return VCPUs.Check(n) }

// ValidateMemoryMiB accepts MinMemoryMiB to MaxMemoryMiB MiB of memory.
func ValidateMemoryMiB(n int64) error { return MemoryMiB.Check(n) }

// ValidateDiskGiB accepts MinDiskGiB to MaxDiskGiB GiB of disk.
func ValidateDiskGiB(n int64) error { return DiskGiB.Check(n) }

// DiskBytes is the capacity in bytes of a disk of gib GiB, refusing what ValidateDiskGiB
// refuses, so that no caller can wrap the conversion.
func DiskBytes(gib int64) (uint64, error) {
	if err := ValidateDiskGiB(gib); err != nil {
		return 0, err
	}
	return uint64(gib) << 30, nil
}

// DiskGiBOf is the size in whole GiB of a disk of capacity bytes, rounded up: a disk grown
// outside the provider by a part of a GiB is larger than the GiB below it, and a request for
// those would be a shrink.
func DiskGiBOf(capacity uint64) int64 {
	gib := int64(capacity >> 30)
	if capacity&(1<<30-1) != 0 {
		gib++
	}
	return gib
}

// ValidateFirmware accepts the values of Firmwares. The empty value is not one: Create turns
// it into DefaultFirmware before checking.
func ValidateFirmware(f Firmware) error {
	for _, ok := range Firmwares() {
		if f == ok {
			return nil
		}
	}
	return fmt.Errorf("firmware %q is neither %q nor %q", f, FirmwareUEFI, FirmwareBIOS)
}

// ValidateNetworkName accepts a libvirt network name: libvirt refuses a slash in it, and a
// control character would not survive the domain XML.
func ValidateNetworkName(name string) error { return NetworkName.Check(name) }

// ValidatePoolName accepts a storage pool name: it is the middle part of a base image ID
// (host/pool/name), so it cannot hold a slash.
func ValidatePoolName(name string) error { return PoolName.Check(name) }

// validateLibvirtName is the rule shared by names of libvirt objects we only refer to.
func validateLibvirtName(kind, name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%s name is empty", kind)
	case !utf8.ValidString(name):
		return fmt.Errorf("%s name %q is not valid UTF-8", kind, name)
	case strings.Contains(name, "/"):
		return fmt.Errorf("%s name %q must not contain '/'", kind, name)
	}
	return checkChars(kind+" name", name, NoControl, false)
}

// ValidateTag accepts a tag that the mark, an XML element libvirt stores, reads back byte for
// byte: XML 1.0 cannot hold a NUL, any other C0 control character but tab, line feed and carriage
// return, U+FFFE or U+FFFF, and the encoder writes U+FFFD for invalid UTF-8. Anything else would
// be stored altered, and the next plan would show the change again, for ever.
func ValidateTag(tag string) error { return Tag.Check(tag) }

func validateTag(tag string) error {
	if !utf8.ValidString(tag) {
		return fmt.Errorf("tag %q is not valid UTF-8", tag)
	}
	for i, r := range tag {
		if !xmlChar(r) {
			return fmt.Errorf("tag %q contains %U at byte %d, which libvirt's XML cannot hold", tag, r, i)
		}
	}
	return checkChars("tag", tag, NoControlButLineBreaks, false)
}

// xmlChar is XML 1.0's Char production: what an XML document can hold.
func xmlChar(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r <= 0xD7FF) ||
		(r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= utf8.MaxRune)
}

// maxBridgeNameLen is the kernel's limit on an interface name (IFNAMSIZ less the NUL).
const maxBridgeNameLen = 15

// ValidateBridgeName accepts what Linux accepts as an interface name: 1 to 15 bytes, not "."
// or "..", and no '/', ':' or white space.
func ValidateBridgeName(name string) error { return BridgeName.Check(name) }

func validateBridgeName(name string) error {
	switch {
	case name == "":
		return errors.New("bridge name is empty")
	case len(name) > maxBridgeNameLen:
		return fmt.Errorf("bridge name %q is %d bytes long; Linux allows at most %d", name, len(name), maxBridgeNameLen)
	case name == "." || name == "..":
		return fmt.Errorf("bridge name %q is not an interface name", name)
	case strings.ContainsAny(name, "/:"):
		return fmt.Errorf("bridge name %q must not contain '/' or ':'", name)
	}
	return checkChars("bridge name", name, NoControl, true)
}

// ValidateAttachment checks a resolved attachment: exactly one of network and bridge, each
// by its rule.
func ValidateAttachment(network, bridge string) error {
	switch {
	case network != "" && bridge != "":
		return errors.New("set at most one of network and bridge")
	case network != "":
		return ValidateNetworkName(network)
	case bridge != "":
		return ValidateBridgeName(bridge)
	}
	return errors.New("no network or bridge: set one on the VM or on its host")
}

// MaxNetworkConfigBytes bounds a VM's network configuration: it travels in the seed and, so
// that an import reads it back, in the domain's mark.
const MaxNetworkConfigBytes = 64 << 10

// NetworkConfig is the rule of a VM's network configuration; NetworkConfigRule its words.
var (
	NetworkConfig = Text{Words: fmt.Sprintf("a cloud-init network configuration in YAML, at most %d bytes, without control "+
		"characters other than tab, line feed and carriage return: a mapping with a `version` key of 2 (netplan's format) "+
		"or 1, optionally under a top-level `network` key", MaxNetworkConfigBytes),
		MinLen: 1, MaxLen: MaxNetworkConfigBytes, Control: NoControlButLineBreaks, Example: "version: 2\n#",
		Refused:  []string{" ", "version: 3", "network: {}", "- a", "\xff"},
		Accepted: []string{"network:\n  version: 1\n", "version: 2\r\n# x\t\n"}, check: validateNetworkConfig}
	NetworkConfigRule = NetworkConfig.Text()
)

// ValidateNetworkConfig accepts a cloud-init network configuration (the NoCloud seed's
// network-config file) by NetworkConfigRule. It checks the shape cloud-init needs to take the
// document at all, not every key: cloud-init reports those in the guest.
func ValidateNetworkConfig(doc string) error { return NetworkConfig.Check(doc) }

func validateNetworkConfig(doc string) error {
	switch {
	case strings.TrimSpace(doc) == "":
		return errors.New("network config is empty; leave it unset for DHCP")
	case len(doc) > MaxNetworkConfigBytes:
		return fmt.Errorf("network config is %d bytes; the limit is %d", len(doc), MaxNetworkConfigBytes)
	case !utf8.ValidString(doc):
		return errors.New("network config is not valid UTF-8")
	}
	if err := checkChars("network config", doc, NoControlButLineBreaks, false); err != nil {
		return err
	}
	var top map[string]any
	if err := yaml.Unmarshal([]byte(doc), &top); err != nil {
		return fmt.Errorf("network config is not a YAML mapping: %v", yamlProblem(err))
	}
	if inner, ok := top["network"].(map[string]any); ok && len(top) == 1 {
		top = inner
	}
	v, ok := top["version"]
	if !ok {
		return errors.New("network config has no `version` key; cloud-init needs `version: 2` (or 1) at the top, " +
			"or under a top-level `network` key")
	}
	if n, isInt := v.(int); !isInt || (n != 1 && n != 2) {
		return fmt.Errorf("network config has version %v; cloud-init reads version 2 (netplan's format) or 1", v)
	}
	return nil
}

// yamlProblem is the YAML parser's message without its package prefix.
func yamlProblem(err error) string {
	return strings.TrimPrefix(strings.TrimPrefix(err.Error(), "yaml: "), "unmarshal errors:\n  ")
}
