package guest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// One HTTP request through a VM's proxy, over a connection its host opens to the guest: what
// Client.Egress sends once it has read the VM and chosen its address.

// EgressRequest is one request an egress check sends through a VM's proxy.
type EgressRequest struct {
	ProxyPort int
	// TargetURL is fetched through the proxy (rules.ValidateEgressTargetURL).
	TargetURL string
	Timeout   time.Duration
	// Pattern, when set, is matched against the first rules.EgressBodyBytes of the body.
	Pattern *regexp.Regexp
	// FirstLineBytes, when above zero, is how much of the body's first line to report.
	FirstLineBytes int
}

// EgressResult is what one request through a VM's proxy gave.
type EgressResult struct {
	Address netip.AddrPort // the proxy tried; invalid when the VM had no address
	Via     string
	// Answered is a proxy that gave an HTTP response (any status).
	Answered bool
	Status   int
	Latency  time.Duration
	// Matched is whether Pattern matched the body's first rules.EgressBodyBytes (false without a
	// pattern).
	Matched bool
	// Truncated is a body longer than what was read.
	Truncated bool
	FirstLine string
	// Error says why the proxy did not answer.
	Error string
}

// Egress sends req's request through the proxy at ap, reached through g.
func Egress(ctx context.Context, g backend.GuestPorts, ap netip.AddrPort, req EgressRequest) (res EgressResult) {
	res.Address = ap
	var via atomic.Pointer[string]
	defer func() {
		if v := via.Load(); v != nil {
			res.Via = *v
		}
	}()
	proxy := &url.URL{Scheme: "http", Host: ap.String()}
	tr := &http.Transport{
		Proxy: http.ProxyURL(proxy),
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			conn, v, err := g.DialGuestPort(ctx, ap, req.Timeout)
			via.Store(&v)
			return conn, err
		},
		DisableKeepAlives:      true,
		DisableCompression:     true,
		MaxResponseHeaderBytes: 16 << 10,
	}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: req.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodGet, req.TargetURL, nil)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	start := time.Now()
	resp, err := client.Do(hreq)
	if err != nil {
		res.Error = egressError(err)
		return res
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, rules.EgressBodyBytes+1))
	res.Latency = time.Since(start)
	res.Answered, res.Status = true, resp.StatusCode
	if len(body) > rules.EgressBodyBytes {
		body, res.Truncated = body[:rules.EgressBodyBytes], true
	}
	if err != nil && !res.Truncated {
		res.Error = "the body was cut short: " + err.Error()
	}
	if req.Pattern != nil {
		res.Matched = req.Pattern.Match(body)
	}
	if req.FirstLineBytes > 0 {
		res.FirstLine = firstLine(body, req.FirstLineBytes)
	}
	return res
}

// egressError words a request that got no response: the proxy's port closed, the channel
// dropped, the bound ran out.
func egressError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "proxyconnect" {
		err = oe.Err
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "the connection ended before the proxy answered (the proxy or the host closed it): " + err.Error()
	}
	return err.Error()
}

// firstLine is the body's first line, at most n bytes, valid UTF-8, without control characters.
func firstLine(body []byte, n int) string {
	line, _, _ := bytes.Cut(body, []byte("\n"))
	if len(line) > n {
		line = line[:n]
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(string(line), ""))
}
