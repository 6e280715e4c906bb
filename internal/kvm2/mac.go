package kvm2

import (
	"context"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const opListMACs = "list MAC addresses"

// HostMACs lists the MAC address of every interface of every domain on host, running or
// stopped, with the UID of each domain that proves to be a VM of this provider. Plans call it
// once per host; Create does the same listing before it writes anything.
func (c *Client) HostMACs(ctx context.Context, host string) ([]rules.MACUse, error) {
	if _, err := c.host(opListMACs, host); err != nil {
		return nil, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return nil, kvmerr.Wrap(opListMACs, host, err)
	}
	defer release()
	uses, err := c.hostMACs(ctx, b, host)
	return uses, kvmerr.Wrap(opListMACs, host, err)
}

// hostMACs is HostMACs on a held connection. A definition that does not parse is skipped (and
// logged): libvirt wrote it, so it parses in practice, and one odd domain must not block every
// fixed MAC on the host.
func (c *Client) hostMACs(ctx context.Context, b backend.Backend, host string) ([]rules.MACUse, error) {
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, err
	}
	var uses []rules.MACUse
	for _, dom := range doms {
		x, err := b.DomainGetXMLDesc(ctx, dom, 0)
		if kvmerr.IsNotFound(err) {
			continue // removed while we listed
		}
		if err != nil {
			return nil, err
		}
		facts, err := definition.ParseDomain(x)
		if err != nil {
			c.logf(ctx, LevelWarn, "skipping a domain whose definition does not parse in the MAC listing",
				map[string]any{"host": host, "domain": dom.Name, "error": err.Error()})
			continue
		}
		uid := ""
		if facts.Mark != nil && claim(host, dom.Name, facts.Mark.UID, facts) == nil {
			uid = facts.Mark.UID
		}
		for _, mac := range facts.MACs {
			uses = append(uses, rules.MACUse{MAC: mac, Domain: dom.Name, UID: uid})
		}
	}
	return uses, nil
}
