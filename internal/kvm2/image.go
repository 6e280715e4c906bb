package kvm2

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/build"
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

// onPooled runs fn on the host's pooled connection, and once more on a fresh one when its call
// was abandoned. That covers a known stall of volume downloads in go-libvirt: when libvirtd
// sends a stream packet the client no longer waits for, the call hangs until the abandon policy
// closes the link. fn must be safe to repeat.
func onPooled(ctx context.Context, pool backend.Pool, host string, fn func(b backend.Backend) error) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		b, release, aerr := pool.Acquire(ctx, host)
		if aerr != nil {
			return aerr
		}
		err = fn(b)
		release()
		if !errors.Is(err, kvmerr.ErrAbandoned) || ctx.Err() != nil {
			return err
		}
	}
	return err
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

// fetch downloads the image and streams it into a new volume on a dedicated connection,
// verifying its digest on the way; the marker is written last. Every failure after the volume
// may exist deletes what was written.
func (ic *imageCache) fetch(ctx context.Context, pool backend.Pool, ref baseRef, req BaseImageRequest) (BaseImage, error) {
	dlCtx, cancel := context.WithTimeout(ctx, ic.downloadCap)
	defer cancel()

	size := ic.headSize(dlCtx, req.SourceURL)
	var body io.ReadCloser
	if size == 0 {
		var err error
		if body, size, err = ic.open(dlCtx, ref, req.SourceURL); err != nil {
			return BaseImage{}, err
		}
		defer body.Close()
	}
	if err := ic.precheck(dlCtx, pool, ref, size); err != nil {
		return BaseImage{}, err
	}
	if body == nil {
		var got uint64
		var err error
		if body, got, err = ic.open(dlCtx, ref, req.SourceURL); err != nil {
			return BaseImage{}, err
		}
		defer body.Close()
		if got != size {
			// The source changed between HEAD and GET; trust the GET and check again.
			size = got
			if err := ic.precheck(dlCtx, pool, ref, size); err != nil {
				return BaseImage{}, err
			}
		}
	}
	return ic.upload(ctx, dlCtx, pool, ref, req, body, size)
}

// headSize asks the source for its size. It returns 0 when HEAD fails, is refused or reports
// no length; the caller then opens the GET first and takes the size from it.
func (ic *imageCache) headSize(ctx context.Context, src string) uint64 {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, src, nil)
	if err != nil {
		return 0
	}
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := ic.http.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 || resp.ContentLength <= 0 {
		return 0
	}
	return uint64(resp.ContentLength)
}

// open starts the GET and returns its body and length. Accept-Encoding: identity keeps the
// transport from decompressing transparently, which would hide the length and change the bytes
// the digest is computed over.
func (ic *imageCache) open(ctx context.Context, ref baseRef, src string) (io.ReadCloser, uint64, error) {
	shown := redactURL(src)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return nil, 0, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf("download %s: %w", shown, err))
	}
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := ic.http.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // its text repeats the full URL, which may carry credentials
		}
		return nil, 0, kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf("download %s: %w", shown, err))
	}
	if err := checkDownloadResponse(resp, shown); err != nil {
		resp.Body.Close()
		return nil, 0, kvmerr.Wrap("", ref.Host, err)
	}
	return resp.Body, uint64(resp.ContentLength), nil
}

// checkDownloadResponse classifies a GET response: a 4xx is Permanent (the URL is wrong), a
// 5xx, 408 or 429 is Transient (the server may recover), and a body without a positive length
// is Permanent (the upload needs the length up front, and an empty image is never right).
func checkDownloadResponse(resp *http.Response, shown string) error {
	code := resp.StatusCode
	switch {
	case code == http.StatusRequestTimeout || code == http.StatusTooManyRequests || code >= 500:
		return kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("download %s: HTTP %s", shown, resp.Status))
	case code < 200 || code > 299:
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("download %s: HTTP %s", shown, resp.Status))
	case resp.ContentLength == 0:
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("download %s: the server sent an empty body (Content-Length 0)", shown))
	case resp.ContentLength < 0:
		return kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("download %s: the server sent no Content-Length", shown))
	}
	return nil
}

// precheck fails with QuotaExceeded before anything is written when the pool cannot hold size
// more bytes.
func (ic *imageCache) precheck(ctx context.Context, pool backend.Pool, ref baseRef, size uint64) error {
	b, release, err := pool.Acquire(ctx, ref.Host)
	if err != nil {
		return err
	}
	defer release()
	return checkPoolSpace(ctx, b, ref.Host, ref.Pool, size)
}

// upload creates the volume and streams body into it on a dedicated connection, so a long
// transfer never holds the host's pooled connection. ctx is the caller's context (used to
// derive the cleanup's), dlCtx the capped one every transfer step is bound to.
func (ic *imageCache) upload(ctx, dlCtx context.Context, pool backend.Pool, ref baseRef, req BaseImageRequest, body io.Reader, size uint64) (img BaseImage, err error) {
	d, err := pool.Dedicated(dlCtx, ref.Host)
	if err != nil {
		return BaseImage{}, err
	}
	defer d.Close()
	p, err := lookupPool(dlCtx, d, ref)
	if err != nil {
		return BaseImage{}, err
	}
	markerXML, err := build.VolumeXML(build.VolumeSpec{Name: ref.marker(), Format: "raw", CapacityBytes: markerSize})
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	volXML, err := build.VolumeXML(build.VolumeSpec{Name: ref.Name, Format: req.Format, CapacityBytes: size})
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	// Every failure deletes the volumes this fetch may have created, image before marker. A
	// create that failed for any reason but "exists" may still have happened on the host (its
	// reply lost), so it counts as created; one that found the name taken does not, because
	// then another writer (another process, or an administrator) owns that volume.
	var created []string
	defer func() {
		if err != nil && len(created) > 0 {
			ic.discard(ctx, pool, ref, created...)
		}
	}()
	// The empty marker claims the name before the image exists, so a crash at any later point
	// leaves debris the next ensure recognises as its own.
	mv, err := d.StorageVolCreateXML(dlCtx, p, markerXML)
	if !volumeExists(err) {
		created = append(created, ref.marker())
	}
	if err != nil {
		if volumeExists(err) {
			return BaseImage{}, kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf(
				"marker volume %s appeared while this fetch started: another writer is caching the same image; retry later: %w", ref.marker(), err))
		}
		return BaseImage{}, fmt.Errorf("create marker volume %s: %w", ref.marker(), err)
	}
	vol, err := d.StorageVolCreateXML(dlCtx, p, volXML)
	if !volumeExists(err) {
		created = append([]string{ref.Name}, created...)
	}
	if err != nil {
		if volumeExists(err) {
			return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"volume %s appeared in pool %s while this fetch started, and the cache did not write it: delete it or give the image another name: %w", ref.Name, ref.Pool, err))
		}
		return BaseImage{}, fmt.Errorf("create volume %s: %w", ref.Name, err)
	}

	fields := ref.fields()
	fields["source"] = redactURL(req.SourceURL)
	fields["bytes"] = size
	ic.logf(ctx, LevelInfo, "uploading base image", fields)
	start := time.Now()
	hasher := sha256.New()
	progress := newProgressReader(io.TeeReader(body, hasher), size, ic.progressEvery, func(n uint64, rate float64) {
		f := ref.fields()
		f["bytes"], f["total_bytes"] = n, size
		f["percent"] = percentOf(n, size)
		f["rate_mib_s"] = rate
		ic.logf(ctx, LevelInfo, "base image upload progress", f)
	})
	if err := d.StorageVolUpload(dlCtx, vol, &chunkReader{r: progress, size: uploadChunk}, size); err != nil {
		return BaseImage{}, fmt.Errorf("upload into volume %s: %w", ref.Name, err)
	}
	if n := progress.count(); n != size {
		return BaseImage{}, kvmerr.New(kvmerr.Transient, "", ref.Host,
			fmt.Errorf("upload into volume %s: the source ended after %d of %d bytes", ref.Name, n, size))
	}
	digest := hex.EncodeToString(hasher.Sum(nil))
	if req.SHA256 != "" && digest != req.SHA256 {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
			"the image at %s has sha256 %s, not the expected %s; nothing was cached",
			redactURL(req.SourceURL), digest, req.SHA256))
	}
	// The refresh makes libvirt re-read the uploaded file (a qcow2's virtual size, its format).
	if err := d.StoragePoolRefresh(dlCtx, p); err != nil {
		return BaseImage{}, err
	}
	if err := d.StorageVolUpload(dlCtx, mv, strings.NewReader(digest+"\n"), markerSize); err != nil {
		return BaseImage{}, fmt.Errorf("write marker volume %s: %w", ref.marker(), err)
	}
	img, err = describeBase(dlCtx, d, vol, ref, digest)
	if err != nil {
		return BaseImage{}, err
	}
	elapsed := time.Since(start)
	done := ref.fields()
	done["sha256"], done["bytes"], done["seconds"] = digest, size, elapsed.Seconds()
	done["rate_mib_s"] = mibPerSecond(size, elapsed)
	ic.logf(ctx, LevelInfo, "base image cached", done)
	return img, nil
}

// discard deletes the named volumes after a failed fetch. It runs on a context stripped of the
// caller's cancellation (a cancelled apply must still clean up) but with its own budget, and on
// the pooled connection, because the dedicated one may have been closed by the failure.
func (ic *imageCache) discard(ctx context.Context, pool backend.Pool, ref baseRef, names ...string) {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), ic.cleanupTimeout)
	defer cancel()
	err := func() error {
		b, release, err := pool.Acquire(cctx, ref.Host)
		if err != nil {
			return err
		}
		defer release()
		p, err := b.StoragePoolLookupByName(cctx, ref.Pool)
		if err != nil {
			return err
		}
		return deleteVolumes(cctx, b, p, names...)
	}()
	f := ref.fields()
	if err != nil {
		f["error"] = err.Error()
		ic.logf(ctx, LevelWarn, "could not delete a partly written base image; the next ensure deletes it", f)
		return
	}
	ic.logf(ctx, LevelDebug, "deleted a partly written base image", f)
}

// volumeExists reports whether err is libvirt's "storage volume exists already".
func volumeExists(err error) bool {
	var le libvirt.Error
	return errors.As(err, &le) && le.Code == uint32(libvirt.ErrStorageVolExist)
}

// deleteVolumes deletes the named volumes in order; a volume already gone is not an error.
func deleteVolumes(ctx context.Context, b backend.Backend, p libvirt.StoragePool, names ...string) error {
	for _, name := range names {
		v, err := lookupVolume(ctx, b, p, name)
		if err != nil {
			return err
		}
		if v == nil {
			continue
		}
		if err := b.StorageVolDelete(ctx, *v); err != nil && !kvmerr.IsNotFound(err) {
			return fmt.Errorf("delete volume %s: %w", name, err)
		}
	}
	return nil
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
	img, err := c.images.readBase(ctx, b, ref)
	if kvmerr.IsNotFound(err) {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, op, b.Host(),
			fmt.Errorf("base image %s is not cached: %w", id, err))
	}
	return img, kvmerr.Wrap(op, b.Host(), err)
}

// remove deletes a cached image, then its marker. An interrupted remove leaves a marker without
// its image, which no reader takes for a verified image and which a retry (or the next ensure)
// finishes. It refuses while any domain on the host runs on the image. Whatever is already gone
// counts as removed, and a volume without a marker is not the cache's to delete.
func (ic *imageCache) remove(ctx context.Context, pool backend.Pool, ref baseRef) error {
	unlock, err := ic.locks.lock(ctx, ref.ID())
	if err != nil {
		return kvmerr.New(kvmerr.Transient, opDeleteImage, ref.Host,
			fmt.Errorf("waiting for another operation on base image %s: %w", ref.ID(), err))
	}
	defer unlock()
	err = onPooled(ctx, pool, ref.Host, func(b backend.Backend) error { return ic.removeOn(ctx, b, ref) })
	return kvmerr.Wrap(opDeleteImage, ref.Host, err)
}

// removeOn is remove's work on a held connection.
func (ic *imageCache) removeOn(ctx context.Context, b backend.Backend, ref baseRef) error {
	p, err := b.StoragePoolLookupByName(ctx, ref.Pool)
	if kvmerr.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	entry, err := ic.inspect(ctx, b, p, ref)
	if err != nil || entry.marker == nil {
		return err
	}
	if entry.base != nil {
		users, err := baseUsers(ctx, b, p, *entry.base, ref)
		if err != nil {
			return err
		}
		if len(users) > 0 {
			return kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf(
				"base image %s is still the backing file of %s; delete those first", ref.ID(), strings.Join(users, ", ")))
		}
	}
	return deleteVolumes(ctx, b, p, ref.Name, ref.marker())
}

// baseUsers names what still depends on the image: domains whose disks (or their backing
// chains) are the image or an overlay of it, and overlays in the image's pool that no domain
// uses. Overlays in other pools are seen only through the backing chains libvirt reports for
// running domains.
func baseUsers(ctx context.Context, b backend.Backend, p libvirt.StoragePool, base libvirt.StorageVol, ref baseRef) ([]string, error) {
	baseXML, err := b.StorageVolGetXMLDesc(ctx, base)
	if err != nil {
		return nil, err
	}
	facts, err := parseVolumeFacts(baseXML)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	overlays, err := overlaysOf(ctx, b, p, facts.path, ref)
	if err != nil {
		return nil, err
	}
	uses := map[string]bool{facts.path: true, volumeKey(ref.Pool, ref.Name): true}
	for path, name := range overlays {
		uses[path], uses[volumeKey(ref.Pool, name)] = true, true
	}
	domains, claimed, err := domainsUsing(ctx, b, uses)
	if err != nil {
		return nil, err
	}
	users := make([]string, 0, len(domains)+len(overlays))
	for _, d := range domains {
		users = append(users, "domain "+d)
	}
	var orphans []string
	for path, name := range overlays {
		if !claimed[path] && !claimed[volumeKey(ref.Pool, name)] {
			orphans = append(orphans, "volume "+name)
		}
	}
	sort.Strings(orphans)
	return append(users, orphans...), nil
}

// volumeKey identifies a volume referenced by pool and name in a domain disk.
func volumeKey(pool, name string) string { return "volume:" + pool + "/" + name }

// overlaysOf maps the path of every volume in p whose backing file is basePath to its name.
func overlaysOf(ctx context.Context, b backend.Backend, p libvirt.StoragePool, basePath string, ref baseRef) (map[string]string, error) {
	vols, err := b.StoragePoolListAllVolumes(ctx, p)
	if err != nil {
		return nil, err
	}
	overlays := map[string]string{}
	for _, v := range vols {
		if v.Name == ref.Name || v.Name == ref.marker() {
			continue
		}
		xml, err := b.StorageVolGetXMLDesc(ctx, v)
		if kvmerr.IsNotFound(err) {
			continue // deleted while we looked
		}
		if err != nil {
			return nil, err
		}
		facts, err := parseVolumeFacts(xml)
		if err != nil {
			return nil, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
		}
		if facts.backing == basePath && facts.path != "" {
			overlays[facts.path] = v.Name
		}
	}
	return overlays, nil
}

// domainsUsing returns the sorted names of domains with a disk in uses (by file path or
// pool/volume key, anywhere in the disk's backing chain), and which of uses they claimed.
func domainsUsing(ctx context.Context, b backend.Backend, uses map[string]bool) ([]string, map[string]bool, error) {
	doms, err := b.ConnectListAllDomains(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	claimed := map[string]bool{}
	var names []string
	for _, d := range doms {
		xml, err := b.DomainGetXMLDesc(ctx, d, 0)
		if kvmerr.IsNotFound(err) {
			continue // undefined while we looked
		}
		if err != nil {
			return nil, nil, err
		}
		refs, err := diskReferences(xml)
		if err != nil {
			// A domain we cannot read might use the image; refusing is the safe answer.
			return nil, nil, kvmerr.New(kvmerr.Permanent, "", b.Host(), fmt.Errorf("domain %s: %w", d.Name, err))
		}
		using := false
		for _, r := range refs {
			if uses[r] {
				claimed[r], using = true, true
			}
		}
		if using {
			names = append(names, d.Name)
		}
	}
	sort.Strings(names)
	return names, claimed, nil
}

// diskReferences lists every file path and pool/volume key of a domain's disks, including
// the backing chains libvirt reports for running domains.
func diskReferences(domXML string) ([]string, error) {
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(domXML); err != nil {
		return nil, fmt.Errorf("parse domain XML: %w", err)
	}
	if dom.Devices == nil {
		return nil, nil
	}
	var refs []string
	for _, disk := range dom.Devices.Disks {
		refs = appendSourceRefs(refs, disk.Source)
		for bs := disk.BackingStore; bs != nil; bs = bs.BackingStore {
			refs = appendSourceRefs(refs, bs.Source)
		}
	}
	return refs, nil
}

// appendSourceRefs appends the reference a disk source makes, if it is a file or a volume.
func appendSourceRefs(refs []string, s *libvirtxml.DomainDiskSource) []string {
	switch {
	case s == nil:
	case s.File != nil && s.File.File != "":
		refs = append(refs, s.File.File)
	case s.Volume != nil:
		refs = append(refs, volumeKey(s.Volume.Pool, s.Volume.Volume))
	}
	return refs
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

// progressReader counts the bytes read through it and reports progress at most once per
// interval. The count is atomic because an abandoned upload may still read after its caller
// has returned.
type progressReader struct {
	r      io.Reader
	total  uint64
	every  time.Duration
	report func(n uint64, rateMiBs float64)

	n     atomic.Uint64
	start time.Time
	last  time.Time
}

func newProgressReader(r io.Reader, total uint64, every time.Duration, report func(uint64, float64)) *progressReader {
	now := time.Now()
	return &progressReader{r: r, total: total, every: every, report: report, start: now, last: now}
}

func (pr *progressReader) Read(p []byte) (int, error) {
	k, err := pr.r.Read(p)
	n := pr.n.Add(uint64(k))
	if now := time.Now(); now.Sub(pr.last) >= pr.every {
		pr.last = now
		pr.report(n, mibPerSecond(n, now.Sub(pr.start)))
	}
	return k, err
}

// chunkReader makes every Read fill p up to size bytes (less only at the end of r), so each
// stream packet carries a full chunk.
type chunkReader struct {
	r    io.Reader
	size int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	n, err := io.ReadFull(c.r, p[:min(len(p), c.size)])
	if err == io.ErrUnexpectedEOF {
		err = io.EOF // go-libvirt ends the stream on io.EOF itself
	}
	return n, err
}

// count is the number of bytes read so far.
func (pr *progressReader) count() uint64 { return pr.n.Load() }

// percentOf is n as a percentage of total, rounded down.
func percentOf(n, total uint64) int {
	if total == 0 {
		return 0
	}
	return int(n * 100 / total)
}

// mibPerSecond is the rate of n bytes over d, in MiB/s with one decimal.
func mibPerSecond(n uint64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	rate := float64(n) / (1 << 20) / d.Seconds()
	return float64(int(rate*10)) / 10
}
