package hostops

import (
	"crypto/sha256"
	"slices"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// DefinitionMemo remembers, for each domain of a host, what its definition gave the in-use read
// (its disks' chains, or why it does not parse), so that the reads of a host that follow one
// another (the deletes of a fleet) parse only the definitions that changed. Every read still
// reads every definition from the host; an entry is used only for a definition whose SHA-256
// digest is that of the one read now, and equal definitions parse alike, so a remembered answer
// never differs from a parse of its own. A read forgets the domains its listing did not find,
// so the memo holds at most about one entry per domain of the host. Safe for concurrent use; a
// nil memo remembers nothing.
type DefinitionMemo struct {
	mu     sync.Mutex
	doms   map[memoKey]memoDefinition
	parses int
	parse  func(string) definition.ParsedDomain // definition.ParseDomainAndChains; tests watch it
}

// memoKey is one definition of a domain: its current one, or the next-boot one of a domain that
// runs.
type memoKey struct {
	uuid libvirt.UUID
	next bool
}

type memoDefinition struct {
	digest [sha256.Size]byte
	disks  parsedDisks
}

// parsedDisks is what the in-use read takes from a definition: its disks' chains, or why it does
// not parse (ParseDomain's error, else DiskChains'). Its chains are shared: nobody changes them.
type parsedDisks struct {
	chains []definition.DiskChain
	err    error
}

// NewDefinitionMemo returns an empty memo.
func NewDefinitionMemo() *DefinitionMemo {
	return &DefinitionMemo{doms: map[memoKey]memoDefinition{}, parse: definition.ParseDomainAndChains}
}

// Parses is how many definitions m has parsed so far.
func (m *DefinitionMemo) Parses() int {
	if m == nil {
		return 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.parses
}

// disks parses xml, the definition of domain uuid read now (its next-boot one when next), unless
// m holds the parse of the same definition.
func (m *DefinitionMemo) disks(uuid libvirt.UUID, next bool, xml string) parsedDisks {
	k := memoKey{uuid: uuid, next: next}
	if m == nil {
		return parseDisks(definition.ParseDomainAndChains(xml))
	}
	digest := sha256.Sum256([]byte(xml))
	m.mu.Lock()
	e, ok := m.doms[k]
	m.mu.Unlock()
	if ok && e.digest == digest {
		return e.disks
	}
	d := parseDisks(m.parse(xml))
	m.mu.Lock()
	m.parses++
	m.doms[k] = memoDefinition{digest: digest, disks: d}
	m.mu.Unlock()
	return d
}

func parseDisks(p definition.ParsedDomain) parsedDisks {
	if p.FactsErr != nil {
		return parsedDisks{err: p.FactsErr}
	}
	return parsedDisks{chains: p.Chains, err: p.ChainsErr}
}

// with is p and q together: the chains of both, and the first error of either.
func (p parsedDisks) with(q parsedDisks) parsedDisks {
	out := parsedDisks{chains: append(slices.Clip(p.chains), q.chains...), err: p.err}
	if out.err == nil {
		out.err = q.err
	}
	return out
}

// keepOnly forgets every definition not in read, the host's domains as a read found them.
func (m *DefinitionMemo) keepOnly(read []domainDefinitions) {
	if m == nil {
		return
	}
	in := make(map[memoKey]bool, len(read))
	for _, r := range read {
		in[memoKey{uuid: r.dom.UUID}] = true
		if r.next != "" {
			in[memoKey{uuid: r.dom.UUID, next: true}] = true
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for k := range m.doms {
		if !in[k] {
			delete(m.doms, k)
		}
	}
}
