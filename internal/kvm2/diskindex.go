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
	mu    sync.Mutex
	hosts map[string]*diskIndexHost
	now   func() time.Time
}

type diskIndexHost struct {
	running  chan struct{} // closed when the read under way ends; nil when none is
	next     *diskIndexRead
	memo     *hostops.VolumeMemo     // the volumes the host's reads found, for the next reads
	removing map[libvirt.UUID]string // definitions of the domains deletes are removing
}

// host returns the state of host, made on first use; d.mu held.
func (d *diskIndexes) host(host string) *diskIndexHost {
	h := d.hosts[host]
	if h == nil {
		h = &diskIndexHost{memo: hostops.NewVolumeMemo(d.now), removing: map[libvirt.UUID]string{}}
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
	return &diskIndexes{hosts: map[string]*diskIndexHost{}, now: now}
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
		r.led, h.next, h.running = true, nil, make(chan struct{})
		known := h.known()
		d.mu.Unlock()
		r.x, r.err = hostops.ReadDiskIndexWith(ctx, b, h.memo, known)
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
		d.mu.Lock()
		known := h.known()
		d.mu.Unlock()
		return hostops.ReadDiskIndexWith(ctx, b, h.memo, known)
	}
	return r.x, r.err
}
