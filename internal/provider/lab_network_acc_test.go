//go:build acceptance || cloud || matrix

package provider

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
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

// networkB is the lab's second network (tools/lab/networks.sh: IPv4 by DHCP, IPv6 by router
// advertisements alone) and its IPv6 prefix; the test skips when the lab predates it.
func (l *accLab) networkB() (name, ipv6Prefix string) {
	l.t.Helper()
	name, ipv6Prefix = os.Getenv("KVM2_TEST_NETWORK_B"), os.Getenv("KVM2_TEST_NETWORK_B_IPV6")
	if name == "" || ipv6Prefix == "" {
		l.t.Skip("the lab has no second network (KVM2_TEST_NETWORK_B): run tools/lab/up.sh again")
	}
	return name, ipv6Prefix
}

// agentAddrs is what the guest agent reports of domain's interfaces (virsh domifaddr --source
// agent): each MAC's addresses, without loopback and link-local ones.
func (l *accLab) agentAddrs(domain string) (map[string][]string, error) {
	out, err := l.virsh("", "domifaddr", domain, "--source", "agent")
	if err != nil {
		return nil, err
	}
	addrs := map[string][]string{}
	mac := ""
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 4 && strings.Count(f[1], ":") == 5:
			mac = strings.ToLower(f[1])
			f = f[2:]
		case len(f) == 4 && f[0] == "-" && f[1] == "-": // another address of the interface above
			f = f[2:]
		default:
			continue
		}
		ip := net.ParseIP(strings.Split(f[1], "/")[0])
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			continue
		}
		addrs[mac] = append(addrs[mac], ip.String())
	}
	return addrs, nil
}

// waitAgentIPv4OnEach waits, within budget.NICLeases, until the guest agent of domain reports
// an IPv4 address on n NICs, and fails the test if it does not.
func (l *accLab) waitAgentIPv4OnEach(domain string, n int) {
	l.t.Helper()
	var last map[string][]string
	w := budget.NICLeases.Start()
	for ; !w.Over(); time.Sleep(500 * time.Millisecond) {
		addrs, err := l.agentAddrs(domain)
		if err != nil {
			continue
		}
		last = addrs
		withV4 := 0
		for _, as := range addrs {
			if slices.ContainsFunc(as, isIPv4) {
				withV4++
			}
		}
		if withV4 >= n {
			return
		}
	}
	l.t.Fatal(w.Errorf("the guest agent of %s, %d NICs: %v", domain, n, last))
}

// isIPv4 reports whether address a is an IPv4 address.
func isIPv4(a string) bool { return net.ParseIP(a).To4() != nil }

// nicAddrs is each NIC's MAC and addresses (both families) in the state of resource addr.
func nicAddrs(s *terraform.State, addr string) (macs []string, addrs [][]string) {
	a := s.RootModule().Resources[addr].Primary.Attributes
	n, _ := strconv.Atoi(a["network_interfaces.#"])
	for i := range n {
		p := fmt.Sprintf("network_interfaces.%d.", i)
		macs = append(macs, strings.ToLower(a[p+"mac_address"]))
		var got []string
		for _, fam := range []string{"ipv4_addresses", "ipv6_addresses"} {
			c, _ := strconv.Atoi(a[p+fam+".#"])
			for j := range c {
				got = append(got, a[fmt.Sprintf("%s%s.%d", p, fam, j)])
			}
		}
		addrs = append(addrs, got)
	}
	return macs, addrs
}

// staticNetplan is network_config (netplan v2) giving the NIC of mac the static address cidr with
// a default route via gateway, and nameservers when dns is given.
func staticNetplan(mac, cidr, gateway string, dns ...string) string {
	cfg := fmt.Sprintf(`version: 2
ethernets:
  primary:
    match:
      macaddress: "%s"
    set-name: eth0
    addresses: [%s]
    routes:
      - to: 0.0.0.0/0
        via: %s
`, mac, cidr, gateway)
	if len(dns) > 0 {
		cfg += fmt.Sprintf("    nameservers:\n      addresses: [%s]\n", strings.Join(dns, ", "))
	}
	return cfg
}
