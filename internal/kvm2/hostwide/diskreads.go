package hostwide

import (
	"context"
	"maps"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
)

// DiskReads lets the deletes of one host that run at the same time share a read of the host's
// disks (hostops.ReadDiskIndex, the in-use rule's read of every domain) instead of one read
// each, which for a fleet's destroy was one read of every definition per VM; and the reads that
// follow one another read again only the stopped domains whose disks may have changed
// (hostops.DefinitionReuse).
//
// A delete uses only a read that began after it asked, so it sees every domain defined before
// its own check, exactly as a read of its own would. A delete that asks while a read is under
// way waits for it to end; the next read then serves everyone who asked meanwhile, led (run on
// its own connection and context) by one of them. A delete whose leader's read failed while its
// own context is still live reads the host itself.
//
// A read takes the definitions of the domains this client's deletes are removing from those
// deletes (removing) instead of asking the host: libvirtd answers for a domain under destroy only
// once the destroy has ended (a second or two under TCG, measured), and a fleet's destroy is
// mostly such domains.
type DiskReads struct {
	mu    sync.Mutex
	hosts map[string]*diskIndexHost
	now   func() time.Time
	// A read that waited for destroys gathers askers (gatherAskers) until no delete of the host
	// is before its ask or after its destroy for quiet, and for at most maxGather.
	quiet, maxGather time.Duration
}

// readQuiet is DiskReads.quiet: longer than the time from a delete's return to the ask of
// the next one Terraform starts in its place when nothing else waits (a few RPCs, a few
// milliseconds on the lab), far shorter than a wave of destroys (about two seconds under TCG).
const readQuiet = 50 * time.Millisecond

// readMaxGather is DiskReads.maxGather: half a destroy under TCG. A delete that is slower to
// ask than that costs the others less by waiting for the next wave than they would by waiting
// for it.
const readMaxGather = time.Second

type diskIndexHost struct {
	running  chan struct{} // closed when the read under way ends; nil when none is
	next     *diskIndexRead
	memo     *hostops.VolumeMemo      // the volumes the host's reads found, for the next reads
	defs     *hostops.DefinitionMemo  // the parses of the definitions the host's reads found, likewise
	reuse    *hostops.DefinitionReuse // stopped domains' definitions, read again only when changed
	removing map[libvirt.UUID]string  // definitions of the domains deletes are removing
	turns    turns                    // reads and destroys take turns
	// Deletes of the host under way that have not asked for a read yet, and that are past
	// their destroy (DeleteWave): those a read that waited for destroys gathers.
	beforeAsk, afterDestroy int
}

// host returns the state of host, made on first use; d.mu held.
func (d *DiskReads) host(host string) *diskIndexHost {
	h := d.hosts[host]
	if h == nil {
		h = &diskIndexHost{memo: hostops.NewVolumeMemo(d.now), defs: hostops.NewDefinitionMemo(),
			reuse: hostops.NewDefinitionReuse(d.now), removing: map[libvirt.UUID]string{}}
		d.hosts[host] = h
	}
	return h
}

// RemovingDomain tells the reads of host that a delete is removing dom, whose definition it
// Read as xml, until the returned function is called. Between the two, reads use xml for dom.
func (d *DiskReads) RemovingDomain(host string, dom libvirt.Domain, xml string) (done func()) {
	d.mu.Lock()
	d.host(host).removing[dom.UUID] = xml
	d.mu.Unlock()
	return func() {
		d.mu.Lock()
		delete(d.hosts[host].removing, dom.UUID)
		d.mu.Unlock()
	}
}

// known is a copy of the definitions h's deletes are removing now; d.mu held.
func (h *diskIndexHost) known() map[libvirt.UUID]string {
	return maps.Clone(h.removing)
}

// diskIndexRead is one read of a host's disks and everyone waiting for it.
type diskIndexRead struct {
	led     bool
	waiting int // callers that asked for this read and still wait (the tests wait on it)
	// turn is the turn the read before it reserved for it (reserveNext), given back when it
	// ends or when nobody is left to lead it; reserved says it had one.
	turn     func()
	reserved bool
	done     chan struct{}
	x        *hostops.DiskIndex
	err      error
}

func NewDiskReads(now func() time.Time) *DiskReads {
	return &DiskReads{hosts: map[string]*diskIndexHost{}, now: now, quiet: readQuiet, maxGather: readMaxGather}
}

// Read returns a disk index of b's host read after this call began.
func (d *DiskReads) Read(ctx context.Context, b backend.Backend) (*hostops.DiskIndex, error) {
	d.mu.Lock()
	h := d.host(b.Host())
	r := h.next
	if r == nil {
		r = &diskIndexRead{done: make(chan struct{})}
		h.next = r
	}
	r.waiting++
	for !r.led && h.running != nil {
		// A read that began before this call is under way: wait for it to end.
		running := h.running
		d.mu.Unlock()
		select {
		case <-running:
		case <-ctx.Done():
			d.mu.Lock()
			d.giveUp(h, r)
			d.mu.Unlock()
			return nil, ctx.Err()
		}
		d.mu.Lock()
	}
	if !r.led {
		// This call leads r. Until its turn comes (the destroys under way have ended), r is
		// still the next read: callers that ask meanwhile join it.
		r.led, h.running = true, make(chan struct{})
		d.mu.Unlock()
		r.x, r.err = d.readInTurn(ctx, b, h, r)
		close(r.done)
		d.mu.Lock()
		close(h.running)
		h.running = nil
		d.mu.Unlock()
		return r.x, r.err
	}
	d.mu.Unlock()
	select {
	case <-r.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if r.err != nil && ctx.Err() == nil {
		return d.readInTurn(ctx, b, h, nil)
	}
	return r.x, r.err
}

// giveUp takes a caller whose context ended before r began out of r's waiters; the last one
// gives back the turn reserved for r, which nobody will lead. d.mu held.
func (d *DiskReads) giveUp(h *diskIndexHost, r *diskIndexRead) {
	r.waiting--
	if r.waiting > 0 || r.led {
		return
	}
	if h.next == r {
		h.next = nil
	}
	if r.turn != nil {
		r.turn()
		r.turn = nil
	}
}

// readInTurn reads h's host once no destroy of this client runs there (turns), taking the
// definitions of the domains being removed from their deletes. When r is given, it is the next
// Read until the turn comes; then it begins, and later callers wait for the one after.
func (d *DiskReads) readInTurn(ctx context.Context, b backend.Backend, h *diskIndexHost, r *diskIndexRead) (*hostops.DiskIndex, error) {
	reserved := false
	if r != nil {
		d.mu.Lock()
		reserved, r.turn = r.turn != nil, nil
		d.mu.Unlock()
	}
	// On failure enterRead has given back a reserved turn itself.
	leave, waited, err := h.turns.enterRead(ctx, reserved)
	if err == nil && waited && r != nil {
		// The destroys it waited for have just ended: the deletes they belong to are finishing,
		// and Terraform starts the next ones, which ask within moments. Let them join this read
		// rather than wait a whole wave of destroys for the next.
		if err = d.gatherAskers(ctx, h); err != nil {
			leave()
		}
	}
	if r != nil {
		d.mu.Lock()
		if h.next == r {
			h.next = nil
		}
		d.mu.Unlock()
	}
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	known := h.known()
	d.mu.Unlock()
	x, err := hostops.ReadDiskIndexWith(ctx, b, h.memo, h.defs, known, h.reuse)
	if r != nil {
		d.reserveNext(h, r)
	}
	leave()
	return x, err
}

// reserveNext gives the read after r, when callers asked for it while r ran, its turn before r
// ends: the destroys of r's callers then wait for that read (a fraction of a second) and run
// beside those of its callers, one wave of destroys instead of two. A read whose own turn was
// reserved reserves none, so a wave of destroys waits for one read more at most.
func (d *DiskReads) reserveNext(h *diskIndexHost, r *diskIndexRead) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if n := h.next; !r.reserved && n != nil && n != r && n.waiting > 0 && !n.led && n.turn == nil {
		n.turn, n.reserved = h.turns.reserveRead(), true
	}
}

// gatherAskers waits until no delete of h's host has been before its ask or past its destroy
// for d.quiet, or for d.maxGather at most.
func (d *DiskReads) gatherAskers(ctx context.Context, h *diskIndexHost) error {
	const tick = 5 * time.Millisecond
	deadline := time.NewTimer(d.maxGather)
	defer deadline.Stop()
	var quietSince time.Time
	for {
		d.mu.Lock()
		busy := h.beforeAsk > 0 || h.afterDestroy > 0
		d.mu.Unlock()
		now := time.Now()
		switch {
		case busy:
			quietSince = time.Time{}
		case quietSince.IsZero():
			quietSince = now
		}
		if !busy && now.Sub(quietSince) >= d.quiet {
			return nil
		}
		select {
		case <-time.After(tick):
		case <-deadline.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// DeleteWave follows one delete of a host through the stages a read gathers by: before its
// ask, asked, past its destroy.
type DeleteWave struct {
	d     *DiskReads
	h     *diskIndexHost
	stage int // 0 before the ask, 1 asked, 2 past the destroy, 3 ended
}

// DeleteBegun counts a delete of host as under way, before its ask.
func (d *DiskReads) DeleteBegun(host string) *DeleteWave {
	d.mu.Lock()
	defer d.mu.Unlock()
	h := d.host(host)
	h.beforeAsk++
	return &DeleteWave{d: d, h: h}
}

// to moves w to stage s: asked (again, in the search for leftovers after the destroy), past
// the destroy, ended; nothing after the end.
func (w *DeleteWave) to(s int) {
	w.d.mu.Lock()
	defer w.d.mu.Unlock()
	if s == w.stage || w.stage == 3 {
		return
	}
	switch w.stage {
	case 0:
		w.h.beforeAsk--
	case 2:
		w.h.afterDestroy--
	}
	if s == 2 {
		w.h.afterDestroy++
	}
	w.stage = s
}

func (w *DeleteWave) Asked()       { w.to(1) }
func (w *DeleteWave) PastDestroy() { w.to(2) }
func (w *DeleteWave) Ended()       { w.to(3) }

// Destroying waits for the turn of destroys on host (no read under way or waiting) and holds it
// until the returned function is called.
func (d *DiskReads) Destroying(ctx context.Context, host string) (leave func(), err error) {
	d.mu.Lock()
	h := d.host(host)
	d.mu.Unlock()
	return h.turns.enterDestroy(ctx)
}

// DestroysInTurn is how many destroys on host hold the turn of destroys now (Destroying).
func (d *DiskReads) DestroysInTurn(host string) int {
	d.mu.Lock()
	h := d.host(host)
	d.mu.Unlock()
	h.turns.mu.Lock()
	defer h.turns.mu.Unlock()
	return h.turns.destroys
}
