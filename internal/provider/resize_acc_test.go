//go:build acceptance

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// accSizedVM is VM name on the lab host with the given sizes and power state. Create, start
// and restart wait for the guest's address, so a restart finds a booted guest that powers off
// when asked, as a VM in service does.
func (l *accLab) accSizedVM(name string, vcpus, memory, disk int, running bool) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  firmware      = "bios"
  wait_for_ip   = true
  vcpus         = %d
  memory_mib    = %d
  disk_gib      = %d
  running       = %t
}
`, name, vcpus, memory, disk, running)
}

// TestAccProxyVM_resize: on the lab host, vcpus and memory_mib change in place on the same
// domain (same uid, domain_uuid, mac; a running VM restarted: its domain id changes), the disk
// grows in place while the VM runs (the volume and QEMU's vda both report the new capacity, the
// domain id stays), a stopped VM is redefined and its volume grown without starting it, and a
// smaller disk replaces the VM (new uid). Every apply is followed by an empty plan.
func TestAccProxyVM_resize(t *testing.T) {
	l := newAccLab(t)
	name := l.name("resize")
	cfg := func(vcpus, memory, disk int, running bool) string {
		return l.config(l.baseImage(l.pool) + l.accSizedVM(name, vcpus, memory, disk, running))
	}
	uid := statecheck.CompareValue(compare.ValuesSame())
	uuid := statecheck.CompareValue(compare.ValuesSame())
	mac := statecheck.CompareValue(compare.ValuesSame())
	replaced := statecheck.CompareValue(compare.ValuesDiffer())
	sameVM := func(vcpus, memory, disk int, state string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
			uuid.AddStateValue(vmAddr, tfjsonpath.New("domain_uuid")),
			mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("vcpus"), knownvalue.Int64Exact(int64(vcpus))),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("memory_mib"), knownvalue.Int64Exact(int64(memory))),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(int64(disk))),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact(state)),
		}
	}
	// A running VM has its address again after a restart.
	withAddress := func(checks []statecheck.StateCheck) []statecheck.StateCheck {
		return append(checks, statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringRegexp(regexp.MustCompile(`^\d+\.\d+\.\d+\.\d+$`))))
	}
	inPlace := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate)}}
	lastID := -1
	// host checks what the lab host holds after an apply; restarted says whether the domain
	// id must have changed since the previous check.
	host := func(vcpus, memory, disk int, running, restarted bool) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			uid := s.RootModule().Resources[vmAddr].Primary.Attributes["uid"]
			d, err := l.readLabSizes(name, name+"."+uid+".qcow2")
			if err != nil {
				return err
			}
			t.Logf("lab: live %d vcpus %d MiB, inactive %d vcpus %d MiB, mark %+v, volume %d bytes, vda %d bytes, domain id %d",
				d.live.VCPUs, d.live.MemoryMiB, d.inactive.VCPUs, d.inactive.MemoryMiB, *d.inactive.Mark, d.volBytes, d.blockBytes, d.id)
			for which, f := range map[string]definition.DomainFacts{"live": d.live, "inactive": d.inactive} {
				m := f.Mark
				if f.VCPUs != vcpus || f.MemoryMiB != memory || m.VCPUs != vcpus || m.MemoryMiB != memory || m.DiskGiB != disk {
					return fmt.Errorf("%s definition: %d vcpus, %d MiB, mark %+v; want %d, %d, %d GiB", which, f.VCPUs, f.MemoryMiB, *m, vcpus, memory, disk)
				}
			}
			want := uint64(disk) << 30
			if d.volBytes != want {
				return fmt.Errorf("volume capacity %d, want %d", d.volBytes, want)
			}
			switch {
			case running != (d.id >= 0):
				return fmt.Errorf("domain id %d, want running=%v", d.id, running)
			case running && d.blockBytes != want:
				return fmt.Errorf("QEMU's vda is %d bytes, want %d", d.blockBytes, want)
			case restarted && d.id == lastID:
				return fmt.Errorf("domain id %d unchanged: not restarted", d.id)
			case !restarted && lastID >= 0 && running && d.id != lastID:
				return fmt.Errorf("domain id %d, was %d: restarted", d.id, lastID)
			}
			lastID = d.id
			return nil
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config:            cfg(1, 128, 1, true),
				ConfigStateChecks: append(sameVM(1, 128, 1, "running"), replaced.AddStateValue(vmAddr, tfjsonpath.New("uid"))),
				Check:             host(1, 128, 1, true, false),
			},
			{
				// vcpus: redefined, restarted.
				Config: cfg(2, 128, 1, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: withAddress(sameVM(2, 128, 1, "running")), Check: host(2, 128, 1, true, true),
			},
			{
				// memory: redefined, restarted.
				Config: cfg(2, 144, 1, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: withAddress(sameVM(2, 144, 1, "running")), Check: host(2, 144, 1, true, true),
			},
			{
				// disk growth while running: live, through vda; no restart.
				Config: cfg(2, 144, 2, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(2, 144, 2, "running"), Check: host(2, 144, 2, true, false),
			},
			{
				// stopped, then redefined and its volume grown while shut off.
				Config: cfg(1, 128, 3, false), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(1, 128, 3, "stopped"), Check: host(1, 128, 3, false, false),
			},
			{
				// started again with the new definition.
				Config: cfg(1, 128, 3, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: withAddress(sameVM(1, 128, 3, "running")), Check: host(1, 128, 3, true, true),
			},
			{
				// a smaller disk replaces the VM.
				Config: cfg(1, 128, 2, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					replaced.AddStateValue(vmAddr, tfjsonpath.New("uid")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(2)),
				},
				Check: host(1, 128, 2, true, true),
			},
		},
	})
}
