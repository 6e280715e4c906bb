package hostops

import (
	"context"

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
	// Err is set when the definition does not parse. Such a domain may use anything: every
	// caller counts it as a user of whatever it asks about (a volume, a MAC address), never as
	// a domain that uses nothing.
	Err error
}

// definitionReads is how many definitions EachDefinition reads at once: the connection carries
// several calls together, and libvirtd serves five of a client's at a time by default.
const definitionReads = 4

// EachDefinition calls fn with the definition of every domain of the host, running or stopped,
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
	doms, xmls, err := readDefinitions(ctx, b, known)
	if err != nil {
		return err
	}
	for i, dom := range doms {
		facts, perr := definition.ParseDomain(xmls[i])
		if err := fn(Definition{Domain: dom, XML: xmls[i], Facts: facts, Err: perr}); err != nil {
			return err
		}
	}
	return nil
}

// readDefinitions lists the domains of the host and reads their definitions (EachDefinitionKnown
// says how), leaving out those removed meanwhile: xmls[i] is the definition of doms[i].
func readDefinitions(ctx context.Context, b backend.Backend, known map[libvirt.UUID]string) (doms []libvirt.Domain, xmls []string, err error) {
	listed, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	read := make([]string, len(listed))
	gone := make([]bool, len(listed))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(definitionReads)
	for i, dom := range listed {
		if x, ok := known[dom.UUID]; ok {
			read[i] = x
			continue
		}
		g.Go(func() error {
			x, err := b.DomainGetXMLDesc(gctx, dom, 0)
			switch {
			case kvmerr.IsNotFound(err):
				gone[i] = true // removed while we listed
			case err != nil:
				return err
			}
			read[i] = x
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, nil, err
	}
	for i, dom := range listed {
		if !gone[i] {
			doms, xmls = append(doms, dom), append(xmls, read[i])
		}
	}
	return doms, xmls, nil
}
