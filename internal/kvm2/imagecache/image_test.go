package imagecache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/iotest"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/keylock"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	imgHost = "imghost"
	imgPool = fake.DefaultPool
	imgName = "debian-12"
	imgSize = 300 << 10 // several HTTP chunks and several fake upload chunks
)

// imgNow is the clock of the test caches, so claim names are known.
var imgNow = time.Unix(1_700_000_000, 0)

// imgClaim is the claim a fetch of imgName at imgNow creates.
var imgClaim = imgName + rules.PendingInfix + "1700000000"

// imgMarker is the digest marker of imgName for digest.
func imgMarker(digest string) string { return imgName + rules.DigestInfix + digest }

// imgLegacy is the marker name of earlier versions.
const imgLegacy = imgName + rules.LegacyMarkerSuffix

// imgEnv is an image cache on a fake host with one pool.
type imgEnv struct {
	fb   *fake.Backend
	pool *fake.Pool
	ic   *Cache
	log  *imagetest.Log
}

func newImgEnv(t *testing.T, opts Options) *imgEnv {
	t.Helper()
	fb := fake.New(imgHost)
	pool := fake.NewPool(fb)
	log := &imagetest.Log{}
	if opts.Logger == nil {
		opts.Logger = log
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = imagetest.HTTPClient()
	}
	e := &imgEnv{fb: fb, pool: pool, ic: New(opts), log: log}
	e.ic.now = func() time.Time { return imgNow }
	t.Cleanup(func() {
		if n := pool.Outstanding(); n != 0 {
			t.Errorf("%d pooled connections not released", n)
		}
		if n := pool.Unclosed(); n != 0 {
			t.Errorf("%d dedicated connections not closed", n)
		}
		if n := e.ic.locks.Size(); n != 0 {
			t.Errorf("%d image locks left behind", n)
		}
	})
	return e
}

func (e *imgEnv) ensure(ctx context.Context, req BaseImageRequest) (BaseImage, error) {
	return e.ic.Ensure(ctx, e.pool, imgPool, req)
}

func imgRequest(s *imagetest.Server, sha string) BaseImageRequest {
	return BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: s.URL(), SHA256: sha}
}

func (e *imgEnv) volumes() []string { return e.fb.VolumeNames(imgPool) }

// seedCached puts a verified image of content into the pool, as an earlier ensure would.
func (e *imgEnv) seedCached(content []byte) string {
	return imagetest.AddVerifiedBase(e.fb, imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(content)), Content: content})
}

// and "<name>.sha256" holding the digest) and returns its digest and path.
func (e *imgEnv) seedLegacy(content []byte) (digest, path string) {
	sum := sha256.Sum256(content)
	digest = hex.EncodeToString(sum[:])
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(content)), Content: content})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 65, Content: []byte(digest + "\n")})
	return digest, fake.DefaultPoolPath + "/" + imgName
}

// ref is the test image's reference.
func (e *imgEnv) ref() Ref { return Ref{imgHost, imgPool, imgName} }

// get reads the test image, with opts as a caller passes them.
func (e *imgEnv) get(opts ...BaseImageOption) (BaseImage, error) {
	return e.ic.Get(context.Background(), e.pool, e.ref(), opts...)
}

// remove deletes the test image, with opts as a caller passes them.
func (e *imgEnv) remove(opts ...BaseImageOption) error {
	return e.ic.Remove(context.Background(), e.pool, e.ref(), opts...)
}

// content is the stored content of volume name.
func (e *imgEnv) content(name string) string {
	v, _ := e.fb.Volume(imgPool, name)
	return string(v.Content)
}

// assertForeign fails unless err carries a *ForeignImageError naming every one of vols.
func assertForeign(t *testing.T, err error, vols ...string) {
	t.Helper()
	var fe *ForeignImageError
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a *ForeignImageError", err)
	}
	for _, v := range vols {
		if !slices.Contains(fe.Volumes, v) {
			t.Errorf("foreign volumes %v should include %s (err %v)", fe.Volumes, v, err)
		}
	}
}

func assertClass(t *testing.T, err error, want kvmerr.Class) {
	t.Helper()
	if err == nil {
		t.Fatalf("err = nil, want %v", want)
	}
	if !errors.Is(err, want.Sentinel()) {
		t.Fatalf("err = %v (class %v), want class %v", err, kvmerr.Classify(err), want)
	}
}

func rpcError(code libvirt.ErrorNumber) error { return fake.LibvirtError(code, "injected") }

func TestEnsureBaseImage_downloadsVerifiesAndCaches(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	want := imagetest.Digest(imgSize)

	img, err := e.ensure(context.Background(), imgRequest(srv, strings.ToUpper(want)))
	if err != nil {
		t.Fatal(err)
	}
	wantImg := BaseImage{
		ID: imgHost + "/" + imgPool + "/" + imgName, Host: imgHost, Pool: imgPool, Name: imgName,
		Path: fake.DefaultPoolPath + "/" + imgName, Format: "qcow2", SizeBytes: imgSize,
		SHA256: want, SourceURL: srv.URL(),
	}
	if img != wantImg {
		t.Errorf("image = %+v\nwant    %+v", img, wantImg)
	}
	vol, _ := e.fb.Volume(imgPool, imgName)
	if vol.SHA256 != want || vol.Allocation != imgSize {
		t.Errorf("stored volume sha %s, %d bytes; want %s, %d", vol.SHA256, vol.Allocation, want, imgSize)
	}
	marker, ok := e.fb.Volume(imgPool, imgMarker(want))
	if !ok || len(marker.Content) != 0 || marker.Capacity != 0 || marker.Format != "raw" {
		t.Errorf("digest marker = %+v (present %v), want an empty raw volume", marker, ok)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(want)}) {
		t.Errorf("volumes = %v, want the image and its digest marker (the claim deleted)", v)
	}
	for _, enc := range srv.Encodings {
		if enc != "identity" {
			t.Errorf("request sent Accept-Encoding %q, want identity", enc)
		}
	}
	if h, g := srv.Heads.Load(), srv.Gets.Load(); h != 1 || g != 1 {
		t.Errorf("server saw %d HEAD and %d GET, want 1 and 1", h, g)
	}
}

func TestEnsureBaseImage_withoutExpectedDigestRecordsObserved(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	img, err := e.ensure(context.Background(), imgRequest(srv, ""))
	if err != nil {
		t.Fatal(err)
	}
	if want := imagetest.Digest(imgSize); img.SHA256 != want {
		t.Errorf("SHA256 = %s, want the observed %s", img.SHA256, want)
	}
}

func TestEnsureBaseImage_cacheHitMakesNoHTTPRequest(t *testing.T) {
	for _, tc := range []struct {
		name     string
		expected func(digest string) string
	}{
		{"expected digest given", func(d string) string { return d }},
		{"no expected digest", func(string) string { return "" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			digest := e.seedCached([]byte("cached image bytes"))

			img, err := e.ensure(context.Background(), imgRequest(srv, tc.expected(digest)))
			if err != nil {
				t.Fatal(err)
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests on a cache hit, want 0", n)
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 {
				t.Errorf("%d dedicated connections opened on a cache hit, want 0", n)
			}
			if n := e.fb.Count("StorageVolDownload"); n != 0 {
				t.Errorf("%d volume reads on a cache hit, want 0", n)
			}
			if img.SHA256 != digest || img.SizeBytes != uint64(len("cached image bytes")) || img.Format != "qcow2" {
				t.Errorf("image = %+v, want the cached one (sha %s)", img, digest)
			}
		})
	}
}

// TestBaseImage_lookupWithKnownDigestIsNameLookups: with the digest known (the request's, or
// the state's), finding the image lists no pool and reads no volume.
func TestBaseImage_lookupWithKnownDigestIsNameLookups(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	digest := e.seedCached([]byte("cached image bytes"))
	if _, err := e.ensure(context.Background(), imgRequest(srv, digest)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.get(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"StoragePoolListAllVolumes", "StorageVolDownload"} {
		if n := e.fb.Count(m); n != 0 {
			t.Errorf("%s called %d times, want 0", m, n)
		}
	}
	var lookups []string
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolLookupByName" {
			lookups = append(lookups, c.Target)
		}
	}
	want := []string{imgPool + "/" + imgMarker(digest), imgPool + "/" + imgName}
	if !slices.Equal(lookups, append(slices.Clone(want), want...)) {
		t.Errorf("volume lookups = %v, want %v twice", lookups, want)
	}
}

func TestEnsureBaseImage_claimFirstDigestLastUploadOnDedicated(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolCreateXML" || c.Method == "StorageVolUpload" || c.Method == "StorageVolDownload" {
			t.Errorf("pooled connection ran %s; writes belong on the dedicated one, and nothing is read", c.Method)
		}
	}
	ded := e.pool.DedicatedBackends(imgHost)
	if len(ded) != 1 {
		t.Fatalf("%d dedicated connections, want 1", len(ded))
	}
	var writes []fake.Call
	for _, c := range ded[0].Calls() {
		switch c.Method {
		case "StorageVolCreateXML", "StorageVolUpload", "StoragePoolRefresh", "StorageVolDelete", "Close":
			writes = append(writes, c)
		}
	}
	want := []fake.Call{
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgClaim},
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgName},
		{Method: "StorageVolUpload", Target: imgPool + "/" + imgName},
		{Method: "StoragePoolRefresh", Target: imgPool},
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgMarker(imagetest.Digest(imgSize))},
		{Method: "StorageVolDelete", Target: imgPool + "/" + imgClaim},
		{Method: "Close"},
	}
	if !slices.Equal(writes, want) {
		t.Errorf("dedicated writes = %v\nwant %v (claim first, digest marker last, claim deleted, connection closed)", writes, want)
	}
}

func TestEnsureBaseImage_digestMismatchIsPermanentAndLeavesNothing(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	wrong := strings.Repeat("ab", 32)

	_, err := e.ensure(context.Background(), imgRequest(srv, wrong))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), wrong) || !strings.Contains(err.Error(), imagetest.Digest(imgSize)) {
		t.Errorf("error %q should name the expected and the observed digest", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after a mismatch: %v", v)
	}
}

func TestEnsureBaseImage_cachedWithOtherDigestIsPermanent(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	cached := e.seedCached([]byte("an older image"))

	_, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize)))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), cached) || !strings.Contains(err.Error(), "another name") {
		t.Errorf("error %q should name the cached digest and ask for another name", err)
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(cached)}) {
		t.Errorf("volumes = %v; the cached image must stay", v)
	}
}

func TestEnsureBaseImage_debrisIsReplaced(t *testing.T) {
	digest := imagetest.Digest(imgSize)
	stale := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Add(-2*time.Hour).Unix(), 10)
	partial := fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")}
	cases := []struct {
		name string
		seed func(fb *fake.Backend)
	}{
		{"stale claim and a partial image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, partial)
			fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
		}},
		{"stale claim without image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
		}},
		{"digest marker without image (an interrupted delete)", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(strings.Repeat("ab", 32)), Format: "raw"})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			tc.seed(e.fb)

			img, err := e.ensure(context.Background(), imgRequest(srv, digest))
			if err != nil {
				t.Fatal(err)
			}
			if srv.Gets.Load() != 1 || img.SHA256 != digest {
				t.Errorf("GETs = %d, sha = %s; want a refetch verified as %s", srv.Gets.Load(), img.SHA256, digest)
			}
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
				t.Errorf("volumes = %v, want the fresh image and its digest marker only", v)
			}
			if len(e.log.Matching("deleting an unfinished base image before fetching it again")) != 1 {
				t.Errorf("debris deletion was not logged:\n%s", e.log.Text())
			}
		})
	}
}

func TestEnsureBaseImage_leftoverClaimBesideAVerifiedImageIsDeleted(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	digest := e.seedCached([]byte("cached"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "raw"})

	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; want the cache hit with its leftover claim deleted", v, srv.Requests())
	}
}

// TestEnsureBaseImage_liveClaimOfAnotherWriterIsWaitedFor: a claim another process made
// recently is a fetch in progress: nothing is deleted or fetched, and the error is Transient.
func TestEnsureBaseImage_liveClaimOfAnotherWriterIsWaitedFor(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	other := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Add(-time.Minute).Unix(), 10)
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("half")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: other, Format: "raw"})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if !strings.Contains(err.Error(), "another apply") || !strings.Contains(err.Error(), other) {
		t.Errorf("error %q should say another apply holds claim %s", err, other)
	}
	if v := e.volumes(); len(v) != 2 || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; the other fetch must be left alone", v, srv.Requests())
	}
}

func TestEnsureBaseImage_volumeWithoutMarkerIsNotTouched(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("someone's")})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	assertForeign(t, err, imgName)
	if !strings.Contains(err.Error(), "another name") {
		t.Errorf("error %q should suggest another name", err)
	}
	if e.content(imgName) != "someone's" || len(e.volumes()) != 1 {
		t.Errorf("volumes = %v; a volume the cache did not write must stay as it was", e.volumes())
	}
	if n := srv.Requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
}

func TestEnsureBaseImage_debrisUnderADomainIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	stale := imgName + rules.PendingInfix + "1600000000"
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: stale, Format: "raw"})
	e.fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(fake.DefaultPoolPath+"/"+imgName))})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	var inUse *BaseImageInUseError
	if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{"vm1"}) {
		t.Errorf("err = %v, want a *BaseImageInUseError naming vm1", err)
	}
	if v := e.volumes(); len(v) != 2 || srv.Requests() != 0 {
		t.Errorf("volumes = %v after %d requests; nothing may be deleted or fetched", v, srv.Requests())
	}
}

func TestEnsureBaseImage_failedLookupIsAnErrorNotDebris(t *testing.T) {
	for _, method := range []string{"StoragePoolListAllVolumes", "StorageVolGetInfo"} {
		t.Run(method, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			digest := e.seedCached([]byte("cached"))
			e.fb.FailAlways(method, rpcError(libvirt.ErrRPC))

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, kvmerr.Transient)
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
				t.Errorf("volumes = %v; a failed lookup must not delete the cache", v)
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests, want 0", n)
			}
		})
	}
}

func TestEnsureBaseImage_httpFailures(t *testing.T) {
	cases := []struct {
		name string
		cfg  imagetest.ServerConfig
		want kvmerr.Class
		text string
	}{
		{"content length 0", imagetest.ServerConfig{Size: 0}, kvmerr.Permanent, "Content-Length 0"},
		{"no content length", imagetest.ServerConfig{Size: imgSize, NoLength: true}, kvmerr.Permanent, "no Content-Length"},
		{"404", imagetest.ServerConfig{Size: imgSize, HeadStatus: 404, GetStatus: 404}, kvmerr.Permanent, "404"},
		{"403", imagetest.ServerConfig{Size: imgSize, HeadStatus: 403, GetStatus: 403}, kvmerr.Permanent, "403"},
		{"503", imagetest.ServerConfig{Size: imgSize, HeadStatus: 503, GetStatus: 503}, kvmerr.Transient, "503"},
		{"500 on GET after HEAD ok", imagetest.ServerConfig{Size: imgSize, GetStatus: 500}, kvmerr.Transient, "500"},
		{"429", imagetest.ServerConfig{Size: imgSize, HeadStatus: 429, GetStatus: 429}, kvmerr.Transient, "429"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, tc.cfg)
			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q should mention %q", err, tc.text)
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 {
				t.Errorf("%d dedicated connections opened for a failed download, want 0", n)
			}
			if v := e.volumes(); len(v) != 0 {
				t.Errorf("volumes left: %v", v)
			}
		})
	}
}

func TestEnsureBaseImage_unreachableSourceIsTransient(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	url := srv.URL()
	srv.Srv.Close()

	_, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: url})
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_headFallsBackToGet(t *testing.T) {
	cases := []struct {
		name string
		cfg  imagetest.ServerConfig
	}{
		{"HEAD 405", imagetest.ServerConfig{Size: imgSize, HeadStatus: http.StatusMethodNotAllowed}},
		{"HEAD 500", imagetest.ServerConfig{Size: imgSize, HeadStatus: http.StatusInternalServerError}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, tc.cfg)
			img, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize)))
			if err != nil {
				t.Fatal(err)
			}
			if g := srv.Gets.Load(); g != 1 {
				t.Errorf("server saw %d GETs, want exactly 1 (the size comes from it)", g)
			}
			if img.SizeBytes != imgSize {
				t.Errorf("size = %d, want %d", img.SizeBytes, imgSize)
			}
		})
	}
}

func TestEnsureBaseImage_shortBodyIsTransientAndLeavesNothing(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, SendOnly: imgSize / 2})
	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_cancelMidDownloadCleansUp(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 3})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel once the upload has taken its first bytes; the server then holds the rest back.
	e.pool.OnDedicated(func(b *fake.Backend) {
		b.OnUpload(func(v libvirt.StorageVol, sent uint64) {
			if v.Name == imgName && sent > 0 {
				cancel()
			}
		})
	})

	_, err := e.ensure(ctx, imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after cancel: %v", v)
	}
	if n := e.fb.Count("StorageVolDelete"); n != 2 {
		t.Errorf("pooled StorageVolDelete calls = %d, want 2 (image and claim, despite the cancelled ctx)", n)
	}
}

func TestEnsureBaseImage_downloadCapEndsAStalledTransfer(t *testing.T) {
	e := newImgEnv(t, Options{DownloadCap: 100 * time.Millisecond})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 3})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want it to carry the cap's deadline", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_failureAfterCreateDeletesEverything(t *testing.T) {
	rpc := rpcError(libvirt.ErrRPC)
	digestMarker := imgMarker(imagetest.Digest(imgSize))
	cases := []struct {
		name   string
		inject func(b *fake.Backend)
		want   kvmerr.Class
	}{
		{"claim create done but its reply lost", func(b *fake.Backend) {
			b.Inject("StorageVolCreateXML", func(context.Context, fake.Call) error {
				b.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "raw"})
				return nil
			})
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgClaim, rpc)
		}, kvmerr.Transient},
		{"image create fails", func(b *fake.Backend) {
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgName, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"upload fails", func(b *fake.Backend) { b.FailAlways("StorageVolUpload", rpc) }, kvmerr.Transient},
		{"refresh fails", func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpc) }, kvmerr.Transient},
		{"digest marker create fails", func(b *fake.Backend) {
			b.FailFor("StorageVolCreateXML", imgPool+"/"+digestMarker, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"digest marker created but its reply lost", func(b *fake.Backend) {
			b.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
				if c.Target == imgPool+"/"+digestMarker {
					b.AddVolume(imgPool, fake.Volume{Name: digestMarker, Format: "raw"})
					return rpc
				}
				return nil
			})
		}, kvmerr.Transient},
		{"reading the result back fails", func(b *fake.Backend) { b.FailAlways("StorageVolGetXMLDesc", rpc) }, kvmerr.Transient},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			e.pool.OnDedicated(tc.inject)

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if v := e.volumes(); len(v) != 0 {
				t.Errorf("volumes left: %v", v)
			}
		})
	}
}

// appearsMeanwhile makes the create of the last of names find it taken, as when another writer
// made it (and the others) between the cache lookup and the create. A claim appears empty.
func appearsMeanwhile(b *fake.Backend, names ...string) {
	last := names[len(names)-1]
	b.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
		if c.Target != imgPool+"/"+last {
			return nil
		}
		for _, name := range names {
			if strings.Contains(name, rules.PendingInfix) {
				b.AddVolume(imgPool, fake.Volume{Name: name, Format: "raw"})
			} else {
				b.AddVolume(imgPool, fake.Volume{Name: name, Format: "raw", Capacity: 65, Content: []byte("theirs")})
			}
		}
		return fake.LibvirtError(libvirt.ErrStorageVolExist, "storage volume '%s' exists already", last)
	})
}

func TestEnsureBaseImage_volumesAnotherWriterCreatedAreNotDeleted(t *testing.T) {
	otherClaim := imgName + rules.PendingInfix + "1699999990"
	cases := []struct {
		name    string
		appears []string
		want    kvmerr.Class
		left    []string
		foreign bool
	}{
		{"claim: another writer caches the same image in the same second", []string{imgClaim}, kvmerr.Transient, []string{imgClaim}, false},
		{"image: a foreign volume took the name", []string{imgName}, kvmerr.Permanent, []string{imgName}, true},
		{"image with another writer's claim: a race to wait out", []string{otherClaim, imgName}, kvmerr.Transient, []string{imgName, otherClaim}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			e.pool.OnDedicated(func(b *fake.Backend) { appearsMeanwhile(b, tc.appears...) })

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), "appeared") {
				t.Errorf("error %q should say the volume appeared meanwhile", err)
			}
			if tc.foreign {
				assertForeign(t, err, imgName)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v: only what this fetch created may be deleted", v, tc.left)
			}
			for _, name := range tc.appears {
				if v, _ := e.fb.Volume(imgPool, name); !strings.Contains(name, rules.PendingInfix) && string(v.Content) != "theirs" {
					t.Errorf("the other writer's %s was changed", name)
				}
			}
		})
	}
}

func TestEnsureBaseImage_failedCleanupIsLoggedAndRetryCompletes(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.pool.OnDedicated(func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpcError(libvirt.ErrRPC)) })
	e.fb.FailAlways("StorageVolDelete", rpcError(libvirt.ErrRPC))

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if len(e.log.Matching("could not delete a partly written base image; the next ensure deletes it")) != 1 {
		t.Errorf("failed cleanup not logged:\n%s", e.log.Text())
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgClaim}) {
		t.Fatalf("volumes = %v, want the unfinished image and its claim left by the failed cleanup", v)
	}

	// The claim is this process's own, so the retry takes it for debris at once, though young.
	e.pool.OnDedicated(nil)
	e.fb.ClearFaults("")
	img, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(imgSize)))
	if err != nil {
		t.Fatal(err)
	}
	if img.SHA256 != imagetest.Digest(imgSize) || srv.Gets.Load() != 2 {
		t.Errorf("retry: sha %s after %d GETs; want a fresh verified fetch", img.SHA256, srv.Gets.Load())
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(imagetest.Digest(imgSize))}) {
		t.Errorf("volumes = %v after the retry", v)
	}
}

func TestEnsureBaseImage_dedicatedDialFailureWritesNothing(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.pool.FailDedicated(imgHost, &kvmerr.DialError{Host: imgHost, Stage: kvmerr.StageTCP, Err: errors.New("connection refused")})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if n := e.fb.Count("StorageVolDelete"); n != 0 || len(e.volumes()) != 0 {
		t.Errorf("deletes = %d, volumes = %v; nothing should exist to clean", n, e.volumes())
	}
}

func TestEnsureBaseImage_quotaPrecheck(t *testing.T) {
	cases := []struct {
		name string
		cfg  imagetest.ServerConfig
		gets int32
	}{
		{"size from HEAD: no GET at all", imagetest.ServerConfig{Size: imgSize}, 0},
		{"size from GET after a refused HEAD", imagetest.ServerConfig{Size: imgSize, HeadStatus: 405}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, tc.cfg)
			e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = imgSize - 1 })

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, kvmerr.QuotaExceeded)
			var q *kvmerr.QuotaError
			if !errors.As(err, &q) || q.Pool != imgPool || q.Available != imgSize-1 || q.Needed != imgSize || q.Host != imgHost {
				t.Fatalf("err = %v, want a QuotaError for pool %s with %d free and %d needed", err, imgPool, imgSize-1, imgSize)
			}
			for _, s := range []string{imgPool, strconv.Itoa(imgSize - 1), strconv.Itoa(imgSize)} {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q should name %s", err, s)
				}
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 || e.fb.Count("StorageVolCreateXML") != 0 {
				t.Errorf("a write was attempted despite the full pool (%d dedicated connections)", n)
			}
			if g := srv.Gets.Load(); g != tc.gets {
				t.Errorf("GETs = %d, want %d", g, tc.gets)
			}
		})
	}
}

func TestEnsureBaseImage_exactFitPasses(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = imgSize })
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureBaseImage_invalidRequests(t *testing.T) {
	okURL := "http://images.example/debian.qcow2"
	cases := []struct {
		name string
		req  BaseImageRequest
		text string
	}{
		{"empty name", BaseImageRequest{SourceURL: okURL}, "base image name"},
		{"slash in name", BaseImageRequest{Name: "a/b", SourceURL: okURL}, "base image name"},
		{"legacy marker suffix", BaseImageRequest{Name: "x" + rules.LegacyMarkerSuffix, SourceURL: okURL}, "reserved"},
		{"marker namespace", BaseImageRequest{Name: "x.kvm2-y", SourceURL: okURL}, "reserved"},
		{"too long for its markers", BaseImageRequest{Name: strings.Repeat("a", rules.MaxBaseImageNameLen+1), SourceURL: okURL}, "base image name"},
		{"format", BaseImageRequest{Name: imgName, SourceURL: okURL, Format: "vmdk"}, "format"},
		{"short digest", BaseImageRequest{Name: imgName, SourceURL: okURL, SHA256: "abc"}, "sha256"},
		{"ftp URL", BaseImageRequest{Name: imgName, SourceURL: "ftp://x/y"}, "source URL"},
		{"relative URL", BaseImageRequest{Name: imgName, SourceURL: "/images/y"}, "source URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			tc.req.Host = imgHost
			_, err := e.ensure(context.Background(), tc.req)
			assertClass(t, err, kvmerr.Permanent)
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q should mention %q", err, tc.text)
			}
			if n := len(e.fb.Calls()); n != 0 {
				t.Errorf("%d RPCs for an invalid request, want 0", n)
			}
		})
	}
}

func TestValidateBaseImageName(t *testing.T) {
	longest := strings.Repeat("a", rules.MaxBaseImageNameLen)
	for _, ok := range []string{"debian-12.qcow2", "a", "x+y_z.img", longest, "kvm2-base", "a.kvm2", "sha256"} {
		if err := rules.ValidateBaseImageName(ok); err != nil {
			t.Errorf("ValidateBaseImageName(%q) = %v, want nil", ok, err)
		}
	}
	if n := len(Ref{Name: longest}.digestMarker(strings.Repeat("0", 64))); n > rules.MaxVolumeName {
		t.Errorf("the longest name's digest marker has %d characters, more than a file name may", n)
	}
	for _, bad := range []string{"", ".hidden", "a/b", "a b", "img.qcow2.sha256", "img.kvm2-sha256-x", "a.kvm2-", longest + "a"} {
		if err := rules.ValidateBaseImageName(bad); err == nil {
			t.Errorf("ValidateBaseImageName(%q) = nil, want an error", bad)
		}
	}
}

func TestEnsureBaseImage_missingPoolIsPermanent(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	req := imgRequest(srv, "")
	req.Pool = "nosuchpool"
	_, err := e.ensure(context.Background(), req)
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "nosuchpool") {
		t.Errorf("error %q should name the pool", err)
	}
}

func TestEnsureBaseImage_rawFormatAndPoolFromRequest(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.fb.AddPool(fake.StoragePool{Name: "images", Active: true, Capacity: 1 << 30, Available: 1 << 30})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	req := imgRequest(srv, "")
	req.Pool, req.Format = "images", "raw"

	img, err := e.ensure(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if img.Pool != "images" || img.Format != "raw" || img.ID != imgHost+"/images/"+imgName {
		t.Errorf("image = %+v, want raw in pool images", img)
	}
	if v := e.fb.VolumeNames("images"); !slices.Equal(v, []string{imgName, imgMarker(imagetest.Digest(imgSize))}) {
		t.Errorf("volumes of pool images = %v", v)
	}
}

func TestEnsureBaseImage_secondCallerWaitsThenHitsTheCache(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	req := imgRequest(srv, imagetest.Digest(imgSize))

	type result struct {
		img BaseImage
		err error
	}
	first := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		first <- result{img, err}
	}()
	<-srv.Held
	second := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		second <- result{img, err}
	}()
	waitForLockRefs(t, e.ic.locks, imgHost+"/"+imgPool+"/"+imgName, 2)
	srv.Unblock()

	r1, r2 := <-first, <-second
	if r1.err != nil || r2.err != nil {
		t.Fatalf("errors: %v, %v", r1.err, r2.err)
	}
	if r1.img != r2.img {
		t.Errorf("second caller got %+v, want the first's %+v", r2.img, r1.img)
	}
	if g := srv.Gets.Load(); g != 1 {
		t.Errorf("GETs = %d, want 1: the second caller must hit the cache", g)
	}
}

// waitForLockRefs waits until key has want holders and waiters.
func waitForLockRefs(t *testing.T, l *keylock.Locks, key string, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		n := l.Refs(key)
		if n == want {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("lock %s never reached %d holders and waiters", key, want)
}

func TestEnsureBaseImage_waiterGivesUpWithItsContext(t *testing.T) {
	e := newImgEnv(t, Options{})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	req := imgRequest(srv, "")
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), req)
		first <- err
	}()
	<-srv.Held

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := e.ensure(ctx, req)
	assertClass(t, err, kvmerr.Transient)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "waiting for another operation") {
		t.Errorf("err = %v, want the waiter's deadline while waiting for the lock", err)
	}
	srv.Unblock()
	if err := <-first; err != nil {
		t.Fatalf("first caller: %v", err)
	}
}

func TestEnsureBaseImage_differentImagesDoNotWaitForEachOther(t *testing.T) {
	e := newImgEnv(t, Options{})
	held := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HoldAt: imgSize / 2})
	free := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), imgRequest(held, ""))
		first <- err
	}()
	<-held.Held

	other := BaseImageRequest{Host: imgHost, Name: "alpine", SourceURL: free.URL()}
	if _, err := e.ensure(context.Background(), other); err != nil {
		t.Fatalf("an unrelated image waited or failed: %v", err)
	}
	held.Unblock()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

func TestEnsureBaseImage_streamsWithBoundedBytesInFlight(t *testing.T) {
	const size = 64 << 20
	const bound = 4 << 20
	e := newImgEnv(t, Options{})
	e.fb.DiscardUploads(true)
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: size})

	var mu sync.Mutex
	var atStart int64 = -1
	var maxInFlight int64
	e.pool.OnDedicated(func(b *fake.Backend) {
		b.OnUpload(func(v libvirt.StorageVol, sent uint64) {
			if v.Name != imgName {
				return
			}
			written := srv.Written.Load()
			mu.Lock()
			defer mu.Unlock()
			if atStart < 0 {
				atStart = written
			}
			maxInFlight = max(maxInFlight, written-int64(sent))
		})
	})

	img, err := e.ensure(context.Background(), imgRequest(srv, imagetest.Digest(size)))
	if err != nil {
		t.Fatal(err)
	}
	if img.SizeBytes != size {
		t.Errorf("size = %d, want %d", img.SizeBytes, size)
	}
	t.Logf("server had written %d KiB when the upload began; at most %d KiB in flight", atStart>>10, maxInFlight>>10)
	if atStart < 0 || atStart > bound {
		t.Errorf("server had written %d bytes when the upload began; the body must stream, not be buffered first", atStart)
	}
	if maxInFlight > bound {
		t.Errorf("up to %d bytes were between the server and the upload, want < %d", maxInFlight, bound)
	}
}

func TestEnsureBaseImage_logsProgressAndResult(t *testing.T) {
	e := newImgEnv(t, Options{ProgressEvery: time.Nanosecond})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	progress := e.log.Matching("base image upload progress")
	if len(progress) < 2 {
		t.Fatalf("%d progress lines, want several:\n%s", len(progress), e.log.Text())
	}
	last := progress[len(progress)-1]
	if last.Level != corelog.LevelInfo || last.Fields["bytes"] != uint64(imgSize) || last.Fields["percent"] != 100 ||
		last.Fields["total_bytes"] != uint64(imgSize) || last.Fields["volume"] != imgName {
		t.Errorf("last progress line = %+v, want INFO at 100%% of %d bytes", last, imgSize)
	}
	if _, ok := last.Fields["rate_mib_s"].(float64); !ok {
		t.Errorf("progress line has no rate: %+v", last.Fields)
	}
	done := e.log.Matching("base image cached")
	if len(done) != 1 || done[0].Fields["sha256"] != imagetest.Digest(imgSize) {
		t.Errorf("result lines = %+v, want one naming the digest", done)
	}
}

func TestEnsureBaseImage_progressIsThrottled(t *testing.T) {
	e := newImgEnv(t, Options{ProgressEvery: time.Hour})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	if n := len(e.log.Matching("base image upload progress")); n != 0 {
		t.Errorf("%d progress lines within one interval, want 0", n)
	}
}

func TestEnsureBaseImage_urlCredentialsStayOutOfLogsAndErrors(t *testing.T) {
	const secret = "s3cr3t-token"
	e := newImgEnv(t, Options{ProgressEvery: time.Nanosecond})
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	signed := strings.Replace(srv.URL(), "http://", "http://user:"+secret+"@", 1) + "?sig=" + secret

	img, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: signed})
	if err != nil {
		t.Fatal(err)
	}
	if img.SourceURL != signed {
		t.Errorf("SourceURL = %q, want the caller's URL back", img.SourceURL)
	}
	_, err = e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: signed, SHA256: strings.Repeat("0", 64)})
	assertClass(t, err, kvmerr.Permanent)
	failing := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize, HeadStatus: 404, GetStatus: 404})
	_, err2 := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: "other", SourceURL: failing.URL() + "?sig=" + secret})
	assertClass(t, err2, kvmerr.Permanent)
	for _, text := range []string{e.log.Text(), err.Error(), err2.Error()} {
		if strings.Contains(text, secret) {
			t.Errorf("secret leaked: %s", text)
		}
	}
}

func TestRedactURL(t *testing.T) {
	cases := []struct{ in, want string }{
		{"https://example.com/a.qcow2", "https://example.com/a.qcow2"},
		{"https://u:p@example.com/a.qcow2?sig=x#frag", "https://example.com/a.qcow2?redacted"},
		{"http://[::1", "<unparsable URL>"},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			if got := redactURL(tc.in); got != tc.want {
				t.Errorf("redactURL(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseBaseRef(t *testing.T) {
	cases := []struct {
		id      string
		want    Ref
		wantErr bool
	}{
		{"lab/default/debian-12", Ref{"lab", "default", "debian-12"}, false},
		{"lab/images/debian-12.qcow2", Ref{"lab", "images", "debian-12.qcow2"}, false},
		{"lab/default", Ref{}, true},
		{"lab/default/a/b", Ref{}, true},
		{"lab//debian", Ref{}, true},
		{"lab/default/", Ref{}, true},
		{"lab/default/x.sha256", Ref{}, true},
		{"lab/default/x.kvm2-pending-1700000000", Ref{}, true},
		{"lab/default/.hidden", Ref{}, true},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			got, err := ParseRef(tc.id)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("ParseRef(%q) = %+v, %v; want %+v, error %v", tc.id, got, err, tc.want, tc.wantErr)
			}
			if err == nil && got.ID() != tc.id {
				t.Errorf("ID() = %q, want %q back", got.ID(), tc.id)
			}
		})
	}
}

func TestParseMarkerName(t *testing.T) {
	r := Ref{Name: "img.qcow2"}
	sha := strings.Repeat("0a", 32)
	cases := []struct {
		name  string
		kind  markerKind
		sha   string
		since int64
	}{
		{"img.qcow2.kvm2-sha256-" + sha, digestMarker, sha, 0},
		{"img.qcow2.kvm2-pending-1700000000", pendingMarker, "", 1700000000},
		{"img.qcow2.kvm2-sha256-" + strings.ToUpper(sha), notAMarker, "", 0},
		{"img.qcow2.kvm2-sha256-abc", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending-01700000000", notAMarker, "", 0},
		{"img.qcow2.kvm2-pending-x", notAMarker, "", 0},
		{"img.qcow2.kvm2-other", notAMarker, "", 0},
	}
	for _, tc := range cases {
		kind, sha, since := r.parseMarkerName(tc.name)
		if kind != tc.kind || sha != tc.sha || (tc.since != 0 && since.Unix() != tc.since) {
			t.Errorf("parseMarkerName(%q) = %v, %q, %v; want %v, %q, %d", tc.name, kind, sha, since, tc.kind, tc.sha, tc.since)
		}
	}
}

var transient = kvmerr.Transient

func TestGetBaseImage(t *testing.T) {
	content := []byte("cached image bytes")
	sum := sha256.Sum256(content)
	digest := hex.EncodeToString(sum[:])
	cases := []struct {
		name   string
		mutate func(fb *fake.Backend)
		want   kvmerr.Class // 0: found
		// wantRecorded is the class with a record, when it differs: its lookup needs no listing.
		wantRecorded *kvmerr.Class
	}{
		{"verified", func(*fake.Backend) {}, 0, nil},
		{"volume missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, kvmerr.NotFound, nil},
		{"marker missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker(digest)) }, kvmerr.NotFound, nil},
		{"marker not empty", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(digest), Format: "raw", Capacity: 5, Content: []byte("oops\n")})
		}, kvmerr.NotFound, nil},
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, kvmerr.NotFound, nil},
		{"listing fails", func(fb *fake.Backend) { fb.FailAlways("StoragePoolListAllVolumes", rpcError(libvirt.ErrRPC)) }, kvmerr.Transient, new(kvmerr.Class)},
		{"volume info fails", func(fb *fake.Backend) { fb.FailAlways("StorageVolGetInfo", rpcError(libvirt.ErrRPC)) }, kvmerr.Transient, nil},
		{"lookup fails", func(fb *fake.Backend) { fb.FailAlways("StorageVolLookupByName", rpcError(libvirt.ErrRPC)) }, 0, &transient},
	}
	for _, tc := range cases {
		for _, rec := range []struct {
			name string
			opts []BaseImageOption
		}{
			{"by listing", nil},
			{"by recorded digest", []BaseImageOption{Recorded(digest, fake.DefaultPoolPath+"/"+imgName)}},
		} {
			t.Run(tc.name+"/"+rec.name, func(t *testing.T) {
				e := newImgEnv(t, Options{})
				e.seedCached(content)
				tc.mutate(e.fb)
				img, err := e.get(rec.opts...)
				wantClass := tc.want
				if rec.opts != nil && tc.wantRecorded != nil {
					wantClass = *tc.wantRecorded
				}
				if wantClass != 0 {
					assertClass(t, err, wantClass)
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				want := BaseImage{
					ID: imgHost + "/" + imgPool + "/" + imgName, Host: imgHost, Pool: imgPool, Name: imgName,
					Path: fake.DefaultPoolPath + "/" + imgName, Format: "qcow2", SizeBytes: uint64(len(content)), SHA256: digest,
				}
				if img != want {
					t.Errorf("image = %+v\nwant    %+v", img, want)
				}
				if n := e.fb.Count("StorageVolUpload") + e.fb.Count("StorageVolDelete") + e.fb.Count("StorageVolCreateXML"); n != 0 {
					t.Errorf("get wrote to the pool (%d writes)", n)
				}
			})
		}
	}
}

func TestResolveBase(t *testing.T) {
	cases := []struct {
		name   string
		id     string
		mutate func(e *imgEnv)
		want   kvmerr.Class // 0: resolved
		text   string
	}{
		{"cached", imgHost + "/" + imgPool + "/" + imgName, func(*imgEnv) {}, 0, ""},
		{"not cached", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) { e.fb.RemoveVolume(imgPool, imgName) }, kvmerr.Permanent, "not cached"},
		{"foreign", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) {
			e.fb.RemoveVolume(imgPool, imgMarker(digestOf([]byte("base"))))
		}, kvmerr.Permanent, "kvm2 did not cache"},
		{"other host", "elsewhere/" + imgPool + "/" + imgName, func(*imgEnv) {}, kvmerr.Permanent, "its own host"},
		{"malformed", "nonsense", func(*imgEnv) {}, kvmerr.Permanent, "host/pool/name"},
		{"transient stays transient", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) {
			e.fb.FailAlways("StoragePoolListAllVolumes", rpcError(libvirt.ErrRPC))
		}, kvmerr.Transient, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			digest := e.seedCached([]byte("base"))
			tc.mutate(e)
			e.fb.FailAlways("StorageVolDownload", errors.New("resolveBase must not read a volume"))
			img, err := e.ic.Resolve(context.Background(), e.fb, tc.id)
			if n := len(e.pool.DedicatedBackends(imgHost)) + e.pool.Acquired(imgHost); n != 0 {
				t.Errorf("resolveBase took %d connections of its own, want 0: it works on Create's", n)
			}
			if tc.want == 0 {
				if err != nil || img.SHA256 != digest || img.Path != fake.DefaultPoolPath+"/"+imgName {
					t.Fatalf("resolveBase = %+v, %v; want the cached image", img, err)
				}
				return
			}
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), tc.text) {
				t.Errorf("error %q should mention %q", err, tc.text)
			}
		})
	}
}

// abandonedOnce makes the first call of a method stall until its ctx ends and then fail the way
// the production adapter reports an abandoned call.
func abandonedOnce(b *fake.Backend, method string) {
	var calls atomic.Int32
	b.Inject(method, func(ctx context.Context, c fake.Call) error {
		if calls.Add(1) > 1 {
			return nil
		}
		<-ctx.Done()
		return kvmerr.New(kvmerr.Transient, c.Method, imgHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
	})
}

// emptyReadOnce is a connection whose first marker download delivers nothing, as a download
// whose data packet was taken for the call's reply does.
type emptyReadOnce struct {
	*fake.Backend
	done atomic.Bool
}

func (b *emptyReadOnce) StorageVolDownload(ctx context.Context, v libvirt.StorageVol, w io.Writer, n uint64) error {
	if b.done.CompareAndSwap(false, true) {
		return nil
	}
	return b.Backend.StorageVolDownload(ctx, v, w, n)
}

// singlePool hands out one connection for every request.
type singlePool struct{ b backend.Backend }

func (p singlePool) Acquire(context.Context, string) (backend.Backend, func(), error) {
	return p.b, func() {}, nil
}
func (p singlePool) Dedicated(context.Context, string) (backend.Backend, error) { return p.b, nil }
func (p singlePool) Close() error                                               { return nil }

// imgDomainXML is a domain whose disks are the given file sources.
func imgDomainXML(name string, disks ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<domain type='qemu'><name>%s</name><devices>", name)
	for _, d := range disks {
		b.WriteString(d)
	}
	b.WriteString("</devices></domain>")
	return b.String()
}

func fileDisk(path string) string {
	return fmt.Sprintf("<disk type='file' device='disk'><source file='%s'/></disk>", path)
}

func TestDeleteBaseImage_refusesWhileInUse(t *testing.T) {
	basePath := fake.DefaultPoolPath + "/" + imgName
	otherPath := "/var/lib/other"
	addOther := func(fb *fake.Backend) {
		fb.AddPool(fake.StoragePool{Name: "other", Path: otherPath, Active: true, Capacity: 1 << 30, Available: 1 << 30})
	}
	cases := []struct {
		name    string
		setup   func(fb *fake.Backend)
		domains []string
	}{
		{"stopped domain on an overlay in the image's pool", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: "vm1.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(fake.DefaultPoolPath+"/vm1.qcow2"), fileDisk("/seed/vm1.iso"))})
		}, []string{"vm1"}},
		{"stopped domain on an overlay in another pool", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "vm2.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "vm2", XML: imgDomainXML("vm2", fileDisk(otherPath+"/vm2.qcow2"))})
		}, []string{"vm2"}},
		{"stopped domain on an overlay of an overlay in another pool", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "mid.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddVolume("other", fake.Volume{Name: "top.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: otherPath + "/mid.qcow2"})
			fb.AddDomain(fake.Domain{Name: "deep", XML: imgDomainXML("deep", fileDisk(otherPath+"/top.qcow2"))})
		}, []string{"deep"}},
		{"domain on the image itself", func(fb *fake.Backend) {
			fb.AddDomain(fake.Domain{Name: "raw-user", XML: imgDomainXML("raw-user", fileDisk(basePath))})
		}, []string{"raw-user"}},
		{"running domain whose backing chain reaches the image", func(fb *fake.Backend) {
			disk := fmt.Sprintf("<disk type='file' device='disk'><source file='/not/a/pool/vm3.qcow2'/>"+
				"<backingStore type='file'><format type='qcow2'/><source file='%s'/></backingStore></disk>", basePath)
			fb.AddDomain(fake.Domain{Name: "vm3", State: libvirt.DomainRunning, XML: imgDomainXML("vm3", disk)})
		}, []string{"vm3"}},
		{"domain naming an overlay in another pool by pool and volume", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "vm4.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			disk := "<disk type='volume' device='disk'><source pool='other' volume='vm4.qcow2'/></disk>"
			fb.AddDomain(fake.Domain{Name: "vm4", XML: imgDomainXML("vm4", disk)})
		}, []string{"vm4"}},
		{"several domains, sorted", func(fb *fake.Backend) {
			addOther(fb)
			fb.AddVolume("other", fake.Volume{Name: "z.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "zeta", XML: imgDomainXML("zeta", fileDisk(otherPath+"/z.qcow2"))})
			fb.AddDomain(fake.Domain{Name: "alpha", XML: imgDomainXML("alpha", fileDisk(basePath))})
			fb.AddDomain(fake.Domain{Name: "bystander", XML: imgDomainXML("bystander", fileDisk("/elsewhere.qcow2"))})
		}, []string{"alpha", "zeta"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			before := e.volumes()

			err := e.remove()
			assertClass(t, err, kvmerr.Permanent)
			var inUse *BaseImageInUseError
			if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, tc.domains) || inUse.ID != e.ref().ID() {
				t.Fatalf("err = %v, want a *BaseImageInUseError of %s naming %v", err, e.ref().ID(), tc.domains)
			}
			if !strings.Contains(err.Error(), strings.Join(tc.domains, ", ")) {
				t.Errorf("error %q should name %v", err, tc.domains)
			}
			if after := e.volumes(); !slices.Equal(after, before) {
				t.Errorf("volumes changed from %v to %v while refusing", before, after)
			}
		})
	}
}

// TestDeleteBaseImage_anOverlayNoDomainUsesDoesNotHoldIt: in use means used by a domain; a
// volume left behind on the image does not keep it.
func TestDeleteBaseImage_anOverlayNoDomainUsesDoesNotHoldIt(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "left.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: fake.DefaultPoolPath + "/" + imgName})
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"left.qcow2"}) {
		t.Errorf("volumes = %v, want only the unused overlay", v)
	}
}

func TestDeleteBaseImage_unreadableDomainRefuses(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "weird", XML: "<domain><devices><disk"})
	err := e.remove()
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "weird") || len(e.volumes()) != 2 {
		t.Errorf("err = %v, volumes %v; want a refusal naming the domain and nothing deleted", err, e.volumes())
	}
}

func TestDeleteBaseImage_domainGoneWhileListingIsSkipped(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "leaving", XML: imgDomainXML("leaving", fileDisk("/x.qcow2"))})
	e.fb.FailFor("DomainGetXMLDesc", "leaving", rpcError(libvirt.ErrNoDomain))
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestDeleteBaseImage_deletesImageThenMarkerAndIsIdempotent(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("base"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "unrelated.qcow2", Format: "qcow2", Capacity: 1})

	for i := range 2 {
		if err := e.remove(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
			t.Fatalf("remove #%d: %v", i+1, err)
		}
	}
	var deletes []string
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolDelete" {
			deletes = append(deletes, c.Target)
		}
	}
	if want := []string{imgPool + "/" + imgName, imgPool + "/" + imgMarker(digest)}; !slices.Equal(deletes, want) {
		t.Errorf("deletes = %v, want %v (image, then marker, nothing the second time)", deletes, want)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"unrelated.qcow2"}) {
		t.Errorf("volumes = %v, want only the unrelated one", v)
	}
}

func TestDeleteBaseImage_goneStatesAreFine(t *testing.T) {
	digest := digestOf([]byte("base"))
	cases := []struct {
		name  string
		setup func(fb *fake.Backend)
		left  []string
	}{
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, nil},
		{"only the marker left", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, nil},
		{"a volume without marker is not ours", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker(digest)) }, []string{imgName}},
		{"image deleted by someone else meanwhile", func(fb *fake.Backend) {
			fb.Inject("StorageVolDelete", func(_ context.Context, c fake.Call) error {
				if c.Target == imgPool+"/"+imgName {
					fb.RemoveVolume(imgPool, imgName) // the call itself then finds it gone
				}
				return nil
			})
		}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			if err := e.remove(); err != nil {
				t.Fatalf("remove = %v, want nil", err)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v", v, tc.left)
			}
		})
	}
}

// TestDeleteBaseImage_anotherDigestUnderTheNameIsLeftAlone: the recorded digest is the image
// the resource cached; another image cached under the name since is not its to delete.
func TestDeleteBaseImage_anotherDigestUnderTheNameIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("a newer image"))
	if err := e.remove(Recorded(strings.Repeat("0", 64), fake.DefaultPoolPath+"/"+imgName)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
		t.Errorf("volumes = %v, want the other image untouched", v)
	}
}

// TestDeleteBaseImage_claimOfAnotherWriterIsLeftAlone: without a digest marker the name holds
// another apply's fetch, not the resource's image.
func TestDeleteBaseImage_claimOfAnotherWriterIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, Options{})
	other := imgName + rules.PendingInfix + strconv.FormatInt(imgNow.Unix(), 10)
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("half")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: other, Format: "raw"})
	if err := e.remove(); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 2 {
		t.Errorf("volumes = %v, want the other fetch untouched", v)
	}
}

func TestDeleteBaseImage_interruptedNeverLeavesAVerifiedClaim(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest := e.seedCached([]byte("base"))
	e.fb.FailFor("StorageVolDelete", imgPool+"/"+imgMarker(digest), rpcError(libvirt.ErrRPC))

	err := e.remove()
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); !slices.Equal(v, []string{imgMarker(digest)}) {
		t.Fatalf("volumes = %v, want the marker alone after the interrupted remove", v)
	}
	_, err = e.get()
	assertClass(t, err, kvmerr.NotFound)

	e.fb.ClearFaults("")
	if err := e.remove(); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after the retry: %v", v)
	}
}

func TestPoolFree(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = 12345 })
	free, err := e.ic.PoolFree(context.Background(), e.pool, imgHost, imgPool)
	if err != nil || free != 12345 {
		t.Errorf("poolFree = %d, %v; want 12345", free, err)
	}
	_, err = e.ic.PoolFree(context.Background(), e.pool, imgHost, "nosuchpool")
	assertClass(t, err, kvmerr.NotFound)
}

// imgSlowReader is an io.Reader that never ends, for the progress reader's counting test.
type imgSlowReader struct{}

func (imgSlowReader) Read(p []byte) (int, error) { return len(p), nil }

func TestProgressReader_countsAndReports(t *testing.T) {
	var reports []uint64
	pr := newProgressReader(io.LimitReader(imgSlowReader{}, 10_000), 10_000, time.Nanosecond, func(n uint64, _ float64) {
		reports = append(reports, n)
	})
	n, err := io.Copy(io.Discard, pr)
	if err != nil || n != 10_000 || pr.count() != 10_000 {
		t.Fatalf("copied %d (count %d), %v; want 10000", n, pr.count(), err)
	}
	if len(reports) == 0 || reports[len(reports)-1] != 10_000 {
		t.Errorf("reports = %v, want the last at 10000", reports)
	}
}

func TestPercentAndRate(t *testing.T) {
	cases := []struct {
		name        string
		n, total    uint64
		d           time.Duration
		wantPercent int
		wantRate    float64
	}{
		{"half in one second", 1 << 20, 2 << 20, time.Second, 50, 1},
		{"nothing yet", 0, 100, 0, 0, 0},
		{"unknown total", 5, 0, 2 * time.Second, 0, 0},
		{"fast", 300 << 20, 300 << 20, 2 * time.Second, 100, 150},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if p := percentOf(tc.n, tc.total); p != tc.wantPercent {
				t.Errorf("percentOf = %d, want %d", p, tc.wantPercent)
			}
			if r := mibPerSecond(tc.n, tc.d); r != tc.wantRate {
				t.Errorf("mibPerSecond = %v, want %v", r, tc.wantRate)
			}
		})
	}
}

// digestOf is the hex sha256 of content.
func digestOf(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// TestBaseImage_foreignVolumesAreNeverAdoptedDeletedOrDownloadedOver puts beside (or under)
// the image's name what administrators and other tools leave there, and checks that ensure
// neither adopts nor replaces it, get does not read it as an image, and delete leaves it.
func TestBaseImage_foreignVolumesAreNeverAdoptedDeletedOrDownloadedOver(t *testing.T) {
	admin := []byte("QFI\xfb an administrator's image")
	adminDigest := digestOf(admin)
	adminImage := fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(admin)), Content: admin}
	cases := []struct {
		name    string
		seed    func(fb *fake.Backend)
		foreign []string // the volumes named as not ours
		// byListingOnly: only a lookup that lists the pool sees what is wrong (with the digest
		// known, the image and that digest's marker prove themselves); stateProves: the old
		// marker holds the digest, which with state's record is the proof of an earlier version.
		byListingOnly, stateProves bool
	}{
		{"image and a sha256sum-format checksum file", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			sum := adminDigest + "  " + imgName + "\n"
			fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: uint64(len(sum)), Content: []byte(sum)})
		}, []string{imgName, imgLegacy}, false, false},
		{"image and a bare-digest checksum file", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 65, Content: []byte(adminDigest + "\n")})
		}, []string{imgName, imgLegacy}, false, true},
		{"a volume named like the claim, without the image", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgClaim, Format: "qcow2", Capacity: 1 << 20, Content: []byte("theirs")})
		}, []string{imgClaim}, false, false},
		{"image and a volume named like its digest marker that is not empty", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(adminDigest), Format: "raw", Capacity: 65, Content: []byte(adminDigest + "\n")})
		}, []string{imgMarker(adminDigest)}, false, false},
		{"image and a name in the markers' namespace of no form of ours", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgName + ".kvm2-sha256-" + strings.ToUpper(adminDigest), Format: "raw"})
		}, []string{imgName + ".kvm2-sha256-" + strings.ToUpper(adminDigest)}, false, false},
		{"image and two digest markers", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, adminImage)
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(adminDigest), Format: "raw"})
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker(strings.Repeat("0", 64)), Format: "raw"})
		}, []string{imgMarker(adminDigest), imgMarker(strings.Repeat("0", 64))}, true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
			tc.seed(e.fb)
			before := map[string]string{}
			for _, v := range e.volumes() {
				before[v] = e.content(v)
			}
			unchanged := func(step string) {
				t.Helper()
				after := e.volumes()
				if len(after) != len(before) {
					t.Fatalf("after %s: volumes = %v, want %v untouched", step, after, before)
				}
				for _, v := range after {
					if c, ok := before[v]; !ok || c != e.content(v) {
						t.Fatalf("after %s: volume %s changed or appeared", step, v)
					}
				}
			}

			shas := []string{"", adminDigest}
			if tc.byListingOnly {
				shas = shas[:1]
			}
			for _, sha := range shas {
				_, err := e.ensure(context.Background(), imgRequest(srv, sha))
				assertClass(t, err, kvmerr.Permanent)
				assertForeign(t, err, tc.foreign...)
				unchanged("ensure")
			}
			if n := srv.Requests(); n != 0 {
				t.Errorf("server saw %d requests: a foreign volume was downloaded over", n)
			}
			gets := [][]BaseImageOption{nil}
			if !tc.byListingOnly && !tc.stateProves {
				gets = append(gets, []BaseImageOption{Recorded(adminDigest, fake.DefaultPoolPath+"/"+imgName)})
			}
			for _, opts := range gets {
				_, err := e.get(opts...)
				assertClass(t, err, kvmerr.NotFound)
				unchanged("get")
			}
			if err := e.remove(); err != nil && !errors.As(err, new(*ForeignImageError)) {
				t.Fatalf("remove = %v, want nil or a refusal", err)
			}
			unchanged("remove")
		})
	}
}

// TestBaseImage_aUserVolumeUnderTheOldMarkerNameIsNotOurs: "<name>.sha256" beside an image of
// today's cache (or alone) is someone else's file: the cache neither needs nor touches it.
func TestBaseImage_aUserVolumeUnderTheOldMarkerNameIsNotOurs(t *testing.T) {
	userFile := fake.Volume{Name: imgLegacy, Format: "raw", Capacity: 6, Content: []byte("notes\n")}
	t.Run("beside a cached image", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
		digest := e.seedCached([]byte("base"))
		e.fb.AddVolume(imgPool, userFile)
		if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
			t.Fatal(err)
		}
		if _, err := e.get(); err != nil {
			t.Fatal(err)
		}
		if err := e.remove(Recorded(digest, fake.DefaultPoolPath+"/"+imgName)); err != nil {
			t.Fatal(err)
		}
		if v := e.volumes(); !slices.Equal(v, []string{imgLegacy}) || e.content(imgLegacy) != "notes\n" {
			t.Errorf("volumes = %v; the user's %s must stay as it was", v, imgLegacy)
		}
	})
	t.Run("alone", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		srv := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
		e.fb.AddVolume(imgPool, userFile)
		img, err := e.ensure(context.Background(), imgRequest(srv, ""))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.remove(); err != nil {
			t.Fatal(err)
		}
		if v := e.volumes(); !slices.Equal(v, []string{imgLegacy}) || e.content(imgLegacy) != "notes\n" || img.SHA256 == "" {
			t.Errorf("volumes = %v; the user's %s must stay as it was", v, imgLegacy)
		}
	})
}

func TestBaseImage_legacyImageWithStateProofMovesToTodaysMarkers(t *testing.T) {
	e := newImgEnv(t, Options{})
	content := []byte("cached by an earlier version")
	digest, path := e.seedLegacy(content)

	img, err := e.get(Recorded(digest, path))
	if err != nil {
		t.Fatal(err)
	}
	want := BaseImage{ID: e.ref().ID(), Host: imgHost, Pool: imgPool, Name: imgName, Path: path, Format: "qcow2",
		SizeBytes: uint64(len(content)), SHA256: digest}
	if img != want {
		t.Errorf("image = %+v\nwant    %+v (what state holds: no change in the plan)", img, want)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest)}) {
		t.Errorf("volumes = %v, want the image with today's digest marker and the old marker gone", v)
	}
	if vol, _ := e.fb.Volume(imgPool, imgName); string(vol.Content) != string(content) {
		t.Error("the image was replaced")
	}
	// From now on no volume is read: not by the record's lookup, nor by one without a record.
	e.fb.FailAlways("StorageVolDownload", errors.New("no read expected"))
	for _, opts := range [][]BaseImageOption{{Recorded(digest, path)}, nil} {
		if again, err := e.get(opts...); err != nil || again != want {
			t.Errorf("get after the move = %+v, %v", again, err)
		}
	}
	if _, err := e.ic.Resolve(context.Background(), e.fb, e.ref().ID()); err != nil {
		t.Errorf("resolveBase after the move: %v", err)
	}
}

func TestBaseImage_legacyImageWithoutProofIsForeign(t *testing.T) {
	cases := []struct {
		name string
		opts func(digest, path string) []BaseImageOption
	}{
		{"no record", func(string, string) []BaseImageOption { return nil }},
		{"record of another digest", func(_, path string) []BaseImageOption {
			return []BaseImageOption{Recorded(strings.Repeat("1", 64), path)}
		}},
		{"record of another path", func(digest, _ string) []BaseImageOption {
			return []BaseImageOption{Recorded(digest, "/elsewhere/"+imgName)}
		}},
		{"record without path", func(digest, _ string) []BaseImageOption {
			return []BaseImageOption{Recorded(digest, "")}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			digest, path := e.seedLegacy([]byte("cached"))
			opts := tc.opts(digest, path)
			_, err := e.get(opts...)
			assertClass(t, err, kvmerr.NotFound)
			assertForeign(t, err, imgName)
			if err := e.remove(opts...); err != nil {
				t.Fatal(err)
			}
			if v := e.volumes(); !slices.Equal(v, []string{imgName, imgLegacy}) {
				t.Errorf("volumes = %v, want both untouched", v)
			}
		})
	}
}

func TestBaseImage_legacyImageWithStateProofIsDeleted(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest, path := e.seedLegacy([]byte("cached"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "unrelated", Format: "raw", Capacity: 1})
	if err := e.remove(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"unrelated"}) {
		t.Errorf("volumes = %v, want the image and its old marker gone", v)
	}
}

// TestBaseImage_oldMarkerLeftByAFailedMoveIsDeletedWithTheImage: the move creates today's
// marker before it deletes the old one; when that delete fails, the refresh says so (and
// retries), and the resource's delete removes the old marker once its content proves it.
func TestBaseImage_oldMarkerLeftByAFailedMoveIsDeletedWithTheImage(t *testing.T) {
	e := newImgEnv(t, Options{})
	digest, path := e.seedLegacy([]byte("cached"))
	e.fb.FailFor("StorageVolDelete", imgPool+"/"+imgLegacy, rpcError(libvirt.ErrRPC))
	_, err := e.get(Recorded(digest, path))
	assertClass(t, err, kvmerr.Transient)
	e.fb.ClearFaults("")
	if _, err := e.get(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker(digest), imgLegacy}) {
		t.Fatalf("volumes = %v", v)
	}
	if err := e.remove(Recorded(digest, path)); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

// TestBaseImage_legacyMarkerReadFaults: the one read of an old marker is bounded and retried
// once on a fresh connection when it stalls; an empty read is read again; a read that stays
// empty is no verdict (Transient), so the image is neither taken for foreign nor changed.
func TestBaseImage_legacyMarkerReadFaults(t *testing.T) {
	t.Run("stall is retried on a fresh connection", func(t *testing.T) {
		e := newImgEnv(t, Options{MarkerTimeout: 10 * time.Millisecond})
		digest, path := e.seedLegacy([]byte("cached"))
		abandonedOnce(e.fb, "StorageVolDownload")
		if _, err := e.get(Recorded(digest, path)); err != nil {
			t.Fatal(err)
		}
		if n := e.pool.Acquired(imgHost); n != 2 {
			t.Errorf("pooled acquisitions = %d, want 2 (one retry)", n)
		}
	})
	t.Run("two stalls are transient", func(t *testing.T) {
		e := newImgEnv(t, Options{MarkerTimeout: 10 * time.Millisecond})
		digest, path := e.seedLegacy([]byte("cached"))
		abandonedOnce(e.fb, "StorageVolDownload")
		abandonedOnce(e.fb, "StorageVolDownload")
		_, err := e.get(Recorded(digest, path))
		assertClass(t, err, kvmerr.Transient)
		if !errors.Is(err, kvmerr.ErrAbandoned) || len(e.volumes()) != 2 {
			t.Errorf("err = %v, volumes %v; want the abandoned call's error and nothing changed", err, e.volumes())
		}
	})
	t.Run("an empty read is read again", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		digest, path := e.seedLegacy([]byte("cached"))
		b := &emptyReadOnce{Backend: e.fb}
		if _, err := e.ic.Get(context.Background(), singlePool{b}, e.ref(), Recorded(digest, path)); err != nil {
			t.Fatal(err)
		}
		if n := e.fb.Count("StorageVolDownload"); n != 1 {
			t.Errorf("downloads reaching the host = %d, want 1 after the empty one", n)
		}
	})
	t.Run("reads that stay empty are no verdict", func(t *testing.T) {
		e := newImgEnv(t, Options{})
		digest, path := e.seedLegacy([]byte("cached"))
		b := &emptyReads{Backend: e.fb}
		_, err := e.ic.Get(context.Background(), singlePool{b}, e.ref(), Recorded(digest, path))
		assertClass(t, err, kvmerr.Transient)
		if !errors.Is(err, errEmptyLegacyRead) || !slices.Equal(e.volumes(), []string{imgName, imgLegacy}) {
			t.Errorf("err = %v, volumes %v; want a retryable error and nothing changed", err, e.volumes())
		}
	})
}

// emptyReads is a connection whose volume downloads all deliver nothing.
type emptyReads struct{ *fake.Backend }

func (b *emptyReads) StorageVolDownload(context.Context, libvirt.StorageVol, io.Writer, uint64) error {
	return nil
}

// imagetest.QCOW2With is the test image's header changed by mutate, followed by some data.
func TestEnsureBaseImage_refusesImagesThatNameHostFiles(t *testing.T) {
	cases := []struct {
		name   string
		format string
		body   []byte
		text   string
	}{
		{"qcow2 with a backing file", "qcow2", imagetest.QCOW2With(func(h []byte) {
			binary.BigEndian.PutUint64(h[8:], 112)
			binary.BigEndian.PutUint32(h[16:], 11)
		}), "backing file"},
		{"qcow2 version 2 with a backing file", "qcow2", imagetest.QCOW2With(func(h []byte) {
			binary.BigEndian.PutUint32(h[4:], 2)
			binary.BigEndian.PutUint64(h[8:], 72)
		}), "backing file"},
		{"qcow2 with an external data file", "qcow2", imagetest.QCOW2With(func(h []byte) {
			binary.BigEndian.PutUint64(h[72:], qcow2ExternalDataFile)
		}), "external file"},
		{"qcow2 asked for, raw content", "qcow2", bytes.Repeat([]byte{0}, 8192), "not a qcow2 image"},
		{"qcow2 asked for, tiny body", "qcow2", []byte("QFI"), "not a qcow2 image"},
		{"qcow2 of an unknown version", "qcow2", imagetest.QCOW2With(func(h []byte) { binary.BigEndian.PutUint32(h[4:], 4) }), "version 4"},
		{"truncated qcow2 header", "qcow2", imagetest.QCOW2Header()[:90], "ends inside its qcow2 header"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			srv := imagetest.NewServer(t, imagetest.ServerConfig{Body: tc.body})
			req := imgRequest(srv, "")
			req.Format = tc.format
			_, err := e.ensure(context.Background(), req)
			assertClass(t, err, kvmerr.Permanent)
			if !errors.Is(err, ErrImageRefused) || !strings.Contains(err.Error(), tc.text) {
				t.Errorf("err = %v, want ErrImageRefused mentioning %q", err, tc.text)
			}
			if v := e.volumes(); len(v) != 0 {
				t.Errorf("volumes left: %v", v)
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 {
				t.Errorf("%d dedicated connections: the refusal must come before anything is written", n)
			}
		})
	}
}

func TestEnsureBaseImage_rawContentIsNotInspected(t *testing.T) {
	e := newImgEnv(t, Options{})
	body := imagetest.QCOW2With(func(h []byte) { binary.BigEndian.PutUint64(h[8:], 112) })
	srv := imagetest.NewServer(t, imagetest.ServerConfig{Body: body})
	req := imgRequest(srv, digestOf(body))
	req.Format = "raw" // the guest sees these bytes as a disk; the host never opens a backing file
	if _, err := e.ensure(context.Background(), req); err != nil {
		t.Fatal(err)
	}
}

func TestCheckImageHeader_passesEveryByteOn(t *testing.T) {
	body := append(imagetest.QCOW2Header(), bytes.Repeat([]byte("data"), 5000)...)
	r, err := checkImageHeader("qcow2", bytes.NewReader(body), "src")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, body) {
		t.Errorf("read %d bytes (%v), want the %d sent", len(got), err, len(body))
	}
	_, err = checkImageHeader("qcow2", iotest.ErrReader(errors.New("reset")), "src")
	assertClass(t, err, kvmerr.Transient)
}

func TestEnsureBaseImage_refusesARedirectFromHTTPSToHTTP(t *testing.T) {
	plain := imagetest.NewServer(t, imagetest.ServerConfig{Size: imgSize})
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/same-scheme" {
			http.Redirect(w, r, "/image", http.StatusFound)
			return
		}
		if r.URL.Path == "/image" {
			plain.ServeHTTP(w, r)
			return
		}
		http.Redirect(w, r, plain.URL(), http.StatusFound)
	}))
	t.Cleanup(tlsSrv.Close)

	e := newImgEnv(t, Options{HTTPClient: tlsSrv.Client()})
	_, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: tlsSrv.URL + "/downgrade"})
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "redirect from https") {
		t.Errorf("error %q should say the redirect to http was refused", err)
	}
	if n := plain.Requests(); n != 0 {
		t.Errorf("the http server saw %d requests, want 0", n)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}

	// A redirect that stays on https is followed.
	if _, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: tlsSrv.URL + "/same-scheme"}); err != nil {
		t.Fatalf("https to https redirect: %v", err)
	}
}

func TestRefuseDowngrade_keepsTheClientsOwnPolicy(t *testing.T) {
	own := errors.New("no redirects here")
	base := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return own }}
	c := refuseDowngrade(base)
	mk := func(u string) *http.Request {
		r, _ := http.NewRequest(http.MethodGet, u, nil)
		return r
	}
	if err := c.CheckRedirect(mk("http://b/x"), []*http.Request{mk("http://a/x")}); !errors.Is(err, own) {
		t.Errorf("http to http = %v, want the client's own verdict", err)
	}
	if err := c.CheckRedirect(mk("http://b/x"), []*http.Request{mk("https://a/x"), mk("https://a/y")}); !errors.As(err, new(*downgradeError)) {
		t.Errorf("https to http = %v, want a downgradeError", err)
	}
	if base.CheckRedirect == nil || c == base {
		t.Error("the caller's client was changed")
	}
}
