package provider

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestProxyVM_tagTheMarkCannotHoldFailsThePlan: a tag with a character libvirt's XML cannot hold
// (a NUL, another C0 control character) fails the plan of a new VM and of a tag change, instead
// of being stored altered and planned again at every plan (item 14 of issue 22).
func TestProxyVM_tagTheMarkCannotHoldFailsThePlan(t *testing.T) {
	h := newFakeHost(t)
	cfg := func(tag string) string {
		return h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "`+tag+`"`))
	}
	refused := regexp.MustCompile(`(?s)Invalid attribute value.*libvirt's XML cannot hold`)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
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
	h := newFakeHost(t)
	const userData = "#!/bin/sh\necho wo\n"
	withWO := h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  user_data_wo = `+hclString(userData)))
	without := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
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
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(emptyUserDataSHA256)),
				},
			},
			{Config: without, PlanOnly: true},
		},
	})
}
