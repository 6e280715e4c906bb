//go:build ownership

package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// upgradeResizePreviousReleaseVM (TestAccUpgrade_previousRelease): a running VM made by the previous release (its UID
// of 26 characters, a UUID libvirt chose, the overlay named without the UID) is resized by this
// one in place: more vcpus and a larger disk on the same domain, both definitions and the mark
// saying so, the volume and QEMU's vda grown; the next plan is empty.
func upgradeResizePreviousReleaseVM(t *testing.T) {
	l := newAccLab(t)
	name := l.name("upsz")
	vm := func(vcpus, disk int) string {
		return l.config(l.baseImage(l.pool) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  firmware      = "bios"
  wait_for_ip   = false
  vcpus         = %d
  memory_mib    = 128
  disk_gib      = %d
}
`, name, vcpus, disk))
	}
	uid := statecheck.CompareValue(compare.ValuesSame())
	uuid := statecheck.CompareValue(compare.ValuesSame())
	mac := statecheck.CompareValue(compare.ValuesSame())
	identity := func(more ...statecheck.StateCheck) []statecheck.StateCheck {
		return append([]statecheck.StateCheck{
			uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
			uuid.AddStateValue(vmAddr, tfjsonpath.New("domain_uuid")),
			mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
		}, more...)
	}
	resource.Test(t, resource.TestCase{
		CheckDestroy: l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				ExternalProviders: map[string]resource.ExternalProvider{
					"kvm2": {Source: providerAddress, VersionConstraint: previousVersion},
				},
				Config:            vm(1, 1),
				ConfigStateChecks: identity(),
			},
			{
				ProtoV6ProviderFactories: l.factories(),
				Config:                   vm(2, 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: identity(
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("vcpus"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(2)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
				),
				Check: func(*terraform.State) error {
					// The previous release named the overlay without the UID.
					d, err := l.readLabSizes(name, name+".qcow2")
					if err != nil {
						return err
					}
					t.Logf("lab: live %d vcpus, inactive %d vcpus, mark %+v, volume %d bytes, vda %d bytes",
						d.live.VCPUs, d.inactive.VCPUs, *d.inactive.Mark, d.volBytes, d.blockBytes)
					for _, f := range []int{d.live.VCPUs, d.inactive.VCPUs, d.live.Mark.VCPUs, d.inactive.Mark.VCPUs} {
						if f != 2 {
							return fmt.Errorf("vcpus %d, want 2", f)
						}
					}
					if d.live.Mark.DiskGiB != 2 || d.inactive.Mark.DiskGiB != 2 || d.volBytes != 2<<30 || d.blockBytes != 2<<30 {
						return fmt.Errorf("disk: marks %d/%d GiB, volume %d, vda %d; want 2 GiB", d.live.Mark.DiskGiB, d.inactive.Mark.DiskGiB, d.volBytes, d.blockBytes)
					}
					return nil
				},
			},
		},
	})
}
