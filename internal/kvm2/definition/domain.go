package definition

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strings"

	"libvirt.org/go/libvirtxml"
)

// Firmware choices.
const (
	FirmwareUEFI = "uefi"
	FirmwareBIOS = "bios"
)

// Domain types: "kvm" needs /dev/kvm on the host, "qemu" is plain emulation (TCG).
const (
	TypeKVM  = "kvm"
	TypeQEMU = "qemu"
)

// Volume formats we create and attach.
const (
	FormatQCOW2 = "qcow2"
	FormatRaw   = "raw"
)

// Fixed device names. The core finds disks in a read-back definition by these.
const (
	overlayTarget  = "vda"
	seedTarget     = "sda"
	guestAgentName = "org.qemu.guest_agent.0"
	minMemoryMiB   = 64
)

// DomainSpec is everything DomainXML needs. It has at least one NIC.
// An empty Firmware means UEFI and an empty OverlayFormat means qcow2.
type DomainSpec struct {
	Name string
	// UUID, when set, is the domain's libvirt UUID. libvirt then refuses to define the name over
	// a domain with another UUID instead of silently redefining it, and a define whose reply was
	// lost is repeated idempotently.
	UUID          string
	Type          string
	VCPUs         int
	MemoryMiB     int
	Firmware      string
	OverlayPath   string
	OverlayFormat string
	SeedPath      string
	// BackingPath and BackingFormat describe the overlay's backing file (the base image). They
	// are written into the disk's <backingStore>, so even the inactive definition shows what the
	// domain depends on, and libvirt does not probe the chain further.
	BackingPath   string
	BackingFormat string
	// NICs are the domain's network interfaces, in the order the guest sees them.
	NICs []NIC
	// ConsoleLogPath, when set, is the file the serial console is logged to (through virtlogd,
	// begun anew at each start of the domain). Empty: no log, as the domains of earlier versions.
	ConsoleLogPath string
	Mark           Mark
}

// DomainXML renders the definition of a domain from s: a q35 machine with the overlay as a
// virtio disk, the seed as a read-only SATA cdrom, a virtio NIC for each of s.NICs, the guest agent channel, a
// serial console and our mark in <metadata>. Both disks are type="file" with the resolved
// paths, not type="volume": the security driver labels file paths it is given, which is what
// lets the guest open them on AppArmor/SELinux hosts.
func DomainXML(s DomainSpec) (string, error) {
	s = s.withDefaults()
	if err := s.validate(); err != nil {
		return "", err
	}
	mark, err := MarshalMark(s.Mark)
	if err != nil {
		return "", fmt.Errorf("domain %q: %w", s.Name, err)
	}
	dom := &libvirtxml.Domain{
		Type:       s.Type,
		Name:       s.Name,
		UUID:       s.UUID,
		Metadata:   &libvirtxml.DomainMetadata{XML: mark},
		Memory:     &libvirtxml.DomainMemory{Value: uint(s.MemoryMiB), Unit: "MiB"},
		VCPU:       &libvirtxml.DomainVCPU{Placement: "static", Value: uint(s.VCPUs)},
		OS:         osFor(s.Firmware),
		Features:   &libvirtxml.DomainFeatureList{ACPI: &libvirtxml.DomainFeature{}, APIC: &libvirtxml.DomainFeatureAPIC{}},
		CPU:        cpuFor(s.Type),
		Clock:      &libvirtxml.DomainClock{Offset: "utc"},
		OnPoweroff: "destroy",
		OnReboot:   "restart",
		OnCrash:    "destroy",
		Devices:    devicesFor(s),
	}
	out, err := dom.Marshal()
	if err != nil {
		return "", fmt.Errorf("domain %q: marshal: %w", s.Name, err)
	}
	return out, nil
}

// withDefaults fills the two documented defaults.
func (s DomainSpec) withDefaults() DomainSpec {
	if s.Firmware == "" {
		s.Firmware = FirmwareUEFI
	}
	if s.OverlayFormat == "" {
		s.OverlayFormat = FormatQCOW2
	}
	return s
}

// validate rejects a spec libvirt would refuse or misread, naming the offending field.
func (s DomainSpec) validate() error {
	if s.Name == "" { // the name's rule is rules.ValidateVMName, checked before a spec is made
		return errors.New("domain name is empty")
	}
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if s.Type != TypeKVM && s.Type != TypeQEMU {
		add("type %q is neither %q nor %q", s.Type, TypeKVM, TypeQEMU)
	}
	if s.VCPUs < 1 {
		add("vcpus is %d, need at least 1", s.VCPUs)
	}
	if s.MemoryMiB < minMemoryMiB {
		add("memory is %d MiB, need at least %d", s.MemoryMiB, minMemoryMiB)
	}
	if s.Firmware != FirmwareUEFI && s.Firmware != FirmwareBIOS {
		add("firmware %q is neither %q nor %q", s.Firmware, FirmwareUEFI, FirmwareBIOS)
	}
	if s.OverlayFormat != FormatQCOW2 && s.OverlayFormat != FormatRaw {
		add("overlay format %q is neither %q nor %q", s.OverlayFormat, FormatQCOW2, FormatRaw)
	}
	if err := checkFilePath("overlay", s.OverlayPath); err != nil {
		add("%v", err)
	}
	if err := checkFilePath("seed", s.SeedPath); err != nil {
		add("%v", err)
	}
	if s.BackingPath != "" {
		if err := checkFilePath("backing", s.BackingPath); err != nil {
			add("%v", err)
		}
		if s.BackingFormat != FormatQCOW2 && s.BackingFormat != FormatRaw {
			add("backing format %q is neither %q nor %q", s.BackingFormat, FormatQCOW2, FormatRaw)
		}
	}
	if s.ConsoleLogPath != "" {
		if err := checkFilePath("console log", s.ConsoleLogPath); err != nil {
			add("%v", err)
		}
	}
	if s.UUID != "" && !uuidRE.MatchString(s.UUID) {
		add("uuid %q is not a UUID", s.UUID)
	}
	if len(s.NICs) == 0 {
		add("no network interface")
	}
	for i, n := range s.NICs {
		if err := validateNIC(i, n); err != nil {
			add("%v", err)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("domain %q: %s", s.Name, strings.Join(problems, "; "))
	}
	return nil
}

// checkFilePath requires an absolute, clean path: libvirt resolves nothing for type="file".
func checkFilePath(what, p string) error {
	switch {
	case p == "":
		return fmt.Errorf("%s path is empty", what)
	case !path.IsAbs(p):
		return fmt.Errorf("%s path %q is not absolute", what, p)
	case path.Clean(p) != p:
		return fmt.Errorf("%s path %q is not clean", what, p)
	}
	return nil
}

// osFor returns the <os> element. UEFI uses libvirt's firmware autoselection (libvirt picks
// the OVMF build and creates the NVRAM file) with secure boot explicitly off, because cloud
// images are not all signed and autoselection would otherwise be free to pick a secure build.
// There is deliberately no <loader>: libvirt 9.0 refuses loader attributes such as secure="no"
// when autoselection is on ("loader attribute 'secure' cannot be specified when firmware
// autoselection is enabled").
func osFor(firmware string) *libvirtxml.DomainOS {
	o := &libvirtxml.DomainOS{
		Type:        &libvirtxml.DomainOSType{Arch: "x86_64", Machine: "q35", Type: "hvm"},
		BootDevices: []libvirtxml.DomainBootDevice{{Dev: "hd"}},
	}
	if firmware == FirmwareUEFI {
		o.Firmware = "efi"
		o.FirmwareInfo = &libvirtxml.DomainOSFirmwareInfo{
			Features: []libvirtxml.DomainOSFirmwareFeature{{Enabled: "no", Name: "secure-boot"}},
		}
	}
	return o
}

// cpuFor passes the host CPU through under KVM. Under TCG there is no host CPU to pass
// through, so QEMU's default model is kept.
func cpuFor(domainType string) *libvirtxml.DomainCPU {
	if domainType != TypeKVM {
		return nil
	}
	return &libvirtxml.DomainCPU{Mode: "host-passthrough"}
}

// devicesFor lists the devices: two disks, the NICs, the agent channel, a serial console (logged
// to ConsoleLogPath when set; the console is the serial port's alias, so the log is on the
// serial device alone) and a virtio RNG (guests generating SSH host keys at first boot would
// otherwise wait for entropy).
func devicesFor(s DomainSpec) *libvirtxml.DomainDeviceList {
	zero := uint(0)
	pty := func() *libvirtxml.DomainChardevSource {
		return &libvirtxml.DomainChardevSource{Pty: &libvirtxml.DomainChardevSourcePty{}}
	}
	var log *libvirtxml.DomainChardevLog
	if s.ConsoleLogPath != "" {
		// Appended to: virtlogd then never removes a file of the log's, its rotation only
		// renames among the log and its copies, so the volumes the create made for every name
		// stay the files (rules.ConsoleLogNames). Begun anew (append off), each start would
		// remove the copies, and libvirt would forget their volumes at its next refresh.
		log = &libvirtxml.DomainChardevLog{File: s.ConsoleLogPath, Append: "on"}
	}
	return &libvirtxml.DomainDeviceList{
		Disks:      []libvirtxml.DomainDisk{overlayDisk(s), seedDisk(s)},
		Interfaces: interfaces(s.NICs),
		Channels: []libvirtxml.DomainChannel{{
			Source: &libvirtxml.DomainChardevSource{UNIX: &libvirtxml.DomainChardevSourceUNIX{Mode: "bind"}},
			Target: &libvirtxml.DomainChannelTarget{VirtIO: &libvirtxml.DomainChannelTargetVirtIO{Name: guestAgentName}},
		}},
		Serials:  []libvirtxml.DomainSerial{{Source: pty(), Target: &libvirtxml.DomainSerialTarget{Port: &zero}, Log: log}},
		Consoles: []libvirtxml.DomainConsole{{Source: pty(), Target: &libvirtxml.DomainConsoleTarget{Type: "serial", Port: &zero}}},
		RNGs: []libvirtxml.DomainRNG{{
			Model:   "virtio",
			Backend: &libvirtxml.DomainRNGBackend{Random: &libvirtxml.DomainRNGBackendRandom{Device: "/dev/urandom"}},
		}},
	}
}

// uuidRE is a UUID in libvirt's canonical lowercase form.
var uuidRE = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// IsUUID reports whether s is a UUID in canonical lowercase form.
func IsUUID(s string) bool { return uuidRE.MatchString(s) }

// overlayDisk is the guest's root disk: the copy-on-write overlay on the base image, with the
// base written as its backing store (ending the chain there) when known.
func overlayDisk(s DomainSpec) libvirtxml.DomainDisk {
	var backing *libvirtxml.DomainDiskBackingStore
	if s.BackingPath != "" {
		backing = &libvirtxml.DomainDiskBackingStore{
			Format:       &libvirtxml.DomainDiskFormat{Type: s.BackingFormat},
			Source:       &libvirtxml.DomainDiskSource{File: &libvirtxml.DomainDiskSourceFile{File: s.BackingPath}},
			BackingStore: &libvirtxml.DomainDiskBackingStore{},
		}
	}
	return libvirtxml.DomainDisk{
		BackingStore: backing,
		Device:       "disk",
		Driver:       &libvirtxml.DomainDiskDriver{Name: "qemu", Type: s.OverlayFormat},
		Source:       &libvirtxml.DomainDiskSource{File: &libvirtxml.DomainDiskSourceFile{File: s.OverlayPath}},
		Target:       &libvirtxml.DomainDiskTarget{Dev: overlayTarget, Bus: "virtio"},
	}
}

// seedDisk is the NoCloud ISO, read-only on SATA (q35 has no IDE).
func seedDisk(s DomainSpec) libvirtxml.DomainDisk {
	return libvirtxml.DomainDisk{
		Device:   "cdrom",
		Driver:   &libvirtxml.DomainDiskDriver{Name: "qemu", Type: FormatRaw},
		Source:   &libvirtxml.DomainDiskSource{File: &libvirtxml.DomainDiskSourceFile{File: s.SeedPath}},
		Target:   &libvirtxml.DomainDiskTarget{Dev: seedTarget, Bus: "sata"},
		ReadOnly: &libvirtxml.DomainDiskReadOnly{},
	}
}

// HypervisorType returns "kvm" when the capabilities XML offers a kvm domain for x86_64 hvm
// guests, else "qemu". Unreadable capabilities also give "qemu": emulation works everywhere,
// while asking for kvm where it is missing fails every define.
func HypervisorType(capsXML string) string {
	var caps libvirtxml.Caps
	if err := caps.Unmarshal(capsXML); err != nil {
		return TypeQEMU
	}
	for _, g := range caps.Guests {
		if g.OSType != "hvm" || g.Arch.Name != "x86_64" {
			continue
		}
		for _, d := range g.Arch.Domains {
			if d.Type == TypeKVM {
				return TypeKVM
			}
		}
	}
	return TypeQEMU
}
