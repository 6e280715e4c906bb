package provider

import (
	"context"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

// planSpaceTimeout bounds the plan-time look-ups of free space and base image sizes. The check
// is advisory: when a host does not answer in time the plan goes on and create checks again.
const planSpaceTimeout = 3 * time.Second

// planSpace memoizes, for one provider process (one terraform command), the free space of each
// host's pool and the size of each base image, so a plan of many new VMs costs one look-up per
// host and per image rather than one per VM.
type planSpace struct {
	mu    sync.Mutex
	free  map[string]lookup // by host
	sizes map[string]lookup // by base image id
}

// lookup is a memoized answer; ok is false when the host could not tell.
type lookup struct {
	bytes uint64
	ok    bool
}

func newPlanSpace() *planSpace {
	return &planSpace{free: map[string]lookup{}, sizes: map[string]lookup{}}
}

// shortfall reports the free and the needed bytes when the host's pool is known to be too small
// for a new VM on baseID: it needs at least the base image's size for its overlay and seed.
// It reports no shortfall when either figure is unknown, so it never blocks a plan the
// host would accept.
func (s *planSpace) shortfall(ctx context.Context, c *kvm2.Client, host, baseID string) (free, needed uint64, short bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, planSpaceTimeout)
	defer cancel()
	f, ok := s.free[host]
	if !ok {
		bytes, err := c.PoolFree(ctx, host, "")
		f = lookup{bytes: bytes, ok: err == nil}
		s.free[host] = f
		logSkipped(ctx, "pool free space", host, err)
	}
	b, ok := s.sizes[baseID]
	if !ok {
		img, err := c.GetBaseImage(ctx, baseID)
		b = lookup{bytes: img.SizeBytes, ok: err == nil}
		s.sizes[baseID] = b
		logSkipped(ctx, "base image size", baseID, err)
	}
	if !f.ok || !b.ok || f.bytes >= b.bytes {
		return 0, 0, false
	}
	return f.bytes, b.bytes, true
}

// logSkipped records why the plan-time space check could not use a figure.
func logSkipped(ctx context.Context, what, of string, err error) {
	if err != nil {
		tflog.Debug(ctx, "plan-time space check skipped", map[string]any{"figure": what, "of": of, "error": err.Error()})
	}
}
