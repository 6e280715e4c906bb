package imagecache

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/keylock"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// See names.go for how the cache proves which volumes it wrote.
const (
	defaultImageFormat = "qcow2"

	defaultDownloadCap   = 30 * time.Minute
	defaultMarkerTimeout = 5 * time.Second
	// claimMargin is added to the longest a fetch can take before its claim is judged
	// abandoned: it covers the clock skew between machines that run the provider.
	claimMargin = 10 * time.Minute

	// uploadChunk is how many bytes each read of the upload stream gathers: go-libvirt sends
	// one stream packet per read, and an HTTP body yields a few KiB per read, so without it an
	// upload is tens of thousands of tiny packets.
	uploadChunk           = 1 << 20
	defaultProgressEvery  = 5 * time.Second
	defaultCleanupTimeout = time.Minute
)

// Operation names used in errors; the Client names its own refusals (an unknown host) so too.
const (
	OpEnsure   = "ensure base image"
	OpGet      = "read base image"
	OpDelete   = "delete base image"
	OpPoolFree = "read pool free space"
)

// Options tunes the image cache; zero values take the defaults.
type Options struct {
	HTTPClient     *http.Client   // default: a plain client; redirects from https to http are refused either way
	Logger         corelog.Logger // default: discard
	DownloadCap    time.Duration  // hard cap on one download and upload, on top of ctx; default 30m
	ProgressEvery  time.Duration  // interval between upload progress lines; default 5s
	CleanupTimeout time.Duration  // budget of the cleanup after a failed upload; default 1m
	MarkerTimeout  time.Duration  // budget of one read of an earlier version's marker; default 5s
}

// Cache downloads, verifies and caches base images in libvirt storage pools.
type Cache struct {
	http           *http.Client
	log            corelog.Logger
	downloadCap    time.Duration
	progressEvery  time.Duration
	cleanupTimeout time.Duration
	markerTimeout  time.Duration
	// claimTTL is how long a claim stands for a fetch that may still be running elsewhere.
	claimTTL time.Duration
	now      func() time.Time
	locks    *keylock.Locks

	// ownClaims are the claims this process created and has not seen deleted. A fetch runs
	// under its image's lock, so to a holder of that lock such a claim is never a fetch in
	// progress: a failed cleanup's debris is retried at once, not after claimTTL.
	claimsMu  sync.Mutex
	ownClaims map[string]bool

	// leaseOwner names this process in the host leases it takes (hostops.AcquireLease).
	leaseOwner string
}

// noteClaim records a claim this process created.
func (ic *Cache) noteClaim(ref Ref, claim string) {
	ic.claimsMu.Lock()
	defer ic.claimsMu.Unlock()
	ic.ownClaims[ref.ID()+"/"+claim] = true
}

// forgetClaims drops deleted volumes from the claims this process created.
func (ic *Cache) forgetClaims(ref Ref, names ...string) {
	ic.claimsMu.Lock()
	defer ic.claimsMu.Unlock()
	for _, n := range names {
		delete(ic.ownClaims, ref.ID()+"/"+n)
	}
}

// liveClaim returns a claim of e whose fetch may still be running elsewhere: one this process
// did not create, young enough.
func (ic *Cache) liveClaim(e cacheEntry) (marker, bool) {
	ic.claimsMu.Lock()
	defer ic.claimsMu.Unlock()
	now := ic.now()
	for _, m := range e.pending {
		if !ic.ownClaims[e.ref.ID()+"/"+m.vol.Name] && now.Sub(m.since) < ic.claimTTL {
			return m, true
		}
	}
	return marker{}, false
}

// New applies the defaults of opts.
func New(opts Options) *Cache {
	ic := &Cache{
		http:           refuseDowngrade(opts.HTTPClient),
		log:            opts.Logger,
		downloadCap:    opts.DownloadCap,
		progressEvery:  opts.ProgressEvery,
		cleanupTimeout: opts.CleanupTimeout,
		markerTimeout:  opts.MarkerTimeout,
		now:            time.Now,
		locks:          keylock.New(),
		ownClaims:      map[string]bool{},
	}
	if owner, err := rules.NewLeaseOwner(); err == nil {
		ic.leaseOwner = owner
	} else {
		ic.leaseOwner = fmt.Sprintf("kvm2-%d", time.Now().UnixNano()%1_000_000_000)
	}
	if ic.downloadCap <= 0 {
		ic.downloadCap = defaultDownloadCap
	}
	if ic.progressEvery <= 0 {
		ic.progressEvery = defaultProgressEvery
	}
	if ic.cleanupTimeout <= 0 {
		ic.cleanupTimeout = defaultCleanupTimeout
	}
	if ic.markerTimeout <= 0 {
		ic.markerTimeout = defaultMarkerTimeout
	}
	ic.claimTTL = ic.downloadCap + ic.cleanupTimeout + claimMargin
	return ic
}

// logf emits one line through the configured logger, if any.
func (ic *Cache) logf(ctx context.Context, level corelog.Level, msg string, fields map[string]any) {
	if ic.log != nil {
		ic.log.Log(ctx, level, msg, fields)
	}
}

// BaseImageOption tells GetBaseImage and DeleteBaseImage more about the image.
type BaseImageOption func(*baseImageRecord)

// baseImageRecord is what the caller recorded when the image was cached.
type baseImageRecord struct{ sha, path string }

// Recorded passes what the caller recorded when it cached the image (Terraform state): its
// sha256 and path. With the digest the lookup is one name lookup. Together they are the proof
// that an image cached by an earlier version of the provider (marker "<name>.sha256" holding
// the digest) is the caller's: it is then moved to today's markers, or deleted. Without them
// such an image is foreign.
func Recorded(sha256, path string) BaseImageOption {
	return func(r *baseImageRecord) {
		r.sha, r.path = strings.ToLower(strings.TrimSpace(sha256)), path
	}
}

func recordOf(opts []BaseImageOption) baseImageRecord {
	var r baseImageRecord
	for _, o := range opts {
		o(&r)
	}
	if !rules.IsSHA256(r.sha) {
		r.sha = ""
	}
	return r
}

// normalizeBaseRequest fills the defaults of req (the host's pool, defaultPool) and validates it.
func normalizeBaseRequest(defaultPool string, req BaseImageRequest) (BaseImageRequest, error) {
	if req.Pool == "" {
		req.Pool = defaultPool
	}
	if req.Pool == "" {
		req.Pool = rules.DefaultPool
	}
	if req.Format == "" {
		req.Format = defaultImageFormat
	}
	req.SHA256 = strings.ToLower(strings.TrimSpace(req.SHA256))
	if err := rules.ValidateBaseImageName(req.Name); err != nil {
		return req, err
	}
	if err := rules.ImageFormat.Check(req.Format); err != nil {
		return req, err
	}
	if req.SHA256 != "" {
		if err := rules.SHA256.Check(req.SHA256); err != nil {
			return req, err
		}
	}
	return req, rules.SourceURL.Check(req.SourceURL)
}

// redactURL drops user info, query and fragment, which may carry credentials of signed URLs.
func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "<unparsable URL>"
	}
	u.User = nil
	if u.RawQuery != "" {
		u.RawQuery = "redacted"
	}
	u.Fragment = ""
	return u.String()
}

// Ensure returns the cached image for req, downloading, verifying and caching it first when
// the pool holds no verified copy. Only one ensure or remove runs per image at a time.
func (ic *Cache) Ensure(ctx context.Context, pool backend.Pool, defaultPool string, req BaseImageRequest) (BaseImage, error) {
	req, err := normalizeBaseRequest(defaultPool, req)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, OpEnsure, req.Host, err)
	}
	ref := Ref{Host: req.Host, Pool: req.Pool, Name: req.Name}
	unlock, err := ic.locks.Lock(ctx, ref.ID())
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Transient, OpEnsure, ref.Host,
			fmt.Errorf("waiting for another operation on base image %s: %w", ref.ID(), err))
	}
	defer unlock()

	var img BaseImage
	hit := false
	err = backend.OnPooled(ctx, pool, ref.Host, func(b backend.Backend) error {
		var err error
		img, hit, err = ic.lookupForEnsure(ctx, b, ref, req.SHA256)
		return err
	})
	if err == nil && !hit {
		img, err = ic.fetch(ctx, pool, ref, req)
	}
	if errors.Is(err, errCachedMeanwhile) {
		// Another process cached it between our lookup and our create: take it as a hit now.
		err = backend.OnPooled(ctx, pool, ref.Host, func(b backend.Backend) error {
			var err error
			if img, hit, err = ic.lookupForEnsure(ctx, b, ref, req.SHA256); err == nil && !hit {
				err = kvmerr.New(kvmerr.Transient, "", ref.Host, errCachedMeanwhile)
			}
			return err
		})
	}
	if err != nil {
		return BaseImage{}, kvmerr.Wrap(OpEnsure, ref.Host, err)
	}
	img.SourceURL = req.SourceURL
	return img, nil
}

// lookupForEnsure finds a verified image (a hit) or makes the pool ready for a fetch: debris
// of the cache's own is deleted, anything foreign is refused untouched, and a claim another
// fetch holds is waited for (Transient).
func (ic *Cache) lookupForEnsure(ctx context.Context, b backend.Backend, ref Ref, expected string) (BaseImage, bool, error) {
	p, err := hostops.LookupPool(ctx, b, ref.Host, ref.Pool)
	if err != nil {
		return BaseImage{}, false, err
	}
	if expected != "" {
		if img, ok, err := ic.quickVerified(ctx, b, p, ref, expected); err != nil || ok {
			return img, ok, err
		}
	}
	e, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		return BaseImage{}, false, err
	}
	if m, ok := e.verified(); ok {
		if expected != "" && expected != m.sha {
			return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"volume %s in pool %s already caches an image with sha256 %s, not the expected %s: give the new image another name",
				ref.Name, ref.Pool, m.sha, expected))
		}
		if len(e.pending) > 0 {
			// A claim left by a fetch whose last step failed; the image is complete.
			if err := hostops.DeleteNamedVolumes(ctx, b, p, e.pendingNames()...); err != nil {
				return BaseImage{}, false, err
			}
			ic.forgetClaims(ref, e.pendingNames()...)
		}
		img, err := describeBase(ctx, b, *e.image, ref, m.sha)
		if err != nil {
			return BaseImage{}, false, err
		}
		ic.logf(ctx, corelog.LevelDebug, "base image cache hit", ref.fields())
		return img, true, nil
	}
	if r := e.refusal(); r != nil {
		return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, r)
	}
	if m, ok := ic.liveClaim(e); ok {
		return BaseImage{}, false, kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf(
			"base image %s is being cached by another apply since %s (claim %s); retry later. If no apply is running, it was interrupted: delete %s and its kvm2 markers in pool %s by hand, or wait until %s",
			ref.Name, m.since.UTC().Format(time.RFC3339), m.vol.Name, ref.Name, ref.Pool, m.since.Add(ic.claimTTL).UTC().Format(time.RFC3339)))
	}
	if e.ours() {
		if err := ic.deleteDebris(ctx, b, p, ref, e); err != nil {
			return BaseImage{}, false, err
		}
	}
	if e.image != nil && !e.ours() {
		return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, e.foreignImage())
	}
	return BaseImage{}, false, nil
}

// quickVerified is the lookup when the digest is known: the digest's marker by name, its form,
// and the image. ok is false when any of them is not there or not right; the caller then looks
// at the whole entry.
func (ic *Cache) quickVerified(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref, sha string) (BaseImage, bool, error) {
	mv, err := hostops.LookupVolume(ctx, b, p, ref.digestMarker(sha))
	if err != nil || mv == nil {
		return BaseImage{}, false, err
	}
	if empty, err := isMarkerForm(ctx, b, *mv); err != nil || !empty {
		return BaseImage{}, false, err
	}
	iv, err := hostops.LookupVolume(ctx, b, p, ref.Name)
	if err != nil || iv == nil {
		return BaseImage{}, false, err
	}
	img, err := describeBase(ctx, b, *iv, ref, sha)
	return img, err == nil, err
}

// describeBase reads the path, capacity and format of a cached image volume.
func describeBase(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, ref Ref, sha string) (BaseImage, error) {
	xml, err := b.StorageVolGetXMLDesc(ctx, vol)
	if err != nil {
		return BaseImage{}, err
	}
	facts, err := definition.ParseVolume(xml)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil {
		return BaseImage{}, err
	}
	if facts.Path == "" {
		if facts.Path, err = b.StorageVolGetPath(ctx, vol); err != nil {
			return BaseImage{}, err
		}
	}
	return BaseImage{
		ID: ref.ID(), Host: ref.Host, Pool: ref.Pool, Name: ref.Name,
		Path: facts.Path, Format: facts.Format, SizeBytes: capacity, SHA256: sha,
	}, nil
}

// Get reads a cached image. Anything but a verified image is NotFound, like a missing volume;
// a foreign volume under the name says so in the error (a *ForeignImageError).
func (ic *Cache) Get(ctx context.Context, pool backend.Pool, ref Ref, opts ...BaseImageOption) (img BaseImage, err error) {
	rec := recordOf(opts)
	err = backend.OnPooled(ctx, pool, ref.Host, func(b backend.Backend) error {
		var err error
		img, err = ic.readBase(ctx, b, ref, rec)
		return err
	})
	return img, kvmerr.Wrap(OpGet, ref.Host, err)
}

// Resolve reads the verified base image id for Create on the connection b Create holds. The
// lookup reads no volume content (the digest is in a marker's name), so it needs no connection
// of its own. An image that is missing or on another host is Permanent there: Create cannot
// succeed until the image is ensured.
func (ic *Cache) Resolve(ctx context.Context, b backend.Backend, id string) (BaseImage, error) {
	const op = "resolve base image"
	ref, err := ParseRef(id)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(), err)
	}
	if ref.Host != b.Host() {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(),
			fmt.Errorf("base image %s is on host %s; an instance can only use a base image on its own host", id, ref.Host))
	}
	img, err := ic.readBase(ctx, b, ref, baseImageRecord{})
	if kvmerr.IsNotFound(err) {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(),
			fmt.Errorf("base image %s is not cached: %w", id, err))
	}
	return img, kvmerr.Wrap(op, b.Host(), err)
}

// readBase reads a verified image through b. With a record that proves an image of an earlier
// version to be the caller's, it moves that image to today's markers first.
func (ic *Cache) readBase(ctx context.Context, b backend.Backend, ref Ref, rec baseImageRecord) (BaseImage, error) {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if err != nil {
		return BaseImage{}, err
	}
	if rec.sha != "" {
		if img, ok, err := ic.quickVerified(ctx, b, p, ref, rec.sha); err != nil || ok {
			return img, err
		}
	}
	e, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		return BaseImage{}, err
	}
	if m, ok := e.verified(); ok {
		return describeBase(ctx, b, *e.image, ref, m.sha)
	}
	if e.legacyCandidate() && rec.sha != "" {
		img, ok, err := ic.migrate(ctx, b, p, ref, e, rec)
		if err != nil || ok {
			return img, err
		}
	}
	cause := fmt.Errorf("no verified base image %s in pool %s", ref.Name, ref.Pool)
	if r := e.refusal(); r != nil {
		cause = r
	} else if e.image != nil && !e.ours() {
		cause = e.foreignImage()
	}
	return BaseImage{}, kvmerr.New(kvmerr.NotFound, "", ref.Host, cause)
}

// PoolFree reports the available bytes of a pool.
func (ic *Cache) PoolFree(ctx context.Context, pool backend.Pool, host, poolName string) (uint64, error) {
	b, release, err := pool.Acquire(ctx, host)
	if err != nil {
		return 0, kvmerr.Wrap(OpPoolFree, host, err)
	}
	defer release()
	free, err := hostops.PoolAvailable(ctx, b, poolName)
	return free, kvmerr.Wrap(OpPoolFree, host, err)
}
