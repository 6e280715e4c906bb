package hostops

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// DefinitionReuse keeps the definitions of a host's stopped domains that the in-use reads
// (ReadDiskIndexWith) read, each with the block statistics libvirt gave for the domain before the
// definition was read, so that reads that follow one another (the waves of a fleet's destroy) read
// again only the definitions whose disks may have changed: one statistics call per read instead
// of one definition per domain, which made a destroy's reads grow with the square of the fleet.
//
// A kept definition stands for the domain's current one when the domain is stopped at the read's
// listing and its record in one ConnectGetAllDomainStats of the block group with backing chains
// (reuseStatsFlags), taken after the listing and before any definition is read, equals field for
// field the record taken before the kept definition was read, and names a path for every disk and
// recorded backing image. Those statistics are libvirt's reading of the domain's current definition: each disk's
// target, the path of its image and of every backing image the definition records, and the sizes
// libvirt reads from those files by the format the definition gives them. A disk attached or
// detached, a source or a recorded backing image changed, the domain undefined and defined again
// with other disks, or a disk's format changed between raw and qcow2 (libvirt reads a qcow2
// file's capacity from its header, a raw file's from its length) changes them. Two edits would
// not, and are the price of the reuse (DESIGN.md, "A fleet's deletes share one host read"): a
// format changed while every size stays equal, and only the empty <backingStore/> that ends a
// recorded chain added or removed. A running domain (its next-boot definition has no statistics),
// a disk without a path (a volume or network disk, an empty drive), a domain the statistics do not
// list, and a definition kept for longer than reuseFor are read again.
type DefinitionReuse struct {
	now  func() time.Time
	mu   sync.Mutex
	doms map[libvirt.UUID]keptDefinition
}

type keptDefinition struct {
	name, stats, xml string
	at               time.Time
}

// reuseFor bounds how long a kept definition stands for the host's: a destroy of a thousand
// VMs takes a minute or two.
const reuseFor = 5 * time.Minute

// NewDefinitionReuse returns an empty DefinitionReuse on the clock now.
func NewDefinitionReuse(now func() time.Time) *DefinitionReuse {
	return &DefinitionReuse{now: now, doms: map[libvirt.UUID]keptDefinition{}}
}

// reuseStatsFlags are the flags of the statistics call of DefinitionReuse: the domains that do not
// run (whose definitions alone it reuses; a running domain's statistics would ask its QEMU), each
// with the backing images its definition records.
const reuseStatsFlags = libvirt.ConnectGetAllDomainsStatsInactive | libvirt.ConnectGetAllDomainsStatsBacking |
	libvirt.ConnectGetAllDomainsStatsNowait

// blockStats is the block statistics of every stopped domain of the host, by UUID, each as one
// string (blockStatsKey), "" for a domain with a disk or backing image that has no path. A host that
// does not give them (ErrNoSupport, ErrArgumentUnsupported) gives nil: every definition is then
// read. Other errors are returned, as every host error of a read is.
func (m *DefinitionReuse) blockStats(ctx context.Context, b backend.Backend) (map[libvirt.UUID]string, error) {
	if m == nil {
		return nil, nil
	}
	recs, err := b.ConnectGetAllDomainStats(ctx, libvirt.DomainStatsBlock, reuseStatsFlags)
	switch {
	case kvmerr.HasCode(err, libvirt.ErrNoSupport), kvmerr.HasCode(err, libvirt.ErrArgumentUnsupported):
		return nil, nil
	case err != nil:
		return nil, err
	}
	out := make(map[libvirt.UUID]string, len(recs))
	for _, r := range recs {
		out[r.Dom.UUID] = blockStatsKey(r.Params)
	}
	return out, nil
}

// blockStatsKey is params as one string, every field and value sorted by field, or "" when
// block.count is missing or an entry below it has no path.
func blockStatsKey(params []libvirt.TypedParam) string {
	fields := make([]string, 0, len(params))
	var count uint64
	counted := false
	paths := map[string]bool{}
	for _, p := range params {
		fields = append(fields, fmt.Sprintf("%s=%v", p.Field, p.Value.I))
		if p.Field == "block.count" {
			switch v := p.Value.I.(type) {
			case uint32:
				count, counted = uint64(v), true
			case uint64:
				count, counted = v, true
			}
		}
		if rest, ok := strings.CutPrefix(p.Field, "block."); ok {
			if i, key, ok := strings.Cut(rest, "."); ok && key == "path" {
				if s, _ := p.Value.I.(string); s != "" {
					paths[i] = true
				}
			}
		}
	}
	if !counted {
		return ""
	}
	for i := range count {
		if !paths[fmt.Sprint(i)] {
			return ""
		}
	}
	slices.Sort(fields)
	return strings.Join(fields, "\n")
}

// get is the definition kept for dom when it stands for dom's current one, whose statistics are
// stats ("" when the read has none that can stand for it).
func (m *DefinitionReuse) get(dom libvirt.Domain, stats string) (string, bool) {
	if m == nil || stats == "" || dom.ID >= 0 { // a domain that does not run has ID -1
		return "", false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.doms[dom.UUID]
	if !ok || k.name != dom.Name || k.stats != stats || m.now().Sub(k.at) > reuseFor {
		return "", false
	}
	return k.xml, true
}

// put keeps xml, the definition of the stopped domain dom read after statistics stats.
func (m *DefinitionReuse) put(dom libvirt.Domain, stats, xml string) {
	if m == nil || stats == "" || dom.ID >= 0 {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.doms[dom.UUID] = keptDefinition{name: dom.Name, stats: stats, xml: xml, at: m.now()}
}

// keepOnly forgets every domain a listing did not find.
func (m *DefinitionReuse) keepOnly(listed []libvirt.Domain) {
	if m == nil {
		return
	}
	in := make(map[libvirt.UUID]bool, len(listed))
	for _, d := range listed {
		in[d.UUID] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for u := range m.doms {
		if !in[u] {
			delete(m.doms, u)
		}
	}
}
