package kvm2

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
)

// Fixture names shared by the core's tests.
const (
	labHost    = kvmtest.LabHost
	labBase    = kvmtest.LabBase
	labBaseID  = kvmtest.LabBaseID
	labUID     = kvmtest.LabUID
	vmName     = kvmtest.VMName
	vmID       = labHost + "/" + vmName
	labOverlay = kvmtest.LabOverlay
	labSeed    = vmName + "." + labUID + ".cidata.iso"
	labBaseCap = kvmtest.LabBaseCap
)

// recLine is one captured log line.
type recLine struct {
	Level  corelog.Level
	Msg    string
	Fields map[string]any
}

// recLogger records every line; it is safe for concurrent use.
type recLogger struct {
	mu    sync.Mutex
	lines []recLine
}

func (l *recLogger) Log(_ context.Context, level corelog.Level, msg string, fields map[string]any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, recLine{level, msg, fields})
}

func (l *recLogger) all() []recLine {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]recLine(nil), l.lines...)
}

// text renders every line with its fields, for greps.
func (l *recLogger) text() string {
	var b strings.Builder
	for _, ln := range l.all() {
		fmt.Fprintf(&b, "%d %s %v\n", ln.Level, ln.Msg, ln.Fields)
	}
	return b.String()
}

func (l *recLogger) count(msg string) int {
	n := 0
	for _, ln := range l.all() {
		if ln.Msg == msg {
			n++
		}
	}
	return n
}

// coreHarness is a Client on one fake host "lab" holding a verified base image.
type coreHarness struct {
	t    *testing.T
	fb   *fake.Backend
	pool *fake.Pool
	log  *recLogger
	c    *Client
}

func labHostConfig() hostconfig.HostConfig {
	return hostconfig.HostConfig{Address: "127.0.0.1", PrivateKey: "inline-key-material", HostKey: "ssh-ed25519 AAAA"}
}

func newCore(t *testing.T, mutate ...func(*hostconfig.HostConfig)) *coreHarness {
	t.Helper()
	fb := fake.New(labHost)
	kvmtest.AddLabBase(fb, fake.DefaultPool, labBase)
	hc := labHostConfig()
	for _, m := range mutate {
		m(&hc)
	}
	h := &coreHarness{t: t, fb: fb, pool: fake.NewPool(fb), log: &recLogger{}}
	fb.Observe(rpcLogger{h.log})
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: hc}}, WithPool(h.pool), WithLogger(h.log),
		WithClock(func() time.Time { return time.Date(2026, 9, 16, 13, 33, 0, 0, time.UTC) }))
	if err != nil {
		t.Fatal(err)
	}
	c.statePoll = time.Millisecond
	h.c = c
	t.Cleanup(func() {
		if n := h.pool.Outstanding(); n != 0 {
			t.Errorf("%d pooled connections not released", n)
		}
		c.seedUploads.Close() // the connections the seed uploads keep, closed with the Client
		if n := h.pool.Unclosed(); n != 0 {
			t.Errorf("%d dedicated connections not closed", n)
		}
		if n := c.locks.Size(); n != 0 {
			t.Errorf("%d lock entries left", n)
		}
	})
	return h
}

func labRequest() CreateRequest {
	return CreateRequest{
		Host: labHost, Name: vmName, UID: labUID, BaseImageID: labBaseID,
		VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Tag: "fleet-a", UserData: []byte("#cloud-config\n"), Running: true,
	}
}

// create runs Create with labRequest changed by mutate and fails the test on error.
func (h *coreHarness) create(mutate ...func(*CreateRequest)) Instance {
	h.t.Helper()
	req := labRequest()
	for _, m := range mutate {
		m(&req)
	}
	inst, err := h.c.Create(context.Background(), req)
	if err != nil {
		h.t.Fatalf("Create: %v", err)
	}
	return inst
}

// markedDomain adds a domain carrying our mark with uid and tag, in state s.
func (h *coreHarness) markedDomain(name, uid, tag string, s libvirt.DomainState) {
	h.t.Helper()
	kvmtest.AddMarkedDomain(h.t, h.fb, name, uid, tag, s)
}

// unmarkedDomain adds a domain without our mark.
func (h *coreHarness) unmarkedDomain(name string, s libvirt.DomainState) {
	h.fb.AddDomain(fake.Domain{Name: name, State: s, XML: "<domain type='qemu'><name>" + name + "</name></domain>"})
}

// classOfErr returns the class of err, failing when err is nil.
func classOfErr(t *testing.T, err error) kvmerr.Class {
	t.Helper()
	if err == nil {
		t.Fatal("expected an error, got nil")
	}
	return kvmerr.Classify(err)
}

func lverr(code libvirt.ErrorNumber) error { return fake.LibvirtError(code, "injected %d", code) }

func TestNew_rejectsInvalidConfigAsPermanent(t *testing.T) {
	tests := []struct {
		name   string
		cfg    hostconfig.Config
		substr string
	}{
		{"no hosts", hostconfig.Config{}, "at least one host"},
		{"no address", hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"a": {PrivateKey: "k", HostKey: "h"}}}, "address is required"},
		{"bad port", hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"a": {Address: "x", Port: 70000, PrivateKey: "k", HostKey: "h"}}}, "port is 70000"},
		{"bad host name", hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"a/b": labHostConfig()}}, "host name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.cfg)
			if c != nil || !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), tt.substr) {
				t.Fatalf("New = %v, %v; want Permanent containing %q", c, err, tt.substr)
			}
		})
	}
}

func TestNew_neverDials(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	hc := labHostConfig()
	hc.Port = ln.Addr().(*net.TCPAddr).Port
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: hc}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// A dial inside New would have completed its TCP handshake before New returned, so a
	// connection would be waiting in the backlog now.
	ln.(*net.TCPListener).SetDeadline(time.Now().Add(50 * time.Millisecond))
	if conn, err := ln.Accept(); err == nil {
		conn.Close()
		t.Fatal("New dialed the host")
	}
}

func TestNew_warnsAboutUnreadableFilesWithoutFailing(t *testing.T) {
	log := &recLogger{}
	hc := labHostConfig()
	hc.PrivateKeyFile = "/nonexistent/id_ed25519"
	_, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: hc}}, WithPool(fake.NewPool()), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.text(), "/nonexistent/id_ed25519") {
		t.Fatalf("no warning naming the file:\n%s", log.text())
	}
	if strings.Contains(log.text(), "inline-key-material") {
		t.Fatal("inline key logged")
	}
}

func TestHosts_sortedAndCloseClosesPool(t *testing.T) {
	p := fake.NewPool()
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"b": labHostConfig(), "a": labHostConfig(), "c": labHostConfig()}}, WithPool(p))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.Hosts(), ","); got != "a,b,c" {
		t.Fatalf("Hosts = %s", got)
	}
	if err := c.Close(); err != nil || !p.Closed() {
		t.Fatalf("Close = %v, pool closed %v", err, p.Closed())
	}
}

func TestCheck_usesFreshConnectionsNotThePool(t *testing.T) {
	h := newCore(t)
	got := h.c.Check(context.Background())
	if len(got) != 1 || got[0].Host != labHost || got[0].Reason != hosthealth.ReasonOK {
		t.Fatalf("Check = %+v", got)
	}
	if h.pool.Acquired(labHost) != 0 || len(h.pool.DedicatedBackends(labHost)) != 1 {
		t.Fatalf("acquired %d, dedicated %d", h.pool.Acquired(labHost), len(h.pool.DedicatedBackends(labHost)))
	}
	if got[0].LibvirtVersion == "" || got[0].PoolCapacityBytes == 0 {
		t.Fatalf("details missing: %+v", got[0])
	}
}

func TestCheck_connectOptionAndUnknownHost(t *testing.T) {
	calls := 0
	fb := fake.New(labHost)
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{labHost: labHostConfig()}}, WithPool(fake.NewPool()),
		WithConnect(func(ctx context.Context, host string) (backend.Backend, error) {
			calls++
			return fb.Twin(), nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	got := c.Check(context.Background(), labHost, "elsewhere")
	if len(got) != 2 || calls != 1 {
		t.Fatalf("Check = %+v, connect calls %d", got, calls)
	}
	// Sorted by host name: "elsewhere" first.
	if got[1].Host != labHost || got[1].Reason != hosthealth.ReasonOK || got[0].Reason != hosthealth.ReasonUnknownHost {
		t.Fatalf("Check = %+v", got)
	}
}
