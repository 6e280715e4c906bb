package kvm2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
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
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// A VM's TCP port reached from its host (backend.GuestPorts: a direct-tcpip channel over the
// host's SSH connection, or nc run on the host where sshd refuses forwarding): the wait for a port
// after a start (ProbePort: a connect, nothing sent), and one HTTP request through a VM's proxy
// (Egress). Both read the VM first as Get does, so a VM whose mark does not prove it ours is
// never connected to, and both connect only to an address the host reports for it.

const (
	opProbePort = "connect to a port of a proxy VM on"
	opEgress    = "send a request through a proxy VM on"
)

// PortProbe is one connect to a VM's port from its host.
type PortProbe struct {
	// Address is what was tried; invalid when the VM had no address to try.
	Address netip.AddrPort
	// Via is the way the host reached it: sshx's direct-tcpip or exec:nc.
	Via string
	// Open is a connect that succeeded.
	Open bool
	// Reason says why it is not open: no address yet, or what the host said of the connect.
	Reason string
}

// ProbePort reads VM id with uid (its mark proven), takes the address w chooses (IPWait.Address)
// and connects once to port on it from the host, within rules.PortProbeTimeout, sending nothing.
// A port that did not accept, and a VM without the address yet, are a PortProbe that is not
// open, not an error. A VM that does not run, and a host that cannot reach its guests, are
// Permanent; a link that broke or a channel the host dropped are Transient.
func (c *Client) ProbePort(ctx context.Context, id, uid string, w IPWait, port int) (Instance, PortProbe, error) {
	if err := rules.WaitPort.Check(int64(port)); err != nil {
		return Instance{}, PortProbe{}, kvmerr.New(kvmerr.Permanent, opProbePort, "", err)
	}
	inst, ap, b, release, err := c.guestTarget(ctx, opProbePort, id, uid, func(Instance) IPWait { return w }, port)
	if err != nil {
		return inst, PortProbe{}, err
	}
	if release == nil {
		return inst, PortProbe{Reason: "the VM does not have " + w.Describe() + " yet"}, nil
	}
	defer release()
	via, err := b.ProbeGuestPort(ctx, ap, rules.PortProbeTimeout)
	probe := PortProbe{Address: ap, Via: via, Open: err == nil}
	switch {
	case err == nil:
		return inst, probe, nil
	case errors.Is(err, sshx.ErrPortClosed):
		probe.Reason = err.Error()
		return inst, probe, nil
	}
	probe.Reason = err.Error()
	return inst, probe, kvmerr.New(guestErrorClass(err), opProbePort, inst.Host, err)
}

// guestErrorClass: nothing on the host to reach guests with is Permanent (no later try works);
// anything else (a link that broke, a channel dropped) may pass.
func guestErrorClass(err error) kvmerr.Class {
	if errors.Is(err, sshx.ErrNoConnectHelper) || errors.Is(err, backend.ErrNoGuestReach) {
		return kvmerr.Permanent
	}
	return kvmerr.Transient
}

// guestTarget reads VM id with uid on a connection it acquires and returns the address that the
// wait choose gives for it picks (IPWait.Address), with port, and that connection's guest ports
// and its release. A VM with no such address yet returns a nil release and no error. uid is
// required: a VM is connected to only once its mark proves it ours.
func (c *Client) guestTarget(ctx context.Context, op, id, uid string, choose func(Instance) IPWait, port int) (Instance, netip.AddrPort, backend.GuestPorts, func(), error) {
	none := netip.AddrPort{}
	host, name, err := rules.ParseID(id)
	if err != nil {
		return Instance{}, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return Instance{}, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, err)
	}
	if _, err := c.host(op, host); err != nil {
		return Instance{}, none, nil, nil, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return Instance{}, none, nil, nil, kvmerr.Wrap(op, host, err)
	}
	inst, err := c.getOn(ctx, b, host, name, uid)
	if err != nil {
		release()
		return inst, none, nil, nil, kvmerr.Wrap(op, host, err)
	}
	if inst.State != StateRunning {
		release()
		return inst, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, fmt.Errorf("domain %s is %s, not running", name, inst.State))
	}
	addr, ok := choose(inst).Address(inst)
	if !ok {
		release()
		return inst, none, nil, nil, nil
	}
	g := backend.GuestPortsOf(b)
	if g == nil {
		release()
		return inst, none, nil, nil, kvmerr.New(kvmerr.Permanent, op, host, backend.ErrNoGuestReach)
	}
	return inst, netip.AddrPortFrom(addr, uint16(port)), g, release, nil
}

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

// Egress reads VM id with uid (its mark proven), and sends one GET of req.TargetURL through the
// proxy on req.ProxyPort of the address the VM's own wait chooses (the IPWait its mark records),
// from the host, within req.Timeout: an absolute-form GET to the proxy for an http URL, a CONNECT
// tunnel for an https one. At most rules.EgressBodyBytes of the body are read; the rest is never
// read and the connection is closed. A proxy that does not answer is a result, not an error;
// errors are the VM's read (not ours, gone, not running) and a host that cannot reach guests.
func (c *Client) Egress(ctx context.Context, id, uid string, req EgressRequest) (EgressResult, error) {
	if err := errors.Join(rules.ProxyPort.Check(int64(req.ProxyPort)), rules.ValidateEgressTargetURL(req.TargetURL)); err != nil {
		return EgressResult{}, kvmerr.New(kvmerr.Permanent, opEgress, "", err)
	}
	ctx, cancel := context.WithTimeout(ctx, req.Timeout)
	defer cancel()
	inst, ap, g, release, err := c.guestTarget(ctx, opEgress, id, uid, func(inst Instance) IPWait { return IPWaitOf(inst.Steering) }, req.ProxyPort)
	if err != nil {
		return EgressResult{}, err
	}
	if release == nil {
		return EgressResult{Error: "the VM does not have " + IPWaitOf(inst.Steering).Describe()}, nil
	}
	defer release()
	return egressThrough(ctx, g, ap, req), nil
}

// egressThrough sends req's request through the proxy at ap, reached through g.
func egressThrough(ctx context.Context, g backend.GuestPorts, ap netip.AddrPort, req EgressRequest) (res EgressResult) {
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
