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

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// sizedVMConfig is VM "egress-1" on the fake host with the given sizes and power state.
func sizedVMConfig(vcpus, memory, disk int, running bool) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  firmware      = "bios"
  wait_for_ip   = false
  vcpus         = %d
  memory_mib    = %d
  disk_gib      = %d
  running       = %t
}
`, vcpus, memory, disk, running)
}

// wantHostSizes checks the fake host: the domain's persistent and current definitions (and
// the marks in them) say vcpus and memory, the overlay has disk GiB.
func (h *fakeHost) wantHostSizes(vcpus, memory, disk int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		d, ok := h.FB.Domain("egress-1")
		if !ok {
			return fmt.Errorf("domain egress-1 is gone")
		}
		docs := []string{d.XML}
		if d.Persistent != nil {
			docs = append(docs, d.Persistent.XML)
		}
		for _, x := range docs {
			f, err := definition.ParseDomain(x)
			if err != nil {
				return err
			}
			if f.VCPUs != vcpus || f.MemoryMiB != memory || f.Mark == nil ||
				f.Mark.VCPUs != vcpus || f.Mark.MemoryMiB != memory || f.Mark.DiskGiB != disk {
				return fmt.Errorf("definition: %d vcpus, %d MiB, mark %+v; want %d, %d, %d GiB", f.VCPUs, f.MemoryMiB, f.Mark, vcpus, memory, disk)
			}
		}
		uid := s.RootModule().Resources[vmAddr].Primary.Attributes["uid"]
		v, ok := h.FB.Volume(fake.DefaultPool, "egress-1."+uid+".qcow2")
		if !ok || v.Capacity != uint64(disk)<<30 {
			return fmt.Errorf("overlay of uid %s: %+v; want %d GiB", uid, v, disk)
		}
		return nil
	}
}

// vcpus and memory change in place (a running VM restarted, a stopped one redefined), the disk
// grows in place, and a smaller disk replaces the VM; each apply is followed by an empty plan.
func TestProxyVM_resize(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := func(vcpus, memory, disk int, running bool) string {
		return h.config(h.baseImage() + sizedVMConfig(vcpus, memory, disk, running))
	}
	uid := statecheck.CompareValue(compare.ValuesSame())
	uuid := statecheck.CompareValue(compare.ValuesSame())
	mac := statecheck.CompareValue(compare.ValuesSame())
	replacedUID := statecheck.CompareValue(compare.ValuesDiffer())
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
	inPlace := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate)}}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config:            cfg(1, 128, 4, true),
				ConfigStateChecks: append(sameVM(1, 128, 4, "running"), replacedUID.AddStateValue(vmAddr, tfjsonpath.New("uid"))),
				Check:             h.wantHostSizes(1, 128, 4),
			},
			{
				Config: cfg(2, 192, 4, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(2, 192, 4, "running"), Check: h.wantHostSizes(2, 192, 4),
			},
			{
				Config: cfg(2, 192, 7, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(2, 192, 7, "running"), Check: h.wantHostSizes(2, 192, 7),
			},
			{
				// Stopped first, then only redefined.
				Config: cfg(3, 96, 8, false), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(3, 96, 8, "stopped"), Check: h.wantHostSizes(3, 96, 8),
			},
			{
				// Resized while stopped, then started.
				Config: cfg(1, 128, 9, true), ConfigPlanChecks: inPlace,
				ConfigStateChecks: sameVM(1, 128, 9, "running"), Check: h.wantHostSizes(1, 128, 9),
			},
			{
				Config: cfg(1, 128, 5, true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					replacedUID.AddStateValue(vmAddr, tfjsonpath.New("uid")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(5)),
				},
				Check: h.wantHostSizes(1, 128, 5),
			},
		},
	})
}

// CPUs changed out of band (virsh setvcpus --config) read as drift, and the apply puts them back
// in place.
func TestProxyVM_resizeDriftIsPutBack(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + sizedVMConfig(1, 128, 4, false))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					h.FB.UpdateDomain("egress-1", func(d *fake.Domain) {
						f, _ := definition.ParseDomain(d.XML)
						x, err := definition.ResizeDomainXML(d.XML, "", 4, 128, *f.Mark)
						if err != nil {
							t.Fatal(err)
						}
						d.XML = x
					})
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("vcpus"), knownvalue.Int64Exact(1)),
				},
				Check: h.wantHostSizes(1, 128, 4),
			},
		},
	})
}
