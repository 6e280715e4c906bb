package imagecache

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

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
