// Package imagetest serves test images over HTTP and plants cached images on the fake host,
// for the tests of the image cache and of the Client that uses it. Its qcow2 header is written
// from the format's specification, not from the cache's own constants.
package imagetest

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	qcow2Magic       = "QFI\xfb"
	qcow2V3HeaderLen = 104
)

// QCOW2Header is a valid qcow2 version 3 header without backing file or external data file.
func QCOW2Header() []byte {
	h := make([]byte, qcow2V3HeaderLen)
	copy(h, qcow2Magic)
	binary.BigEndian.PutUint32(h[4:], 3)
	binary.BigEndian.PutUint32(h[20:], 16)    // cluster bits
	binary.BigEndian.PutUint64(h[24:], 1<<30) // virtual size
	binary.BigEndian.PutUint32(h[96:], 4)     // refcount order
	binary.BigEndian.PutUint32(h[100:], qcow2V3HeaderLen)
	return h
}

var header = QCOW2Header()

// Pattern fills p with the deterministic content of a test image at offset off: a valid
// qcow2 header, then a pattern.
func Pattern(off int64, p []byte) {
	for i := range p {
		x := off + int64(i)
		if x < int64(len(header)) {
			p[i] = header[x]
			continue
		}
		p[i] = byte(x*131 + x>>9)
	}
}

// Digest is the hex sha256 of the first size bytes of the test content.
func Digest(size int64) string {
	h := sha256.New()
	buf := make([]byte, 64<<10)
	for off := int64(0); off < size; {
		n := min(int64(len(buf)), size-off)
		Pattern(off, buf[:n])
		h.Write(buf[:n])
		off += n
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ServerConfig shapes the test image server's answers.
type ServerConfig struct {
	Size       int64
	HeadStatus int   // 0: 200
	GetStatus  int   // 0: 200
	NoLength   bool  // GET answers chunked, HEAD without a length
	SendOnly   int64 // > 0: the GET declares size but sends only this many bytes
	HoldAt     int64 // > 0: the GET pauses after this many bytes until release is closed
	Body       []byte
	// body, when set, is served instead of the pattern (size is then its length)
}

// Server serves the deterministic test image and records what it was asked.
type Server struct {
	cfg     ServerConfig
	Srv     *httptest.Server
	Heads   atomic.Int32
	Gets    atomic.Int32
	Written atomic.Int64  // bytes of the GET body handed to the connection so far
	Held    chan struct{} // closed when the GET reached holdAt
	release chan struct{} // close to let a held GET go on

	mu        sync.Mutex
	Encodings []string
}

func NewServer(t testing.TB, cfg ServerConfig) *Server {
	t.Helper()
	if cfg.Body != nil {
		cfg.Size = int64(len(cfg.Body))
	}
	s := &Server{cfg: cfg, Held: make(chan struct{}), release: make(chan struct{})}
	s.Srv = httptest.NewUnstartedServer(s)
	// Small socket buffers keep the kernel from holding megabytes between the server and the
	// client, so bytes in flight measure the client side.
	s.Srv.Config.ConnState = func(c net.Conn, st http.ConnState) {
		if tc, ok := c.(*net.TCPConn); ok && st == http.StateNew {
			_ = tc.SetWriteBuffer(64 << 10)
		}
	}
	s.Srv.Start()
	t.Cleanup(func() {
		s.Unblock()
		s.Srv.Close()
	})
	return s
}

// Unblock lets a held GET continue (idempotent).
func (s *Server) Unblock() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.release:
	default:
		close(s.release)
	}
}

// URL is the image's address.
func (s *Server) URL() string { return s.Srv.URL + "/images/debian-12.qcow2" }

// Requests counts the HEAD and GET requests served.
func (s *Server) Requests() int { return int(s.Heads.Load() + s.Gets.Load()) }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.Encodings = append(s.Encodings, r.Header.Get("Accept-Encoding"))
	s.mu.Unlock()
	switch r.Method {
	case http.MethodHead:
		s.Heads.Add(1)
		s.head(w, s.cfg.HeadStatus)
	case http.MethodGet:
		s.Gets.Add(1)
		s.serveGet(w, r)
	default:
		w.WriteHeader(http.StatusMethodNotAllowed)
	}
}

// head writes the answer's status and headers: status when it is set and not 200 (then false),
// else 200 with the image's length unless the server declares none.
func (s *Server) head(w http.ResponseWriter, status int) bool {
	if status != 0 && status != http.StatusOK {
		w.WriteHeader(status)
		return false
	}
	if !s.cfg.NoLength {
		w.Header().Set("Content-Length", strconv.FormatInt(s.cfg.Size, 10))
	}
	w.WriteHeader(http.StatusOK)
	return true
}

func (s *Server) serveGet(w http.ResponseWriter, r *http.Request) {
	if !s.head(w, s.cfg.GetStatus) {
		return
	}
	if s.cfg.NoLength {
		w.(http.Flusher).Flush() // commits to chunked encoding
	}
	limit := s.cfg.Size
	if s.cfg.SendOnly > 0 {
		limit = s.cfg.SendOnly
	}
	buf := make([]byte, 32<<10)
	held := false
	for off := int64(0); off < limit; {
		if s.cfg.HoldAt > 0 && off >= s.cfg.HoldAt && !held {
			held = true
			w.(http.Flusher).Flush()
			close(s.Held)
			select {
			case <-s.release:
			case <-r.Context().Done():
				return
			}
		}
		n := min(int64(len(buf)), limit-off)
		if s.cfg.Body != nil {
			copy(buf[:n], s.cfg.Body[off:])
		} else {
			Pattern(off, buf[:n])
		}
		if _, err := w.Write(buf[:n]); err != nil {
			return
		}
		off += n
		s.Written.Store(off)
	}
}

// HTTPClient never reuses a test's connection elsewhere and keeps a small receive buffer.
func HTTPClient() *http.Client {
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

// Line is one captured log line.
type Line struct {
	Level  corelog.Level
	Msg    string
	Fields map[string]any
}

// Log captures log lines.
type Log struct {
	mu    sync.Mutex
	lines []Line
}

func (l *Log) Log(_ context.Context, level corelog.Level, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, Line{level, msg, fields})
}

// Matching returns the lines whose message is msg.
func (l *Log) Matching(msg string) []Line {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Line
	for _, ln := range l.lines {
		if ln.Msg == msg {
			out = append(out, ln)
		}
	}
	return out
}

// Text renders every line, for secret greps.
func (l *Log) Text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var b strings.Builder
	for _, ln := range l.lines {
		fmt.Fprintf(&b, "%d %s %v\n", ln.Level, ln.Msg, ln.Fields)
	}
	return b.String()
}

func QCOW2With(mutate func(h []byte)) []byte {
	h := QCOW2Header()
	mutate(h)
	return append(h, make([]byte, 4096)...)
}

// AddVerifiedBase puts image into pool as the cache leaves a verified base image (the image
// and its empty digest marker) and returns the digest of its content.
func AddVerifiedBase(fb *fake.Backend, pool string, image fake.Volume) string {
	sum := sha256.Sum256(image.Content)
	digest := hex.EncodeToString(sum[:])
	fb.AddVolume(pool, image)
	fb.AddVolume(pool, fake.Volume{Name: image.Name + rules.DigestInfix + digest, Format: "raw"})
	return digest
}
