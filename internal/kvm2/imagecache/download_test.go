package imagecache

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

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
