package kvm2

import (
	"context"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
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

// hostMACs is HostMACs on a held connection. A domain whose definition does not parse may hold
// any address: it is listed as such (Unreadable), and the duplicate rule counts it against
// every fixed MAC, as the in-use rule counts it against every volume.
func (c *Client) hostMACs(ctx context.Context, b backend.Backend, host string) ([]rules.MACUse, error) {
	var uses []rules.MACUse
	err := hostops.EachDefinition(ctx, b, func(d hostops.Definition) error {
		if d.Err != nil {
			c.logf(ctx, corelog.LevelWarn, "a domain whose definition does not parse counts as holding every MAC address",
				map[string]any{"host": host, "domain": d.Domain.Name, "error": d.Err.Error()})
			uses = append(uses, rules.MACUse{Domain: d.Domain.Name, Unreadable: true})
			return nil //nolint:nilerr // an unreadable definition is a use of every address, not a failed listing
		}
		uid := ""
		if d.Facts.Mark != nil && claim(host, d.Domain.Name, d.Facts.Mark.UID, d.Facts) == nil {
			uid = d.Facts.Mark.UID
		}
		for _, mac := range d.MACs() {
			uses = append(uses, rules.MACUse{MAC: mac, Domain: d.Domain.Name, UID: uid})
		}
		return nil
	})
	return uses, err
}
