package kvm2

import (
	"context"
	"slices"
	"sort"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"
	"golang.org/x/sync/errgroup"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	opList = "list"

	// listParallel bounds the metadata reads in flight on one host's connection: libvirt
	// answers them concurrently, so a host with many domains is not listed at one round trip
	// per domain.
	listParallel = 8

	// inactiveDomainID is the ID libvirt lists a domain that is shut off with.
	inactiveDomainID = -1
)

// ListByTag lists marked domains carrying tag (every marked domain when tag is empty) on the
// given hosts (all hosts when none given), sorted by ID. Instances are built from the name and
// the mark only: State is StateUnknown and IPv4, MAC and Persistent are not read, which keeps a
// sweep at one metadata read per domain; Active is what the listing itself says (an active
// domain has an ID, an inactive one -1). A host that fails fails the whole call, since a
// partial list would look like missing machines; one unreadable domain is skipped and logged.
func (c *Client) ListByTag(ctx context.Context, tag string, hosts ...string) ([]Instance, error) {
	if len(hosts) == 0 {
		hosts = c.Hosts()
	}
	hosts = slices.Compact(slices.Sorted(slices.Values(hosts)))
	for _, h := range hosts {
		if _, err := c.host(opList, h); err != nil {
			return nil, err
		}
	}
	var mu sync.Mutex
	var out []Instance
	g, gctx := errgroup.WithContext(ctx)
	for _, h := range hosts {
		g.Go(func() error {
			found, err := c.listHost(gctx, h, tag)
			if err != nil {
				return kvmerr.Wrap(opList, h, err)
			}
			mu.Lock()
			out = append(out, found...)
			mu.Unlock()
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// listHost lists the marked domains of one host carrying tag.
func (c *Client) listHost(ctx context.Context, host, tag string) ([]Instance, error) {
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return nil, err
	}
	defer release()
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, err
	}
	found := make([]*Instance, len(doms))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(listParallel)
	for i, dom := range doms {
		g.Go(func() error {
			inst, ok, err := c.listed(gctx, b, host, dom)
			if ok && (tag == "" || inst.Tag == tag) {
				found[i] = &inst
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	var out []Instance
	for _, inst := range found {
		if inst != nil {
			out = append(out, *inst)
		}
	}
	return out, nil
}

// listed reads one domain's mark. A domain without our mark is not ours (skipped silently), nor
// is one whose mark is a copy under another UUID (skipped with a log line); one
// libvirt cannot describe (it vanished, its mark does not parse) is skipped with a log line; a
// transport failure or an ended ctx fails the host.
func (c *Client) listed(ctx context.Context, b backend.Backend, host string, dom libvirt.Domain) (Instance, bool, error) {
	x, err := b.DomainGetMetadata(ctx, dom, definition.MarkNamespace)
	if kvmerr.HasCode(err, libvirt.ErrNoDomainMetadata) {
		return Instance{}, false, nil
	}
	if err != nil && !kvmerr.IsLibvirtError(err) {
		return Instance{}, false, err
	}
	var m definition.Mark
	if err == nil {
		m, err = definition.ParseMark(x)
	}
	if err != nil {
		c.logf(ctx, corelog.LevelWarn, "skipping unreadable domain", map[string]any{"host": host, "name": dom.Name, "error": err.Error()})
		return Instance{}, false, nil //nolint:nilerr // one unreadable domain is skipped, not a failed listing
	}
	if definition.IsUUID(m.UID) && ownership.FormatUUID(dom.UUID) != rules.DomainUUID(m.UID) {
		// A clone or a redefinition by another tool carries a copy of a VM's mark under another
		// UUID: never listed as the VM (import and every operation refuse it too).
		c.logf(ctx, corelog.LevelWarn, "skipping a domain with a copied mark", map[string]any{
			"host": host, "name": dom.Name, "uuid": ownership.FormatUUID(dom.UUID), "mark_uid": m.UID})
		return Instance{}, false, nil
	}
	inst := instanceFromMark(host, dom, m)
	inst.State = StateUnknown
	inst.Active = dom.ID != inactiveDomainID
	return inst, true, nil
}
