package kvm2

import (
	"context"
	"maps"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
)

// diskIndexes lets the deletes of one host that run at the same time share a read of the host's
// disks (hostops.ReadDiskIndex, the in-use rule's read of every domain) instead of one read
// each, which for a fleet's destroy was one read of every definition per VM.
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
type diskIndexes struct {
	mu     sync.Mutex
	hosts  map[string]*diskIndexHost
	now    func() time.Time
	gather time.Duration // how long a read that waited for destroys takes askers before it begins
}

// readGather is diskIndexes.gather: about the time from the end of a delete's destroy to the ask
// of the delete Terraform starts in its place (its undefine, volume deletes, the next delete's
// lookup), a tenth of a destroy under TCG.
const readGather = 250 * time.Millisecond

type diskIndexHost struct {
	running  chan struct{} // closed when the read under way ends; nil when none is
	next     *diskIndexRead
	memo     *hostops.VolumeMemo     // the volumes the host's reads found, for the next reads
	defs     *hostops.DefinitionMemo // the parses of the definitions the host's reads found, likewise
	removing map[libvirt.UUID]string // definitions of the domains deletes are removing
	turns    turns                   // reads and destroys take turns
}

// host returns the state of host, made on first use; d.mu held.
func (d *diskIndexes) host(host string) *diskIndexHost {
	h := d.hosts[host]
	if h == nil {
		h = &diskIndexHost{memo: hostops.NewVolumeMemo(d.now), defs: hostops.NewDefinitionMemo(), removing: map[libvirt.UUID]string{}}
		d.hosts[host] = h
	}
	return h
}

// removingDomain tells the reads of host that a delete is removing dom, whose definition it
// read as xml, until the returned function is called. Between the two, reads use xml for dom.
func (d *diskIndexes) removingDomain(host string, dom libvirt.Domain, xml string) (done func()) {
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
	waiting int // callers that asked for this read (the tests wait on it)
	done    chan struct{}
	x       *hostops.DiskIndex
	err     error
}

func newDiskIndexes(now func() time.Time) *diskIndexes {
	return &diskIndexes{hosts: map[string]*diskIndexHost{}, now: now, gather: readGather}
}

// read returns a disk index of b's host read after this call began.
func (d *diskIndexes) read(ctx context.Context, b backend.Backend) (*hostops.DiskIndex, error) {
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

// readInTurn reads h's host once no destroy of this client runs there (turns), taking the
// definitions of the domains being removed from their deletes. When r is given, it is the next
// read until the turn comes; then it begins, and later callers wait for the one after.
func (d *diskIndexes) readInTurn(ctx context.Context, b backend.Backend, h *diskIndexHost, r *diskIndexRead) (*hostops.DiskIndex, error) {
	leave, waited, err := h.turns.enterRead(ctx)
	if err == nil && waited && r != nil && d.gather > 0 {
		// The destroys it waited for have just ended: the deletes they belong to are finishing,
		// and Terraform starts the next ones, which ask within moments. Let them join this read
		// rather than wait a whole wave of destroys for the next.
		select {
		case <-time.After(d.gather):
		case <-ctx.Done():
			leave()
			err = ctx.Err()
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
	defer leave()
	d.mu.Lock()
	known := h.known()
	d.mu.Unlock()
	return hostops.ReadDiskIndexWith(ctx, b, h.memo, h.defs, known)
}

// destroying waits for the turn of destroys on host (no read under way or waiting) and holds it
// until the returned function is called.
func (d *diskIndexes) destroying(ctx context.Context, host string) (leave func(), err error) {
	d.mu.Lock()
	h := d.host(host)
	d.mu.Unlock()
	return h.turns.enterDestroy(ctx)
}

// turns lets the in-use reads of a host and this client's destroys there take turns. libvirtd
// lists the domains of a host (and gives out a definition) only between the destroys of each:
// a read begun while destroys run waits inside libvirtd until they end, holding its connection's
// request slots, and the askers that came after it began wait for the read after it. Taking
// turns in the client, a read waits for the destroys under way (new ones wait for it), and
// everyone who asks meanwhile shares it; then it runs at once.
type turns struct {
	mu       sync.Mutex
	destroys int           // destroys under way
	reads    int           // reads under way or waiting for their turn
	changed  chan struct{} // closed (and dropped) when either count falls; nil when nobody waits
}

// wait returns the channel closed at the next change; t.mu held.
func (t *turns) wait() <-chan struct{} {
	if t.changed == nil {
		t.changed = make(chan struct{})
	}
	return t.changed
}

// signal wakes every waiter; t.mu held.
func (t *turns) signal() {
	if t.changed != nil {
		close(t.changed)
		t.changed = nil
	}
}

// enterRead waits until no destroy runs; destroys that ask meanwhile wait for the read. waited
// says whether it had to.
func (t *turns) enterRead(ctx context.Context) (leave func(), waited bool, err error) {
	t.mu.Lock()
	t.reads++
	for t.destroys > 0 {
		waited = true
		ch := t.wait()
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			t.mu.Lock()
			t.reads--
			t.signal()
			t.mu.Unlock()
			return nil, waited, ctx.Err()
		}
		t.mu.Lock()
	}
	t.mu.Unlock()
	return func() {
		t.mu.Lock()
		t.reads--
		t.signal()
		t.mu.Unlock()
	}, waited, nil
}

// enterDestroy waits until no read runs or waits.
func (t *turns) enterDestroy(ctx context.Context) (leave func(), err error) {
	t.mu.Lock()
	for t.reads > 0 {
		ch := t.wait()
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		t.mu.Lock()
	}
	t.destroys++
	t.mu.Unlock()
	return func() {
		t.mu.Lock()
		t.destroys--
		t.signal()
		t.mu.Unlock()
	}, nil
}
