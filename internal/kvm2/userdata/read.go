// Package userdata reads a VM's user data back from its seed volume, for an import: only what
// the VM's mark proves its own and its digests vouch for, through a bounded stream read.
package userdata

import (
	"context"
	"errors"
	"fmt"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// MaxSeedBytes bounds the seed volume Read reads. A seed SeedISO writes is tens of KiB
// plus the user data; a larger volume is not read.
const MaxSeedBytes = 8 << 20

// A go-libvirt stream read can hang its connection (on the lab's libvirt 9.0, about one read in
// six): a read is abandoned after its budget (DefaultReadBudget unless the caller says) plus
// seedReadPerMiB for each MiB of the seed, and tried again on a new connection,
// ReadAttempts times in all. A seed of tens of KiB reads in about 0.1 s on the lab.
const (
	DefaultReadBudget = 3 * time.Second
	seedReadPerMiB    = time.Second
	ReadAttempts      = 3
)

// Why Read does not return the user data. Each comes wrapped in a Permanent error that
// names the VM; none carries any of the user data.
var (
	// ErrNotStored: the mark does not say the user data came from an input the caller
	// keeps. It came from write-only input, or the VM was made before the mark recorded its
	// source (never read back, as its source cannot be told), or it has none.
	ErrNotStored = errors.New("the mark does not record the user data as stored (write-only, none, or recorded by an earlier version)")
	// ErrSeedNotOurs: the definition names no seed, or one that is not the volume named with the VM's UID.
	ErrSeedNotOurs = errors.New("the definition's seed is not this VM's seed volume")
	// ErrSeedMissing: the seed volume the definition names is gone.
	ErrSeedMissing = errors.New("the seed volume is gone")
	// ErrSeedTooLarge: the seed volume is larger than MaxSeedBytes.
	ErrSeedTooLarge = errors.New("the seed volume is larger than a seed")
	// ErrSeedUnverified: the mark records no digest of the seed (a VM of a build before the
	// digest), so nothing vouches for the seed: it is never read.
	ErrSeedUnverified = errors.New("the mark records no digest of the seed (the VM was made before the digest was " +
		"recorded), so nothing vouches for the seed and its user data is not read back")
	// ErrSeedMismatch: the seed, or the user-data file in it, does not match its digest in the
	// mark: the seed (or the mark's source of the user data) changed since the VM was made.
	ErrSeedMismatch = errors.New("the seed volume does not match the digests in the mark (the seed or the mark was " +
		"changed since the VM was made), so its user data is not read back")
	// ErrSeedUnreadable: the seed matches its digest but holds no user-data file SeedUserData
	// reads (never for a seed this provider wrote).
	ErrSeedUnreadable = errors.New("the seed volume holds no readable seed")
)

// Read reads back the user data of VM id (name on host) with uid from its seed, for an import:
// only when the mark records the user data as stored (not write-only) and a digest of the seed,
// only when the seed is provably this VM's (the domain's own definition names it, its volume
// carries the UID in its name), only when the whole seed matches the mark's seed digest, which
// binds the mark's source too (checked before a byte of it is parsed), and only when its
// user-data matches the sha256 in the mark. The seed is parsed by definition.SeedUserData, whose
// cost is bounded whatever the bytes. Anything else is a Permanent error wrapping one of the
// reasons above (or the host's own error), and the caller then has no user data: nothing read is
// ever returned unverified.
//
// The seed is found on the host's pooled connection of pool, and read through a stream on a
// dedicated one, capped at MaxSeedBytes and bounded in time: budget, and seedReadPerMiB more for
// each MiB of the seed (a hung read is retried on a new connection, see ReadAttempts, and
// logged to log).
func Read(ctx context.Context, pool backend.Pool, host, id, name, uid string, budget time.Duration, log corelog.Logger) ([]byte, error) {
	var seed seedRef
	err := backend.OnPooled(ctx, pool, host, func(b backend.Backend) error {
		var err error
		seed, err = findSeed(ctx, b, host, name, uid)
		return err
	})
	if err != nil {
		return nil, err
	}
	iso, err := downloadSeed(ctx, pool, host, seed, budget, log)
	if err != nil {
		return nil, err
	}
	if rules.SeedDigest(seed.source, iso) != seed.seedDigest {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", id, ErrSeedMismatch))
	}
	data, err := definition.SeedUserData(iso)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w: %w", id, ErrSeedUnreadable, err))
	}
	if rules.UserDataSHA256(data) != seed.digest {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", id, ErrSeedMismatch))
	}
	return data, nil
}

// seedRef is a seed volume proven to be a VM's, with what its mark says it holds: the digest
// of the user data, the user data's source and the digest of the whole seed.
type seedRef struct {
	vol        libvirt.StorageVol
	size       uint64
	digest     string
	source     string
	seedDigest string
}

// findSeed proves the seed of domain name to be the VM with uid's and returns it.
func findSeed(ctx context.Context, b backend.Backend, host, name, uid string) (seedRef, error) {
	refuse := func(reason error, detail string) (seedRef, error) {
		return seedRef{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w%s", rules.FormatID(host, name), reason, detail))
	}
	_, facts, err := ownership.FindDomain(ctx, b, name, uid)
	if err != nil {
		return seedRef{}, err
	}
	if err := ownership.Claim(host, name, uid, facts); err != nil {
		return seedRef{}, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	if facts.Mark.UserDataSource != definition.UserDataSourceStored {
		return refuse(ErrNotStored, fmt.Sprintf(" (source %q)", facts.Mark.UserDataSource))
	}
	if facts.Mark.SeedDigest == "" {
		return refuse(ErrSeedUnverified, "")
	}
	if facts.SeedPath == "" {
		return refuse(ErrSeedNotOurs, " (no seed in the definition)")
	}
	vol, err := b.StorageVolLookupByPath(ctx, facts.SeedPath)
	if kvmerr.IsNotFound(err) {
		return refuse(ErrSeedMissing, " ("+facts.SeedPath+")")
	}
	if err != nil {
		return seedRef{}, err
	}
	if vol.Name != rules.SeedName(name, uid) {
		return refuse(ErrSeedNotOurs, fmt.Sprintf(" (volume %s/%s, want %s)", vol.Pool, vol.Name, rules.SeedName(name, uid)))
	}
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil {
		return seedRef{}, err
	}
	if capacity > MaxSeedBytes {
		return refuse(ErrSeedTooLarge, fmt.Sprintf(" (%d bytes, at most %d)", capacity, MaxSeedBytes))
	}
	return seedRef{vol: vol, size: capacity, digest: facts.Mark.UserDataSHA256,
		source: facts.Mark.UserDataSource, seedDigest: facts.Mark.SeedDigest}, nil
}

// downloadSeed reads the seed volume, each attempt on a new dedicated connection of pool and
// within its budget (see ReadAttempts). An empty read is read again too: one faulty read
// proves nothing.
func downloadSeed(ctx context.Context, pool backend.Pool, host string, seed seedRef, readBudget time.Duration, log corelog.Logger) ([]byte, error) {
	budget := readBudget + time.Duration(seed.size>>20)*seedReadPerMiB
	var w backend.CappedWriter
	var err error
	for attempt := 1; attempt <= ReadAttempts; attempt++ {
		w = backend.CappedWriter{Limit: MaxSeedBytes}
		start := time.Now()
		err = readSeedOnce(ctx, pool, host, seed, &w, budget)
		if (err == nil && len(w.Buf) > 0) || (err != nil && !errors.Is(err, kvmerr.ErrAbandoned)) ||
			ctx.Err() != nil || attempt == ReadAttempts {
			break
		}
		log.Log(ctx, corelog.LevelWarn, "seed read hung or returned nothing; reading again on a new connection", map[string]any{
			"host": host, "volume": seed.vol.Pool + "/" + seed.vol.Name, "attempt": attempt,
			"took_ms": time.Since(start).Milliseconds(), "budget_ms": budget.Milliseconds(),
		})
	}
	switch {
	case kvmerr.IsNotFound(err):
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", seed.vol.Name, ErrSeedMissing))
	case err != nil:
		return nil, err
	case w.Over:
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w (more than %d bytes read)", seed.vol.Name, ErrSeedTooLarge, MaxSeedBytes))
	case len(w.Buf) == 0:
		return nil, kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("%s: %d reads of the seed returned nothing", seed.vol.Name, ReadAttempts))
	}
	return w.Buf, nil
}

// readSeedOnce is one read of the seed into w on a new dedicated connection, within budget.
func readSeedOnce(ctx context.Context, pool backend.Pool, host string, seed seedRef, w *backend.CappedWriter, budget time.Duration) error {
	d, err := pool.Dedicated(ctx, host)
	if err != nil {
		return err
	}
	defer d.Close()
	rctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	return d.StorageVolDownload(rctx, seed.vol, w, seed.size)
}
