//go:build acceptance

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccProxyVM_autostart: a VM created with the default has autostart on the host;
// `virsh autostart --disable` out of band shows as drift that an apply fixes in place on the
// same domain; autostart = false is set in place.
func TestAccProxyVM_autostart(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("vm")
	body := func(extra string) string {
		return l.config(l.baseImage(l.pool) + l.accVM(name, "wait_for_ip = false\n  "+extra))
	}
	uid := statecheck.CompareValue(compare.ValuesSame())
	uuid := statecheck.CompareValue(compare.ValuesSame())
	sameVM := func(autostart bool) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
			uuid.AddStateValue(vmAddr, tfjsonpath.New("domain_uuid")),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("autostart"), knownvalue.Bool(autostart)),
			statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
		}
	}
	inPlace := []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate)}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: body(""), ConfigStateChecks: sameVM(true), Check: l.wantLabAutostart(name, true)},
			{
				PreConfig: func() { l.mustVirsh("autostart", "--disable", name) },
				Config:    body(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: append(inPlace,
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("autostart"), knownvalue.Bool(true)))},
				ConfigStateChecks: sameVM(true),
				Check:             l.wantLabAutostart(name, true),
			},
			{
				Config:            body("autostart = false"),
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: inPlace},
				ConfigStateChecks: sameVM(false),
				Check:             l.wantLabAutostart(name, false),
			},
			{
				Config:           body("autostart = false"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
