// Package hostwide is what the operations of one Client on one host share, so that a fleet's
// plan, apply or destroy asks the host once where each VM would ask it alone: the host-wide read
// of the Gets in flight (reads.go), the read of every domain's disks shared by the deletes in
// flight and their turns with destroys (diskreads.go, turns.go), and the seed upload slots of
// the creates (uploads.go). Each has a small API; the lifecycle (package kvm2) never sees the
// protocol behind it.
package hostwide

import (
	"context"
	"strings"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"golang.org/x/sync/errgroup"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

// Shared host reads. A plan refreshes every VM of a host at once, and each Get would ask the
// host for the same kinds of facts one domain at a time: state, autostart, persistence and the
// DHCP lease. When several Gets of one host run together, they share one host-wide read of those
// facts instead: four ConnectListAllDomains calls (running, shut off, autostart, transient),
// per libvirt network one lookup and one NetworkGetDHCPLeases, and, for GetWithDisk, one
// ConnectGetAllDomainStats that gives every disk's size. Each Get still reads its own
// definition, and ownership is proven from it exactly as before (the mark's UID and the UUID
// derived from it); the shared facts are keyed by that UUID, so a same-named domain of another
// owner, or a lease whose hostname imitates a name, never reaches this VM.
//
// Freshness: a host-wide read is used only while (1) no write by this client on that host has
// Ended since it began, so a Get after an update, create or delete by this process always sees
// the host after that write, and (2) it began at most SharedReadTTL ago; past that a new one is
// made (for any Get, once the read that aged out served SharedReadsFrom Gets). Writes are counted
// at the connection (backend.TrackWrites: every call that is not a read), so no code path that
// changes the host can forget to count. A domain the host-wide read does not place (made after
// it began, or in a state it does not list: paused, crashed, shutting down) and any failure of
// it fall back to the per-domain reads.

const (
	// SharedReadsFrom is how many Gets of one host must be in flight before a host-wide read is
	// made for them: it costs four RPCs, and the per-domain reads it replaces cost two or three
	// per Get, so below three Gets it would cost more than it saves.
	SharedReadsFrom = 3
	// SharedReadTTL bounds the age of a host-wide read a Get may use.
	SharedReadTTL = 2 * time.Second
)

// Reads keeps, per host, the newest host-wide read and what decides whether it may be used.
type Reads struct {
	now func() time.Time
	ttl time.Duration

	mu    sync.Mutex
	hosts map[string]*hostReadState
}

type hostReadState struct {
	writes   uint64    // writes by this client on the host that have ended
	inflight int       // Gets of the host running now
	snap     *Snapshot // the newest host-wide read begun (loaded, loading or failed)
}

func NewReads(now func() time.Time) *Reads {
	return &Reads{now: now, ttl: SharedReadTTL, hosts: map[string]*hostReadState{}}
}

func (r *Reads) state(host string) *hostReadState {
	st := r.hosts[host]
	if st == nil {
		st = &hostReadState{}
		r.hosts[host] = st
	}
	return st
}

// Wrote records that a write on host has ended: no host-wide read begun before it is
// used again.
func (r *Reads) Wrote(host string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	st := r.state(host)
	st.writes++
	st.snap = nil
}

// Enter counts a Get of host in flight until the returned func is called.
func (r *Reads) Enter(host string) (leave func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.state(host).inflight++
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.state(host).inflight--
	}
}

// Kept is the host-wide read of host kept now (loaded, loading or failed); nil when none is.
func (r *Reads) Kept(host string) *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state(host).snap
}

// Err is why s failed; nil once it loaded.
func (s *Snapshot) Err() error {
	<-s.done
	return s.err
}

// Disks is s's read of every disk's capacity by domain UUID and path; made is false when no Get
// asked for it yet.
func (s *Snapshot) Disks() (byUUID map[libvirt.UUID]map[string]uint64, made bool, err error) {
	s.mu.Lock()
	d := s.disks
	s.mu.Unlock()
	if d == nil {
		return nil, false, nil
	}
	<-d.done
	return d.byUUID, true, d.err
}

// Snapshot returns a host-wide read of host that a Get entered now may use, making one on b when
// none is usable and enough Gets are in flight; nil means "read per domain". It waits for a read
// another Get is making, at most until ctx ends.
func (r *Reads) Snapshot(ctx context.Context, b backend.Backend, host string) *Snapshot {
	r.mu.Lock()
	st := r.state(host)
	s := st.snap
	now := r.now()
	if s == nil || s.writes != st.writes || now.Sub(s.began) > r.ttl {
		// A read only aged out, after it served a fleet's Gets, is renewed for any Get: a
		// refresh spread over several hosts often has fewer than SharedReadsFrom Gets of one
		// host in flight, and each would read per domain.
		refreshing := s != nil && s.served >= SharedReadsFrom // a write drops the read (Wrote)
		if st.inflight < SharedReadsFrom && !refreshing {
			r.mu.Unlock()
			return nil
		}
		s = &Snapshot{writes: st.writes, began: now, done: make(chan struct{}), leases: map[string]*leaseRead{}}
		st.snap = s
		s.served++
		r.mu.Unlock()
		s.load(ctx, b)
	} else {
		s.served++
		r.mu.Unlock()
	}
	select {
	case <-s.done:
	case <-ctx.Done():
		return nil
	}
	if s.err != nil {
		return nil
	}
	return s
}

// Snapshot is one host-wide read: which domains were running, shut off, set to autostart and
// transient, by UUID, and the leases of each network asked about.
type Snapshot struct {
	writes uint64
	began  time.Time
	done   chan struct{}
	err    error
	served int // the Gets that took it (Reads.mu)

	running, shutoff, autostart, transient map[libvirt.UUID]bool

	mu     sync.Mutex
	leases map[string]*leaseRead // by network name
	disks  *diskRead             // made by the first GetWithDisk that asks
}

// diskRead is the capacity of every disk file libvirt could read, by domain UUID and path.
type diskRead struct {
	done   chan struct{}
	byUUID map[libvirt.UUID]map[string]uint64
	err    error
}

type leaseRead struct {
	done  chan struct{}
	byMAC map[string][]libvirt.NetworkDhcpLease // lower-case MAC
	err   error
}

// load makes the read on b: the four lists run together on the one connection.
func (s *Snapshot) load(ctx context.Context, b backend.Backend) {
	defer close(s.done)
	sets := []struct {
		flags libvirt.ConnectListAllDomainsFlags
		into  *map[libvirt.UUID]bool
	}{
		{libvirt.ConnectListDomainsRunning, &s.running},
		{libvirt.ConnectListDomainsShutoff, &s.shutoff},
		{libvirt.ConnectListDomainsAutostart, &s.autostart},
		{libvirt.ConnectListDomainsTransient, &s.transient},
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, set := range sets {
		g.Go(func() error {
			doms, err := b.ConnectListAllDomains(gctx, set.flags)
			if err != nil {
				return err
			}
			m := make(map[libvirt.UUID]bool, len(doms))
			for _, d := range doms {
				m[d.UUID] = true
			}
			*set.into = m
			return nil
		})
	}
	s.err = g.Wait()
}

// Facts is what the host-wide read says of one domain.
type Facts struct {
	State      libvirt.DomainState
	Autostart  bool
	Persistent bool
}

// Domain returns what s says of the domain with uuid; false when s does not place it in exactly
// one of the states it lists (s is nil, the domain is newer than s, or in another state).
func (s *Snapshot) Domain(uuid libvirt.UUID) (Facts, bool) {
	if s == nil {
		return Facts{}, false
	}
	run, off := s.running[uuid], s.shutoff[uuid]
	if run == off {
		return Facts{}, false
	}
	f := Facts{State: libvirt.DomainShutoff, Autostart: s.autostart[uuid], Persistent: !s.transient[uuid]}
	if run {
		f.State = libvirt.DomainRunning
	}
	return f, true
}

// LeaseAddrs returns the addresses network's DHCP leases give mac, of either family (none when
// no lease does); false when s cannot tell (s is nil, no network or MAC, or the leases could not
// be read), and the addresses must be asked of the domain.
func (s *Snapshot) LeaseAddrs(ctx context.Context, b backend.Backend, network, mac string) ([]libvirt.DomainIPAddr, bool) {
	if s == nil || network == "" || mac == "" {
		return nil, false
	}
	s.mu.Lock()
	lr := s.leases[network]
	if lr == nil {
		lr = &leaseRead{done: make(chan struct{})}
		s.leases[network] = lr
		s.mu.Unlock()
		lr.byMAC, lr.err = ReadLeases(ctx, b, network)
		close(lr.done)
	} else {
		s.mu.Unlock()
		select {
		case <-lr.done:
		case <-ctx.Done():
			return nil, false
		}
	}
	if lr.err != nil {
		return nil, false
	}
	var addrs []libvirt.DomainIPAddr
	for _, l := range lr.byMAC[strings.ToLower(mac)] {
		addrs = append(addrs, libvirt.DomainIPAddr{Type: l.Type, Addr: l.Ipaddr, Prefix: l.Prefix})
	}
	return addrs, true
}

// DiskCapacity returns the capacity in bytes of the file p, a disk of the domain with uuid, from
// one read of every domain's block statistics, made the first time a Get of s asks; false when
// s cannot tell (s is nil, the read failed, the domain is newer than it, or libvirt could not
// Read the file: a missing disk, which only the reads of one domain prove gone, readDisk).
// libvirt reads a stopped domain's size from its image's header and a running one's from QEMU,
// whatever the state of the pool holding it.
func (s *Snapshot) DiskCapacity(ctx context.Context, b backend.Backend, uuid libvirt.UUID, p string) (uint64, bool) {
	if s == nil || p == "" {
		return 0, false
	}
	s.mu.Lock()
	d := s.disks
	if d == nil {
		d = &diskRead{done: make(chan struct{})}
		s.disks = d
		s.mu.Unlock()
		d.byUUID, d.err = readDiskCapacities(ctx, b)
		close(d.done)
	} else {
		s.mu.Unlock()
		select {
		case <-d.done:
		case <-ctx.Done():
			return 0, false
		}
	}
	if d.err != nil {
		return 0, false
	}
	c, ok := d.byUUID[uuid][p]
	return c, ok
}

// readDiskCapacities reads the block statistics of every domain of the host in one call and
// keeps each disk's capacity by domain UUID and file path. A running domain busy with a job is
// not waited for (libvirt then reads its files).
func readDiskCapacities(ctx context.Context, b backend.Backend) (map[libvirt.UUID]map[string]uint64, error) {
	recs, err := b.ConnectGetAllDomainStats(ctx, libvirt.DomainStatsBlock, libvirt.ConnectGetAllDomainsStatsNowait)
	if err != nil {
		return nil, err
	}
	out := make(map[libvirt.UUID]map[string]uint64, len(recs))
	for _, r := range recs {
		paths, sizes := map[string]string{}, map[string]uint64{} // by disk index
		for _, p := range r.Params {
			rest, ok := strings.CutPrefix(p.Field, "block.")
			if !ok {
				continue
			}
			i, key, ok := strings.Cut(rest, ".") // block.<i>.<key>
			if !ok {
				continue
			}
			switch v := p.Value.I.(type) {
			case string:
				if key == "path" {
					paths[i] = v
				}
			case uint64:
				if key == "capacity" {
					sizes[i] = v
				}
			}
		}
		m := make(map[string]uint64, len(sizes))
		for i, p := range paths {
			if c, ok := sizes[i]; ok {
				m[p] = c
			}
		}
		out[r.Dom.UUID] = m
	}
	return out, nil
}

// ReadLeases reads every current lease of network, by lower-case MAC.
func ReadLeases(ctx context.Context, b backend.Backend, network string) (map[string][]libvirt.NetworkDhcpLease, error) {
	n, err := b.NetworkLookupByName(ctx, network)
	if err != nil {
		return nil, err
	}
	leases, err := b.NetworkGetDHCPLeases(ctx, n)
	if err != nil {
		return nil, err
	}
	out := map[string][]libvirt.NetworkDhcpLease{}
	for _, l := range leases {
		if len(l.Mac) > 0 {
			k := strings.ToLower(l.Mac[0])
			out[k] = append(out[k], l)
		}
	}
	return out, nil
}

// TrackWrites wraps b, a connection to host, so that each of its writes is counted against host.
func (r *Reads) TrackWrites(b backend.Backend, host string) backend.Backend {
	return backend.TrackBackend(b, host, r.Wrote)
}
