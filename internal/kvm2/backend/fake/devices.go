package fake

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"
)

// A file on the fake host exists when a volume of any pool, active or not, has its path: the
// fake keeps no other files. Each qcow2 volume's BackingPath is its header's backing file.

// checkStart refuses to start the domain defined by x as libvirt 9.0 does, in libvirt's order:
// first each <interface type="network"> whose network is missing (ErrNoNetwork) or inactive
// (ErrOperationInvalid), then each disk whose source, or any file of its backing chain, does not
// exist (ErrSystemError, as libvirt reports a failed access). The chain is the one the
// definition gives, followed, unless it ends with an empty <backingStore/>, by the backing files
// the volumes name. A definition the fake cannot read is not checked (libvirt would never have
// accepted it; such domains come from AddDomain). Callers hold st.mu.
func (s *state) checkStart(x string) error {
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(x); err != nil || dom.Devices == nil {
		return nil //nolint:nilerr // unreadable: nothing to check
	}
	for _, iface := range dom.Devices.Interfaces {
		if iface.Source == nil || iface.Source.Network == nil {
			continue
		}
		name := iface.Source.Network.Network
		active, ok := s.networks[name]
		if !ok {
			return LibvirtError(libvirt.ErrNoNetwork, "Network not found: no network with matching name '%s'", name)
		}
		if !active {
			return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: network '%s' is not active", name)
		}
	}
	for _, disk := range dom.Devices.Disks {
		if err := s.checkDisk(disk); err != nil {
			return err
		}
	}
	return nil
}

// networkMACs is the set of lower-case MACs of x's interfaces on the libvirt network named
// network (none when x cannot be read).
func networkMACs(x, network string) map[string]bool {
	var dom libvirtxml.Domain
	out := map[string]bool{}
	if err := dom.Unmarshal(x); err != nil || dom.Devices == nil {
		return out
	}
	for _, iface := range dom.Devices.Interfaces {
		if iface.Source != nil && iface.Source.Network != nil && iface.Source.Network.Network == network && iface.MAC != nil {
			out[strings.ToLower(iface.MAC.Address)] = true
		}
	}
	return out
}

// checkDisk checks one disk's source and backing chain (see checkStart).
func (s *state) checkDisk(disk libvirtxml.DomainDisk) error {
	top, err := s.sourcePath(disk.Source)
	if err != nil || top == "" {
		return err
	}
	if !s.pathExists(top) {
		return noSuchFile("Cannot access storage file '%s'", top)
	}
	last := top
	for bs := disk.BackingStore; bs != nil; bs = bs.BackingStore {
		p, err := s.sourcePath(bs.Source)
		if err != nil {
			return err
		}
		if p == "" {
			return nil // an empty <backingStore/> ends the chain: libvirt probes no further
		}
		if !s.pathExists(p) {
			return noSuchFile("Path '%s' is not accessible", p)
		}
		last = p
	}
	seen := map[string]bool{}
	for p := last; !seen[p]; {
		seen[p] = true
		v := s.volumeAt(p)
		if v == nil || v.BackingPath == "" {
			return nil
		}
		if !s.pathExists(v.BackingPath) {
			return noSuchFile("Cannot access backing file '%s' of storage file '%s'", v.BackingPath, top)
		}
		p = v.BackingPath
	}
	return nil
}

func noSuchFile(format string, args ...any) error {
	return LibvirtError(libvirt.ErrSystemError, format+": No such file or directory", args...)
}

// sourcePath is the file a disk source names: its file, or the path of the pool volume it
// names; "" for a source without a file (an empty cdrom, a block device, a network disk).
func (s *state) sourcePath(src *libvirtxml.DomainDiskSource) (string, error) {
	switch {
	case src == nil:
		return "", nil
	case src.File != nil:
		return src.File.File, nil
	case src.Volume != nil:
		p, err := s.pool(src.Volume.Pool)
		if err != nil {
			return "", err
		}
		v, ok := p.vols[src.Volume.Volume]
		if !ok {
			return "", noVol(src.Volume.Volume)
		}
		return v.Path, nil
	}
	return "", nil
}

// volumeAt returns the volume whose path is p, in any pool; callers hold st.mu.
func (s *state) volumeAt(p string) *Volume {
	for _, name := range sortedKeys(s.pools) {
		for _, v := range s.pools[name].vols {
			if v.Path == p {
				return v
			}
		}
	}
	return nil
}

// withBackingChains returns the live form of running domain document x: every disk whose
// source (or whose definition's last <backingStore>) is a volume and whose chain the definition
// does not end gets the chain libvirt detects at start, read from the volumes' backing paths:
// one <backingStore type="file"> per backing file with its format and source, ending with an
// empty <backingStore/>. A chain the definition ends is left as written, as libvirt leaves it.
// A source that is no volume gets nothing. A document that cannot be read is returned
// unchanged. Callers hold st.mu.
func (s *state) withBackingChains(x string) string {
	type holder struct {
		name       string // "disk" or "backingStore"
		source     string // the file its <source> names
		hasBacking bool
		selfClosed bool
	}
	type insertion struct {
		at    int
		chain string
	}
	var (
		stack []*holder // the disk or backingStore elements enclosing the decoder, innermost last
		ins   []insertion
		path  []string // element names from the root
	)
	dec := xml.NewDecoder(strings.NewReader(x))
	for {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return x
		}
		switch t := tok.(type) {
		case xml.StartElement:
			path = append(path, t.Name.Local)
			inHolder := len(stack) > 0 && len(path) == depthOf(stack)+1
			switch {
			case len(path) == 3 && path[1] == "devices" && t.Name.Local == "disk",
				inHolder && t.Name.Local == "backingStore":
				if inHolder {
					stack[len(stack)-1].hasBacking = true
				}
				stack = append(stack, &holder{name: t.Name.Local})
				stack[len(stack)-1].selfClosed = strings.HasSuffix(x[before:dec.InputOffset()], "/>")
			case inHolder && t.Name.Local == "source":
				stack[len(stack)-1].source = s.sourceAttrPath(t.Attr)
			}
		case xml.EndElement:
			if len(stack) > 0 && len(path) == depthOf(stack) && t.Name.Local == stack[len(stack)-1].name {
				h := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if h.source != "" && !h.hasBacking && !h.selfClosed {
					if chain := s.chainXML(h.source, map[string]bool{}); chain != "" {
						ins = append(ins, insertion{before, chain})
					}
				}
			}
			path = path[:len(path)-1]
		}
	}
	var b strings.Builder
	last := 0
	for _, in := range ins {
		b.WriteString(x[last:in.at])
		b.WriteString(in.chain)
		last = in.at
	}
	b.WriteString(x[last:])
	return b.String()
}

// depthOf is the element depth of the innermost holder on stack: a disk sits at depth 3 and
// each nested backingStore one deeper.
func depthOf[T any](stack []T) int { return 2 + len(stack) }

// sourceAttrPath is the file a <source> element's attributes name (file, or pool and volume).
func (s *state) sourceAttrPath(attrs []xml.Attr) string {
	var file, pool, vol string
	for _, a := range attrs {
		switch a.Name.Local {
		case "file":
			file = a.Value
		case "pool":
			pool = a.Value
		case "volume":
			vol = a.Value
		}
	}
	if file != "" {
		return file
	}
	if p, ok := s.pools[pool]; ok {
		if v, ok := p.vols[vol]; ok {
			return v.Path
		}
	}
	return ""
}

// chainXML renders the backing chain below the file at p, as libvirt's live XML shows it: ""
// when p is no volume (nothing is known of it), an empty <backingStore/> for a file without a
// backing file, else the backing file and, within it, its own chain.
func (s *state) chainXML(p string, seen map[string]bool) string {
	v := s.volumeAt(p)
	if v == nil || seen[p] {
		return ""
	}
	seen[p] = true
	if v.BackingPath == "" {
		return "<backingStore/>"
	}
	var b strings.Builder
	b.WriteString(`<backingStore type="file">`)
	if bv := s.volumeAt(v.BackingPath); bv != nil && bv.Format != "" {
		b.WriteString(`<format type="` + attrEscaper.Replace(bv.Format) + `"/>`)
	}
	b.WriteString(`<source file="` + attrEscaper.Replace(v.BackingPath) + `"/>`)
	b.WriteString(s.chainXML(v.BackingPath, seen))
	b.WriteString("</backingStore>")
	return b.String()
}
