package kvm2

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const (
	imgHost   = "imghost"
	imgPool   = fake.DefaultPool
	imgName   = "debian-12"
	imgMarker = imgName + markerSuffix
	imgSize   = 300 << 10 // several HTTP chunks and several fake upload chunks
)

// imgPattern fills p with the deterministic content of a test image at offset off.
func imgPattern(off int64, p []byte) {
	for i := range p {
		x := off + int64(i)
		p[i] = byte(x*131 + x>>9)
	}
}

// imgDigest is the hex sha256 of the first size bytes of the test content.
func imgDigest(size int64) string {
	h := sha256.New()
	buf := make([]byte, 64<<10)
	for off := int64(0); off < size; {
		n := min(int64(len(buf)), size-off)
		imgPattern(off, buf[:n])
		h.Write(buf[:n])
		off += n
	}
	return hex.EncodeToString(h.Sum(nil))
}

// imgServerConfig shapes the test image server's answers.
type imgServerConfig struct {
	size       int64
	headStatus int   // 0: 200
	getStatus  int   // 0: 200
	noLength   bool  // GET answers chunked, HEAD without a length
	sendOnly   int64 // > 0: the GET declares size but sends only this many bytes
	holdAt     int64 // > 0: the GET pauses after this many bytes until release is closed
}

// imgServer serves the deterministic test image and records what it was asked.
type imgServer struct {
	cfg     imgServerConfig
	srv     *httptest.Server
	heads   atomic.Int32
	gets    atomic.Int32
	written atomic.Int64  // bytes of the GET body handed to the connection so far
	held    chan struct{} // closed when the GET reached holdAt
	release chan struct{} // close to let a held GET go on

	mu        sync.Mutex
	encodings []string
}

func newImgServer(t *testing.T, cfg imgServerConfig) *imgServer {
	t.Helper()
	s := &imgServer{cfg: cfg, held: make(chan struct{}), release: make(chan struct{})}
	s.srv = httptest.NewUnstartedServer(s)
	// Small socket buffers keep the kernel from holding megabytes between the server and the
	// client, so bytes in flight measure the client side.
	s.srv.Config.ConnState = func(c net.Conn, st http.ConnState) {
		if tc, ok := c.(*net.TCPConn); ok && st == http.StateNew {
			_ = tc.SetWriteBuffer(64 << 10)
		}
	}
	s.srv.Start()
	t.Cleanup(func() {
		s.unblock()
		s.srv.Close()
	})
	return s
}

// unblock lets a held GET continue (idempotent).
func (s *imgServer) unblock() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.release:
	default:
		close(s.release)
	}
}

func (s *imgServer) url() string { return s.srv.URL + "/images/debian-12.qcow2" }

func (s *imgServer) requests() int { return int(s.heads.Load() + s.gets.Load()) }

func (s *imgServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.encodings = append(s.encodings, r.Header.Get("Accept-Encoding"))
	s.mu.Unlock()
	switch r.Method {
	case http.MethodHead:
		s.heads.Add(1)
		if s.cfg.headStatus != 0 && s.cfg.headStatus != http.StatusOK {
			w.WriteHeader(s.cfg.headStatus)
			return
		}
		if !s.cfg.noLength {
			w.Header().Set("Content-Length", strconv.FormatInt(s.cfg.size, 10))
		}
		w.WriteHeader(http.StatusOK)
	case http.MethodGet:
		s.gets.Add(1)
		s.serveGet(w, r)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

func (s *imgServer) serveGet(w http.ResponseWriter, r *http.Request) {
	if s.cfg.getStatus != 0 && s.cfg.getStatus != http.StatusOK {
		w.WriteHeader(s.cfg.getStatus)
		return
	}
	if !s.cfg.noLength {
		w.Header().Set("Content-Length", strconv.FormatInt(s.cfg.size, 10))
	}
	w.WriteHeader(http.StatusOK)
	if s.cfg.noLength {
		w.(http.Flusher).Flush() // commits to chunked encoding
	}
	limit := s.cfg.size
	if s.cfg.sendOnly > 0 {
		limit = s.cfg.sendOnly
	}
	buf := make([]byte, 32<<10)
	held := false
	for off := int64(0); off < limit; {
		if s.cfg.holdAt > 0 && off >= s.cfg.holdAt && !held {
			held = true
			w.(http.Flusher).Flush()
			close(s.held)
			select {
			case <-s.release:
			case <-r.Context().Done():
				return
			}
		}
		n := min(int64(len(buf)), limit-off)
		imgPattern(off, buf[:n])
		if _, err := w.Write(buf[:n]); err != nil {
			return
		}
		off += n
		s.written.Store(off)
	}
}

// imgHTTPClient never reuses a test's connection elsewhere and keeps a small receive buffer.
func imgHTTPClient() *http.Client {
	dialer := &net.Dialer{}
	return &http.Client{Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dialer.DialContext(ctx, network, addr)
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetReadBuffer(64 << 10)
			}
			return c, err
		},
	}}
}

// imgLine is one captured log line.
type imgLine struct {
	level  Level
	msg    string
	fields map[string]any
}

// imgLog captures log lines.
type imgLog struct {
	mu    sync.Mutex
	lines []imgLine
}

func (l *imgLog) Log(_ context.Context, level Level, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, imgLine{level, msg, fields})
}

// matching returns the lines whose message is msg.
func (l *imgLog) matching(msg string) []imgLine {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []imgLine
	for _, ln := range l.lines {
		if ln.msg == msg {
			out = append(out, ln)
		}
	}
	return out
}

// text renders every line, for secret greps.
func (l *imgLog) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	for _, ln := range l.lines {
		fmt.Fprintf(&b, "%d %s %v\n", ln.level, ln.msg, ln.fields)
	}
	return b.String()
}

// imgEnv is an image cache on a fake host with one pool.
type imgEnv struct {
	fb   *fake.Backend
	pool *fake.Pool
	ic   *imageCache
	log  *imgLog
}

func newImgEnv(t *testing.T, opts imageCacheOptions) *imgEnv {
	t.Helper()
	fb := fake.New(imgHost)
	pool := fake.NewPool(fb)
	log := &imgLog{}
	if opts.Logger == nil {
		opts.Logger = log
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = imgHTTPClient()
	}
	e := &imgEnv{fb: fb, pool: pool, ic: newImageCache(opts), log: log}
	t.Cleanup(func() {
		if n := pool.Outstanding(); n != 0 {
			t.Errorf("%d pooled connections not released", n)
		}
		if n := pool.Unclosed(); n != 0 {
			t.Errorf("%d dedicated connections not closed", n)
		}
		if n := e.ic.locks.size(); n != 0 {
			t.Errorf("%d image locks left behind", n)
		}
	})
	return e
}

func (e *imgEnv) ensure(ctx context.Context, req BaseImageRequest) (BaseImage, error) {
	return e.ic.ensure(ctx, e.pool, HostConfig{Pool: imgPool}, req)
}

func imgRequest(s *imgServer, sha string) BaseImageRequest {
	return BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: s.url(), SHA256: sha}
}

func (e *imgEnv) volumes() []string { return e.fb.VolumeNames(imgPool) }

// seedCached puts a verified image of content into the pool, as an earlier ensure would.
func (e *imgEnv) seedCached(content []byte) string {
	sum := sha256.Sum256(content)
	digest := hex.EncodeToString(sum[:])
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: uint64(len(content)), Content: content})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65, Content: []byte(digest + "\n")})
	return digest
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
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	want := imgDigest(imgSize)

	img, err := e.ensure(context.Background(), imgRequest(srv, strings.ToUpper(want)))
	if err != nil {
		t.Fatal(err)
	}
	wantImg := BaseImage{
		ID: imgHost + "/" + imgPool + "/" + imgName, Host: imgHost, Pool: imgPool, Name: imgName,
		Path: fake.DefaultPoolPath + "/" + imgName, Format: "qcow2", SizeBytes: imgSize,
		SHA256: want, SourceURL: srv.url(),
	}
	if img != wantImg {
		t.Errorf("image = %+v\nwant    %+v", img, wantImg)
	}
	vol, _ := e.fb.Volume(imgPool, imgName)
	if vol.SHA256 != want || vol.Allocation != imgSize {
		t.Errorf("stored volume sha %s, %d bytes; want %s, %d", vol.SHA256, vol.Allocation, want, imgSize)
	}
	marker, ok := e.fb.Volume(imgPool, imgMarker)
	if !ok || string(marker.Content) != want+"\n" || marker.Format != "raw" {
		t.Errorf("marker = %+v (present %v), want raw with %q", marker, ok, want+"\n")
	}
	for _, enc := range srv.encodings {
		if enc != "identity" {
			t.Errorf("request sent Accept-Encoding %q, want identity", enc)
		}
	}
	if h, g := srv.heads.Load(), srv.gets.Load(); h != 1 || g != 1 {
		t.Errorf("server saw %d HEAD and %d GET, want 1 and 1", h, g)
	}
}

func TestEnsureBaseImage_withoutExpectedDigestRecordsObserved(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	img, err := e.ensure(context.Background(), imgRequest(srv, ""))
	if err != nil {
		t.Fatal(err)
	}
	if want := imgDigest(imgSize); img.SHA256 != want {
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
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, imgServerConfig{size: imgSize})
			digest := e.seedCached([]byte("cached image bytes"))

			img, err := e.ensure(context.Background(), imgRequest(srv, tc.expected(digest)))
			if err != nil {
				t.Fatal(err)
			}
			if n := srv.requests(); n != 0 {
				t.Errorf("server saw %d requests on a cache hit, want 0", n)
			}
			if n := len(e.pool.DedicatedBackends(imgHost)); n != 0 {
				t.Errorf("%d dedicated connections opened on a cache hit, want 0", n)
			}
			if img.SHA256 != digest || img.SizeBytes != uint64(len("cached image bytes")) || img.Format != "qcow2" {
				t.Errorf("image = %+v, want the cached one (sha %s)", img, digest)
			}
		})
	}
}

func TestEnsureBaseImage_markerFirstOnPooledUploadOnDedicated(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	pooled := e.fb.Calls()
	firstVolLookup := slices.IndexFunc(pooled, func(c fake.Call) bool { return c.Method == "StorageVolLookupByName" })
	if firstVolLookup < 0 || pooled[firstVolLookup].Target != imgPool+"/"+imgMarker {
		t.Errorf("first volume lookup on the pooled connection = %+v, want the marker %s", pooled, imgMarker)
	}
	for _, c := range pooled {
		if c.Method == "StorageVolCreateXML" || c.Method == "StorageVolUpload" {
			t.Errorf("pooled connection ran %s; writes belong on the dedicated one", c.Method)
		}
	}
	ded := e.pool.DedicatedBackends(imgHost)
	if len(ded) != 1 {
		t.Fatalf("%d dedicated connections, want 1", len(ded))
	}
	var writes []fake.Call
	for _, c := range ded[0].Calls() {
		switch c.Method {
		case "StorageVolCreateXML", "StorageVolUpload", "StoragePoolRefresh", "Close":
			writes = append(writes, c)
		}
	}
	want := []fake.Call{
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgMarker},
		{Method: "StorageVolCreateXML", Target: imgPool + "/" + imgName},
		{Method: "StorageVolUpload", Target: imgPool + "/" + imgName},
		{Method: "StoragePoolRefresh", Target: imgPool},
		{Method: "StorageVolUpload", Target: imgPool + "/" + imgMarker},
		{Method: "Close"},
	}
	if !slices.Equal(writes, want) {
		t.Errorf("dedicated writes = %v\nwant %v (empty marker first, digest last, connection closed)", writes, want)
	}
}

func TestEnsureBaseImage_digestMismatchIsPermanentAndLeavesNothing(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	wrong := strings.Repeat("ab", 32)

	_, err := e.ensure(context.Background(), imgRequest(srv, wrong))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), wrong) || !strings.Contains(err.Error(), imgDigest(imgSize)) {
		t.Errorf("error %q should name the expected and the observed digest", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after a mismatch: %v", v)
	}
}

func TestEnsureBaseImage_cachedWithOtherDigestIsPermanent(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	cached := e.seedCached([]byte("an older image"))

	_, err := e.ensure(context.Background(), imgRequest(srv, imgDigest(imgSize)))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), cached) || !strings.Contains(err.Error(), "another name") {
		t.Errorf("error %q should name the cached digest and ask for another name", err)
	}
	if n := srv.requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker}) {
		t.Errorf("volumes = %v; the cached image must stay", v)
	}
}

func TestEnsureBaseImage_debrisIsReplaced(t *testing.T) {
	digest := imgDigest(imgSize)
	cases := []struct {
		name string
		seed func(fb *fake.Backend)
	}{
		{"marker that is not a digest", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 9, Content: []byte("garbage!\n")})
		}},
		{"marker longer than a digest", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 200, Content: []byte(strings.Repeat(digest, 3))})
		}},
		{"empty marker", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65})
		}},
		{"empty marker without volume", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65})
		}},
		{"marker without volume", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65, Content: []byte(digest + "\n")})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, imgServerConfig{size: imgSize})
			tc.seed(e.fb)

			img, err := e.ensure(context.Background(), imgRequest(srv, digest))
			if err != nil {
				t.Fatal(err)
			}
			if srv.gets.Load() != 1 || img.SHA256 != digest {
				t.Errorf("GETs = %d, sha = %s; want a refetch verified as %s", srv.gets.Load(), img.SHA256, digest)
			}
			marker, _ := e.fb.Volume(imgPool, imgMarker)
			if string(marker.Content) != digest+"\n" {
				t.Errorf("marker content = %q, want the new digest", marker.Content)
			}
			if len(e.log.matching("deleting an unfinished base image before fetching it again")) != 1 {
				t.Errorf("debris deletion was not logged:\n%s", e.log.text())
			}
		})
	}
}

func TestEnsureBaseImage_volumeWithoutMarkerIsNotTouched(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("someone's")})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "another name") || !strings.Contains(err.Error(), imgMarker) {
		t.Errorf("error %q should explain the missing marker and suggest another name", err)
	}
	if v, _ := e.fb.Volume(imgPool, imgName); string(v.Content) != "someone's" || len(e.volumes()) != 1 {
		t.Errorf("volumes = %v; a volume the cache did not write must stay as it was", e.volumes())
	}
	if n := srv.requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
}

func TestEnsureBaseImage_debrisUnderADomainIsLeftAlone(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgName, Format: "qcow2", Capacity: 10, Content: []byte("partial")})
	e.fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65})
	e.fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(fake.DefaultPoolPath+"/"+imgName))})

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "domain vm1") {
		t.Errorf("error %q should name the domain", err)
	}
	if v := e.volumes(); len(v) != 2 || srv.requests() != 0 {
		t.Errorf("volumes = %v after %d requests; nothing may be deleted or fetched", v, srv.requests())
	}
}

func TestEnsureBaseImage_unreadableMarkerIsAnErrorNotDebris(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	e.seedCached([]byte("cached"))
	e.fb.FailAlways("StorageVolDownload", rpcError(libvirt.ErrRPC))

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker}) {
		t.Errorf("volumes = %v; a failed read must not delete the cache", v)
	}
	if n := srv.requests(); n != 0 {
		t.Errorf("server saw %d requests, want 0", n)
	}
}

func TestEnsureBaseImage_httpFailures(t *testing.T) {
	cases := []struct {
		name string
		cfg  imgServerConfig
		want kvmerr.Class
		text string
	}{
		{"content length 0", imgServerConfig{size: 0}, kvmerr.Permanent, "Content-Length 0"},
		{"no content length", imgServerConfig{size: imgSize, noLength: true}, kvmerr.Permanent, "no Content-Length"},
		{"404", imgServerConfig{size: imgSize, headStatus: 404, getStatus: 404}, kvmerr.Permanent, "404"},
		{"403", imgServerConfig{size: imgSize, headStatus: 403, getStatus: 403}, kvmerr.Permanent, "403"},
		{"503", imgServerConfig{size: imgSize, headStatus: 503, getStatus: 503}, kvmerr.Transient, "503"},
		{"500 on GET after HEAD ok", imgServerConfig{size: imgSize, getStatus: 500}, kvmerr.Transient, "500"},
		{"429", imgServerConfig{size: imgSize, headStatus: 429, getStatus: 429}, kvmerr.Transient, "429"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, tc.cfg)
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
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	url := srv.url()
	srv.srv.Close()

	_, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: url})
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_headFallsBackToGet(t *testing.T) {
	cases := []struct {
		name string
		cfg  imgServerConfig
	}{
		{"HEAD 405", imgServerConfig{size: imgSize, headStatus: http.StatusMethodNotAllowed}},
		{"HEAD 500", imgServerConfig{size: imgSize, headStatus: http.StatusInternalServerError}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, tc.cfg)
			img, err := e.ensure(context.Background(), imgRequest(srv, imgDigest(imgSize)))
			if err != nil {
				t.Fatal(err)
			}
			if g := srv.gets.Load(); g != 1 {
				t.Errorf("server saw %d GETs, want exactly 1 (the size comes from it)", g)
			}
			if img.SizeBytes != imgSize {
				t.Errorf("size = %d, want %d", img.SizeBytes, imgSize)
			}
		})
	}
}

func TestEnsureBaseImage_shortBodyIsTransientAndLeavesNothing(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize, sendOnly: imgSize / 2})
	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestEnsureBaseImage_cancelMidDownloadCleansUp(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize, holdAt: imgSize / 3})
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
		t.Errorf("pooled StorageVolDelete calls = %d, want 2 (cleanup despite the cancelled ctx)", n)
	}
}

func TestEnsureBaseImage_downloadCapEndsAStalledTransfer(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{DownloadCap: 100 * time.Millisecond})
	srv := newImgServer(t, imgServerConfig{size: imgSize, holdAt: imgSize / 3})

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
	cases := []struct {
		name   string
		inject func(b *fake.Backend)
		want   kvmerr.Class
	}{
		{"marker create done but its reply lost", func(b *fake.Backend) {
			b.Inject("StorageVolCreateXML", func(context.Context, fake.Call) error {
				b.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 65})
				return nil
			})
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgMarker, rpc)
		}, kvmerr.Transient},
		{"image create fails", func(b *fake.Backend) {
			b.FailFor("StorageVolCreateXML", imgPool+"/"+imgName, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"upload fails", func(b *fake.Backend) { b.FailAlways("StorageVolUpload", rpc) }, kvmerr.Transient},
		{"refresh fails", func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpc) }, kvmerr.Transient},
		{"digest write fails", func(b *fake.Backend) {
			b.FailFor("StorageVolUpload", imgPool+"/"+imgMarker, rpcError(libvirt.ErrOperationFailed))
		}, kvmerr.Classify(rpcError(libvirt.ErrOperationFailed))},
		{"reading the result back fails", func(b *fake.Backend) { b.FailAlways("StorageVolGetXMLDesc", rpc) }, kvmerr.Transient},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, imgServerConfig{size: imgSize})
			e.pool.OnDedicated(tc.inject)

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if v := e.volumes(); len(v) != 0 {
				t.Errorf("volumes left: %v", v)
			}
		})
	}
}

// appearsMeanwhile makes the create of volume name find it taken, as when another writer made
// it between the cache lookup and the create.
func appearsMeanwhile(b *fake.Backend, name string) {
	b.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
		if c.Target != imgPool+"/"+name {
			return nil
		}
		b.AddVolume(imgPool, fake.Volume{Name: name, Format: "raw", Capacity: 65, Content: []byte("theirs")})
		return fake.LibvirtError(libvirt.ErrStorageVolExist, "storage volume '%s' exists already", name)
	})
}

func TestEnsureBaseImage_volumesAnotherWriterCreatedAreNotDeleted(t *testing.T) {
	cases := []struct {
		name    string
		appears string
		want    kvmerr.Class
		left    []string
	}{
		{"marker: another writer caches the same image", imgMarker, kvmerr.Transient, []string{imgMarker}},
		{"image: a foreign volume took the name", imgName, kvmerr.Permanent, []string{imgName}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, imgServerConfig{size: imgSize})
			e.pool.OnDedicated(func(b *fake.Backend) { appearsMeanwhile(b, tc.appears) })

			_, err := e.ensure(context.Background(), imgRequest(srv, ""))
			assertClass(t, err, tc.want)
			if !strings.Contains(err.Error(), "appeared") {
				t.Errorf("error %q should say the volume appeared meanwhile", err)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v: only what this fetch created may be deleted", v, tc.left)
			}
			if v, _ := e.fb.Volume(imgPool, tc.appears); string(v.Content) != "theirs" {
				t.Errorf("the other writer's %s was changed", tc.appears)
			}
		})
	}
}

func TestEnsureBaseImage_failedCleanupIsLoggedAndRetryCompletes(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	e.pool.OnDedicated(func(b *fake.Backend) { b.FailAlways("StoragePoolRefresh", rpcError(libvirt.ErrRPC)) })
	e.fb.FailAlways("StorageVolDelete", rpcError(libvirt.ErrRPC))

	_, err := e.ensure(context.Background(), imgRequest(srv, ""))
	assertClass(t, err, kvmerr.Transient)
	if len(e.log.matching("could not delete a partly written base image; the next ensure deletes it")) != 1 {
		t.Errorf("failed cleanup not logged:\n%s", e.log.text())
	}
	if v := e.volumes(); !slices.Equal(v, []string{imgName, imgMarker}) {
		t.Fatalf("volumes = %v, want the unfinished image left by the failed cleanup", v)
	}

	e.pool.OnDedicated(nil)
	e.fb.ClearFaults("")
	img, err := e.ensure(context.Background(), imgRequest(srv, imgDigest(imgSize)))
	if err != nil {
		t.Fatal(err)
	}
	if img.SHA256 != imgDigest(imgSize) || srv.gets.Load() != 2 {
		t.Errorf("retry: sha %s after %d GETs; want a fresh verified fetch", img.SHA256, srv.gets.Load())
	}
}

func TestEnsureBaseImage_dedicatedDialFailureWritesNothing(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
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
		cfg  imgServerConfig
		gets int32
	}{
		{"size from HEAD: no GET at all", imgServerConfig{size: imgSize}, 0},
		{"size from GET after a refused HEAD", imgServerConfig{size: imgSize, headStatus: 405}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			srv := newImgServer(t, tc.cfg)
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
			if g := srv.gets.Load(); g != tc.gets {
				t.Errorf("GETs = %d, want %d", g, tc.gets)
			}
		})
	}
}

func TestEnsureBaseImage_exactFitPasses(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = imgSize + 65 })
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
		{"empty name", BaseImageRequest{SourceURL: okURL}, "volume name"},
		{"slash in name", BaseImageRequest{Name: "a/b", SourceURL: okURL}, "volume name"},
		{"marker suffix", BaseImageRequest{Name: "x" + markerSuffix, SourceURL: okURL}, "reserved"},
		{"format", BaseImageRequest{Name: imgName, SourceURL: okURL, Format: "vmdk"}, "format"},
		{"short digest", BaseImageRequest{Name: imgName, SourceURL: okURL, SHA256: "abc"}, "sha256"},
		{"ftp URL", BaseImageRequest{Name: imgName, SourceURL: "ftp://x/y"}, "source URL"},
		{"relative URL", BaseImageRequest{Name: imgName, SourceURL: "/images/y"}, "source URL"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
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

func TestEnsureBaseImage_missingPoolIsPermanent(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	req := imgRequest(srv, "")
	req.Pool = "nosuchpool"
	_, err := e.ensure(context.Background(), req)
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "nosuchpool") {
		t.Errorf("error %q should name the pool", err)
	}
}

func TestEnsureBaseImage_rawFormatAndPoolFromRequest(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.fb.AddPool(fake.StoragePool{Name: "images", Active: true, Capacity: 1 << 30, Available: 1 << 30})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	req := imgRequest(srv, "")
	req.Pool, req.Format = "images", "raw"

	img, err := e.ensure(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if img.Pool != "images" || img.Format != "raw" || img.ID != imgHost+"/images/"+imgName {
		t.Errorf("image = %+v, want raw in pool images", img)
	}
	if v := e.fb.VolumeNames("images"); !slices.Equal(v, []string{imgName, imgMarker}) {
		t.Errorf("volumes of pool images = %v", v)
	}
}

func TestEnsureBaseImage_secondCallerWaitsThenHitsTheCache(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize, holdAt: imgSize / 2})
	req := imgRequest(srv, imgDigest(imgSize))

	type result struct {
		img BaseImage
		err error
	}
	first := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		first <- result{img, err}
	}()
	<-srv.held
	second := make(chan result, 1)
	go func() {
		img, err := e.ensure(context.Background(), req)
		second <- result{img, err}
	}()
	waitForLockRefs(t, e.ic.locks, imgHost+"/"+imgPool+"/"+imgName, 2)
	srv.unblock()

	r1, r2 := <-first, <-second
	if r1.err != nil || r2.err != nil {
		t.Fatalf("errors: %v, %v", r1.err, r2.err)
	}
	if r1.img != r2.img {
		t.Errorf("second caller got %+v, want the first's %+v", r2.img, r1.img)
	}
	if g := srv.gets.Load(); g != 1 {
		t.Errorf("GETs = %d, want 1: the second caller must hit the cache", g)
	}
}

// waitForLockRefs waits until key has want holders and waiters.
func waitForLockRefs(t *testing.T, l *keyedLocks, key string, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		l.mu.Lock()
		e := l.entries[key]
		n := 0
		if e != nil {
			n = e.refs
		}
		l.mu.Unlock()
		if n == want {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("lock %s never reached %d holders and waiters", key, want)
}

func TestEnsureBaseImage_waiterGivesUpWithItsContext(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	srv := newImgServer(t, imgServerConfig{size: imgSize, holdAt: imgSize / 2})
	req := imgRequest(srv, "")
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), req)
		first <- err
	}()
	<-srv.held

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := e.ensure(ctx, req)
	assertClass(t, err, kvmerr.Transient)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "waiting for another operation") {
		t.Errorf("err = %v, want the waiter's deadline while waiting for the lock", err)
	}
	srv.unblock()
	if err := <-first; err != nil {
		t.Fatalf("first caller: %v", err)
	}
}

func TestEnsureBaseImage_differentImagesDoNotWaitForEachOther(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	held := newImgServer(t, imgServerConfig{size: imgSize, holdAt: imgSize / 2})
	free := newImgServer(t, imgServerConfig{size: imgSize})
	first := make(chan error, 1)
	go func() {
		_, err := e.ensure(context.Background(), imgRequest(held, ""))
		first <- err
	}()
	<-held.held

	other := BaseImageRequest{Host: imgHost, Name: "alpine", SourceURL: free.url()}
	if _, err := e.ensure(context.Background(), other); err != nil {
		t.Fatalf("an unrelated image waited or failed: %v", err)
	}
	held.unblock()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
}

func TestEnsureBaseImage_streamsWithBoundedBytesInFlight(t *testing.T) {
	const size = 64 << 20
	const bound = 4 << 20
	e := newImgEnv(t, imageCacheOptions{})
	e.fb.DiscardUploads(true)
	srv := newImgServer(t, imgServerConfig{size: size})

	var mu sync.Mutex
	var atStart int64 = -1
	var maxInFlight int64
	e.pool.OnDedicated(func(b *fake.Backend) {
		b.OnUpload(func(v libvirt.StorageVol, sent uint64) {
			if v.Name != imgName {
				return
			}
			written := srv.written.Load()
			mu.Lock()
			defer mu.Unlock()
			if atStart < 0 {
				atStart = written
			}
			maxInFlight = max(maxInFlight, written-int64(sent))
		})
	})

	img, err := e.ensure(context.Background(), imgRequest(srv, imgDigest(size)))
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
	e := newImgEnv(t, imageCacheOptions{ProgressEvery: time.Nanosecond})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	progress := e.log.matching("base image upload progress")
	if len(progress) < 2 {
		t.Fatalf("%d progress lines, want several:\n%s", len(progress), e.log.text())
	}
	last := progress[len(progress)-1]
	if last.level != LevelInfo || last.fields["bytes"] != uint64(imgSize) || last.fields["percent"] != 100 ||
		last.fields["total_bytes"] != uint64(imgSize) || last.fields["volume"] != imgName {
		t.Errorf("last progress line = %+v, want INFO at 100%% of %d bytes", last, imgSize)
	}
	if _, ok := last.fields["rate_mib_s"].(float64); !ok {
		t.Errorf("progress line has no rate: %+v", last.fields)
	}
	done := e.log.matching("base image cached")
	if len(done) != 1 || done[0].fields["sha256"] != imgDigest(imgSize) {
		t.Errorf("result lines = %+v, want one naming the digest", done)
	}
}

func TestEnsureBaseImage_progressIsThrottled(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{ProgressEvery: time.Hour})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	if _, err := e.ensure(context.Background(), imgRequest(srv, "")); err != nil {
		t.Fatal(err)
	}
	if n := len(e.log.matching("base image upload progress")); n != 0 {
		t.Errorf("%d progress lines within one interval, want 0", n)
	}
}

func TestEnsureBaseImage_urlCredentialsStayOutOfLogsAndErrors(t *testing.T) {
	const secret = "s3cr3t-token"
	e := newImgEnv(t, imageCacheOptions{ProgressEvery: time.Nanosecond})
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	signed := strings.Replace(srv.url(), "http://", "http://user:"+secret+"@", 1) + "?sig=" + secret

	img, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: signed})
	if err != nil {
		t.Fatal(err)
	}
	if img.SourceURL != signed {
		t.Errorf("SourceURL = %q, want the caller's URL back", img.SourceURL)
	}
	_, err = e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: signed, SHA256: strings.Repeat("0", 64)})
	assertClass(t, err, kvmerr.Permanent)
	failing := newImgServer(t, imgServerConfig{size: imgSize, headStatus: 404, getStatus: 404})
	_, err2 := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: "other", SourceURL: failing.url() + "?sig=" + secret})
	assertClass(t, err2, kvmerr.Permanent)
	for _, text := range []string{e.log.text(), err.Error(), err2.Error()} {
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
		want    baseRef
		wantErr bool
	}{
		{"lab/default/debian-12", baseRef{"lab", "default", "debian-12"}, false},
		{"lab/images/debian-12.qcow2", baseRef{"lab", "images", "debian-12.qcow2"}, false},
		{"lab/default", baseRef{}, true},
		{"lab/default/a/b", baseRef{}, true},
		{"lab//debian", baseRef{}, true},
		{"lab/default/", baseRef{}, true},
		{"lab/default/x.sha256", baseRef{}, true},
		{"lab/default/.hidden", baseRef{}, true},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			got, err := parseBaseRef(tc.id)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("parseBaseRef(%q) = %+v, %v; want %+v, error %v", tc.id, got, err, tc.want, tc.wantErr)
			}
			if err == nil && got.ID() != tc.id {
				t.Errorf("ID() = %q, want %q back", got.ID(), tc.id)
			}
		})
	}
}

func TestGetBaseImage(t *testing.T) {
	content := []byte("cached image bytes")
	sum := sha256.Sum256(content)
	digest := hex.EncodeToString(sum[:])
	cases := []struct {
		name   string
		mutate func(fb *fake.Backend)
		want   kvmerr.Class // 0: found
	}{
		{"verified", func(*fake.Backend) {}, 0},
		{"volume missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, kvmerr.NotFound},
		{"marker missing", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker) }, kvmerr.NotFound},
		{"marker not a digest", func(fb *fake.Backend) {
			fb.AddVolume(imgPool, fake.Volume{Name: imgMarker, Format: "raw", Capacity: 5, Content: []byte("oops\n")})
		}, kvmerr.NotFound},
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, kvmerr.NotFound},
		{"connection fails", func(fb *fake.Backend) { fb.FailAlways("StorageVolLookupByName", rpcError(libvirt.ErrRPC)) }, kvmerr.Transient},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			e.seedCached(content)
			tc.mutate(e.fb)
			img, err := e.ic.get(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
			if tc.want != 0 {
				assertClass(t, err, tc.want)
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
			if n := e.fb.Count("StorageVolUpload") + e.fb.Count("StorageVolDelete"); n != 0 {
				t.Errorf("get wrote to the pool (%d writes)", n)
			}
		})
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
		{"not cached", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) { e.fb.RemoveVolume(imgPool, imgMarker) }, kvmerr.Permanent, "not cached"},
		{"other host", "elsewhere/" + imgPool + "/" + imgName, func(*imgEnv) {}, kvmerr.Permanent, "its own host"},
		{"malformed", "nonsense", func(*imgEnv) {}, kvmerr.Permanent, "host/pool/name"},
		{"transient stays transient", imgHost + "/" + imgPool + "/" + imgName, func(e *imgEnv) {
			e.pool.OnDedicated(func(d *fake.Backend) { d.FailAlways("StorageVolDownload", rpcError(libvirt.ErrRPC)) })
		}, kvmerr.Transient, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			digest := e.seedCached([]byte("base"))
			tc.mutate(e)
			c := &Client{images: e.ic, pool: e.pool}
			img, err := c.resolveBase(context.Background(), e.fb, tc.id)
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

func TestResolveBase_readsOnDedicatedConnectionsAndRetriesAStall(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{MarkerTimeout: 50 * time.Millisecond})
	digest := e.seedCached([]byte("base"))
	// The first dedicated connection's marker read stalls until its budget ends.
	var dialed atomic.Int32
	e.pool.OnDedicated(func(d *fake.Backend) {
		if dialed.Add(1) == 1 {
			abandonedOnce(d, "StorageVolDownload")
		}
	})
	c := &Client{images: e.ic, pool: e.pool}
	img, err := c.resolveBase(context.Background(), e.fb, imgHost+"/"+imgPool+"/"+imgName)
	if err != nil || img.SHA256 != digest {
		t.Fatalf("resolveBase = %+v, %v", img, err)
	}
	ded := e.pool.DedicatedBackends(imgHost)
	if len(ded) != 2 || !ded[0].Closed() || !ded[1].Closed() {
		t.Fatalf("dedicated connections %d, want 2, both closed", len(ded))
	}
	if n := e.fb.Count("StorageVolDownload"); n != 0 {
		t.Fatalf("pooled connection read the marker %d times", n)
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

func TestBaseImage_stalledMarkerReadIsRetriedOnAFreshConnection(t *testing.T) {
	cases := []struct {
		name string
		run  func(e *imgEnv) error
	}{
		{"get", func(e *imgEnv) error {
			_, err := e.ic.get(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
			return err
		}},
		{"ensure", func(e *imgEnv) error {
			_, err := e.ensure(context.Background(), BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: "http://unused.invalid/x"})
			return err
		}},
		{"remove", func(e *imgEnv) error {
			return e.ic.remove(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{MarkerTimeout: 10 * time.Millisecond})
			e.seedCached([]byte("base"))
			abandonedOnce(e.fb, "StorageVolDownload")
			if err := tc.run(e); err != nil {
				t.Fatal(err)
			}
			if n := e.pool.Acquired(imgHost); n != 2 {
				t.Errorf("pooled acquisitions = %d, want 2 (one retry)", n)
			}
		})
	}
}

func TestBaseImage_stalledMarkerReadTwiceIsTransient(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{MarkerTimeout: 10 * time.Millisecond})
	e.seedCached([]byte("base"))
	abandonedOnce(e.fb, "StorageVolDownload")
	abandonedOnce(e.fb, "StorageVolDownload")
	_, err := e.ic.get(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
	assertClass(t, err, kvmerr.Transient)
	if !errors.Is(err, kvmerr.ErrAbandoned) {
		t.Errorf("err = %v, want the abandoned call's error", err)
	}
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

func TestBaseImage_emptyMarkerReadIsReadAgainBeforeBelieved(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	digest := e.seedCached([]byte("base"))
	b := &emptyReadOnce{Backend: e.fb}

	img, err := e.ic.get(context.Background(), singlePool{b}, baseRef{imgHost, imgPool, imgName})
	if err != nil || img.SHA256 != digest {
		t.Fatalf("get = %+v, %v; want the verified image", img, err)
	}
	if n := e.fb.Count("StorageVolDownload"); n != 1 {
		t.Errorf("downloads reaching the host = %d, want 1 after the empty one", n)
	}
}

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
	overlayPath := fake.DefaultPoolPath + "/vm1.qcow2"
	addOverlay := func(fb *fake.Backend) {
		fb.AddVolume(imgPool, fake.Volume{Name: "vm1.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
	}
	cases := []struct {
		name  string
		setup func(fb *fake.Backend)
		users []string
	}{
		{"domain on an overlay", func(fb *fake.Backend) {
			addOverlay(fb)
			fb.AddDomain(fake.Domain{Name: "vm1", XML: imgDomainXML("vm1", fileDisk(overlayPath), fileDisk("/seed/vm1.iso"))})
		}, []string{"domain vm1"}},
		{"domain on the image itself", func(fb *fake.Backend) {
			fb.AddDomain(fake.Domain{Name: "raw-user", XML: imgDomainXML("raw-user", fileDisk(basePath))})
		}, []string{"domain raw-user"}},
		{"running domain whose backing chain reaches the image", func(fb *fake.Backend) {
			disk := fmt.Sprintf("<disk type='file' device='disk'><source file='/other/pool/vm2.qcow2'/>"+
				"<backingStore type='file'><format type='qcow2'/><source file='%s'/></backingStore></disk>", basePath)
			fb.AddDomain(fake.Domain{Name: "vm2", State: libvirt.DomainRunning, XML: imgDomainXML("vm2", disk)})
		}, []string{"domain vm2"}},
		{"domain naming the overlay by pool and volume", func(fb *fake.Backend) {
			addOverlay(fb)
			disk := fmt.Sprintf("<disk type='volume' device='disk'><source pool='%s' volume='vm1.qcow2'/></disk>", imgPool)
			fb.AddDomain(fake.Domain{Name: "vm3", XML: imgDomainXML("vm3", disk)})
		}, []string{"domain vm3"}},
		{"overlay no domain uses", addOverlay, []string{"volume vm1.qcow2"}},
		{"several domains, sorted", func(fb *fake.Backend) {
			addOverlay(fb)
			fb.AddDomain(fake.Domain{Name: "zeta", XML: imgDomainXML("zeta", fileDisk(overlayPath))})
			fb.AddDomain(fake.Domain{Name: "alpha", XML: imgDomainXML("alpha", fileDisk(basePath))})
			fb.AddDomain(fake.Domain{Name: "bystander", XML: imgDomainXML("bystander", fileDisk("/elsewhere.qcow2"))})
		}, []string{"domain alpha", "domain zeta"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, imageCacheOptions{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			before := e.volumes()

			err := e.ic.remove(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
			assertClass(t, err, kvmerr.Permanent)
			if !strings.Contains(err.Error(), strings.Join(tc.users, ", ")) {
				t.Errorf("error %q should name %v", err, tc.users)
			}
			if after := e.volumes(); !slices.Equal(after, before) {
				t.Errorf("volumes changed from %v to %v while refusing", before, after)
			}
		})
	}
}

func TestDeleteBaseImage_unreadableDomainRefuses(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "weird", XML: "<domain><devices><disk"})
	err := e.ic.remove(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName})
	assertClass(t, err, kvmerr.Permanent)
	if !strings.Contains(err.Error(), "weird") || len(e.volumes()) != 2 {
		t.Errorf("err = %v, volumes %v; want a refusal naming the domain and nothing deleted", err, e.volumes())
	}
}

func TestDeleteBaseImage_domainGoneWhileListingIsSkipped(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.seedCached([]byte("base"))
	e.fb.AddDomain(fake.Domain{Name: "leaving", XML: imgDomainXML("leaving", fileDisk("/x.qcow2"))})
	e.fb.FailFor("DomainGetXMLDesc", "leaving", rpcError(libvirt.ErrNoDomain))
	if err := e.ic.remove(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName}); err != nil {
		t.Fatal(err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left: %v", v)
	}
}

func TestDeleteBaseImage_deletesImageThenMarkerAndIsIdempotent(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.seedCached([]byte("base"))
	e.fb.AddVolume(imgPool, fake.Volume{Name: "unrelated.qcow2", Format: "qcow2", Capacity: 1})
	ref := baseRef{imgHost, imgPool, imgName}

	for i := range 2 {
		if err := e.ic.remove(context.Background(), e.pool, ref); err != nil {
			t.Fatalf("remove #%d: %v", i+1, err)
		}
	}
	var deletes []string
	for _, c := range e.fb.Calls() {
		if c.Method == "StorageVolDelete" {
			deletes = append(deletes, c.Target)
		}
	}
	if want := []string{imgPool + "/" + imgName, imgPool + "/" + imgMarker}; !slices.Equal(deletes, want) {
		t.Errorf("deletes = %v, want %v (image, then marker, nothing the second time)", deletes, want)
	}
	if v := e.volumes(); !slices.Equal(v, []string{"unrelated.qcow2"}) {
		t.Errorf("volumes = %v, want only the unrelated one", v)
	}
}

func TestDeleteBaseImage_goneStatesAreFine(t *testing.T) {
	cases := []struct {
		name  string
		setup func(fb *fake.Backend)
		left  []string
	}{
		{"pool missing", func(fb *fake.Backend) { fb.RemovePool(imgPool) }, nil},
		{"only the marker left", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgName) }, nil},
		{"a volume without marker is not ours", func(fb *fake.Backend) { fb.RemoveVolume(imgPool, imgMarker) }, []string{imgName}},
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
			e := newImgEnv(t, imageCacheOptions{})
			e.seedCached([]byte("base"))
			tc.setup(e.fb)
			if err := e.ic.remove(context.Background(), e.pool, baseRef{imgHost, imgPool, imgName}); err != nil {
				t.Fatalf("remove = %v, want nil", err)
			}
			if v := e.volumes(); !slices.Equal(v, tc.left) {
				t.Errorf("volumes = %v, want %v", v, tc.left)
			}
		})
	}
}

func TestDeleteBaseImage_interruptedNeverLeavesAVerifiedClaim(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.seedCached([]byte("base"))
	ref := baseRef{imgHost, imgPool, imgName}
	e.fb.FailFor("StorageVolDelete", imgPool+"/"+imgMarker, rpcError(libvirt.ErrRPC))

	err := e.ic.remove(context.Background(), e.pool, ref)
	assertClass(t, err, kvmerr.Transient)
	if v := e.volumes(); !slices.Equal(v, []string{imgMarker}) {
		t.Fatalf("volumes = %v, want the marker alone after the interrupted remove", v)
	}
	_, err = e.ic.get(context.Background(), e.pool, ref)
	assertClass(t, err, kvmerr.NotFound)

	e.fb.ClearFaults("")
	if err := e.ic.remove(context.Background(), e.pool, ref); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("volumes left after the retry: %v", v)
	}
}

func TestPoolFree(t *testing.T) {
	e := newImgEnv(t, imageCacheOptions{})
	e.fb.UpdatePool(imgPool, func(p *fake.StoragePool) { p.Available = 12345 })
	free, err := e.ic.poolFree(context.Background(), e.pool, imgHost, imgPool)
	if err != nil || free != 12345 {
		t.Errorf("poolFree = %d, %v; want 12345", free, err)
	}
	_, err = e.ic.poolFree(context.Background(), e.pool, imgHost, "nosuchpool")
	assertClass(t, err, kvmerr.NotFound)
}

func TestClientBaseImageMethods(t *testing.T) {
	fb := fake.New(imgHost)
	pool := fake.NewPool(fb)
	cfg := Config{Hosts: map[string]HostConfig{imgHost: {
		Address: "127.0.0.1", PrivateKey: "unused", HostKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeFakeFakeFakeFakeFakeFakeFakeFakeFakeFake",
	}}}
	c, err := New(cfg, WithPool(pool), WithHTTPClient(imgHTTPClient()))
	if err != nil {
		t.Fatal(err)
	}
	srv := newImgServer(t, imgServerConfig{size: imgSize})
	ctx := context.Background()

	img, err := c.EnsureBaseImage(ctx, BaseImageRequest{Host: imgHost, Name: imgName, SourceURL: srv.url()})
	if err != nil {
		t.Fatal(err)
	}
	if img.Pool != DefaultPool {
		t.Errorf("pool = %q, want the host's default", img.Pool)
	}
	got, err := c.GetBaseImage(ctx, img.ID)
	if err != nil || got.SHA256 != img.SHA256 {
		t.Errorf("GetBaseImage = %+v, %v; want the ensured image", got, err)
	}
	if free, err := c.PoolFree(ctx, imgHost, ""); err != nil || free != fake.DefaultPoolAvailable-imgSize-65 {
		t.Errorf("PoolFree = %d, %v; want the default pool's free bytes", free, err)
	}
	if err := c.DeleteBaseImage(ctx, img.ID); err != nil {
		t.Fatal(err)
	}
	_, err = c.GetBaseImage(ctx, img.ID)
	assertClass(t, err, kvmerr.NotFound)
	_, err = c.EnsureBaseImage(ctx, BaseImageRequest{Host: "unknown", Name: imgName, SourceURL: srv.url()})
	assertClass(t, err, kvmerr.Permanent)
	if pool.Outstanding() != 0 || pool.Unclosed() != 0 {
		t.Errorf("connections leaked: %d outstanding, %d unclosed", pool.Outstanding(), pool.Unclosed())
	}
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
