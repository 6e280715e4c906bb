package kvm2

import (
	"context"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
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
	uses, err := c.hostMACs(ctx, b, host, nil)
	return uses, kvmerr.Wrap(opListMACs, host, err)
}

// hostMACs is HostMACs on a held connection; seen, when not nil, is given the UUID of every
// domain read. A domain whose definition does not parse may hold any address: it is listed as
// such (Unreadable), and the duplicate rule counts it against every fixed MAC, as the in-use
// rule counts it against every volume.
func (c *Client) hostMACs(ctx context.Context, b backend.Backend, host string, seen map[libvirt.UUID]bool) ([]rules.MACUse, error) {
	var uses []rules.MACUse
	err := hostops.EachDefinition(ctx, b, func(d hostops.Definition) error {
		if seen != nil {
			seen[d.Domain.UUID] = true
		}
		if d.Err != nil {
			c.logf(ctx, corelog.LevelWarn, "a domain whose definition does not parse counts as holding every MAC address",
				map[string]any{"host": host, "domain": d.Domain.Name, "error": d.Err.Error()})
			uses = append(uses, rules.MACUse{Domain: d.Domain.Name, Unreadable: true})
			return nil //nolint:nilerr // an unreadable definition is a use of every address, not a failed listing
		}
		uid := ""
		if d.Facts.Mark != nil && ownership.Claim(host, d.Domain.Name, d.Facts.Mark.UID, d.Facts) == nil {
			uid = d.Facts.Mark.UID
		}
		for _, mac := range d.MACs() {
			uses = append(uses, rules.MACUse{MAC: mac, Domain: d.Domain.Name, UID: uid})
		}
		return nil
	})
	return uses, err
}

// recheckMACs runs right after a create with pinned MACs defined its domain: another process's
// create may have checked the same address free before this define and defined it after our
// check (its in-process lock is not ours). libvirt's domain list is what both share: each create
// lists the host again after its define and reads the definitions of the domains that its
// check did not read (seen), its own excepted. Whichever define came second, its create or the
// other's finds the other domain, so two domains never keep one pinned address; when both find
// each other both back off. The conflict is Transient: the create removes its domain, and a
// retry's check refuses the address for good while the other VM keeps it. It costs one listing,
// plus the definitions of domains defined since the check (none, usually).
func (c *Client) recheckMACs(ctx context.Context, b backend.Backend, req CreateRequest, seen map[libvirt.UUID]bool) error {
	macs := pinnedMACs(req.NICs)
	if len(macs) == 0 {
		return nil
	}
	listed, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return err
	}
	own := rules.DomainUUID(req.UID)
	for _, dom := range listed {
		if seen[dom.UUID] || formatUUID(dom.UUID) == own {
			continue
		}
		uses, err := domainMACs(ctx, b, dom)
		if err != nil {
			return err
		}
		for _, mac := range macs {
			if err := rules.MACConflict(req.Host, mac, "", uses); err != nil {
				return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf(
					"another create defined domain %s with MAC address %s at the same moment as this one; this create backs off: %w",
					dom.Name, mac, err))
			}
		}
	}
	return nil
}

// domainMACs lists the addresses of dom's interfaces in both its definitions; a domain gone
// meanwhile has none, one whose definition does not parse may have any (rules.MACUse.Unreadable).
func domainMACs(ctx context.Context, b backend.Backend, dom libvirt.Domain) ([]rules.MACUse, error) {
	flags := []libvirt.DomainXMLFlags{0}
	if dom.ID > 0 {
		flags = append(flags, libvirt.DomainXMLInactive)
	}
	var uses []rules.MACUse
	for _, f := range flags {
		x, err := b.DomainGetXMLDesc(ctx, dom, f)
		if kvmerr.IsNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		facts, err := definition.ParseDomain(x)
		if err != nil {
			return []rules.MACUse{{Domain: dom.Name, Unreadable: true}}, nil //nolint:nilerr // an unreadable definition may hold any address
		}
		for _, mac := range facts.MACs {
			uses = append(uses, rules.MACUse{MAC: mac, Domain: dom.Name})
		}
	}
	return uses, nil
}
