package kvm2

import (
	"context"
	"sync"
	"time"

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
type diskIndexes struct {
	mu    sync.Mutex
	hosts map[string]*diskIndexHost
	now   func() time.Time
}

type diskIndexHost struct {
	running chan struct{} // closed when the read under way ends; nil when none is
	next    *diskIndexRead
	memo    *hostops.VolumeMemo // the volumes the host's reads found, for the next reads
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
	h := d.hosts[b.Host()]
	if h == nil {
		h = &diskIndexHost{memo: hostops.NewVolumeMemo(d.now)}
		d.hosts[b.Host()] = h
	}
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
		d.mu.Unlock()
		r.x, r.err = hostops.ReadDiskIndexWith(ctx, b, h.memo)
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
		return hostops.ReadDiskIndexWith(ctx, b, h.memo)
	}
	return r.x, r.err
}
