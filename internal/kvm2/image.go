package kvm2

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// A cached base image is two volumes in the pool: the image itself under its name, and a small
// raw marker volume "<name>.sha256". The marker volume is created first, empty, and claims the
// name for the cache; the hex digest observed while uploading is written into it last. So:
//   - marker holding a digest + image: a complete, verified image;
//   - marker without a digest, or without its image: debris of an interrupted fetch or delete,
//     ours to delete and fetch again;
//   - image without a marker: a volume the cache never wrote, which it refuses to touch.
const (
	markerSuffix       = ".sha256"
	markerSize         = 65  // 64 hex digits and a newline
	markerReadLimit    = 128 // anything longer than a marker is not one
	defaultImageFormat = "qcow2"
	defaultPoolName    = "default"

	defaultDownloadCap   = 30 * time.Minute
	defaultMarkerTimeout = 5 * time.Second

	// uploadChunk is how many bytes each read of the upload stream gathers: go-libvirt sends
	// one stream packet per read, and an HTTP body yields a few KiB per read, so without it an
	// upload is tens of thousands of tiny packets.
	uploadChunk           = 1 << 20
	defaultProgressEvery  = 5 * time.Second
	defaultCleanupTimeout = time.Minute
)

// Operation names used in errors.
const (
	opEnsureImage = "ensure base image"
	opGetImage    = "read base image"
	opDeleteImage = "delete base image"
	opPoolFree    = "read pool free space"
)

// volumeNameRE keeps base volume names safe as file names in a dir pool and as ID segments.
var volumeNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$`)

// sha256HexRE is a lowercase hex SHA-256 digest.
var sha256HexRE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// imageCacheOptions tunes the image cache; zero values take the defaults.
type imageCacheOptions struct {
	HTTPClient     *http.Client  // default: a client that never decompresses transparently
	Logger         Logger        // default: discard
	DownloadCap    time.Duration // hard cap on one download and upload, on top of ctx; default 30m
	ProgressEvery  time.Duration // interval between upload progress lines; default 5s
	CleanupTimeout time.Duration // budget of the cleanup after a failed upload; default 1m
	MarkerTimeout  time.Duration // budget of one marker read; default 5s
}

// imageCache downloads, verifies and caches base images in libvirt storage pools.
type imageCache struct {
	http           *http.Client
	log            Logger
	downloadCap    time.Duration
	progressEvery  time.Duration
	cleanupTimeout time.Duration
	markerTimeout  time.Duration
	locks          *keyedLocks
}

// newImageCache applies the defaults of opts.
func newImageCache(opts imageCacheOptions) *imageCache {
	ic := &imageCache{
		http:           opts.HTTPClient,
		log:            opts.Logger,
		downloadCap:    opts.DownloadCap,
		progressEvery:  opts.ProgressEvery,
		cleanupTimeout: opts.CleanupTimeout,
		markerTimeout:  opts.MarkerTimeout,
		locks:          newKeyedLocks(),
	}
	if ic.http == nil {
		ic.http = &http.Client{}
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
	return ic
}

// logf emits one line through the configured logger, if any.
func (ic *imageCache) logf(ctx context.Context, level Level, msg string, fields map[string]any) {
	if ic.log != nil {
		ic.log.Log(ctx, level, msg, fields)
	}
}

// baseRef names one cached base image: volume Name in pool Pool on host Host.
type baseRef struct{ Host, Pool, Name string }

// ID is the base image's ID, "host/pool/name".
func (r baseRef) ID() string { return FormatBaseImageID(r.Host, r.Pool, r.Name) }

// marker is the name of the marker volume beside the image.
func (r baseRef) marker() string { return r.Name + markerSuffix }

// fields are the log fields identifying the image.
func (r baseRef) fields() map[string]any {
	return map[string]any{"host": r.Host, "pool": r.Pool, "volume": r.Name}
}

// parseBaseRef parses a base image ID "host/pool/name" strictly.
func parseBaseRef(id string) (baseRef, error) {
	host, pool, name, err := ParseBaseImageID(id)
	if err != nil {
		return baseRef{}, err
	}
	if err := validateBaseName(name); err != nil {
		return baseRef{}, fmt.Errorf("base image ID %q: %w", id, err)
	}
	return baseRef{Host: host, Pool: pool, Name: name}, nil
}

// validateBaseName rejects names that are unsafe as file names or that would collide with a
// marker volume.
func validateBaseName(name string) error {
	if !volumeNameRE.MatchString(name) {
		return fmt.Errorf("volume name %q: use 1-200 characters of letters, digits, '.', '_', '+', '-', starting with a letter or digit", name)
	}
	if strings.HasSuffix(name, markerSuffix) {
		return fmt.Errorf("volume name %q: the suffix %q is reserved for cache markers", name, markerSuffix)
	}
	return nil
}

// normalizeBaseRequest fills the defaults of req from the host's config and validates it.
func normalizeBaseRequest(cfg HostConfig, req BaseImageRequest) (BaseImageRequest, error) {
	if req.Pool == "" {
		req.Pool = cfg.Pool
	}
	if req.Pool == "" {
		req.Pool = defaultPoolName
	}
	if req.Format == "" {
		req.Format = defaultImageFormat
	}
	req.SHA256 = strings.ToLower(strings.TrimSpace(req.SHA256))
	if err := validateBaseName(req.Name); err != nil {
		return req, err
	}
	if req.Format != "qcow2" && req.Format != "raw" {
		return req, fmt.Errorf("format %q: want qcow2 or raw", req.Format)
	}
	if req.SHA256 != "" && !sha256HexRE.MatchString(req.SHA256) {
		return req, fmt.Errorf("sha256 %q: want 64 hex characters", req.SHA256)
	}
	u, err := url.Parse(req.SourceURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return req, fmt.Errorf("source URL %q: want an http or https URL", redactURL(req.SourceURL))
	}
	return req, nil
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

// ensure returns the cached image for req, downloading, verifying and caching it first when
// the pool holds no verified copy. Only one ensure or remove runs per image at a time.
func (ic *imageCache) ensure(ctx context.Context, pool backend.Pool, cfg HostConfig, req BaseImageRequest) (BaseImage, error) {
	req, err := normalizeBaseRequest(cfg, req)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, opEnsureImage, req.Host, err)
	}
	ref := baseRef{Host: req.Host, Pool: req.Pool, Name: req.Name}
	unlock, err := ic.locks.lock(ctx, ref.ID())
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Transient, opEnsureImage, ref.Host,
			fmt.Errorf("waiting for another operation on base image %s: %w", ref.ID(), err))
	}
	defer unlock()

	img, hit, err := ic.lookupCached(ctx, pool, ref, req.SHA256)
	if err == nil && !hit {
		img, err = ic.fetch(ctx, pool, ref, req)
	}
	if err != nil {
		return BaseImage{}, kvmerr.Wrap(opEnsureImage, ref.Host, err)
	}
	img.SourceURL = req.SourceURL
	return img, nil
}

// lookupCached inspects the cache on the pooled connection, marker first. A verified image is
// returned as a hit; debris (a marker without a digest, or without its image) is deleted so
// that the fetch starts from a clean pool.
func (ic *imageCache) lookupCached(ctx context.Context, pool backend.Pool, ref baseRef, expected string) (img BaseImage, hit bool, err error) {
	err = onPooled(ctx, pool, ref.Host, func(b backend.Backend) error {
		var err error
		img, hit, err = ic.lookupOn(ctx, b, ref, expected)
		return err
	})
	return img, hit, err
}

// lookupOn is lookupCached's work on a held connection.
func (ic *imageCache) lookupOn(ctx context.Context, b backend.Backend, ref baseRef, expected string) (BaseImage, bool, error) {
	p, err := lookupPool(ctx, b, ref)
	if err != nil {
		return BaseImage{}, false, err
	}
	entry, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		return BaseImage{}, false, err
	}
	switch {
	case entry.foreign():
		return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
			"volume %s in pool %s exists but has no marker volume %s, so this cache did not write it: delete it or give the image another name",
			ref.Name, ref.Pool, ref.marker()))
	case entry.marker == nil:
		return BaseImage{}, false, nil
	case !entry.verified():
		if err := ic.deleteDebris(ctx, b, p, ref, entry); err != nil {
			return BaseImage{}, false, err
		}
		return BaseImage{}, false, nil
	}
	if expected != "" && expected != entry.sha {
		return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
			"volume %s in pool %s already caches an image with sha256 %s, not the expected %s: give the new image another name",
			ref.Name, ref.Pool, entry.sha, expected))
	}
	img, err := describeBase(ctx, b, *entry.base, ref, entry.sha)
	if err != nil {
		return BaseImage{}, false, err
	}
	ic.logf(ctx, LevelDebug, "base image cache hit", ref.fields())
	return img, true, nil
}

// deleteDebris deletes an unfinished entry, unless a domain runs on its image: then the
// unverified image is left alone for an administrator to judge.
func (ic *imageCache) deleteDebris(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref baseRef, entry cacheEntry) error {
	if entry.base != nil {
		users, err := baseUsers(ctx, b, p, *entry.base, ref)
		if err != nil {
			return err
		}
		if len(users) > 0 {
			return kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"volume %s in pool %s has no verified digest in its marker %s but is the backing file of %s; it is left alone: check it and delete it and its marker by hand",
				ref.Name, ref.Pool, ref.marker(), strings.Join(users, ", ")))
		}
	}
	ic.logf(ctx, LevelWarn, "deleting an unfinished base image before fetching it again", ref.fields())
	return deleteVolumes(ctx, b, p, ref.Name, ref.marker())
}

// lookupPool finds the image's pool; a missing pool is a configuration error, not a missing
// image, so it is Permanent.
func lookupPool(ctx context.Context, b backend.Backend, ref baseRef) (libvirt.StoragePool, error) {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if err != nil && kvmerr.IsNotFound(err) {
		return p, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf("storage pool %q not found: %w", ref.Pool, err))
	}
	return p, err
}

// cacheEntry is what the pool holds under an image's name.
type cacheEntry struct {
	marker *libvirt.StorageVol // nil when absent
	base   *libvirt.StorageVol // nil when absent
	sha    string              // marker digest; "" when the marker is absent or not a digest
}

// verified reports whether the entry is a complete cached image.
func (e cacheEntry) verified() bool { return e.marker != nil && e.base != nil && e.sha != "" }

// foreign reports whether a volume holds the image's name without the cache's marker.
func (e cacheEntry) foreign() bool { return e.marker == nil && e.base != nil }

// inspect looks the marker up first, reads it (bounded), then looks up the image volume.
func (ic *imageCache) inspect(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref baseRef) (cacheEntry, error) {
	var e cacheEntry
	mv, err := lookupVolume(ctx, b, p, ref.marker())
	if err != nil {
		return e, err
	}
	if mv != nil {
		e.marker = mv
		if e.sha, err = ic.readMarker(ctx, b, *mv); err != nil {
			return e, err
		}
	}
	if e.base, err = lookupVolume(ctx, b, p, ref.Name); err != nil {
		return e, err
	}
	return e, nil
}

// lookupVolume returns nil (and no error) when the volume does not exist.
func lookupVolume(ctx context.Context, b backend.Backend, p libvirt.StoragePool, name string) (*libvirt.StorageVol, error) {
	v, err := b.StorageVolLookupByName(ctx, p, name)
	switch {
	case err == nil:
		return &v, nil
	case kvmerr.IsNotFound(err):
		return nil, nil
	}
	return nil, err
}

// readMarker returns the digest stored in a marker volume, or "" when its content is not a
// digest (an unfinished entry). Each read has its own short budget, so a stalled stream costs
// seconds, not the per-call budget; content that is not a digest is read a second time before
// it is believed, so one faulty read never gets a good image deleted as debris.
func (ic *imageCache) readMarker(ctx context.Context, b backend.Backend, mv libvirt.StorageVol) (string, error) {
	for range 2 {
		var w boundedWriter
		rctx, cancel := context.WithTimeout(ctx, ic.markerTimeout)
		err := b.StorageVolDownload(rctx, mv, &w, markerReadLimit)
		cancel()
		if err != nil {
			return "", err
		}
		if digest := strings.ToLower(strings.TrimSpace(string(w.bytes()))); sha256HexRE.MatchString(digest) {
			return digest, nil
		}
	}
	return "", nil
}

// boundedWriter keeps the first markerReadLimit bytes written to it and drops the rest, so a
// misbehaving download can never grow memory.
type boundedWriter struct {
	buf [markerReadLimit]byte
	n   int
}

func (w *boundedWriter) Write(p []byte) (int, error) {
	w.n += copy(w.buf[w.n:], p)
	return len(p), nil
}

func (w *boundedWriter) bytes() []byte { return w.buf[:w.n] }

// describeBase reads the path, capacity and format of a cached image volume.
func describeBase(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, ref baseRef, sha string) (BaseImage, error) {
	xml, err := b.StorageVolGetXMLDesc(ctx, vol)
	if err != nil {
		return BaseImage{}, err
	}
	facts, err := parseVolumeFacts(xml)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil {
		return BaseImage{}, err
	}
	if facts.path == "" {
		if facts.path, err = b.StorageVolGetPath(ctx, vol); err != nil {
			return BaseImage{}, err
		}
	}
	return BaseImage{
		ID: ref.ID(), Host: ref.Host, Pool: ref.Pool, Name: ref.Name,
		Path: facts.path, Format: facts.format, SizeBytes: capacity, SHA256: sha,
	}, nil
}

// volumeFacts are the parts of a volume's XML the cache needs.
type volumeFacts struct{ path, format, backing string }

// parseVolumeFacts reads target path, format and backing path from a volume's XML.
func parseVolumeFacts(xml string) (volumeFacts, error) {
	var v libvirtxml.StorageVolume
	if err := v.Unmarshal(xml); err != nil {
		return volumeFacts{}, fmt.Errorf("parse volume XML: %w", err)
	}
	var f volumeFacts
	if v.Target != nil {
		f.path = v.Target.Path
		if v.Target.Format != nil {
			f.format = v.Target.Format.Type
		}
	}
	if v.BackingStore != nil {
		f.backing = v.BackingStore.Path
	}
	return f, nil
}

// get reads a cached image. A volume without a valid marker is not a verified image, so it is
// NotFound just like a missing volume.
func (ic *imageCache) get(ctx context.Context, pool backend.Pool, ref baseRef) (img BaseImage, err error) {
	err = onPooled(ctx, pool, ref.Host, func(b backend.Backend) error {
		var err error
		img, err = ic.readBase(ctx, b, ref)
		return err
	})
	return img, kvmerr.Wrap(opGetImage, ref.Host, err)
}

// readBase reads a verified image through b.
func (ic *imageCache) readBase(ctx context.Context, b backend.Backend, ref baseRef) (BaseImage, error) {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if err != nil {
		return BaseImage{}, err
	}
	entry, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		return BaseImage{}, err
	}
	if !entry.verified() {
		return BaseImage{}, kvmerr.New(kvmerr.NotFound, "", ref.Host,
			fmt.Errorf("no verified base image %s in pool %s", ref.Name, ref.Pool))
	}
	return describeBase(ctx, b, *entry.base, ref, entry.sha)
}

// resolveBase reads the verified base image id for Create on the connection Create holds. An
// image that is missing or on another host is Permanent there: Create cannot succeed until the
// image is ensured.
func (c *Client) resolveBase(ctx context.Context, b backend.Backend, id string) (BaseImage, error) {
	const op = "resolve base image"
	ref, err := parseBaseRef(id)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(), err)
	}
	if ref.Host != b.Host() {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(),
			fmt.Errorf("base image %s is on host %s; an instance can only use a base image on its own host", id, ref.Host))
	}
	img, err := c.readBaseDedicated(ctx, ref)
	if kvmerr.IsNotFound(err) {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(),
			fmt.Errorf("base image %s is not cached: %w", id, err))
	}
	return img, kvmerr.Wrap(op, b.Host(), err)
}

// poolFree reports the available bytes of a pool.
func (ic *imageCache) poolFree(ctx context.Context, pool backend.Pool, host, poolName string) (uint64, error) {
	b, release, err := pool.Acquire(ctx, host)
	if err != nil {
		return 0, kvmerr.Wrap(opPoolFree, host, err)
	}
	defer release()
	free, err := poolAvailable(ctx, b, poolName)
	return free, kvmerr.Wrap(opPoolFree, host, err)
}

// readBaseDedicated reads a base image on a connection of its own (see onDedicated): its
// marker is read with a stream, and a hung stream then costs this read a retry instead of
// stalling every call that shares the host's pooled connection.
func (c *Client) readBaseDedicated(ctx context.Context, ref baseRef) (BaseImage, error) {
	var img BaseImage
	err := onDedicated(ctx, c.pool, ref.Host, func(d backend.Backend) error {
		var err error
		img, err = c.images.readBase(ctx, d, ref)
		return err
	})
	return img, err
}
