package provider

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// giveAddressesByName makes the lease source report, for each domain named in addrs, that
// address on its first NIC.
func (h *fakeHost) giveAddressesByName(addrs map[string]string) {
	h.FB.Inject("DomainInterfaceAddresses", func(_ context.Context, c fake.Call) error {
		addr, ok := addrs[c.Target]
		if !ok {
			return nil
		}
		h.FB.UpdateDomain(c.Target, func(d *fake.Domain) {
			var mac libvirt.OptString
			if facts, err := definition.ParseDomain(d.XML); err == nil && len(facts.MACs) > 0 {
				mac = libvirt.OptString{facts.MACs[0]}
			}
			d.Lease = []libvirt.DomainInterface{{Name: "vnet0", Hwaddr: mac, Addrs: []libvirt.DomainIPAddr{
				{Type: int32(libvirt.IPAddrTypeIpv4), Addr: addr, Prefix: 24}}}}
		})
		return nil
	})
}

// serveProxy makes a forward proxy answer on addr:8888 with 200 and body.
func (h *fakeHost) serveProxy(addr, body string) {
	h.FB.ServeGuestPort(netip.MustParseAddrPort(addr+":8888"), func(c net.Conn) {
		if _, err := http.ReadRequest(bufio.NewReader(c)); err != nil {
			return
		}
		_, _ = fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n", len(body))
		_, _ = io.WriteString(c, body)
	})
}

const egressCheckConfig = `
data "kvm2_egress_check" "fleet" {
  tag                   = "fleet-e"
  proxy_port            = 8888
  target_url            = "http://192.168.122.1:8089/token"
  expected_body_pattern = "^token-[0-9]+"
  first_line_bytes      = 16
}

check "egress" {
  assert {
    condition     = data.kvm2_egress_check.fleet.all_answered
    error_message = "proxies not forwarding: ${join(", ", data.kvm2_egress_check.fleet.failed_ids)}"
  }
}
`

// TestEgressCheck_aStoppedProxyIsNamed: over a fleet of three where one proxy is stopped in its
// guest, the check names that VM (a warning of the check block: the plan goes on) and the
// others answer, matched, with their first line; through a host that refuses forwarding the
// same check goes the exec way.
func TestEgressCheck_aStoppedProxyIsNamed(t *testing.T) {
	t.Parallel()
	for _, refused := range []bool{false, true} {
		t.Run(fmt.Sprintf("forwarding refused %v", refused), func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			h.giveAddressesByName(map[string]string{"egress-1": "192.168.122.11", "egress-2": "192.168.122.12", "egress-3": "192.168.122.13"})
			h.serveProxy("192.168.122.11", "token-1\nrest")
			h.serveProxy("192.168.122.13", "token-3")
			via := "direct-tcpip"
			if refused {
				h.FB.RefuseGuestForwarding(true)
				via = "exec:nc"
			}
			result := func(i int) tfjsonpath.Path { return tfjsonpath.New("results").AtSliceIndex(i) }
			const addr = "data.kvm2_egress_check.fleet"
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				Steps: []resource.TestStep{{
					PreConfig: func() {
						for _, n := range []string{"egress-1", "egress-2", "egress-3"} {
							h.CreateOutOfBand(n, "fleet-e", "")
						}
						h.CreateOutOfBand("other", "fleet-x", "")
					},
					Config: h.config(egressCheckConfig),
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(addr, tfjsonpath.New("all_answered"), knownvalue.Bool(false)),
						statecheck.ExpectKnownValue(addr, tfjsonpath.New("failed_ids"), knownvalue.ListExact([]knownvalue.Check{
							knownvalue.StringExact("lab/egress-2")})),
						statecheck.ExpectKnownValue(addr, result(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("lab/egress-1"), "answered": knownvalue.Bool(true),
							"status": knownvalue.Int64Exact(200), "matched": knownvalue.Bool(true),
							"first_line": knownvalue.StringExact("token-1"), "via": knownvalue.StringExact(via),
							"address": knownvalue.StringExact("192.168.122.11:8888"), "error": knownvalue.StringExact(""),
						})),
						statecheck.ExpectKnownValue(addr, result(1), knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("lab/egress-2"), "answered": knownvalue.Bool(false),
							"status": knownvalue.Int64Exact(0), "matched": knownvalue.Bool(false),
						})),
						statecheck.ExpectKnownValue(addr, result(2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("lab/egress-3"), "answered": knownvalue.Bool(true),
						})),
						statecheck.ExpectKnownValue(addr, tfjsonpath.New("results"), knownvalue.ListSizeExact(3)),
					},
					Check: func(*terraform.State) error {
						connects := h.FB.GuestConnects()
						slices.Sort(connects)
						// One request per VM and read (a plan and an apply each read the data source).
						for _, c := range connects {
							if !slices.Contains([]string{"192.168.122.11:8888", "192.168.122.12:8888", "192.168.122.13:8888"}, c) {
								return fmt.Errorf("connected to %s", c)
							}
						}
						return nil
					},
				}},
			})
		})
	}
}

// TestEgressCheck_aVMNotOursIsNeverAsked: by ids, a domain without the provider's mark is
// reported and never connected to, even with a proxy answering on its address.
func TestEgressCheck_aVMNotOursIsNeverAsked(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.FB.AddDomain(fake.Domain{Name: "admin-proxy", State: libvirt.DomainRunning,
		XML: "<domain type='qemu'><name>admin-proxy</name><devices><interface type='network'><mac address='52:54:00:ab:00:77'/>" +
			"<source network='default'/></interface></devices></domain>"})
	h.giveAddressesByName(map[string]string{"admin-proxy": "192.168.122.77", "egress-1": "192.168.122.11"})
	h.serveProxy("192.168.122.77", "token-77")
	h.serveProxy("192.168.122.11", "token-1")
	const addr = "data.kvm2_egress_check.ids"
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{{
			PreConfig: func() { h.CreateOutOfBand("egress-1", "fleet-e", "") },
			Config: h.config(`
data "kvm2_egress_check" "ids" {
  ids        = ["lab/admin-proxy", "lab/egress-1"]
  proxy_port = 8888
  target_url = "http://192.168.122.1:8089/token"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("failed_ids"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.StringExact("lab/admin-proxy")})),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("results").AtSliceIndex(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"answered": knownvalue.Bool(false), "address": knownvalue.StringExact(""), "via": knownvalue.StringExact(""),
					"matched": knownvalue.Null(), "first_line": knownvalue.Null(),
				})),
				statecheck.ExpectKnownValue(addr, tfjsonpath.New("results").AtSliceIndex(1), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"answered": knownvalue.Bool(true), "status": knownvalue.Int64Exact(200),
				})),
			},
			Check: func(*terraform.State) error {
				for _, c := range h.FB.GuestConnects() {
					if c == "192.168.122.77:8888" {
						return fmt.Errorf("the domain that is not ours was connected to")
					}
				}
				return nil
			},
		}},
	})
}
