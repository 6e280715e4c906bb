package definition

import (
	"errors"
	"fmt"
	"strings"

	"libvirt.org/go/libvirtxml"
)

// DomainFacts is what the core reads back from a domain's definition, in one parse: our mark
// (nil when the domain carries none), the disks and every file they reference, and the devices
// that can drift.
type DomainFacts struct {
	Mark *Mark
	Name string
	UUID string
	// DiskFiles lists every file a disk of the domain references: each disk's source and, where
	// the definition (or the live state) carries it, its whole backing chain.
	DiskFiles []string
	// OverlayBacking is the backing file the definition records for the overlay, or "".
	OverlayBacking string
	MAC            string
	Network        string
	Bridge         string
	OverlayPath    string
	SeedPath       string
	NVRAMPath      string
	// ConsoleLogPath is the file the first serial port is logged to, or "" (no log: a domain of
	// an earlier version, or not ours).
	ConsoleLogPath string
	Firmware       string
	VCPUs          int
	MemoryMiB      int
	// MACs lists the MAC address of every interface, in lower case (MAC is the first one's).
	MACs []string
	// NICs are the domain's interfaces in the guest's order; MAC, Network and Bridge above are
	// the first one's.
	NICs []NIC
	// Active is set for the live definition of a domain that runs (or is paused): libvirt gives
	// such a domain an id.
	Active bool
	// AgentDisconnected is set when the live definition shows the guest agent channel
	// disconnected (state='disconnected'): no agent answers in the guest.
	AgentDisconnected bool
}

// ParseDomain extracts the facts from a domain XML as libvirt returns it. The NIC is the first
// interface, the overlay the disk on vda and the seed the first cdrom; a domain we did not build
// may lack any of them, and the matching facts are then empty.
func ParseDomain(domXML string) (DomainFacts, error) {
	dom, err := unmarshalDomain(domXML)
	if err != nil {
		return DomainFacts{}, err
	}
	return factsOf(dom)
}

// unmarshalDomain reads a domain XML as libvirt returns it: the one parse ParseDomain,
// DiskChains and ParseDomainAndChains share.
func unmarshalDomain(domXML string) (*libvirtxml.Domain, error) {
	if strings.TrimSpace(domXML) == "" {
		return nil, errors.New("parse domain: empty XML")
	}
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(domXML); err != nil {
		return nil, fmt.Errorf("parse domain: %w", err)
	}
	return &dom, nil
}

// factsOf is ParseDomain of a parsed definition.
func factsOf(dom *libvirtxml.Domain) (DomainFacts, error) {
	facts := DomainFacts{Name: dom.Name, Firmware: firmwareOf(dom.OS), NVRAMPath: nvramOf(dom.OS), UUID: strings.ToLower(dom.UUID),
		Active: dom.ID != nil && *dom.ID >= 0}
	if dom.Metadata != nil {
		m, err := findMark(dom.Metadata.XML)
		if err != nil {
			return DomainFacts{}, fmt.Errorf("parse domain: %w", err)
		}
		facts.Mark = m
	}
	if dom.VCPU != nil {
		// The CPUs the domain has (or boots with): current when it differs from the maximum.
		facts.VCPUs = int(dom.VCPU.Value)
		if dom.VCPU.Current > 0 {
			facts.VCPUs = int(dom.VCPU.Current)
		}
	}
	if dom.Memory != nil {
		mib, err := memoryMiB(dom.Memory.Value, dom.Memory.Unit)
		if err != nil {
			return DomainFacts{}, fmt.Errorf("parse domain: %w", err)
		}
		facts.MemoryMiB = mib
	}
	if dom.Devices != nil {
		facts.readDisks(dom.Devices.Disks)
		facts.readNICs(dom.Devices.Interfaces)
		facts.AgentDisconnected = agentDisconnected(dom.Devices.Channels)
		if len(dom.Devices.Serials) > 0 && dom.Devices.Serials[0].Log != nil {
			facts.ConsoleLogPath = dom.Devices.Serials[0].Log.File
		}
	}
	return facts, nil
}

// readDisks records the overlay (target vda) and seed (first cdrom) file paths, and every file
// any disk references along its backing chain.
func (f *DomainFacts) readDisks(disks []libvirtxml.DomainDisk) {
	for _, d := range disks {
		p := diskFile(d)
		switch {
		case d.Target != nil && d.Target.Dev == overlayTarget && f.OverlayPath == "":
			f.OverlayPath = p
			if d.BackingStore != nil {
				f.OverlayBacking = sourceFile(d.BackingStore.Source)
			}
		case d.Device == "cdrom" && f.SeedPath == "":
			f.SeedPath = p
		}
		if p != "" {
			f.DiskFiles = append(f.DiskFiles, p)
		}
		for bs := d.BackingStore; bs != nil; bs = bs.BackingStore {
			if bp := sourceFile(bs.Source); bp != "" {
				f.DiskFiles = append(f.DiskFiles, bp)
			}
		}
	}
}

// sourceFile is the file of a disk source, or "".
func sourceFile(s *libvirtxml.DomainDiskSource) string {
	if s == nil || s.File == nil {
		return ""
	}
	return s.File.File
}

// readNICs records every interface: its MAC (in MACs too, when it has one), its network or
// bridge and its rate limits; MAC, Network and Bridge are the first one's.
func (f *DomainFacts) readNICs(ifaces []libvirtxml.DomainInterface) {
	for _, iface := range ifaces {
		var n NIC
		if iface.MAC != nil && iface.MAC.Address != "" {
			n.MAC = strings.ToLower(iface.MAC.Address)
			f.MACs = append(f.MACs, n.MAC)
		}
		// A running domain on a libvirt network also reports the network's bridge in
		// <source network="..." bridge="virbr0">; that is not a configured bridge.
		if iface.Source != nil && iface.Source.Network != nil {
			n.Network = iface.Source.Network.Network
		}
		if iface.Source != nil && iface.Source.Bridge != nil {
			n.Bridge = iface.Source.Bridge.Bridge
		}
		n.Bandwidth = readBandwidth(iface.Bandwidth)
		f.NICs = append(f.NICs, n)
	}
	if len(f.NICs) > 0 {
		f.MAC, f.Network, f.Bridge = f.NICs[0].MAC, f.NICs[0].Network, f.NICs[0].Bridge
	}
}

// diskFile is the file path of a type="file" disk, or "".
func diskFile(d libvirtxml.DomainDisk) string { return sourceFile(d.Source) }

// firmwareOf reports "uefi" when the definition asks for EFI firmware, by autoselection or by
// an explicit loader, else "bios".
func firmwareOf(o *libvirtxml.DomainOS) string {
	if o != nil && (o.Firmware == "efi" || o.Loader != nil) {
		return FirmwareUEFI
	}
	return FirmwareBIOS
}

// nvramOf returns the NVRAM file path, in either of the forms libvirt writes it.
func nvramOf(o *libvirtxml.DomainOS) string {
	if o == nil || o.NVRam == nil {
		return ""
	}
	if p := strings.TrimSpace(o.NVRam.NVRam); p != "" {
		return p
	}
	if o.NVRam.Source != nil && o.NVRam.Source.File != nil {
		return o.NVRam.Source.File.File
	}
	return ""
}

// memoryUnits maps libvirt's memory units to bytes; libvirt's default unit is KiB.
var memoryUnits = map[string]uint64{
	"b": 1, "bytes": 1,
	"KB": 1000, "k": 1 << 10, "KiB": 1 << 10, "": 1 << 10,
	"MB": 1000 * 1000, "M": 1 << 20, "MiB": 1 << 20,
	"GB": 1000 * 1000 * 1000, "G": 1 << 30, "GiB": 1 << 30,
	"TB": 1000 * 1000 * 1000 * 1000, "T": 1 << 40, "TiB": 1 << 40,
}

// memoryMiB converts a libvirt memory amount to whole MiB, rounding down.
func memoryMiB(value uint, unit string) (int, error) {
	scale, ok := memoryUnits[unit]
	if !ok {
		return 0, fmt.Errorf("unknown memory unit %q", unit)
	}
	return int(uint64(value) * scale / (1 << 20)), nil
}

// agentDisconnected reports a guest agent channel that the live definition of a running domain
// shows as disconnected: no agent listens in the guest. A definition without the state (an
// inactive domain, or a libvirt that does not report it) says nothing.
func agentDisconnected(channels []libvirtxml.DomainChannel) bool {
	for _, ch := range channels {
		if t := ch.Target; t != nil && t.VirtIO != nil && t.VirtIO.Name == guestAgentName {
			return t.VirtIO.State == "disconnected"
		}
	}
	return false
}
