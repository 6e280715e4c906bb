package provider

import (
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// TestProxyVMs_listsNICsAndIPv6: each entry of kvm2_proxy_vms holds the VM's network interfaces
// with the addresses the host reports of each, and its first IPv6 address, as the resource's
// state (and the list resource) has them: a VM with two NICs, IPv4 on the first, IPv6 on both.
func TestProxyVMs_listsNICsAndIPv6(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	withSecondNetwork(h)
	h.giveAddressesByMAC(func(i int) []libvirt.DomainIPAddr {
		if i == 0 {
			return []libvirt.DomainIPAddr{
				{Type: int32(libvirt.IPAddrTypeIpv4), Addr: "192.168.122.40", Prefix: 24},
				{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "fe80::5054:ff:feab:1", Prefix: 64},
				{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "2001:db8:1::40", Prefix: 64},
			}
		}
		return []libvirt.DomainIPAddr{{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "2001:db8:3::40", Prefix: 64}}
	})
	entry := tfjsonpath.New("vms").AtSliceIndex(0)
	nic := func(i int) tfjsonpath.Path { return entry.AtMapKey("network_interfaces").AtSliceIndex(i) }
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{{
			PreConfig: func() {
				h.CreateOutOfBandWith("egress-1", "fleet-n", "", func(r *kvm2.CreateRequest) {
					r.NICs = []definition.NIC{{Network: "default", MAC: "52:54:00:ab:00:01"}, {Network: "v6net", MAC: "52:54:00:ab:00:02"}}
				})
			},
			Config: h.config(`
data "kvm2_proxy_vms" "fleet" {
  tag = "fleet-n"
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", entry.AtMapKey("ipv6_address"), knownvalue.StringExact("2001:db8:1::40")),
				statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", nic(0), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"network": knownvalue.StringExact("default"), "mac_address": knownvalue.StringExact("52:54:00:ab:00:01"),
					"ipv4_addresses": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("192.168.122.40")}),
					"ipv6_addresses": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("2001:db8:1::40")}),
				})),
				statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", nic(1), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"network": knownvalue.StringExact("v6net"), "mac_address": knownvalue.StringExact("52:54:00:ab:00:02"),
					"ipv4_addresses": knownvalue.ListSizeExact(0),
					"ipv6_addresses": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("2001:db8:3::40")}),
				})),
			},
		}},
	})
}
