package hostops

import (
	"context"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"
	"golang.org/x/sync/errgroup"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// Definition is the definition of one domain of a host, as the host-wide loops read it.
type Definition struct {
	Domain libvirt.Domain
	XML    string
	Facts  definition.DomainFacts
	// NextFacts is the parse of the persistent (next-boot) definition of a domain that runs and
	// has one that differs from XML; empty otherwise. A disk or interface there (virsh
	// attach-disk --config, an edited definition) is the domain's from its next boot, so the
	// in-use rule and the MAC listing count it as the live ones.
	NextFacts definition.DomainFacts
	// Err is set when a definition does not parse. Such a domain may use anything: every
	// caller counts it as a user of whatever it asks about (a volume, a MAC address), never as
	// a domain that uses nothing.
	Err error
}

// MACs are the addresses of the domain's interfaces in either definition, each once.
func (d Definition) MACs() []string {
	out := slices.Clone(d.Facts.MACs)
	for _, m := range d.NextFacts.MACs {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// definitionReads is how many definitions EachDefinition reads at once: the connection carries
// several calls together, and libvirtd serves five of a client's at a time by default.
const definitionReads = 4

// EachDefinition calls fn with the definitions of every domain of the host, running or stopped,
// in any state; a domain removed while the host is listed is skipped. Its read of the host's
// domains (readDefinitions) is the one the in-use rule (DiskUsers) and the MAC listing share. The
// definitions are read definitionReads at a time, then handed to fn one after another in the
// listing's order. It stops at the first error, fn's or the host's.
func EachDefinition(ctx context.Context, b backend.Backend, fn func(Definition) error) error {
	return EachDefinitionKnown(ctx, b, nil, fn)
}

// EachDefinitionKnown is EachDefinition that takes the definition of a domain listed in known
// (by UUID) from there instead of asking the host: the caller read it itself (a delete, of the
// domain it is removing, whose definition the host gives out only once its destroy has ended).
func EachDefinitionKnown(ctx context.Context, b backend.Backend, known map[libvirt.UUID]string, fn func(Definition) error) error {
	read, err := readDefinitions(ctx, b, known, nil)
	if err != nil {
		return err
	}
	for _, r := range read {
		d := Definition{Domain: r.dom, XML: r.live}
		d.Facts, d.Err = definition.ParseDomain(r.live)
		if d.Err == nil && r.next != "" {
			d.NextFacts, d.Err = definition.ParseDomain(r.next)
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	return nil
}

// domainDefinitions is one domain of a host as readDefinitions read it: its current definition
// (live while it runs), and its persistent one when it runs, has one and it differs.
type domainDefinitions struct {
	dom        libvirt.Domain
	live, next string
}

// readDefinitions lists the domains of the host and reads their definitions (EachDefinitionKnown
// says how), leaving out those removed meanwhile. A domain that runs (the listing gives it an ID)
// may have two definitions, and libvirt's flags 0 give only the live one: its next-boot one is
// read too (DomainXMLInactive; for a transient domain libvirt gives the live one again), unless
// it is known. With reuse, a stopped domain's definition kept there is taken instead of asking
// the host when the host's block statistics say it stands (DefinitionReuse), and those read are
// kept.
func readDefinitions(ctx context.Context, b backend.Backend, known map[libvirt.UUID]string, reuse *DefinitionReuse) ([]domainDefinitions, error) {
	listed, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, err
	}
	stats, err := reuse.blockStats(ctx, b) // after the listing, before any definition is read
	if err != nil {
		return nil, err
	}
	read := make([]domainDefinitions, len(listed))
	gone := make([]bool, len(listed))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(definitionReads)
	get := func(i int, dom libvirt.Domain, flags libvirt.DomainXMLFlags, into *string) {
		g.Go(func() error {
			x, err := b.DomainGetXMLDesc(gctx, dom, flags)
			switch {
			case kvmerr.IsNotFound(err):
				gone[i] = true // removed while we listed
			case err != nil:
				return err
			}
			*into = x
			if flags == 0 {
				reuse.put(dom, stats[dom.UUID], x)
			}
			return nil
		})
	}
	for i, dom := range listed {
		read[i].dom = dom
		if x, ok := known[dom.UUID]; ok {
			read[i].live = x
			continue
		}
		if x, ok := reuse.get(dom, stats[dom.UUID]); ok {
			read[i].live = x
			continue
		}
		get(i, dom, 0, &read[i].live)
		if dom.ID > 0 {
			get(i, dom, libvirt.DomainXMLInactive, &read[i].next)
		}
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	reuse.keepOnly(listed)
	var out []domainDefinitions
	for i, r := range read {
		if gone[i] {
			continue
		}
		if r.next == r.live {
			r.next = ""
		}
		out = append(out, r)
	}
	return out, nil
}
