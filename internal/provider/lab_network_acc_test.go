//go:build acceptance || cloud || matrix

package provider

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"
)

// The lab network's host side, shared by the tests that send requests through a guest's proxy.

// subnet is the address and CIDR of the lab network's host side, read from its definition.
func (l *accLab) subnet(network string) (hostIP, cidr string) {
	l.t.Helper()
	xml := l.mustVirsh("net-dumpxml", network)
	m := regexp.MustCompile(`<ip address='([0-9.]+)' netmask='([0-9.]+)'`).FindStringSubmatch(xml)
	if m == nil {
		l.t.Fatalf("network %s has no IPv4 address: %s", network, xml)
	}
	ones, _ := net.IPMask(net.ParseIP(m[2]).To4()).Size()
	_, n, err := net.ParseCIDR(fmt.Sprintf("%s/%d", m[1], ones))
	if err != nil {
		l.t.Fatal(err)
	}
	return m[1], n.String()
}

// tokenServer serves a per-test token on the host side of the lab network (hostIP), which the
// guest reaches and the host reaches through the guest's proxy.
func tokenServer(t *testing.T, hostIP string) (target, token string) {
	t.Helper()
	ln, err := net.Listen("tcp", net.JoinHostPort(hostIP, "0"))
	if err != nil {
		t.Fatal(err)
	}
	token = "kvm2-cloud-acc-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, token) }),
		ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String() + "/", token
}
