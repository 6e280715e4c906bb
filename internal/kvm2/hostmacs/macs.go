// Package hostmacs is the MAC addresses the domains of a host use: the listing of every domain's
// interfaces a plan takes (List), and the checks of the MACs a create pins against it, before
// anything is written (Check) and right after its define (Recheck).
package hostmacs

import (
	"context"
	"fmt"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Pinned is the MACs nics pin, sorted, so that creates lock them in one order.
func Pinned(nics []definition.NIC) []string {
	var macs []string
	for _, n := range nics {
		if n.MAC != "" {
			macs = append(macs, n.MAC)
		}
	}
	slices.Sort(macs)
	return macs
}

// Check refuses a create of VM uid on host whose nics pin a MAC another domain of the host has
// (rules.MACConflict), reading every domain's interfaces once (List, logging to log), and only
// when a MAC is pinned; seen is given the UUIDs of the domains it read (Recheck reads the others
// after the define).
func Check(ctx context.Context, b backend.Backend, host, uid string, nics []definition.NIC, seen map[libvirt.UUID]bool, log corelog.Logger) error {
	macs := Pinned(nics)
	if len(macs) == 0 {
		return nil
	}
	uses, err := List(ctx, b, host, seen, log)
	if err != nil {
		return err
	}
	for _, mac := range macs {
		if err := rules.MACConflict(host, mac, uid, uses); err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
	}
	return nil
}

// List lists the MAC address of every interface of every domain on host, running or
// stopped, with the UID of each domain that proves to be a VM of this provider; seen, when not
// nil, is given the UUID of every domain read. A domain whose definition does not parse may hold
// any address: it is listed as such (Unreadable, and logged to log), and the duplicate rule
// counts it against every fixed MAC, as the in-use rule counts it against every volume.
func List(ctx context.Context, b backend.Backend, host string, seen map[libvirt.UUID]bool, log corelog.Logger) ([]rules.MACUse, error) {
	var uses []rules.MACUse
	err := hostops.EachDefinition(ctx, b, func(d hostops.Definition) error {
		if seen != nil {
			seen[d.Domain.UUID] = true
		}
		if d.Err != nil {
			log.Log(ctx, corelog.LevelWarn, "a domain whose definition does not parse counts as holding every MAC address",
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

// Recheck runs right after a create (of VM uid on host, with nics) that pins MACs defined its
// domain: another process's create may have checked the same address free before this define
// and defined it after our check (its in-process lock is not ours). libvirt's domain list is
// what both share: each create lists the host again after its define and reads the definitions
// of the domains that its check did not read (seen, which Check filled), its own excepted.
// Whichever define came second, its create or the other's finds the other domain, so two domains
// never keep one pinned address; when both find each other both back off. The conflict is
// Transient: the create removes its domain, and a retry's check refuses the address for good
// while the other VM keeps it. It costs one listing, plus the definitions of domains defined
// since the check (none, usually).
func Recheck(ctx context.Context, b backend.Backend, host, uid string, nics []definition.NIC, seen map[libvirt.UUID]bool) error {
	macs := Pinned(nics)
	if len(macs) == 0 {
		return nil
	}
	listed, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return err
	}
	own := rules.DomainUUID(uid)
	for _, dom := range listed {
		if seen[dom.UUID] || ownership.FormatUUID(dom.UUID) == own {
			continue
		}
		uses, err := domainMACs(ctx, b, dom)
		if err != nil {
			return err
		}
		for _, mac := range macs {
			if err := rules.MACConflict(host, mac, "", uses); err != nil {
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
