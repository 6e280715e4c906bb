package hostops

import (
	"context"

	libvirt "github.com/digitalocean/go-libvirt"

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

// EachDefinition calls fn with the definition of every domain of the host, running or stopped,
// in any state; a domain removed while the host is listed is skipped. It is the one loop over a
// host's domains that the in-use rule (DiskUsers) and the MAC listing share. It stops at the
// first error, fn's or the host's.
func EachDefinition(ctx context.Context, b backend.Backend, fn func(Definition) error) error {
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return err
	}
	for _, dom := range doms {
		x, err := b.DomainGetXMLDesc(ctx, dom, 0)
		if kvmerr.IsNotFound(err) {
			continue // removed while we listed
		}
		if err != nil {
			return err
		}
		facts, perr := definition.ParseDomain(x)
		if err := fn(Definition{Domain: dom, XML: x, Facts: facts, Err: perr}); err != nil {
			return err
		}
	}
	return nil
}
