package corecall

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// PlanLookupTimeout bounds each plan-time look-up (free space, base image size, network or
// bridge, the MAC listing). The checks are advisory: when a host does not answer in time the
// plan goes on with a warning, and apply checks again.
const PlanLookupTimeout = 3 * time.Second

// PlanLookups memoizes, for one provider process (one terraform command), what plans ask hosts:
// the free space of each host's pool, the size of each base image, whether a network or bridge
// is there and the MAC addresses in use, so a plan of many new VMs costs one look-up per host
// and per image or attachment rather than one per VM. Each host has its own lock, so a slow
// host holds up only the checks of its own VMs. A host that did not answer a look-up of its
// pool, image or attachment in time is asked nothing more in this command, so a dead host
// costs the plan one timeout, not one per check; the MAC listing, whose cost grows with the
// host's domains, does not silence a host. Every check skipped because a host did not answer
// comes back as an error the plan shows as a warning.
type PlanLookups struct {
	mu    sync.Mutex // guards hosts
	hosts map[string]*hostSpace
}

// hostSpace is what the plan asked one host. Its lock is held across a look-up, so each thing
// is asked once however many VMs need it.
type hostSpace struct {
	mu     sync.Mutex
	free   *lookup
	sizes  map[string]lookup // by base image id
	attach map[attachKey]attachLookup
	macs   *macLookup
	quiet  error // why the host is asked nothing more (it did not answer), or nil
}

// lookup is a memoized answer; ok is false when the host could not tell, and skipped says why
// when that was because the host did not answer.
type lookup struct {
	bytes   uint64
	ok      bool
	skipped error
}

// macLookup is a memoized listing of a host's MAC addresses; ok is false when the host could
// not tell.
type macLookup struct {
	uses    []rules.MACUse
	ok      bool
	skipped error
}

// attachLookup is a memoized attachment check: the host's refusal, or nil.
type attachLookup struct {
	refused *kvm2.AttachmentError
	skipped error
}

// attachKey is one attachment asked of a host; empty network and bridge mean the host's
// default.
type attachKey struct{ network, bridge string }

func NewPlanLookups() *PlanLookups {
	return &PlanLookups{hosts: map[string]*hostSpace{}}
}

// lock returns host's space, locked; the caller unlocks it.
func (s *PlanLookups) lock(host string) *hostSpace {
	s.mu.Lock()
	h, ok := s.hosts[host]
	if !ok {
		h = &hostSpace{sizes: map[string]lookup{}, attach: map[attachKey]attachLookup{}}
		s.hosts[host] = h
	}
	s.mu.Unlock()
	h.mu.Lock()
	return h
}

// shortfall reports the free and the needed bytes when the host's pool is known to be too small
// for a new VM on baseID: it needs at least the base image's size for its overlay and seed.
// It reports no shortfall when either figure is unknown, so it never blocks a plan the
// host would accept; skipped says why when the host did not answer.
func (s *PlanLookups) Shortfall(ctx context.Context, c *kvm2.Client, host, baseID string) (free, needed uint64, short bool, skipped error) {
	h := s.lock(host)
	defer h.mu.Unlock()
	if h.free == nil && h.quiet == nil {
		lctx, cancel := context.WithTimeout(ctx, PlanLookupTimeout)
		bytes, err := c.PoolFree(lctx, host, "")
		cancel()
		h.free = &lookup{bytes: bytes, ok: err == nil, skipped: h.note(ctx, "its pool's free space", host, host, err, true)}
	}
	b, ok := h.sizes[baseID]
	if !ok && h.quiet == nil {
		lctx, cancel := context.WithTimeout(ctx, PlanLookupTimeout)
		img, err := c.GetBaseImage(lctx, baseID)
		cancel()
		b = lookup{bytes: img.SizeBytes, ok: err == nil, skipped: h.note(ctx, "the size of base image "+baseID, baseID, host, err, true)}
		h.sizes[baseID] = b
	}
	f := lookup{skipped: h.quiet}
	if h.free != nil {
		f = *h.free
	}
	if !f.ok || !b.ok {
		return 0, 0, false, firstErr(f.skipped, b.skipped, h.quiet)
	}
	if f.bytes >= b.bytes {
		return 0, 0, false, nil
	}
	return f.bytes, b.bytes, true, nil
}

// attachmentRefusal reports the host's refusal of a VM's network or bridge: missing, or a
// network that is not active. It reports nil when the attachment is there or the host could
// not tell; skipped says why when the host did not answer.
func (s *PlanLookups) AttachmentRefusal(ctx context.Context, c *kvm2.Client, host, network, bridge string) (*kvm2.AttachmentError, error) {
	h := s.lock(host)
	defer h.mu.Unlock()
	key := attachKey{network, bridge}
	if l, ok := h.attach[key]; ok {
		return l.refused, l.skipped
	}
	if h.quiet != nil {
		return nil, h.quiet
	}
	lctx, cancel := context.WithTimeout(ctx, PlanLookupTimeout)
	defer cancel()
	err := c.CheckAttachment(lctx, host, network, bridge)
	var l attachLookup
	if !errors.As(err, &l.refused) {
		l.refused = nil
		l.skipped = h.note(ctx, "whether its network or bridge is there", network+bridge, host, err, true)
	}
	h.attach[key] = l
	return l.refused, l.skipped
}

// macInUse reports the domain of host that already has mac, other than the VM name replaces
// (replacedUID, see rules.PlannedMACConflict): the core's duplicate rule on the host's MAC
// addresses, listed once per host and command. It reports nil when no other domain has it or
// the host could not tell; skipped says why when the host did not answer.
func (s *PlanLookups) MACInUse(ctx context.Context, c *kvm2.Client, host, name, mac, replacedUID string) (*rules.MACInUseError, error) {
	h := s.lock(host)
	defer h.mu.Unlock()
	if h.macs == nil {
		if h.quiet != nil {
			return nil, h.quiet
		}
		lctx, cancel := context.WithTimeout(ctx, PlanLookupTimeout)
		uses, err := c.HostMACs(lctx, host)
		cancel()
		h.macs = &macLookup{uses: uses, ok: err == nil, skipped: h.note(ctx, "the MAC addresses of its domains", host, host, err, false)}
	}
	var inUse *rules.MACInUseError
	if !h.macs.ok {
		return nil, h.macs.skipped
	}
	if !errors.As(rules.PlannedMACConflict(host, name, mac, replacedUID, h.macs.uses), &inUse) {
		return nil, nil
	}
	return inUse, nil
}

// note records why a plan-time check could not use a figure. When the host did not answer (a
// Transient failure or the look-up's deadline) it returns why, and, when silences is set, marks
// the host quiet for the rest of the command. A host that answered that it cannot tell (no
// such image, no interface driver) leaves the check to apply without a word, as before.
func (h *hostSpace) note(ctx context.Context, what, of, host string, err error, silences bool) error {
	if err == nil {
		return nil
	}
	tflog.Debug(ctx, "plan-time check skipped", map[string]any{"figure": what, "of": of, "host": host, "error": err.Error()})
	if !errors.Is(err, kvmerr.ErrTransient) && !errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	skipped := fmt.Errorf("host %s did not answer the look-up of %s within %v: %w", host, what, PlanLookupTimeout, err)
	if silences && h.quiet == nil {
		h.quiet = fmt.Errorf("host %s did not answer an earlier look-up of this plan, so the plan asks it nothing "+
			"more: %w", host, err)
	}
	return skipped
}

// firstErr returns the first non-nil error of errs.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// SkippedWarning is the warning of a plan-time check of VM id that was skipped because its
// host did not answer; nil when skipped is nil. at is the attribute the check is about.
func SkippedWarning(at path.Path, check, id string, skipped error) diag.Diagnostics {
	var diags diag.Diagnostics
	if skipped == nil {
		return diags
	}
	diags.AddAttributeWarning(at, "Plan-time check skipped",
		fmt.Sprintf("The plan of proxy VM %s did not check %s: %v.\n\nThe plan goes on without that check; an apply "+
			"asks the host again and fails there if the check fails.", id, check, skipped))
	return diags
}
