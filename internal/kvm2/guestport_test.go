package kvm2

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const proxyAddr = "192.168.122.77"

// proxyVM creates the lab VM with one NIC whose lease gives it proxyAddr.
func proxyVM(t *testing.T, mutate ...func(*CreateRequest)) *coreHarness {
	t.Helper()
	h := newCore(t)
	h.create(append([]func(*CreateRequest){func(r *CreateRequest) {
		r.NICs = []definition.NIC{{MAC: nic0MAC}}
	}}, mutate...)...)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Lease = []libvirt.DomainInterface{{Name: "vnet0", Hwaddr: libvirt.OptString{nic0MAC},
			Addrs: []libvirt.DomainIPAddr{{Type: int32(libvirt.IPAddrTypeIpv4), Addr: proxyAddr, Prefix: 24}}}}
	})
	return h
}

func proxyAP(port uint16) netip.AddrPort {
	return netip.AddrPortFrom(netip.MustParseAddr(proxyAddr), port)
}

// TestProbePort_eachAnswer: the wait for a port connects to the VM's address from the host and
// tells an open port from one that is not yet, a VM without its address yet from both, and
// sorts what cannot pass (no way to reach guests; a stopped VM) from what may (a channel the
// host dropped).
func TestProbePort_eachAnswer(t *testing.T) {
	serve := func(h *coreHarness) { h.fb.ServeGuestPort(proxyAP(8888), func(net.Conn) {}) }
	for _, tc := range []struct {
		name    string
		setup   func(h *coreHarness)
		open    bool
		via     string
		reason  string
		class   kvmerr.Class
		noProbe bool
	}{
		{name: "open", setup: serve, open: true, via: "direct-tcpip"},
		{name: "never opens", setup: func(*coreHarness) {}, via: "direct-tcpip", reason: "Connection refused"},
		{name: "forwarding refused, nc", setup: func(h *coreHarness) { serve(h); h.fb.RefuseGuestForwarding(true) },
			open: true, via: "exec:nc"},
		{name: "forwarding refused, no nc", setup: func(h *coreHarness) { serve(h); h.fb.RefuseGuestForwarding(false) },
			via: "exec:nc", reason: "no nc", class: kvmerr.Permanent},
		{name: "host drops the channel", setup: func(h *coreHarness) {
			serve(h)
			h.fb.FailAlways("ProbeGuestPort", errors.New("the exec channel running nc on the host ended without a status: EOF"))
		}, reason: "ended without a status", class: kvmerr.Transient},
		{name: "no address yet", setup: func(h *coreHarness) {
			serve(h)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Lease = nil })
		}, reason: "does not have an IPv4 address yet", noProbe: true},
		{name: "stopped", setup: func(h *coreHarness) { serve(h); h.fb.SetDomainState(vmName, libvirt.DomainShutoff) },
			class: kvmerr.Permanent, noProbe: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := proxyVM(t)
			tc.setup(h)
			h.fb.ResetCalls()
			_, p, err := h.c.ProbePort(context.Background(), vmID, labUID, IPWait{NIC: -1}, 8888)
			if tc.class == 0 && err != nil || tc.class != 0 && classOfErr(t, err) != tc.class {
				t.Fatalf("err = %v; want class %v", err, tc.class)
			}
			if p.Open != tc.open || p.Via != tc.via || !strings.Contains(p.Reason, tc.reason) {
				t.Fatalf("probe %+v; want open %v via %q, reason %q", p, tc.open, tc.via, tc.reason)
			}
			connects := h.fb.GuestConnects()
			if tc.noProbe != (len(connects) == 0) {
				t.Fatalf("connects %v", connects)
			}
			if !tc.noProbe && connects[0] != proxyAP(8888).String() {
				t.Fatalf("connected to %v, want the VM's address", connects)
			}
		})
	}
}

// TestProbePort_aVMNotOursIsNeverProbed: a uid the mark does not carry, and no uid at all (an
// import's read), connect to nothing.
func TestProbePort_aVMNotOursIsNeverProbed(t *testing.T) {
	h := proxyVM(t)
	h.fb.ServeGuestPort(proxyAP(8888), func(net.Conn) {})
	for _, uid := range []string{foreignUID, ""} {
		h.fb.ResetCalls()
		if _, p, err := h.c.ProbePort(context.Background(), vmID, uid, IPWait{NIC: -1}, 8888); err == nil || p.Open {
			t.Fatalf("uid %q: probe %+v, err %v; want an error", uid, p, err)
		}
		if c := h.fb.GuestConnects(); len(c) != 0 {
			t.Fatalf("uid %q: connected to %v", uid, c)
		}
	}
	if _, _, err := h.c.ProbePort(context.Background(), vmID, labUID, IPWait{NIC: -1}, 0); classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("port 0: %v", err)
	}
}

// written is how many body bytes the last proxyService could write: the guest's end of the fake's
// pipe takes only what the reader reads.
var written atomic.Int64

// proxyService is a forward proxy on the guest's end: it reads one request and answers status
// with body, or does what act does instead.
func proxyService(status int, body string, seen chan<- string) fake.GuestService {
	written.Store(0)
	return func(c net.Conn) {
		req, err := http.ReadRequest(bufio.NewReader(c))
		if err != nil {
			return
		}
		if seen != nil {
			seen <- req.Method + " " + req.RequestURI
		}
		_, _ = fmt.Fprintf(c, "HTTP/1.1 %d X\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", status, len(body))
		n, _ := io.WriteString(c, body) // a reader that stops early makes the write fail
		written.Store(int64(n))
	}
}

// TestEgress_eachAnswer: one request through the VM's proxy, as kvm2_egress_check sends it:
// answered with its status, pattern and first line; a body over the cap read up to the cap only;
// a proxy that never answers, a channel dropped before the answer, and forwarding refused (the
// exec way) each reported, not failed.
func TestEgress_eachAnswer(t *testing.T) {
	big := "first line\n" + strings.Repeat("y", rules.EgressBodyBytes*4)
	for _, tc := range []struct {
		name      string
		setup     func(h *coreHarness, seen chan string)
		answered  bool
		status    int
		matched   bool
		truncated bool
		firstLine string
		via       string
		errHas    string
	}{
		{name: "answers", setup: func(h *coreHarness, seen chan string) {
			h.fb.ServeGuestPort(proxyAP(8888), proxyService(200, "token-42\r\nmore\n", seen))
		}, answered: true, status: 200, matched: true, firstLine: "token-42", via: "direct-tcpip"},
		{name: "body over the cap", setup: func(h *coreHarness, seen chan string) {
			h.fb.ServeGuestPort(proxyAP(8888), proxyService(200, big, seen))
		}, answered: true, status: 200, truncated: true, firstLine: "first line", via: "direct-tcpip"},
		{name: "proxy refuses the target", setup: func(h *coreHarness, seen chan string) {
			h.fb.ServeGuestPort(proxyAP(8888), proxyService(403, "Access denied\x07", seen))
		}, answered: true, status: 403, firstLine: "Access denied", via: "direct-tcpip"},
		{name: "proxy stopped", setup: func(*coreHarness, chan string) {}, via: "direct-tcpip", errHas: "Connection refused"},
		{name: "host drops the channel", setup: func(h *coreHarness, seen chan string) {
			h.fb.ServeGuestPort(proxyAP(8888), func(c net.Conn) {
				_, _ = http.ReadRequest(bufio.NewReader(c))
				seen <- "dropped"
			})
		}, via: "direct-tcpip", errHas: "ended before the proxy answered"},
		{name: "forwarding refused: the exec way", setup: func(h *coreHarness, seen chan string) {
			h.fb.ServeGuestPort(proxyAP(8888), proxyService(200, "token-42", seen))
			h.fb.RefuseGuestForwarding(true)
		}, answered: true, status: 200, matched: true, firstLine: "token-42", via: "exec:nc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := proxyVM(t)
			seen := make(chan string, 4)
			tc.setup(h, seen)
			res, err := h.c.Egress(context.Background(), vmID, labUID, guest.EgressRequest{ProxyPort: 8888,
				TargetURL: "http://192.168.122.1:8089/token", Timeout: 5 * time.Second,
				Pattern: regexp.MustCompile(`^token-\d+`), FirstLineBytes: 40})
			if err != nil {
				t.Fatal(err)
			}
			if res.Answered != tc.answered || res.Status != tc.status || res.Matched != tc.matched ||
				res.Truncated != tc.truncated || res.FirstLine != tc.firstLine || res.Via != tc.via ||
				!strings.Contains(res.Error, tc.errHas) || (tc.errHas == "") != (res.Error == "") {
				t.Fatalf("result %+v", res)
			}
			if tc.truncated {
				deadline := time.Now().Add(5 * time.Second)
				for written.Load() == 0 && time.Now().Before(deadline) {
					time.Sleep(10 * time.Millisecond)
				}
				if n := written.Load(); n == 0 || n > rules.EgressBodyBytes+64<<10 {
					t.Fatalf("the proxy wrote %d of %d body bytes: the body was read past its cap", n, len(big))
				}
			}
			if res.Address != proxyAP(8888) {
				t.Fatalf("asked %v, want the VM's address", res.Address)
			}
			if tc.answered {
				if got := <-seen; got != "GET http://192.168.122.1:8089/token" {
					t.Fatalf("the proxy was sent %q; want one absolute-form GET", got)
				}
			}
			if tc.errHas == "ended before the proxy answered" && <-seen != "dropped" {
				t.Fatal("the request never reached the proxy")
			}
			if len(seen) != 0 {
				t.Fatalf("more than one request: %q", <-seen)
			}
		})
	}
}

// TestEgress_aVMNotOursIsNeverProbed: a uid the mark does not carry connects to nothing.
func TestEgress_aVMNotOursIsNeverProbed(t *testing.T) {
	h := proxyVM(t)
	h.fb.ServeGuestPort(proxyAP(8888), proxyService(200, "x", nil))
	h.fb.ResetCalls()
	_, err := h.c.Egress(context.Background(), vmID, foreignUID, guest.EgressRequest{ProxyPort: 8888,
		TargetURL: "http://example.com/", Timeout: time.Second})
	if err == nil {
		t.Fatal("another VM's uid: no error")
	}
	if c := h.fb.GuestConnects(); len(c) != 0 {
		t.Fatalf("connected to %v", c)
	}
}
