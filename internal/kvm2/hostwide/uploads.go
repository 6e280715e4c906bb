package hostwide

import (
	"context"
	"fmt"
	"sync"

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
// The zero value is ready to use; a host's slots are made on first use and kept, so the map holds
// at most the configured hosts.
type UploadSlots struct {
	mu    sync.Mutex
	slots map[string]chan struct{}
}

// Acquire takes one of host's slots, waiting at most until ctx ends. The returned release must
// be called exactly once.
func (s *UploadSlots) Acquire(ctx context.Context, host string) (release func(), err error) {
	ch := s.host(host)
	select {
	case ch <- struct{}{}:
		return func() { <-ch }, nil
	case <-ctx.Done():
		return nil, kvmerr.New(kvmerr.Transient, "", host,
			fmt.Errorf("waiting for a seed upload slot on host %s: %w", host, ctx.Err()))
	}
}

func (s *UploadSlots) host(host string) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.slots[host]
	if !ok {
		if s.slots == nil {
			s.slots = map[string]chan struct{}{}
		}
		ch = make(chan struct{}, SeedUploadsPerHost)
		s.slots[host] = ch
	}
	return ch
}
