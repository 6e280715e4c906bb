package definition

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"libvirt.org/go/libvirtxml"
)

// ResizeDomainXML returns the persistent definition domXML (as DomainXMLInactive returns it)
// with vcpus virtual CPUs, memoryMiB MiB of memory and mark m in place of our mark, every other
// element kept. The CPU count is the maximum and the current count alike (no hot-pluggable
// spares), and the memory is the maximum and the current (balloon) amount alike, as DomainXML
// writes them. Other metadata children are kept; a definition without our mark is refused.
// uuid, the domain's, is written when the document has none, so the define can only replace
// this domain's definition.
func ResizeDomainXML(domXML, uuid string, vcpus, memoryMiB int, m Mark) (string, error) {
	if vcpus < 1 {
		return "", fmt.Errorf("resize: vcpus is %d, need at least 1", vcpus)
	}
	if memoryMiB < minMemoryMiB {
		return "", fmt.Errorf("resize: memory is %d MiB, need at least %d", memoryMiB, minMemoryMiB)
	}
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(domXML); err != nil {
		return "", fmt.Errorf("resize: parse domain: %w", err)
	}
	if dom.Metadata == nil {
		return "", errors.New("resize: the definition has no metadata")
	}
	md, err := replaceMark(dom.Metadata.XML, m)
	if err != nil {
		return "", fmt.Errorf("resize: %w", err)
	}
	dom.Metadata.XML = md
	if dom.UUID == "" {
		dom.UUID = uuid
	}
	placement := "static"
	if dom.VCPU != nil && dom.VCPU.Placement != "" {
		placement = dom.VCPU.Placement
	}
	cpuset := ""
	if dom.VCPU != nil {
		cpuset = dom.VCPU.CPUSet
	}
	dom.VCPU = &libvirtxml.DomainVCPU{Placement: placement, CPUSet: cpuset, Value: uint(vcpus)}
	// A per-vCPU list describes the old count; libvirt rebuilds it from <vcpu>.
	dom.VCPUs = nil
	dom.Memory = &libvirtxml.DomainMemory{Value: uint(memoryMiB), Unit: "MiB"}
	dom.CurrentMemory = &libvirtxml.DomainCurrentMemory{Value: uint(memoryMiB), Unit: "MiB"}
	if dom.CPU != nil && dom.CPU.Topology != nil {
		// A topology fixes the CPU count: sockets*dies*cores*threads must equal <vcpu>. Ours
		// have none; one set on the host is made to fit with one socket per vCPU.
		dom.CPU.Topology = &libvirtxml.DomainCPUTopology{Sockets: vcpus, Dies: 1, Cores: 1, Threads: 1}
	}
	out, err := dom.Marshal()
	if err != nil {
		return "", fmt.Errorf("resize: marshal: %w", err)
	}
	return out, nil
}

// replaceMark returns the inner XML of a <metadata> element with our mark (the child in
// MarkNamespace) rendered anew from m and every other child unchanged.
func replaceMark(inner string, m Mark) (string, error) {
	mark, err := MarshalMark(m)
	if err != nil {
		return "", err
	}
	dec := xml.NewDecoder(strings.NewReader(inner))
	depth := 0
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return "", errors.New("the definition carries no mark")
		}
		if err != nil {
			return "", fmt.Errorf("parse metadata: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 && t.Name.Space == MarkNamespace {
				if err := dec.Skip(); err != nil {
					return "", fmt.Errorf("parse metadata: %w", err)
				}
				return inner[:before] + mark + inner[dec.InputOffset():], nil
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}
