package provider

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// planLookupTimeout bounds each plan-time look-up (free space, base image size, network or
// bridge). The checks are advisory: when a host does not answer in time the plan goes on and
// apply checks again.
const planLookupTimeout = 3 * time.Second

// planSpace memoizes, for one provider process (one terraform command), what plans ask hosts:
// the free space of each host's pool, the size of each base image and whether a network or
// bridge is there, so a plan of many new VMs costs one look-up per host and per image or
// attachment rather than one per VM. A host that did not answer one look-up in time is asked
// nothing more in this command, so a dead host costs the plan one timeout, not one per check.
type planSpace struct {
	mu     sync.Mutex
	free   map[string]lookup // by host
	sizes  map[string]lookup // by base image id
	attach map[attachKey]*kvm2.AttachmentError
	quiet  map[string]bool      // hosts that did not answer
	macs   map[string]macLookup // by host
}

// macLookup is a memoized listing of a host's MAC addresses; ok is false when the host could
// not tell.
type macLookup struct {
	uses []rules.MACUse
	ok   bool
}

// lookup is a memoized answer; ok is false when the host could not tell.
type lookup struct {
	bytes uint64
	ok    bool
}

// attachKey is one attachment asked of a host; empty network and bridge mean the host's
// default.
type attachKey struct{ host, network, bridge string }

func newPlanSpace() *planSpace {
	return &planSpace{
		free: map[string]lookup{}, sizes: map[string]lookup{},
		attach: map[attachKey]*kvm2.AttachmentError{}, quiet: map[string]bool{}, macs: map[string]macLookup{},
	}
}

// shortfall reports the free and the needed bytes when the host's pool is known to be too small
// for a new VM on baseID: it needs at least the base image's size for its overlay and seed.
// It reports no shortfall when either figure is unknown, so it never blocks a plan the
// host would accept.
func (s *planSpace) shortfall(ctx context.Context, c *kvm2.Client, host, baseID string) (free, needed uint64, short bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, planLookupTimeout)
	defer cancel()
	f, ok := s.free[host]
	if !ok && !s.quiet[host] {
		bytes, err := c.PoolFree(ctx, host, "")
		f = lookup{bytes: bytes, ok: err == nil}
		s.free[host] = f
		s.noteFailure(ctx, "pool free space", host, host, err)
	}
	b, ok := s.sizes[baseID]
	if !ok && !s.quiet[host] {
		img, err := c.GetBaseImage(ctx, baseID)
		b = lookup{bytes: img.SizeBytes, ok: err == nil}
		s.sizes[baseID] = b
		s.noteFailure(ctx, "base image size", baseID, host, err)
	}
	if !f.ok || !b.ok || f.bytes >= b.bytes {
		return 0, 0, false
	}
	return f.bytes, b.bytes, true
}

// attachmentRefusal reports the host's refusal of a VM's network or bridge: missing, or a
// network that is not active. It reports nil when the attachment is there or the host could
// not tell.
func (s *planSpace) attachmentRefusal(ctx context.Context, c *kvm2.Client, host, network, bridge string) *kvm2.AttachmentError {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := attachKey{host, network, bridge}
	if refused, ok := s.attach[key]; ok || s.quiet[host] {
		return refused
	}
	ctx, cancel := context.WithTimeout(ctx, planLookupTimeout)
	defer cancel()
	err := c.CheckAttachment(ctx, host, network, bridge)
	var refused *kvm2.AttachmentError
	if !errors.As(err, &refused) {
		refused = nil
		s.noteFailure(ctx, "network or bridge", network+bridge, host, err)
	}
	s.attach[key] = refused
	return refused
}

// noteFailure records why a plan-time check could not use a figure, and marks host quiet when
// it did not answer in time.
func (s *planSpace) noteFailure(ctx context.Context, what, of, host string, err error) {
	if err == nil {
		return
	}
	if errors.Is(err, kvmerr.ErrTransient) || errors.Is(err, context.DeadlineExceeded) {
		s.quiet[host] = true
	}
	tflog.Debug(ctx, "plan-time check skipped", map[string]any{"figure": what, "of": of, "host": host, "error": err.Error()})
}

// macInUse reports the domain of host that already has mac, other than the VM name replaces
// (replacedUID, see rules.PlannedMACConflict): the core's duplicate rule on the host's MAC
// addresses, listed once per host and command. It reports nil when no other domain has it or
// the host could not tell.
func (s *planSpace) macInUse(ctx context.Context, c *kvm2.Client, host, name, mac, replacedUID string) *rules.MACInUseError {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.macs[host]
	if !ok && !s.quiet[host] {
		ctx, cancel := context.WithTimeout(ctx, planLookupTimeout)
		defer cancel()
		uses, err := c.HostMACs(ctx, host)
		l = macLookup{uses: uses, ok: err == nil}
		s.macs[host] = l
		s.noteFailure(ctx, "mac addresses", host, host, err)
	}
	var inUse *rules.MACInUseError
	if !l.ok || !errors.As(rules.PlannedMACConflict(host, name, mac, replacedUID, l.uses), &inUse) {
		return nil
	}
	return inUse
}
