package hostops

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// DiskIndex is what every domain of one host uses, read once: for each domain, the images its
// disks are and back onto (cleaned paths and volume identities), or why they cannot be followed.
// It answers the in-use rule (DiskUsers) for any paths, so that callers that ask about many
// (the deletes of a fleet) share one read of the host instead of one each.
type DiskIndex struct {
	r       *chainReader
	domains []domainDisks
}

// domainDisks is one domain of a DiskIndex.
type domainDisks struct {
	name    string
	uuid    libvirt.UUID
	touches map[string]bool // pathKey and idKey of every image of its disks' chains
	unsure  string          // why its disks cannot be followed to their end, if so
}

func pathKey(cleaned string) string { return "path:" + cleaned }
func idKey(id string) string        { return "id:" + id }

// ReadDiskIndex reads every domain of the host and follows its disks (DiskUsers says how).
// Host errors are returned: nothing is decided on a failed read.
func ReadDiskIndex(ctx context.Context, b backend.Backend) (*DiskIndex, error) {
	return ReadDiskIndexWith(ctx, b, nil, nil, nil, nil)
}

// ReadDiskIndexWith is ReadDiskIndex that takes the volumes memo remembers instead of looking
// them up again, and adds those it finds (memo may be nil); that parses only the definitions
// defs does not hold the parse of, and adds them (defs may be nil); and that takes the
// definitions known gives (EachDefinitionKnown; may be nil); and that reads again only the
// definitions of stopped domains reuse cannot stand for (DefinitionReuse; may be nil).
func ReadDiskIndexWith(ctx context.Context, b backend.Backend, memo *VolumeMemo, defs *DefinitionMemo, known map[libvirt.UUID]string, reuse *DefinitionReuse) (*DiskIndex, error) {
	x := &DiskIndex{r: &chainReader{b: b, memo: memo, vols: map[string]volumeAt{}, pathOf: map[definition.PoolVolume]poolVolume{}}}
	read, err := readDefinitions(ctx, b, known, reuse)
	if err != nil {
		return nil, err
	}
	defs.keepOnly(read)
	// A definition that does not parse may use anything. A running domain's next-boot definition
	// counts as the live one: its disks are the domain's from its next boot.
	parsed := make([]parsedDisks, len(read))
	var files []string
	for i, r := range read {
		parsed[i] = defs.disks(r.dom.UUID, false, r.live)
		if r.next != "" {
			parsed[i] = parsed[i].with(defs.disks(r.dom.UUID, true, r.next))
		}
		for _, c := range parsed[i].chains {
			for _, l := range c.Layers {
				if l.File != "" {
					files = append(files, filepath.Clean(l.File))
				}
			}
		}
	}
	if err := x.r.prefetch(ctx, files); err != nil {
		return nil, err
	}
	for i, r := range read {
		dom := r.dom
		dd := domainDisks{name: dom.Name, uuid: dom.UUID, touches: map[string]bool{}}
		if parsed[i].err != nil {
			dd.unsure = fmt.Sprintf("its definition does not parse: %v", parsed[i].err)
		} else {
			var err error
			if dd.touches, dd.unsure, err = x.r.domainUses(ctx, parsed[i].chains); err != nil {
				return nil, err
			}
		}
		x.domains = append(x.domains, dd)
	}
	return x, nil
}

// Users reports, for each of paths, the domains of the index that use it or may (DiskUsers);
// vols[i], when given, is the volume at paths[i]. A path is looked up on b only when it is not
// one the index read already. Users never changes x, so callers may share an index.
func (x *DiskIndex) Users(ctx context.Context, b backend.Backend, paths []string, vols []libvirt.StorageVol) (map[string][]User, error) {
	users := map[string][]User{}
	for i, p := range paths {
		clean := filepath.Clean(p)
		keys := []string{pathKey(clean)}
		v, known := x.r.vols[clean]
		switch {
		case i < len(vols):
			v = found(vols[i])
		case !known:
			vol, err := b.StorageVolLookupByPath(ctx, clean)
			if err != nil && !kvmerr.IsNotFound(err) {
				return nil, err
			}
			if err == nil {
				v = found(vol)
			}
		}
		for _, id := range v.ids() {
			keys = append(keys, idKey(id))
		}
		for _, d := range x.domains {
			u := User{Name: d.name, UUID: d.uuid}
			switch {
			case slices.ContainsFunc(keys, func(k string) bool { return d.touches[k] }):
			case d.unsure != "":
				u.Unsure = d.unsure
			default:
				continue
			}
			if !containsUser(users[p], u.Name) {
				users[p] = append(users[p], u)
			}
		}
	}
	return users, nil
}

// VolumeMemo remembers, for a while, which volume a path resolved to, so that the reads of a
// host that follow one another (the deletes of a fleet) do not look every disk up again. A path
// that resolved to a volume names the same pool, volume and key while that volume exists, and a
// volume made again at that path gets the same names, so a remembered answer never changes
// which domain uses what; a path that resolved to nothing is not remembered, and every answer is
// forgotten after volumeMemoTTL. Safe for concurrent use; a nil memo remembers nothing.
type VolumeMemo struct {
	now  func() time.Time
	mu   sync.Mutex
	vols map[string]memoVolume
}

type memoVolume struct {
	vol libvirt.StorageVol
	at  time.Time
}

// volumeMemoTTL bounds how long a VolumeMemo keeps an answer.
const volumeMemoTTL = time.Minute

// NewVolumeMemo returns an empty memo on the clock now.
func NewVolumeMemo(now func() time.Time) *VolumeMemo {
	return &VolumeMemo{now: now, vols: map[string]memoVolume{}}
}

func (m *VolumeMemo) get(path string) (libvirt.StorageVol, bool) {
	if m == nil {
		return libvirt.StorageVol{}, false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.vols[path]
	if !ok || m.now().Sub(v.at) > volumeMemoTTL {
		delete(m.vols, path)
		return libvirt.StorageVol{}, false
	}
	return v.vol, true
}

func (m *VolumeMemo) put(path string, vol libvirt.StorageVol) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.vols[path] = memoVolume{vol: vol, at: m.now()}
}
