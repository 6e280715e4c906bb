package hostwide

import (
	"context"
	"fmt"
	"sync"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// SeedUploadsPerHost is how many seed uploads stream to one host at once. go-libvirt sends every
// stream through a buffer of 4 MiB (socket.SendStream allocates one per call, whatever the
// reader holds), and a seed ISO is a few hundred KiB: an apply that creates a fleet on one host
// would otherwise hold, and clear, 4 MiB per VM being created at the same moment (Terraform's
// parallelism, 10 by default). Two keep the buffers of a whole apply at 8 MiB per host while
// one upload's round trips overlap the other's; a seed takes milliseconds to stream, so the wait
// is short. Other hosts are not slowed: each host has its own slots. Image uploads need no bound
// here, as each image is fetched by one caller at a time (imagecache/fetch.go).
const SeedUploadsPerHost = 2

// UploadSlots bounds seed uploads per host: at most SeedUploadsPerHost holders per host at once.
// The dedicated connection of an upload that succeeded is kept for the next holder, so a fleet's
// creates dial at most SeedUploadsPerHost connections per host, not one per VM (an SSH handshake
// and a libvirt ConnectOpen each). The zero value is ready to use; a host's slots are made on
// first use and kept, so the map holds at most the configured hosts. Close closes the
// connections kept.
type UploadSlots struct {
	mu     sync.Mutex
	hosts  map[string]*uploadHost
	closed bool
}

type uploadHost struct {
	slots chan struct{}     // one token per holder
	kept  []backend.Backend // connections left by uploads that succeeded; s.mu held
}

// Slot is one held upload slot of a host. Conn is a connection an earlier upload left, or nil;
// the holder dials one when it is nil.
type Slot struct {
	s    *UploadSlots
	h    *uploadHost
	Conn backend.Backend
}

// Acquire takes one of host's slots, waiting at most until ctx ends. The slot's Release must be
// called exactly once.
func (s *UploadSlots) Acquire(ctx context.Context, host string) (*Slot, error) {
	h := s.host(host)
	select {
	case h.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, kvmerr.New(kvmerr.Transient, "", host,
			fmt.Errorf("waiting for a seed upload slot on host %s: %w", host, ctx.Err()))
	}
	sl := &Slot{s: s, h: h}
	s.mu.Lock()
	if n := len(h.kept); n > 0 {
		sl.Conn, h.kept = h.kept[n-1], h.kept[:n-1]
	}
	s.mu.Unlock()
	return sl, nil
}

// Release gives the slot back, keeping conn (an upload's connection, healthy after it) for the
// next holder; nil keeps none. A connection released after Close is closed.
func (sl *Slot) Release(conn backend.Backend) {
	sl.s.mu.Lock()
	switch {
	case conn == nil:
	case sl.s.closed:
		_ = conn.Close()
	default:
		sl.h.kept = append(sl.h.kept, conn)
	}
	sl.s.mu.Unlock()
	<-sl.h.slots
}

func (s *UploadSlots) host(host string) *uploadHost {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.hosts[host]
	if !ok {
		if s.hosts == nil {
			s.hosts = map[string]*uploadHost{}
		}
		h = &uploadHost{slots: make(chan struct{}, SeedUploadsPerHost)}
		s.hosts[host] = h
	}
	return h
}

// Close closes the connections kept; those of slots held now are closed on their Release.
func (s *UploadSlots) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	for _, h := range s.hosts {
		for _, c := range h.kept {
			_ = c.Close()
		}
		h.kept = nil
	}
}
