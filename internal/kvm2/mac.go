package kvm2

import (
	"context"
	"fmt"
	"strings"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const opListMACs = "list MAC addresses"

// MACUse is one interface of a domain on a host, by its MAC address.
type MACUse struct {
	MAC    string // lower case
	Domain string
	// UID is the VM the domain proves to be (its mark's UID together with the UUID derived from
	// it, as claim checks); "" for any other domain, a copied mark's included.
	UID string
}

// MACInUseError says that a MAC address asked for a VM is already on another domain of the
// host. It is Permanent until the other domain or the configuration changes.
type MACInUseError struct {
	Host, MAC, Domain string
}

func (e *MACInUseError) Error() string {
	return fmt.Sprintf("mac address %s is already used by domain %s on host %s", e.MAC, e.Domain, e.Host)
}

// HostMACs lists the MAC address of every interface of every domain on host, running or
// stopped, with the UID of each domain that proves to be a VM of this provider. Plans call it
// once per host; Create does the same listing before it writes anything.
func (c *Client) HostMACs(ctx context.Context, host string) ([]MACUse, error) {
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
func (c *Client) hostMACs(ctx context.Context, b backend.Backend, host string) ([]MACUse, error) {
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, err
	}
	var uses []MACUse
	for _, dom := range doms {
		x, err := b.DomainGetXMLDesc(ctx, dom, 0)
		if notFound(err) {
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
			uses = append(uses, MACUse{MAC: mac, Domain: dom.Name, UID: uid})
		}
	}
	return uses, nil
}

// MACConflict is the duplicate rule: mac may not be on any domain of host other than the VM
// with uid (the VM's own domain, when it is replaced or a create is retried). It returns a
// *MACInUseError naming the first other domain that has it, else nil.
func MACConflict(host, mac, uid string, uses []MACUse) error {
	for _, u := range uses {
		if !strings.EqualFold(u.MAC, mac) || (uid != "" && u.UID == uid) {
			continue
		}
		return &MACInUseError{Host: host, MAC: strings.ToLower(mac), Domain: u.Domain}
	}
	return nil
}

// PlannedMACConflict is MACConflict at plan time, for VM name, where the VM a replacement
// replaces is still on the host. Terraform names it (replacedUID) when a changed input forces
// the replacement; it plans a tainted VM's replacement as a new VM without saying which VM it
// replaces, so when replacedUID is empty a VM of this provider under the planned name, proven by
// its mark and UUID, is not counted either: the apply deletes it first, or, when it is another
// configuration's, refuses the create for its name. Apply uses MACConflict with the UID alone.
func PlannedMACConflict(host, name, mac, replacedUID string, uses []MACUse) error {
	if replacedUID == "" {
		kept := make([]MACUse, 0, len(uses))
		for _, u := range uses {
			if u.UID == "" || u.Domain != name {
				kept = append(kept, u)
			}
		}
		uses = kept
	}
	return MACConflict(host, mac, replacedUID, uses)
}
