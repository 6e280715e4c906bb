//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// hostShapes reports whether the lab host's kernel has what libvirt's inbound shaping of a NIC
// needs (the sfq queueing discipline under htb), probed on the host's loopback and removed.
// The kernels of these machines lack it, so libvirt refuses a running VM's limit there.
func (l *accLab) hostShapes() bool {
	out, err := l.ssh(context.Background(), "tc qdisc add dev lo root handle 7: sfq perturb 10 && tc qdisc del dev lo root").CombinedOutput()
	if err != nil {
		l.t.Logf("the lab host cannot shape a running VM's traffic (%v: %s): the live limit and the throughput are not checked", err, strings.TrimSpace(string(out)))
	}
	return err == nil
}

// TestAccProxyVM_twoNICsDualStack: on the lab host, a VM with a NIC on each lab network, waiting
// for both families on the second (dual stack: DHCP and SLAAC), has each NIC's addresses in
// state, the same as the guest agent reports; a VM on network B waiting for IPv6 alone returns
// with an IPv6 address. A limit set in place on the stopped one shows in its definition (virsh
// domiftune --config); where the host's kernel can shape traffic, a limit set on the running
// VM shows live too and bounds what a transfer through the guest's proxy on that NIC gets.
func TestAccProxyVM_twoNICsDualStack(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	netB, prefix := l.networkB()
	_, onB, err := net.ParseCIDR(prefix + "/64")
	if err != nil {
		t.Fatal(err)
	}
	inB := func(a string) bool { return onB.Contains(net.ParseIP(a)) }
	name, v6name := l.name("nics"), l.name("v6")
	v6Addr := "kvm2_proxy_vm.v6"
	const limit = 256 // KiB/s
	bw := fmt.Sprintf(", bandwidth = { inbound = { average_kibps = %d } }", limit)
	vm := func(egressBW, v6Extra string) string {
		return l.config(l.baseImage(l.tiny()) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name                  = %q
  host                  = "lab"
  base_image_id         = kvm2_base_image.base.id
  memory_mib            = 128
  firmware              = "bios"
  wait_for_ip_family    = "both"
  wait_for_ip_interface = 1
  network_interfaces = [
    { network = %q },
    { network = %q%s },
  ]
}

resource "kvm2_proxy_vm" "v6" {
  name               = %q
  host               = "lab"
  base_image_id      = kvm2_base_image.base.id
  memory_mib         = 128
  firmware           = "bios"
  wait_for_ip_family = "ipv6"
  %s
}
`, name, l.network, netB, egressBW, v6name, v6Extra))
	}
	v6NIC := fmt.Sprintf("network_interfaces = [{ network = %q }]", netB)
	v6Stopped := fmt.Sprintf("running = false\n  network_interfaces = [{ network = %q%s }]", netB, bw)
	tune := func(domain, mac, where string) error {
		out, err := l.virsh("", "domiftune", domain, mac, where)
		if err != nil {
			return err
		}
		if !regexp.MustCompile(`inbound.average\s*:\s*` + strconv.Itoa(limit) + `\b`).MatchString(out) {
			return fmt.Errorf("domiftune %s %s: %s", domain, where, out)
		}
		return nil
	}
	// The second NIC has both families once the apply returns (what the VM waits for).
	bothOnSecond := func(macs []string, got [][]string) bool {
		return len(macs) == 2 && slices.ContainsFunc(got[1], inB) &&
			slices.ContainsFunc(got[1], isIPv4)
	}
	steps := []resource.TestStep{
		{
			Config: vm("", v6NIC),
			Check: resource.ComposeTestCheckFunc(
				func(s *terraform.State) error {
					if macs, got := nicAddrs(s, vmAddr); !bothOnSecond(macs, got) {
						return fmt.Errorf("NICs %v with %v: want both families on the second", macs, got)
					}
					return nil
				},
				resource.TestCheckResourceAttrWith(v6Addr, "ipv6_address", func(v string) error {
					if !inB(v) {
						return fmt.Errorf("ipv6_address %q is not in %s", v, onB)
					}
					return nil
				}),
			),
		},
		{
			// The first NIC's lease is not waited for (wait_for_ip_interface = 1): it may come after
			// the apply returned. Once the agent reports an IPv4 on both NICs, a refresh records
			// each NIC's addresses as the agent reports them.
			PreConfig:    func() { l.waitAgentIPv4OnEach(name, 2) },
			RefreshState: true,
			Check: func(s *terraform.State) error {
				macs, got := nicAddrs(s, vmAddr)
				if !bothOnSecond(macs, got) || len(got[0]) == 0 {
					return fmt.Errorf("NICs %v with %v: want an address on the first, both families on the second", macs, got)
				}
				agent, err := l.agentAddrs(name)
				if err != nil {
					return err
				}
				for i, mac := range macs {
					want := slices.Clone(agent[mac])
					have := slices.Clone(got[i])
					slices.Sort(want)
					slices.Sort(have)
					if !slices.Equal(want, have) {
						return fmt.Errorf("NIC %d (%s): state has %v, the guest agent reports %v", i, mac, have, want)
					}
				}
				t.Logf("NICs %v: %v (the agent agrees)", macs, got)
				return nil
			},
		},
		{
			// A limit set in place on the stopped VM is in its definition.
			Config: vm("", v6Stopped),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(v6Addr, plancheck.ResourceActionUpdate),
			}},
			Check: func(s *terraform.State) error {
				macs, _ := nicAddrs(s, v6Addr)
				return tune(v6name, macs[0], "--config")
			},
		},
		{Config: vm("", v6Stopped), PlanOnly: true},
	}
	if l.hostShapes() {
		steps = append(steps, resource.TestStep{
			// A limit on the running VM's second NIC changes in place, live and in its definition.
			Config: vm(bw, v6Stopped),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
			}},
			Check: func(s *terraform.State) error {
				macs, addrs := nicAddrs(s, vmAddr)
				for _, where := range []string{"--live", "--config"} {
					if err := tune(name, macs[1], where); err != nil {
						return err
					}
				}
				return l.checkLimitedTransfer(netB, addrs[1], limit)
			},
		})
	}
	resource.Test(t, resource.TestCase{ProtoV6ProviderFactories: l.factories(), Steps: steps})
}

// checkLimitedTransfer fetches a few MiB from a server on network B's host side through the
// guest's proxy at the NIC's IPv4 address (so the guest receives them on that NIC) and checks
// the rate against the inbound limit, ±20%, the first second (the burst) left out. The limit is
// far below what the tiny guest carries under TCG unlimited (several MiB/s), so the limit, not
// the guest, sets the rate.
func (l *accLab) checkLimitedTransfer(network string, nicAddrs []string, limitKiBps int) error {
	hostIP, _ := l.subnet(network)
	var guest string
	for _, a := range nicAddrs {
		if net.ParseIP(a).To4() != nil {
			guest = a
		}
	}
	const size = 3 << 20
	ln, err := net.Listen("tcp", net.JoinHostPort(hostIP, "0"))
	if err != nil {
		return err
	}
	payload := make([]byte, size)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(size))
		_, _ = w.Write(payload)
	}), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	pu, _ := url.Parse("http://" + net.JoinHostPort(guest, "8888"))
	client := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: http.ProxyURL(pu)}}
	resp, err := client.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		return fmt.Errorf("through the proxy at %s: %w", guest, err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 64<<10)
	var got int
	start := time.Now()
	var afterBurst time.Time
	var atBurst int
	for {
		n, err := resp.Body.Read(buf)
		got += n
		if afterBurst.IsZero() && time.Since(start) >= time.Second {
			afterBurst, atBurst = time.Now(), got
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if got != size || afterBurst.IsZero() {
		return fmt.Errorf("%d bytes of %d in %s: too fast for a limit of %d KiB/s", got, size, time.Since(start), limitKiBps)
	}
	rate := float64(got-atBurst) / 1024 / time.Since(afterBurst).Seconds()
	l.t.Logf("through the limited NIC: %.0f KiB/s after the first second, limit %d KiB/s", rate, limitKiBps)
	if rate < 0.8*float64(limitKiBps) || rate > 1.2*float64(limitKiBps) {
		return fmt.Errorf("%.0f KiB/s through a NIC limited to %d KiB/s (±20%%)", rate, limitKiBps)
	}
	return nil
}
