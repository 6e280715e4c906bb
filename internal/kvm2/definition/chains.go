package definition

import "libvirt.org/go/libvirtxml"

// DiskLayer is one image of a disk as a domain definition records it: a file (or block
// device), or a volume named by pool and volume, with the format the definition gives it (""
// when it gives none).
type DiskLayer struct {
	File   string
	Volume PoolVolume
	Format string
}

// DiskChain is one disk of a domain: its source first, then the backing chain the definition
// records. Complete is set when that chain ends in an empty <backingStore/>: libvirt then uses
// the chain as written and reads no further backing file from the last image.
type DiskChain struct {
	Layers   []DiskLayer
	Complete bool
}

// DiskChains lists the disks of a domain definition with the backing chains it records. A disk
// with no local source (a network disk, an empty cdrom) is left out.
func DiskChains(domXML string) ([]DiskChain, error) {
	dom, err := unmarshalDomain(domXML)
	if err != nil {
		return nil, err
	}
	return chainsOf(dom), nil
}

// chainsOf is DiskChains of a parsed definition.
func chainsOf(dom *libvirtxml.Domain) []DiskChain {
	if dom.Devices == nil {
		return nil
	}
	var out []DiskChain
	for _, d := range dom.Devices.Disks {
		first, ok := layerOf(d.Source)
		if !ok {
			continue
		}
		if d.Driver != nil {
			first.Format = d.Driver.Type
		}
		c := DiskChain{Layers: []DiskLayer{first}}
		for bs := d.BackingStore; bs != nil; bs = bs.BackingStore {
			l, ok := layerOf(bs.Source)
			if !ok {
				// An empty <backingStore/> ends the chain; a source kvm2 cannot name (a
				// network image) leaves it open.
				c.Complete = endsChain(bs)
				break
			}
			if bs.Format != nil {
				l.Format = bs.Format.Type
			}
			c.Layers = append(c.Layers, l)
		}
		out = append(out, c)
	}
	return out
}

// layerOf is the image a disk source names, when it names a file, block device or volume.
func layerOf(s *libvirtxml.DomainDiskSource) (DiskLayer, bool) {
	switch {
	case s == nil:
	case s.File != nil && s.File.File != "":
		return DiskLayer{File: s.File.File}, true
	case s.Block != nil && s.Block.Dev != "":
		return DiskLayer{File: s.Block.Dev}, true
	case s.Volume != nil && s.Volume.Pool != "" && s.Volume.Volume != "":
		return DiskLayer{Volume: PoolVolume{Pool: s.Volume.Pool, Volume: s.Volume.Volume}}, true
	}
	return DiskLayer{}, false
}

// endsChain reports whether bs is the empty <backingStore/> that says an image has no backing
// file (libvirtxml reads it as a source of no kind).
func endsChain(bs *libvirtxml.DomainDiskBackingStore) bool {
	s := bs.Source
	return bs.Format == nil && bs.BackingStore == nil &&
		(s == nil || s.File == nil && s.Block == nil && s.Dir == nil && s.Network == nil && s.Volume == nil &&
			s.VHostUser == nil && s.VHostVDPA == nil && s.Ctl == nil)
}
