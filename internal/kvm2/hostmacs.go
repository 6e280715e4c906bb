package kvm2

import (
	"context"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostmacs"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const opListMACs = "list MAC addresses"

// HostMACs lists the MAC address of every interface of every domain on host, running or
// stopped, with the UID of each domain that proves to be a VM of this provider. Plans call it
// once per host; Create does the same listing before it writes anything (hostmacs.Check).
func (c *Client) HostMACs(ctx context.Context, host string) ([]rules.MACUse, error) {
	if _, err := c.host(opListMACs, host); err != nil {
		return nil, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return nil, kvmerr.Wrap(opListMACs, host, err)
	}
	defer release()
	uses, err := hostmacs.List(ctx, b, host, nil, c.log)
	return uses, kvmerr.Wrap(opListMACs, host, err)
}
