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

// resizeKit holds one resize test's VM on the lab host: its config by size and power state, and
// the checks its steps share. uid, domain_uuid and mac must stay the same across in-place
// steps; replaced must differ across a replacement.
type resizeKit struct {
	t                        *testing.T
	l                        *accLab
	name                     string
	uid, uuid, mac, replaced stateValues
	inPlace                  resource.ConfigPlanChecks
	lastID                   int
}

// stateValues collects an attribute's value across steps and compares them.
type stateValues interface {
	AddStateValue(resourceAddress string, attributePath tfjsonpath.Path) statecheck.StateCheck
}

func newResizeKit(t *testing.T, base string) *resizeKit {
	l := newAccLab(t)
	return &resizeKit{
		t: t, l: l, name: l.name(base),
		uid: statecheck.CompareValue(compare.ValuesSame()), uuid: statecheck.CompareValue(compare.ValuesSame()),
		mac: statecheck.CompareValue(compare.ValuesSame()), replaced: statecheck.CompareValue(compare.ValuesDiffer()),
		inPlace: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate)}},
		lastID:  -1,
	}
}

func (k *resizeKit) cfg(vcpus, memory, disk int, running bool) string {
	return k.l.config(k.l.baseImage(k.l.pool) + k.l.accSizedVM(k.name, vcpus, memory, disk, running))
}

// sameVM checks that state holds the same VM (uid, domain_uuid, mac) with these sizes.
func (k *resizeKit) sameVM(vcpus, memory, disk int, state string) []statecheck.StateCheck {
	return []statecheck.StateCheck{
		k.uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
		k.uuid.AddStateValue(vmAddr, tfjsonpath.New("domain_uuid")),
		k.mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("vcpus"), knownvalue.Int64Exact(int64(vcpus))),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("memory_mib"), knownvalue.Int64Exact(int64(memory))),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(int64(disk))),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact(state)),
	}
}

// withAddress adds that a running VM has its address again after a restart.
func withAddress(checks []statecheck.StateCheck) []statecheck.StateCheck {
	return append(checks, statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringRegexp(regexp.MustCompile(`^\d+\.\d+\.\d+\.\d+$`))))
}

// host checks what the lab host holds after an apply; restarted says whether the domain id must
// have changed since the previous check.
func (k *resizeKit) host(vcpus, memory, disk int, running, restarted bool) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		uid := s.RootModule().Resources[vmAddr].Primary.Attributes["uid"]
		d, err := k.l.readLabSizes(k.name, k.name+"."+uid+".qcow2")
		if err != nil {
			return err
		}
		k.t.Logf("lab: live %d vcpus %d MiB, inactive %d vcpus %d MiB, mark %+v, volume %d bytes, vda %d bytes, domain id %d",
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
		case restarted && d.id == k.lastID:
			return fmt.Errorf("domain id %d unchanged: not restarted", d.id)
		case !restarted && k.lastID >= 0 && running && d.id != k.lastID:
			return fmt.Errorf("domain id %d, was %d: restarted", d.id, k.lastID)
		}
		k.lastID = d.id
		return nil
	}
}

// test runs steps, each followed by an empty plan, and checks that nothing of the run is left.
func (k *resizeKit) test(steps ...resource.TestStep) {
	resource.Test(k.t, resource.TestCase{
		ProtoV6ProviderFactories: k.l.factories(),
		CheckDestroy:             k.l.checkNothingOfOursLeft,
		Steps:                    steps,
	})
}

// TestAccProxyVM_resize: on the lab host, vcpus and memory_mib change in place on the same
// domain (same uid, domain_uuid, mac; a running VM is restarted: its domain id changes). Every
// apply is followed by an empty plan. TestAccProxyVM_resizeDisk has the disk's steps: the two
// run side by side, since each restart waits on a booting guest.
func TestAccProxyVM_resize(t *testing.T) {
	t.Parallel()
	k := newResizeKit(t, "resize")
	k.test(
		resource.TestStep{
			Config:            k.cfg(1, 128, 1, true),
			ConfigStateChecks: k.sameVM(1, 128, 1, "running"),
			Check:             k.host(1, 128, 1, true, false),
		},
		resource.TestStep{
			// vcpus: redefined, restarted.
			Config: k.cfg(2, 128, 1, true), ConfigPlanChecks: k.inPlace,
			ConfigStateChecks: withAddress(k.sameVM(2, 128, 1, "running")), Check: k.host(2, 128, 1, true, true),
		},
		resource.TestStep{
			// memory: redefined, restarted.
			Config: k.cfg(2, 144, 1, true), ConfigPlanChecks: k.inPlace,
			ConfigStateChecks: withAddress(k.sameVM(2, 144, 1, "running")), Check: k.host(2, 144, 1, true, true),
		},
	)
}

// TestAccProxyVM_resizeDisk: on the lab host, the disk grows in place while the VM runs (the
// volume and QEMU's vda both report the new capacity, the domain id stays), a stopped VM is
// redefined and its volume grown without starting it, and a smaller disk replaces the VM (new
// uid). Every apply is followed by an empty plan.
func TestAccProxyVM_resizeDisk(t *testing.T) {
	t.Parallel()
	k := newResizeKit(t, "resize-disk")
	k.test(
		resource.TestStep{
			Config:            k.cfg(2, 144, 1, true),
			ConfigStateChecks: append(k.sameVM(2, 144, 1, "running"), k.replaced.AddStateValue(vmAddr, tfjsonpath.New("uid"))),
			Check:             k.host(2, 144, 1, true, false),
		},
		resource.TestStep{
			// disk growth while running: live, through vda; no restart.
			Config: k.cfg(2, 144, 2, true), ConfigPlanChecks: k.inPlace,
			ConfigStateChecks: k.sameVM(2, 144, 2, "running"), Check: k.host(2, 144, 2, true, false),
		},
		resource.TestStep{
			// stopped, then redefined and its volume grown while shut off.
			Config: k.cfg(1, 128, 3, false), ConfigPlanChecks: k.inPlace,
			ConfigStateChecks: k.sameVM(1, 128, 3, "stopped"), Check: k.host(1, 128, 3, false, false),
		},
		resource.TestStep{
			// started again with the new definition.
			Config: k.cfg(1, 128, 3, true), ConfigPlanChecks: k.inPlace,
			ConfigStateChecks: withAddress(k.sameVM(1, 128, 3, "running")), Check: k.host(1, 128, 3, true, true),
		},
		resource.TestStep{
			// a smaller disk replaces the VM.
			Config: k.cfg(1, 128, 2, true),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				k.replaced.AddStateValue(vmAddr, tfjsonpath.New("uid")),
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(2)),
			},
			Check: k.host(1, 128, 2, true, true),
		},
	)
}
