//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// TestAccEgressCheck_aStoppedProxyIsNamed: a fleet of three proxies on host 1, made with
// wait_for_port, one of which stops its proxy in the guest some seconds after it started, and
// one proxy on host 2, whose sshd refuses TCP forwarding. Once that proxy is down,
// kvm2_egress_check names it in failed_ids (a check block warns, the plan goes on), the other two
// of host 1 answer over direct-tcpip, and host 2's answers through nc run on the host.
func TestAccEgressCheck_aStoppedProxyIsNamed(t *testing.T) {
	l := newAccLab(t)
	h1, h2 := l.firstHost("lab"), l.secondHost("lab2")
	ip1, _ := l.subnet(l.network)
	xml, err := h2.virsh("net-dumpxml", h2.network)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<ip address='([0-9.]+)'`).FindStringSubmatch(xml)
	if m == nil {
		t.Fatalf("host 2's network %s has no IPv4 address: %s", h2.network, xml)
	}
	ip2 := m[1]
	target1, token1 := tokenServer(t, ip1)
	target2, token2 := tokenServer(t, ip2)
	tag := l.name("egc")
	const stopAfter = 20 * time.Second
	proxy := "#!/bin/sh\ntinyproxy -c /etc/tinyproxy.conf\n"
	stopping := fmt.Sprintf("#!/bin/sh\ntinyproxy -c /etc/tinyproxy.conf\nsleep %d\nkill $(cat /tmp/tinyproxy.pid)\n", int(stopAfter/time.Second))
	fleet := fmt.Sprintf(`provider "kvm2" {
  hosts = {
%s%s  }
}

resource "kvm2_base_image" "base" {
  count      = 2
  host       = ["lab", "lab2"][count.index]
  name       = %q
  pool       = [%q, %q][count.index]
  source_url = %q
  sha256     = %q
}

locals {
  # The test harness reads state through a shim that knows count indexes, not for_each keys.
  vms = [
    { name = "%s-0", host = 0, user_data = %q },
    { name = "%s-1", host = 0, user_data = %q },
    { name = "%s-2", host = 0, user_data = %q },
    { name = "%s-3", host = 1, user_data = %q },
  ]
}

resource "kvm2_proxy_vm" "egress" {
  count         = length(local.vms)
  name          = local.vms[count.index].name
  host          = kvm2_base_image.base[local.vms[count.index].host].host
  base_image_id = kvm2_base_image.base[local.vms[count.index].host].id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  user_data     = local.vms[count.index].user_data
  wait_for_port = 8888
}
`, h1.block(), h2.block(), l.name("base")+".qcow2", h1.pool, h2.pool, l.imageURL, l.imageSHA,
		tag, proxy, tag, stopping, tag, proxy, tag, proxy, tag)
	check := fmt.Sprintf(`
data "kvm2_egress_check" "lab" {
  tag                   = %q
  host                  = "lab"
  proxy_port            = 8888
  target_url            = %q
  expected_body_pattern = %q
  first_line_bytes      = 64
  timeout_seconds       = 10
}

data "kvm2_egress_check" "lab2" {
  tag                   = %q
  host                  = "lab2"
  proxy_port            = 8888
  target_url            = %q
  expected_body_pattern = %q
  timeout_seconds       = 10
}

check "egress" {
  assert {
    condition     = data.kvm2_egress_check.lab.all_answered && data.kvm2_egress_check.lab2.all_answered
    error_message = "proxies not forwarding: ${join(", ", concat(data.kvm2_egress_check.lab.failed_ids, data.kvm2_egress_check.lab2.failed_ids))}"
  }
}
`, tag, target1, "^"+token1+"$", tag, target2, "^"+token2+"$")
	stopped := "lab/" + tag + "-1"
	res := func(_ string, i int) tfjsonpath.Path { return tfjsonpath.New("results").AtSliceIndex(i) }
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: fleet},
			{
				// Host 1's guests are reachable from this machine: wait until the stopping
				// proxy no longer answers, so the check meets it stopped.
				PreConfig: func() { waitProxyDown(t, l, stopped, target1, stopAfter) },
				Config:    fleet + check,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab", tfjsonpath.New("failed_ids"),
						knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact(stopped)})),
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab", res("lab", 0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"answered": knownvalue.Bool(true), "status": knownvalue.Int64Exact(200), "matched": knownvalue.Bool(true),
						"first_line": knownvalue.StringExact(token1), "via": knownvalue.StringExact("direct-tcpip"),
					})),
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab", res("lab", 1), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"id": knownvalue.StringExact(stopped), "answered": knownvalue.Bool(false),
					})),
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab", res("lab", 2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"answered": knownvalue.Bool(true), "matched": knownvalue.Bool(true),
					})),
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab2", tfjsonpath.New("all_answered"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("data.kvm2_egress_check.lab2", res("lab2", 0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"answered": knownvalue.Bool(true), "status": knownvalue.Int64Exact(200), "matched": knownvalue.Bool(true),
						"via": knownvalue.StringExact("exec:nc"),
					})),
				},
				Check: func(s *terraform.State) error {
					for _, ds := range []string{"data.kvm2_egress_check.lab", "data.kvm2_egress_check.lab2"} {
						r := s.RootModule().Resources[ds].Primary.Attributes
						for i := 0; i < 3; i++ {
							if id := r[fmt.Sprintf("results.%d.id", i)]; id != "" {
								t.Logf("%s: %s answered %s status %s in %s ms via %s: %s", ds, id, r[fmt.Sprintf("results.%d.answered", i)],
									r[fmt.Sprintf("results.%d.status", i)], r[fmt.Sprintf("results.%d.latency_ms", i)],
									r[fmt.Sprintf("results.%d.via", i)], r[fmt.Sprintf("results.%d.error", i)])
							}
						}
					}
					return nil
				},
			},
		},
	})
}

// waitProxyDown waits until the proxy of VM id (host 1) no longer answers this machine, within
// its stop delay and the budget of proxies answering.
func waitProxyDown(t *testing.T, l *accLab, id, target string, after time.Duration) {
	t.Helper()
	c := l.client()
	var ip string
	w := budget.ProxiesAnswer.Start()
	for !w.Over() {
		if ip == "" {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			list, err := c.ListByTag(ctx, "", "lab")
			cancel()
			for _, vm := range list {
				if vm.ID == id && err == nil {
					ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
					if inst, gerr := c.Get(ctx, vm.ID, vm.UID); gerr == nil {
						ip = inst.IPv4
					}
					cancel()
				}
			}
		}
		if ip != "" {
			pu, _ := url.Parse("http://" + net.JoinHostPort(ip, "8888"))
			client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{Proxy: http.ProxyURL(pu), DisableKeepAlives: true}}
			resp, err := client.Get(target)
			if err != nil {
				return
			}
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	t.Fatalf("the proxy of %s (%s) still answered past its stop (%s after it started)", id, ip, after)
}
