//go:build ownership

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccUpgrade_previousMain: VMs the previous main made (before network_interfaces), one
// running with a pinned MAC on the lab network and one stopped, plan no change with this build,
// before and after a refresh; the same NIC written as a one-element network_interfaces plans no
// change either; and a limit on the stopped VM's NIC is set in place, on the same domain. The
// CLI configuration that installs the previous main is process-wide: a top-level test of its own.
func TestAccUpgrade_previousMain(t *testing.T) {
	l := newAccLab(t) // skips without TF_ACC, before anything is built
	previousProvider(t, previousMainCommit)
	on, off := l.name("upm-on"), l.name("upm-off")
	mac := l.runMAC("upm-on")
	vm := func(onNIC, offNIC string) string {
		return l.config(l.baseImage(l.tiny()) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "on" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  firmware      = "bios"
  wait_for_ip   = false
  %s
}

resource "kvm2_proxy_vm" "off" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  firmware      = "bios"
  running       = false
  autostart     = false
  wait_for_ip   = false
  %s
}
`, on, onNIC, off, offNIC))
	}
	topLevel := vm(fmt.Sprintf("network = %q\n  mac_address = %q", l.network, mac), "")
	asList := vm(fmt.Sprintf("network_interfaces = [{ network = %q, mac_address = %q }]", l.network, mac), "")
	limited := vm(fmt.Sprintf("network_interfaces = [{ network = %q, mac_address = %q }]", l.network, mac),
		"network_interfaces = [{ bandwidth = { outbound = { average_kibps = 128 } } }]")
	same := []interface {
		AddStateValue(string, tfjsonpath.Path) statecheck.StateCheck
	}{statecheck.CompareValue(compare.ValuesSame()), statecheck.CompareValue(compare.ValuesSame())}
	sameDomains := func() []statecheck.StateCheck {
		return []statecheck.StateCheck{
			same[0].AddStateValue("kvm2_proxy_vm.on", tfjsonpath.New("domain_uuid")),
			same[1].AddStateValue("kvm2_proxy_vm.off", tfjsonpath.New("domain_uuid")),
		}
	}
	empty := []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}
	current := l.factories()
	resource.Test(t, resource.TestCase{
		Steps: []resource.TestStep{
			{
				ExternalProviders: map[string]resource.ExternalProvider{
					"kvm2": {Source: providerAddress, VersionConstraint: previousVersion},
				},
				Config:            topLevel,
				ConfigStateChecks: sameDomains(),
			},
			{
				ProtoV6ProviderFactories: current,
				Config:                   topLevel,
				PlanOnly:                 true,
				ConfigPlanChecks:         resource.ConfigPlanChecks{PostApplyPreRefresh: empty, PostApplyPostRefresh: empty},
			},
			{
				ProtoV6ProviderFactories: current,
				Config:                   asList,
				ConfigPlanChecks:         resource.ConfigPlanChecks{PreApply: empty},
				ConfigStateChecks:        sameDomains(),
			},
			{
				ProtoV6ProviderFactories: current,
				Config:                   limited,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("kvm2_proxy_vm.off", plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction("kvm2_proxy_vm.on", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: sameDomains(),
				Check: func(s *terraform.State) error {
					mac := s.RootModule().Resources["kvm2_proxy_vm.off"].Primary.Attributes["network_interfaces.0.mac_address"]
					out, err := l.virsh("", "domiftune", off, mac, "--config")
					if err != nil {
						return err
					}
					if !regexp.MustCompile(`outbound.average\s*:\s*128\b`).MatchString(out) {
						return fmt.Errorf("domiftune %s %s --config: %s", off, mac, out)
					}
					return nil
				},
			},
		},
	})
}
