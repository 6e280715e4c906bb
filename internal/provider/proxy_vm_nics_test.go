package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// withSecondNetwork gives the fake host network v6net, which serves IPv6 alone.
func withSecondNetwork(h *fakeHost) {
	h.FB.AddNetwork("v6net", true)
	h.FB.SetNetworkFamilies("v6net", false, true)
}

// giveAddressesByMAC makes every running domain's agent report, for each of its NICs, the
// addresses addrs gives that NIC's index.
func (h *fakeHost) giveAddressesByMAC(addrs func(i int) []libvirt.DomainIPAddr) {
	h.FB.Inject("DomainInterfaceAddresses", func(_ context.Context, c fake.Call) error {
		h.FB.UpdateDomain(c.Target, func(d *fake.Domain) {
			facts, err := definition.ParseDomain(d.XML)
			if err != nil {
				return
			}
			d.Agent = nil
			for i, n := range facts.NICs {
				d.Agent = append(d.Agent, libvirt.DomainInterface{Name: fmt.Sprintf("eth%d", i), Hwaddr: libvirt.OptString{n.MAC}, Addrs: addrs(i)})
			}
		})
		return nil
	})
}

// limitsOf is a TestCheckFunc that the fake domain name's NIC i has limits want.
func (h *fakeHost) nicLimits(name string, i int, want definition.Bandwidth) resource.TestCheckFunc {
	return func(*terraform.State) error {
		d, _ := h.FB.Domain(name)
		facts, err := definition.ParseDomain(d.XML)
		if err != nil {
			return err
		}
		if i >= len(facts.NICs) || !facts.NICs[i].Bandwidth.Equal(want) {
			return fmt.Errorf("NICs %+v: NIC %d's limits are not %+v", facts.NICs, i, want)
		}
		return nil
	}
}

const twoNICConfig = `wait_for_ip = false
  network_interfaces = [
    { network = "default" },
    { network = "v6net", mac_address = "52:54:00:AB:00:02", bandwidth = { inbound = { average_kibps = %d } } },
  ]`

// TestProxyVM_twoNICs: two NICs are defined in order, state shows each (the configured MAC in
// its spelling, the first NIC in the top-level attributes), the plan after is empty, a limit
// changes in place, an import reads the same NICs back, and a NIC's network or a third NIC
// replaces the VM.
func TestProxyVM_twoNICs(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	withSecondNetwork(h)
	vm := func(extra string) string { return h.config(h.baseImage() + vmConfig(extra)) }
	uid := statecheck.CompareValue(compare.ValuesSame())
	nics := tfjsonpath.New("network_interfaces")
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: vm(fmt.Sprintf(twoNICConfig, 1024)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, nics.AtSliceIndex(0).AtMapKey("network"), knownvalue.StringExact("default")),
					statecheck.ExpectKnownValue(vmAddr, nics.AtSliceIndex(1).AtMapKey("network"), knownvalue.StringExact("v6net")),
					statecheck.ExpectKnownValue(vmAddr, nics.AtSliceIndex(1).AtMapKey("mac_address"), knownvalue.StringExact("52:54:00:AB:00:02")),
					statecheck.ExpectKnownValue(vmAddr, nics.AtSliceIndex(1).AtMapKey("bandwidth").AtMapKey("inbound").AtMapKey("average_kibps"), knownvalue.Int64Exact(1024)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network"), knownvalue.StringExact("default")),
					uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
				},
				Check: resource.ComposeTestCheckFunc(
					h.domainXMLHas("egress-1", `<source network="default">`, `<source network="v6net">`, `<mac address="52:54:00:ab:00:02">`),
					h.nicLimits("egress-1", 1, definition.Bandwidth{Inbound: &definition.Rate{Average: 1024}}),
				),
			},
			{Config: vm(fmt.Sprintf(twoNICConfig, 1024)), PlanOnly: true},
			{
				// A limit changes in place.
				Config: vm(fmt.Sprintf(twoNICConfig, 2048)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{uid.AddStateValue(vmAddr, tfjsonpath.New("uid"))},
				Check:             h.nicLimits("egress-1", 1, definition.Bandwidth{Inbound: &definition.Rate{Average: 2048}}),
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts", "network_interfaces.1.mac_address"}, // read back in lower case
			},
			{
				// The second NIC on another network replaces the VM.
				Config: vm(`wait_for_ip = false
  network_interfaces = [{ network = "default" }, { network = "default" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			{
				// So does a third NIC.
				Config: vm(`wait_for_ip = false
  network_interfaces = [{ network = "default" }, { network = "default" }, { network = "v6net" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: h.domainXMLHas("egress-1", `<source network="v6net">`),
			},
		},
	})
}

// TestProxyVM_oneNICAsAListIsNoChange: a VM made with the top-level attributes, then configured
// with the same NIC as a one-element list (same network and MAC), plans no change; so does a VM
// whose configuration sets neither.
func TestProxyVM_oneNICAsAListIsNoChange(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	vm := func(extra string) string { return h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  "+extra)) }
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: vm(`network = "default"
  mac_address = "52:54:00:ab:00:01"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network_interfaces"), knownvalue.ListSizeExact(1)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network_interfaces").AtSliceIndex(0).AtMapKey("mac_address"),
						knownvalue.StringExact("52:54:00:ab:00:01")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv6_address"), knownvalue.StringExact("")),
				},
			},
			{
				Config:           vm(`network_interfaces = [{ network = "default", mac_address = "52:54:00:ab:00:01" }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				// Both, saying the same, as generated configuration (terraform query, import) does.
				Config: vm(`network = "default"
  mac_address = "52:54:00:ab:00:01"
  network_interfaces = [{ network = "default", mac_address = "52:54:00:ab:00:01", bandwidth = null }]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
			{
				Config:           vm(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}

// TestProxyVM_waitForIPv6OnTheSecondNIC: wait_for_ip_family = "ipv6" on NIC 1 returns with that
// NIC's IPv6 address while the first has none; the addresses are in state per NIC, global
// before unique-local, never link-local; the wait settings go into the mark and an import reads
// them back.
func TestProxyVM_waitForIPv6OnTheSecondNIC(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	withSecondNetwork(h)
	h.giveAddressesByMAC(func(i int) []libvirt.DomainIPAddr {
		if i == 0 {
			return nil
		}
		return []libvirt.DomainIPAddr{
			{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "fe80::5054:ff:feab:2", Prefix: 64},
			{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "fd6b:766d:7a03::7", Prefix: 64},
			{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "2001:db8:3::7", Prefix: 64},
		}
	})
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip_family = "ipv6"
  wait_for_ip_interface = 1
  network_interfaces = [{ network = "default" }, { network = "v6net" }]`))
	second := tfjsonpath.New("network_interfaces").AtSliceIndex(1)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, second.AtMapKey("ipv6_addresses"), knownvalue.ListExact([]knownvalue.Check{
						knownvalue.StringExact("2001:db8:3::7"), knownvalue.StringExact("fd6b:766d:7a03::7"),
					})),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("wait_for_ip_interface"), knownvalue.Int64Exact(1)),
				},
				Check: h.domainXMLHas("egress-1", "<kvm2:wait-for-ip-family>ipv6</kvm2:wait-for-ip-family>",
					"<kvm2:wait-for-ip-interface>1</kvm2:wait-for-ip-interface>"),
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
		},
	})
}

// TestProxyVM_badNICsRefusedAtPlan: what the core's rules refuse of NICs is refused by the plan,
// in their words, before anything is made.
func TestProxyVM_badNICsRefusedAtPlan(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	addForeignDomain(h, "admin-vm", "52:54:00:ab:00:99")
	h.FB.AddNetwork("stopped", false)
	vm := func(extra string) string { return h.config(h.baseImage() + vmConfig(extra)) }
	steps := []struct{ config, want string }{
		// The host's checks, of every NIC.
		{`network_interfaces = [{}, { network = "nosuch" }]`, `network "nosuch" does not\s+exist`},
		{`network_interfaces = [{}, { network = "stopped" }]`, `network "stopped" is not\s+active`},
		{`network_interfaces = [{}, { mac_address = "52:54:00:ab:00:99" }]`,
			`52:54:00:ab:00:99 is already used by domain\s+admin-vm`},
		// The rules.
		{`network_interfaces = [{ mac_address = "52:54:00:ab:00:01" }, { mac_address = "52:54:00:AB:00:01" }]`,
			`network interfaces 0 and 1 both have\s+mac_address`},
		{`network_interfaces = [{ network = "default", bridge = "br0" }]`, `network interface 0: set at most one of network\s+and\s+bridge`},
		{`network_interfaces = [{ bandwidth = { outbound = { average_kibps = 100, peak_kibps = 50 } } }]`,
			`peak 50 KiB/s is below the average 100 KiB/s`},
		{`network_interfaces = [{ bandwidth = { inbound = { average_kibps = 5000000 } } }]`, `average is 5000000 KiB/s`},
		// Zero and negative limits are refused, never dropped as if unset.
		{`network_interfaces = [{ bandwidth = { inbound = { average_kibps = 100, peak_kibps = 0 } } }]`, `peak is 0 KiB/s; it must be 1 to`},
		{`network_interfaces = [{ bandwidth = { outbound = { average_kibps = 100, burst_kib = -1 } } }]`, `burst is -1 KiB; it must be 1 to`},
		{`network_interfaces = [{ bandwidth = { inbound = { average_kibps = -5 } } }]`, `average is -5 KiB/s`},
		{`wait_for_ip_interface = 2
  network_interfaces = [{}, {}]`, `wait_for_ip_interface 2 names no network interface: the VM has 2`},
		{`wait_for_ip_interface = 1`, `wait_for_ip_interface 1 names no network interface: the VM has 1`},
		{`network = "default"
  network_interfaces = [{ network = "other" }]`, `network is "default" but network_interfaces\[0\]\.network is\s+"other"`},
		{`mac_address = "52:54:00:ab:00:01"
  network_interfaces = [{}]`, `mac_address is "52:54:00:ab:00:01" but network_interfaces\[0\]\.mac_address\s+is\s+""`},
	}
	var ts []resource.TestStep
	for _, s := range steps {
		ts = append(ts, resource.TestStep{Config: vm(s.config), PlanOnly: true, ExpectError: regexp.MustCompile(s.want)})
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(h.NewClient), Steps: ts})
	if names := h.FB.DomainNames(); !slices.Equal(names, []string{"admin-vm"}) {
		t.Fatalf("domains on the host: %v, want the foreign one alone", names)
	}
}
