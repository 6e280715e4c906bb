package hostops

import (
	"context"
	"fmt"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A host lease (names: rules.LeaseName) makes processes that share a host take turns through
// libvirt alone: no shared file system, no server. Each incarnation of a lease is an empty volume
// whose name carries its owner and expiry, so it is created exclusively (libvirt refuses a name
// that exists) and deleting it by name can never hit a later incarnation. The protocol:
//
//   - acquire: create our incarnation, then list the pool: held only when no lease on the
//     subject of another owner that has not expired (LeaseSkew allowed) stands beside ours; else
//     ours is deleted and the caller waits (Transient, naming holder and expiry), and two that
//     raced both back off (a retry separates them). Another owner's lease expired LeaseSkew ago
//     is taken over: deleted by its name, which is that incarnation's alone;
//   - renew: every third of rules.LeaseTTL, create the next incarnation (a later expiry), then
//     delete the one before; a holder that could not renew stops acting (Valid);
//   - release: the owner deletes its own incarnations, nobody else's.
//
// So a lease listed alone stands: whoever creates one later lists it beside theirs and backs off.
// It costs three RPCs: the create and the listing, and the delete at release. A process killed while holding one blocks
// the others until its expiry plus LeaseSkew, at most rules.LeaseTTL+rules.LeaseSkew after its
// last renewal.

// LeaseHeldError is a lease another process holds: who and until when.
type LeaseHeldError struct {
	Host, Pool, Subject, Owner string
	Until                      time.Time
}

func (e *LeaseHeldError) Error() string {
	return fmt.Sprintf("the host lease on %s (a volume in pool %s) is held by kvm2 process %s until %s: another apply is working on it, "+
		"and this one retries until the lease is released or expired (a process killed while holding it holds it "+
		"at most %s past its last renewal; the retries' backoff comes on top)",
		e.Subject, e.Pool, e.Owner, e.Until.UTC().Format(time.RFC3339), rules.LeaseTTL+rules.LeaseSkew)
}

// LeaseClock is the owner id and clock of this process's leases.
type LeaseClock struct {
	Owner string
	Now   func() time.Time
	TTL   time.Duration // rules.LeaseTTL when zero
}

func (c LeaseClock) ttl() time.Duration {
	if c.TTL > 0 {
		return c.TTL
	}
	return rules.LeaseTTL
}

// Lease is one held lease.
type Lease struct {
	b       backend.Backend
	pool    libvirt.StoragePool
	subject string
	clock   LeaseClock

	mu    sync.Mutex
	names []string // our incarnations on the host, the newest last
	until time.Time
	lost  bool
	stop  chan struct{}
	done  chan struct{}
}

// leaseOn is a lease on subject found in a listing.
type leaseOn struct {
	name, owner string
	until       time.Time
}

// leasesOf lists the pool and returns the leases on subject.
func leasesOf(ctx context.Context, b backend.Backend, p libvirt.StoragePool, subject string) ([]leaseOn, []libvirt.StorageVol, error) {
	vols, err := b.StoragePoolListAllVolumes(ctx, p)
	if err != nil {
		return nil, nil, err
	}
	var out []leaseOn
	for _, v := range vols {
		if owner, until, ok := rules.ParseLeaseName(v.Name, subject); ok {
			out = append(out, leaseOn{v.Name, owner, until})
		}
	}
	return out, vols, nil
}

// standing is the first lease of another owner than own that has not expired by now (with the
// skew allowed), or nil.
func standing(leases []leaseOn, own string, now time.Time) *leaseOn {
	for i, l := range leases {
		if l.owner != own && now.Before(l.until.Add(rules.LeaseSkew)) {
			return &leases[i]
		}
	}
	return nil
}

func heldError(b backend.Backend, p libvirt.StoragePool, subject string, l *leaseOn) error {
	return kvmerr.New(kvmerr.Transient, "", b.Host(), &LeaseHeldError{
		Host: b.Host(), Pool: p.Name, Subject: subject, Owner: l.owner, Until: l.until})
}

// AcquireLease takes the lease on subject in pool p through b, which must stay usable until
// Release (the lease renews itself on it). A lease another owner holds is a Transient
// *LeaseHeldError; its caller retries.
func AcquireLease(ctx context.Context, b backend.Backend, p libvirt.StoragePool, subject string, clock LeaseClock) (*Lease, error) {
	lease := &Lease{b: b, pool: p, subject: subject, clock: clock, stop: make(chan struct{}), done: make(chan struct{})}
	if err := lease.create(ctx, clock.Now()); err != nil {
		return nil, err
	}
	leases, _, err := leasesOf(ctx, b, p, subject)
	if err == nil {
		if l := standing(leases, clock.Owner, clock.Now()); l != nil {
			err = heldError(b, p, subject, l)
		}
	}
	for _, l := range leases {
		if err == nil && l.owner != clock.Owner {
			// Expired LeaseSkew ago: its holder is gone or stopped acting. The name is that
			// incarnation's alone, so this deletes nothing anyone holds.
			err = DeleteVolumes(ctx, b, libvirt.StorageVol{Pool: p.Name, Name: l.name})
		}
	}
	if err != nil {
		close(lease.done)
		lease.deleteOwn(ctx)
		return nil, err
	}
	go lease.keep()
	return lease, nil
}

// create makes the incarnation of the lease that expires TTL after now.
func (l *Lease) create(ctx context.Context, now time.Time) error {
	until := now.Add(l.clock.ttl())
	name := rules.LeaseName(l.subject, l.clock.Owner, until)
	x, err := definition.MarkerVolumeXML(name)
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, "", l.b.Host(), err)
	}
	if _, err := l.b.StorageVolCreateXML(ctx, l.pool, x); err != nil && !VolumeExists(err) {
		return fmt.Errorf("create lease volume %s: %w", name, err)
	}
	l.mu.Lock()
	l.names = append(l.names, name)
	l.until = until
	l.mu.Unlock()
	return nil
}

// keep renews the lease every third of its TTL until Release.
func (l *Lease) keep() {
	defer close(l.done)
	t := time.NewTicker(l.clock.ttl() / 3)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			if err := l.Renew(context.Background()); err != nil {
				l.mu.Lock()
				l.lost = true
				l.mu.Unlock()
				return
			}
		}
	}
}

// Renew moves the lease's expiry to TTL from now: the next incarnation first, then the one
// before is deleted.
func (l *Lease) Renew(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, l.clock.ttl()/3)
	defer cancel()
	l.mu.Lock()
	old := append([]string(nil), l.names...)
	l.mu.Unlock()
	if err := l.create(ctx, l.clock.Now()); err != nil {
		return err
	}
	for _, n := range old {
		if err := DeleteVolumes(ctx, l.b, libvirt.StorageVol{Pool: l.pool.Name, Name: n}); err != nil {
			return err
		}
		l.mu.Lock()
		l.names = l.names[1:]
		l.mu.Unlock()
	}
	return nil
}

// Valid reports whether the holder may still act under the lease: it was renewed in time and
// expires more than LeaseSkew from now by this process's clock.
func (l *Lease) Valid() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.lost && l.clock.Now().Before(l.until.Add(-rules.LeaseSkew))
}

// Expired is the error of a holder whose lease ran out before it acted.
func (l *Lease) Expired() error {
	return kvmerr.New(kvmerr.Transient, "", l.b.Host(), fmt.Errorf(
		"the lease on %s in pool %s ran out before this process acted (it could not renew it in time); nothing was changed, retry", l.subject, l.pool.Name))
}

// Release stops renewing and deletes the owner's incarnations, on a context of its own (a
// cancelled apply must still release). A failed delete leaves a lease that expires.
func (l *Lease) Release(ctx context.Context) {
	select {
	case <-l.stop:
		return
	default:
		close(l.stop)
	}
	<-l.done
	l.deleteOwn(ctx)
}

func (l *Lease) deleteOwn(ctx context.Context) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), l.clock.ttl()/3)
	defer cancel()
	l.mu.Lock()
	names := append([]string(nil), l.names...)
	l.mu.Unlock()
	for _, n := range names {
		_ = DeleteVolumes(ctx, l.b, libvirt.StorageVol{Pool: l.pool.Name, Name: n})
	}
}

// LeaseStanding reports, from vols (one listing of the pool), a lease on subject that another
// process holds and that has not expired by now: a Transient *LeaseHeldError, or nil.
func LeaseStanding(b backend.Backend, p libvirt.StoragePool, vols []libvirt.StorageVol, subject string, now time.Time) error {
	var leases []leaseOn
	for _, v := range vols {
		if owner, until, ok := rules.ParseLeaseName(v.Name, subject); ok {
			leases = append(leases, leaseOn{v.Name, owner, until})
		}
	}
	if l := standing(leases, "", now); l != nil {
		return heldError(b, p, subject, l)
	}
	return nil
}
