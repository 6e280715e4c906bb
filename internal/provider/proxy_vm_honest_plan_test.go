package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestProxyVM_tagTheMarkCannotHoldFailsThePlan: a tag with a character libvirt's XML cannot hold
// (a NUL, another C0 control character) fails the plan of a new VM and of a tag change, instead
// of being stored altered and planned again at every plan (item 14 of issue 22).
func TestProxyVM_tagTheMarkCannotHoldFailsThePlan(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := func(tag string) string {
		return h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "`+tag+`"`))
	}
	refused := regexp.MustCompile(`(?s)Invalid attribute value.*libvirt's XML cannot hold`)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg(`fleet\u0000a`), PlanOnly: true, ExpectError: refused},
			{
				Config: cfg(`fleet\ta`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("tag"), knownvalue.StringExact("fleet\ta")),
				},
			},
			{Config: cfg(`fleet\u0001a`), ExpectError: refused},
			{Config: cfg(`fleet\ta`), PlanOnly: true},
		},
	})
}

// TestProxyVM_removingWriteOnlyUserDataReplaces: removing user_data_wo (no version set) leaves
// the configuration with no user data while the VM holds some: the plan replaces the VM, as any
// change of the user data's sha256 does, instead of planning nothing (item 10 of issue 22).
// Giving the same user data write-only again plans nothing.
func TestProxyVM_removingWriteOnlyUserDataReplaces(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const userData = "#!/bin/sh\necho wo\n"
	withWO := h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  user_data_wo = `+hclString(userData)))
	without := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: withWO},
			{Config: withWO, PlanOnly: true},
			{
				Config: without,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(rules.UserDataSHA256(nil))),
				},
			},
			{Config: without, PlanOnly: true},
		},
	})
}

// growOverlayOutOfBand grows the overlay of the VM in state to gib GiB, as an administrator's
// `virsh vol-resize` would.
func (h *fakeHost) growOverlayOutOfBand(gib int) func() {
	return func() {
		d, ok := h.FB.Domain("egress-1")
		if !ok {
			h.T.Fatal("domain egress-1 is gone")
		}
		f, err := definition.ParseDomain(d.XML)
		if err != nil || f.Mark == nil {
			h.T.Fatalf("definition of egress-1: %v", err)
		}
		v, ok := h.FB.Volume(fake.DefaultPool, "egress-1."+f.Mark.UID+".qcow2")
		if !ok {
			h.T.Fatal("no overlay")
		}
		v.Capacity = uint64(gib) << 30
		h.FB.AddVolume(fake.DefaultPool, v)
	}
}

// TestProxyVM_diskGrownOutOfBand: a disk grown outside Terraform reads back at its real size
// (disk_gib is honest drift, an import records it too), a configuration that asks for less fails
// the plan with what to do instead of planning a grow that apply refuses (or nothing at all),
// and the real size or more plans as usual (item 11 of issue 22).
func TestProxyVM_diskGrownOutOfBand(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := func(disk int) string { return h.config(h.baseImage() + sizedVMConfig(1, 128, disk, true)) }
	grown := regexp.MustCompile(`(?s)20 GiB on the host.*grown\s+outside\s+Terraform`)
	disk := func(gib int) []statecheck.StateCheck {
		return []statecheck.StateCheck{statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(int64(gib)))}
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg(10), ConfigStateChecks: disk(10)},
			// The configuration did not change; the disk did. (The apply's plan refreshes: a
			// plan with -refresh=false sees only the last refresh, and apply refuses the shrink.)
			{PreConfig: h.growOverlayOutOfBand(20), Config: cfg(10), ExpectError: grown},
			// A grow to less than the disk has would fail at apply.
			{Config: cfg(15), ExpectError: grown},
			// The real size: nothing to do, and state says 20.
			{
				Config: cfg(20), ConfigStateChecks: disk(20),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
			},
			{ResourceName: vmAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"}},
			// More grows in place, and the disk has it.
			{
				Config: cfg(25), ConfigStateChecks: disk(25), Check: h.wantHostSizes(1, 128, 25),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
			},
			// Once Terraform set the size, a smaller one replaces the VM, as the schema says.
			{
				Config: cfg(12), ConfigStateChecks: disk(12),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
			// Grown again outside Terraform: tainted, as the error advises, it is replaced.
			{PreConfig: h.growOverlayOutOfBand(30), Config: cfg(12), ExpectError: regexp.MustCompile(`(?s)30 GiB on the host`)},
			{
				Config: cfg(12), Taint: []string{vmAddr}, ConfigStateChecks: disk(12),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
			},
		},
	})
}

// TestProxyVM_importKeepsWhatSteersTheProvider: wait_for_ip = false and user_data_wo_version are
// recorded in the mark, so an import (by the import command and by an import block) records
// them and the plan after it is empty (item 13 of issue 22); changing wait_for_ip in place
// rewrites the mark, and the next import follows.
func TestProxyVM_importKeepsWhatSteersTheProvider(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := func(wait bool) string {
		return h.config(h.baseImage() + vmConfig(fmt.Sprintf(`wait_for_ip = %t
  user_data_wo = "#!/bin/sh\necho steer\n"
  user_data_wo_version = 3`, wait)))
	}
	steers := func(wait bool) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("wait_for_ip"), knownvalue.Bool(wait)),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_wo_version"), knownvalue.Int64Exact(3)),
		}
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg(false), ConfigStateChecks: steers(false)},
			{ResourceName: vmAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"}},
			{Config: cfg(false), ResourceName: vmAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithID},
			{
				Config: cfg(true), ConfigStateChecks: steers(true),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
			},
			{Config: cfg(true), ResourceName: vmAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithID},
		},
	})
}
