package imagecache

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// fetch downloads the image and streams it into a new volume on a dedicated connection,
// verifying its digest on the way; the marker is written last. Every failure after the volume
// may exist deletes what was written.
func (ic *Cache) fetch(ctx context.Context, pool backend.Pool, ref Ref, req BaseImageRequest) (BaseImage, error) {
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
	checked, err := checkImageHeader(req.Format, body, redactURL(req.SourceURL))
	if err != nil {
		return BaseImage{}, kvmerr.Wrap("", ref.Host, err)
	}
	return ic.upload(ctx, dlCtx, pool, ref, req, checked, size)
}

// headSize asks the source for its size. It returns 0 when HEAD fails, is refused or reports
// no length; the caller then opens the GET first and takes the size from it.
func (ic *Cache) headSize(ctx context.Context, src string) uint64 {
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
func (ic *Cache) open(ctx context.Context, ref Ref, src string) (io.ReadCloser, uint64, error) {
	shown := redactURL(src)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return nil, 0, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf("download %s: %w", shown, err))
	}
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := ic.http.Do(req)
	if err != nil {
		var down *downgradeError
		if errors.As(err, &down) {
			return nil, 0, kvmerr.New(kvmerr.Permanent, "", ref.Host, fmt.Errorf("download %s: %w", shown, down))
		}
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
func (ic *Cache) precheck(ctx context.Context, pool backend.Pool, ref Ref, size uint64) error {
	b, release, err := pool.Acquire(ctx, ref.Host)
	if err != nil {
		return err
	}
	defer release()
	return hostops.CheckPoolSpace(ctx, b, ref.Host, ref.Pool, size)
}

// upload claims the name, creates the volume and streams body into it on a dedicated
// connection, so a long transfer never holds the host's pooled connection; the digest marker
// is created last. ctx is the caller's context (used to derive the cleanup's), dlCtx the capped
// one every transfer step is bound to.
func (ic *Cache) upload(ctx, dlCtx context.Context, pool backend.Pool, ref Ref, req BaseImageRequest, body io.Reader, size uint64) (img BaseImage, err error) {
	d, err := pool.Dedicated(dlCtx, ref.Host)
	if err != nil {
		return BaseImage{}, err
	}
	defer d.Close()
	p, err := hostops.LookupPool(dlCtx, d, ref.Host, ref.Pool)
	if err != nil {
		return BaseImage{}, err
	}
	claim := ref.pendingMarker(ic.now())
	claimXML, err := definition.MarkerVolumeXML(claim)
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	volXML, err := definition.VolumeXML(definition.VolumeSpec{Name: ref.Name, Format: req.Format, CapacityBytes: size})
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	// Every failure deletes the volumes this fetch may have created: image, digest marker,
	// claim, in that order. A create that failed for any reason but "exists" may still have
	// happened on the host (its reply lost), so it counts as created; one that found the name
	// taken does not, because then another writer (another process, or an administrator) owns
	// that volume.
	var made struct{ image, digest, claim string }
	defer func() {
		if err != nil {
			var names []string
			for _, n := range []string{made.image, made.digest, made.claim} {
				if n != "" {
					names = append(names, n)
				}
			}
			if len(names) > 0 {
				ic.discard(ctx, pool, ref, names...)
			}
		}
	}()
	// The claim comes first, so that a crash at any later point leaves debris the next ensure
	// recognises as its own, and a fetch in progress is known as one.
	_, err = d.StorageVolCreateXML(dlCtx, p, claimXML)
	if !hostops.VolumeExists(err) {
		made.claim = claim
		ic.noteClaim(ref, claim)
	}
	if err != nil {
		if hostops.VolumeExists(err) {
			return BaseImage{}, kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf(
				"claim %s appeared while this fetch started: another writer is caching the same image; retry later: %w", claim, err))
		}
		return BaseImage{}, fmt.Errorf("create claim volume %s: %w", claim, err)
	}
	vol, err := d.StorageVolCreateXML(dlCtx, p, volXML)
	if !hostops.VolumeExists(err) {
		made.image = ref.Name
	}
	if err != nil {
		if hostops.VolumeExists(err) {
			return BaseImage{}, ic.appeared(dlCtx, d, p, ref, claim, err)
		}
		return BaseImage{}, fmt.Errorf("create volume %s: %w", ref.Name, err)
	}

	fields := ref.fields()
	fields["source"] = redactURL(req.SourceURL)
	fields["bytes"] = size
	ic.logf(ctx, corelog.LevelInfo, "uploading base image", fields)
	start := time.Now()
	hasher := sha256.New()
	progress := newProgressReader(io.TeeReader(body, hasher), size, ic.progressEvery, func(n uint64, rate float64) {
		f := ref.fields()
		f["bytes"], f["total_bytes"] = n, size
		f["percent"] = percentOf(n, size)
		f["rate_mib_s"] = rate
		ic.logf(ctx, corelog.LevelInfo, "base image upload progress", f)
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
	// The refresh makes libvirt re-read the uploaded file (a qcow2's virtual size, its format);
	// another upload or create in the pool makes libvirt refuse it for a moment.
	if err := hostops.RefreshPool(dlCtx, d, p); err != nil {
		return BaseImage{}, err
	}
	digestXML, err := definition.MarkerVolumeXML(ref.digestMarker(digest))
	if err != nil {
		return BaseImage{}, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	_, err = d.StorageVolCreateXML(dlCtx, p, digestXML)
	if !hostops.VolumeExists(err) {
		made.digest = ref.digestMarker(digest)
	}
	if err != nil {
		return BaseImage{}, fmt.Errorf("create marker volume %s: %w", ref.digestMarker(digest), err)
	}
	img, err = describeBase(dlCtx, d, vol, ref, digest)
	if err != nil {
		return BaseImage{}, err
	}
	// The image is complete; a claim that outlives this (its delete failed) is deleted by the
	// next ensure or remove.
	if err := hostops.DeleteNamedVolumes(dlCtx, d, p, claim); err != nil {
		f := ref.fields()
		f["error"] = err.Error()
		ic.logf(ctx, corelog.LevelWarn, "could not delete the claim of a cached base image; the next ensure deletes it", f)
	} else {
		ic.forgetClaims(ref, claim)
	}
	elapsed := time.Since(start)
	done := ref.fields()
	done["sha256"], done["bytes"], done["seconds"] = digest, size, elapsed.Seconds()
	done["rate_mib_s"] = mibPerSecond(size, elapsed)
	ic.logf(ctx, corelog.LevelInfo, "base image cached", done)
	return img, nil
}

// errCachedMeanwhile says that the image a fetch was about to create was cached whole by
// another writer meanwhile.
var errCachedMeanwhile = errors.New("the image was cached by another writer while this fetch started")

// appeared explains an image volume that was created by someone else between the lookup and
// this fetch's create: another fetch's claim beside ours makes it a race to wait out
// (Transient); otherwise the volume is foreign.
func (ic *Cache) appeared(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref, claim string, cause error) error {
	e, err := ic.inspect(ctx, b, p, ref)
	if err != nil {
		return err
	}
	if _, ok := e.verified(); ok {
		// Another process cached the image whole between our lookup and this create: Ensure
		// looks it up again and takes it (or refuses it as it refuses any cached image).
		return errCachedMeanwhile
	}
	for _, m := range e.pending {
		if m.vol.Name != claim {
			return kvmerr.New(kvmerr.Transient, "", ref.Host, fmt.Errorf(
				"volume %s appeared in pool %s while this fetch started, claimed by %s: another writer is caching the same image; retry later: %w",
				ref.Name, ref.Pool, m.vol.Name, cause))
		}
	}
	fe := e.foreignError([]string{ref.Name}, "appeared while this fetch started, with no kvm2 claim")
	return kvmerr.New(kvmerr.Permanent, "", ref.Host, fe)
}

// discard deletes the named volumes after a failed fetch. It runs on a context stripped of the
// caller's cancellation (a cancelled apply must still clean up) but with its own budget, and on
// the pooled connection, because the dedicated one may have been closed by the failure.
func (ic *Cache) discard(ctx context.Context, pool backend.Pool, ref Ref, names ...string) {
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
		if err := hostops.DeleteNamedVolumes(cctx, b, p, names...); err != nil {
			return err
		}
		ic.forgetClaims(ref, names...)
		return nil
	}()
	f := ref.fields()
	if err != nil {
		f["error"] = err.Error()
		ic.logf(ctx, corelog.LevelWarn, "could not delete a partly written base image; the next ensure deletes it", f)
		return
	}
	ic.logf(ctx, corelog.LevelDebug, "deleted a partly written base image", f)
}

// downgradeError refuses a redirect from https to http: the image would travel unauthenticated,
// and its digest, when none is pinned, would be whatever an attacker on the path sent.
type downgradeError struct{ to string }

func (e *downgradeError) Error() string {
	return fmt.Sprintf("refused a redirect from https to %s: use a source URL whose redirects stay on https", e.to)
}

// refuseDowngrade returns a copy of c (default: a plain client) that refuses any redirect from
// https to http, and otherwise follows c's own redirect policy.
func refuseDowngrade(c *http.Client) *http.Client {
	if c == nil {
		c = &http.Client{}
	}
	cp := *c
	next := c.CheckRedirect
	cp.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		for _, v := range via {
			if v.URL.Scheme == "https" && req.URL.Scheme != "https" {
				return &downgradeError{to: redactURL(req.URL.String())}
			}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	return &cp
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
