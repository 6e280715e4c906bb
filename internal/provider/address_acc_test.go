//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// defineForeignDomain defines (without starting it) a domain without our mark on the lab, with
// one NIC on the lab network with mac; the test's cleanup undefines it.
func (l *accLab) defineForeignDomain(name, mac string) {
	l.t.Helper()
	x := fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><vcpu>1</vcpu>
<os><type arch='x86_64'>hvm</type></os>
<devices><interface type='network'><mac address='%s'/><source network='%s'/><model type='virtio'/></interface></devices>
</domain>`, name, mac, l.network)
	if out, err := l.virsh(x, "define", "/dev/stdin"); err != nil {
		l.t.Fatalf("define %s: %v (%s)", name, err, out)
	}
	l.t.Cleanup(func() {
		if _, err := l.virsh("", "undefine", name); err != nil {
			l.t.Errorf("undefine %s: %v", name, err)
		}
	})
}

// seedFile reads file from the seed volume of the VM in state, downloaded from the lab host
// with virsh vol-download.
func (l *accLab) seedFile(s *terraform.State, file string) (string, error) {
	attrs := s.RootModule().Resources[vmAddr].Primary.Attributes
	vol := attrs["name"] + "." + attrs["uid"] + ".cidata.iso"
	cmd := l.ssh(context.Background(), "virsh -c qemu:///system vol-download --pool "+l.pool+" "+vol+" /dev/stdout")
	iso, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("vol-download %s: %w", vol, err)
	}
	return isoFile(iso, file)
}

// TestAccProxyVM_fixedAddress: on the lab host, a pinned MAC is in state and in the domain's
// definition, and a network configuration with a static address is in the seed (read back from
// the host) and in the mark; the VM imports with an empty plan; another domain's MAC is refused
// at plan, naming it; a replacement keeps the pinned MAC.
func TestAccProxyVM_fixedAddress(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("addr")
	mac, foreignMAC := l.runMAC("vm"), l.runMAC("foreign")
	foreign := l.name("addr-admin")
	netConfig := staticNetplan(mac, "192.168.123.230/24", "192.168.123.1")
	vm := func(extra string) string {
		return l.config(l.baseImage(l.pool) + l.accVM(name, `wait_for_ip = false
  mac_address = "`+mac+`"
  network_config = `+hclHeredoc(netConfig)+extra))
	}
	sameMAC := statecheck.CompareValue(compare.ValuesSame())
	newUID := statecheck.CompareValue(compare.ValuesDiffer())
	onHost := func(s *terraform.State) error {
		x, err := l.virsh("", "dumpxml", name)
		if err != nil {
			return err
		}
		if !strings.Contains(x, "<mac address='"+mac+"'/>") {
			return fmt.Errorf("domain %s lacks mac %s:\n%s", name, mac, x)
		}
		if !strings.Contains(x, "network-config>") || !strings.Contains(x, "192.168.123.230/24") {
			return fmt.Errorf("the mark of %s lacks the network config:\n%s", name, x)
		}
		got, err := l.seedFile(s, "network-config")
		if err != nil {
			return err
		}
		if got != netConfig {
			return fmt.Errorf("the seed's network-config is %q, want %q", got, netConfig)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             func(*terraform.State) error { return l.checkLeftovers(foreign) },
		Steps: []resource.TestStep{
			{
				PreConfig: func() { l.defineForeignDomain(foreign, foreignMAC) },
				Config:    vm(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact(mac)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network_config"), knownvalue.StringExact(netConfig)),
					sameMAC.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
					newUID.AddStateValue(vmAddr, tfjsonpath.New("uid")),
				},
				Check: onHost,
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts", "wait_for_ip"},
			},
			{
				// An import {} block with the same configuration plans no change; the mark has
				// the network config and wait_for_ip, the definition the MAC.
				Config:          vm(""),
				ResourceName:    vmAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
			{
				// A second VM asking for the foreign domain's address fails at plan, naming it.
				Config: vm("") + fmt.Sprintf(`
resource "kvm2_proxy_vm" "second" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  mac_address   = %q
}
`, l.name("addr-second"), foreignMAC),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)mac address ` + foreignMAC + ` is already used by domain\s+` + foreign + `\s+on\s+host\s+lab`),
			},
			{
				// A replacement (new user data) keeps the pinned address.
				Config: vm("\n  user_data = \"" + accUserData + "\""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact(mac)),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					sameMAC.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
					newUID.AddStateValue(vmAddr, tfjsonpath.New("uid")),
				},
				Check: onHost,
			},
		},
	})
}
