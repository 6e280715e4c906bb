//go:build ownership

package provider

import (
	"context"
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
)

const (
	upBase = "kvm2_base_image.base"
	upOn   = "kvm2_proxy_vm.on"
	upOff  = "kvm2_proxy_vm.off"
)

// upgradeConfig is a base image and two VMs on it, one running and one stopped, with tag.
func (u *upgradeLab) upgradeConfig(tag string) string {
	vm := func(addr, name, extra string) string {
		return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  wait_for_ip   = false
  tag           = %q
  %s
}
`, addr, name, tag, extra)
	}
	return u.config(fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, u.base, u.pool, u.imageURL, u.imageSHA) +
		vm("on", u.on, `user_data = "`+accUserData+`"`) +
		vm("off", u.off, `running = false`))
}

// upgradeFromPreviousRelease (TestAccUpgrade_previousRelease): a base image and two VMs (running and stopped) made by the
// previous release keep working with this one: the first plan changes only autostart, which the
// previous release never set (state has none, the host reads false), in place to its default
// true; the apply turns it on on the same domains and the next plan is empty; a tag changes in
// place on the same domains, and destroy leaves nothing of ours while an administrator's image,
// checksum file and domain beside them stay untouched.
func upgradeFromPreviousRelease(t *testing.T) {
	u := newUpgradeLab(t)

	// What proves identity is the same in every step: nothing was replaced.
	identity := []struct{ addr, attr string }{
		{upOn, "uid"}, {upOn, "domain_uuid"}, {upOn, "created_at"}, {upOn, "mac_address"}, {upOn, "user_data_sha256"},
		{upOff, "uid"}, {upOff, "domain_uuid"}, {upOff, "created_at"}, {upOff, "mac_address"},
		{upBase, "id"}, {upBase, "path"}, {upBase, "sha256"}, {upBase, "size_bytes"},
	}
	type comparer interface {
		AddStateValue(string, tfjsonpath.Path) statecheck.StateCheck
	}
	unchanged := make([]comparer, len(identity))
	for i := range identity {
		unchanged[i] = statecheck.CompareValue(compare.ValuesSame())
	}
	sameIdentity := func(more ...statecheck.StateCheck) []statecheck.StateCheck {
		var checks []statecheck.StateCheck
		for i, id := range identity {
			checks = append(checks, unchanged[i].AddStateValue(id.addr, tfjsonpath.New(id.attr)))
		}
		return append(checks, more...)
	}
	states := func(on, off string) []statecheck.StateCheck {
		return []statecheck.StateCheck{
			statecheck.ExpectKnownValue(upOn, tfjsonpath.New("state"), knownvalue.StringExact(on)),
			statecheck.ExpectKnownValue(upOff, tfjsonpath.New("state"), knownvalue.StringExact(off)),
		}
	}
	noOp := []plancheck.PlanCheck{
		plancheck.ExpectEmptyPlan(),
		plancheck.ExpectResourceAction(upBase, plancheck.ResourceActionNoop),
		plancheck.ExpectResourceAction(upOn, plancheck.ResourceActionNoop),
		plancheck.ExpectResourceAction(upOff, plancheck.ResourceActionNoop),
	}
	// The previous release set no autostart: the only change is turning it on, in place.
	autostartOn := []plancheck.PlanCheck{
		plancheck.ExpectResourceAction(upBase, plancheck.ResourceActionNoop),
		plancheck.ExpectResourceAction(upOn, plancheck.ResourceActionUpdate),
		plancheck.ExpectResourceAction(upOff, plancheck.ResourceActionUpdate),
		plancheck.ExpectKnownValue(upOn, tfjsonpath.New("autostart"), knownvalue.Bool(true)),
		plancheck.ExpectKnownValue(upOff, tfjsonpath.New("autostart"), knownvalue.Bool(true)),
	}

	current := u.factories()

	resource.Test(t, resource.TestCase{
		CheckDestroy: u.checkDestroyed,
		Steps: []resource.TestStep{
			{
				// The previous release, installed from the mirror.
				ExternalProviders: map[string]resource.ExternalProvider{
					"kvm2": {Source: providerAddress, VersionConstraint: previousVersion},
				},
				Config: u.upgradeConfig("v1"),
				ConfigStateChecks: sameIdentity(append(states("running", "stopped"),
					// The previous release's UIDs: rand.Text(), 26 base32 characters.
					statecheck.ExpectKnownValue(upOn, tfjsonpath.New("uid"), knownvalue.StringRegexp(regexp.MustCompile(`^[A-Z2-7]{26}$`))),
				)...),
				Check: u.checkPreviousLayout,
			},
			{
				// This release: the first plan changes only autostart, in place; before the
				// refresh state has none, after it the host's false.
				PreConfig:                u.addAdminObjects,
				ProtoV6ProviderFactories: current,
				Config:                   u.upgradeConfig("v1"),
				PlanOnly:                 true,
				ExpectNonEmptyPlan:       true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPreRefresh: append(autostartOn, expectBefore(upOn, "autostart", nil), expectBefore(upOff, "autostart", nil)),
					PostApplyPostRefresh: append(autostartOn,
						expectBefore(upOn, "autostart", false), expectBefore(upOff, "autostart", false)),
				},
			},
			{
				// The apply turns autostart on, on the domains the previous release defined.
				ProtoV6ProviderFactories: current,
				Config:                   u.upgradeConfig("v1"),
				ConfigPlanChecks:         resource.ConfigPlanChecks{PreApply: autostartOn},
				ConfigStateChecks: sameIdentity(append(states("running", "stopped"),
					statecheck.ExpectKnownValue(upOn, tfjsonpath.New("autostart"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(upOff, tfjsonpath.New("autostart"), knownvalue.Bool(true)),
				)...),
				Check: func(s *terraform.State) error {
					u.logHost("after the first apply of this release")
					if err := u.checkSameDomains(); err != nil {
						return err
					}
					for _, name := range []string{u.on, u.off} {
						if err := u.wantLabAutostart(name, true)(s); err != nil {
							return err
						}
					}
					return nil
				},
			},
			{
				// After it, the plan, without and with refresh, is empty.
				ProtoV6ProviderFactories: current,
				Config:                   u.upgradeConfig("v1"),
				PlanOnly:                 true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPreRefresh:  noOp,
					PostApplyPostRefresh: noOp,
				},
			},
			{
				// A tag changes in place on both VMs, on the domains the previous release defined.
				ProtoV6ProviderFactories: current,
				Config:                   u.upgradeConfig("v2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(upOn, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction(upOff, plancheck.ResourceActionUpdate),
					plancheck.ExpectResourceAction(upBase, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: sameIdentity(append(states("running", "stopped"),
					statecheck.ExpectKnownValue(upOn, tfjsonpath.New("tag"), knownvalue.StringExact("v2")),
					statecheck.ExpectKnownValue(upOff, tfjsonpath.New("tag"), knownvalue.StringExact("v2")),
				)...),
				Check: func(s *terraform.State) error {
					u.logHost("after the tag change")
					if err := u.checkSameDomains(); err != nil {
						return err
					}
					return u.checkMarkTags("v2")
				},
			},
		},
	})
}

// expectBefore is a plan check that the planned change of addr starts from attr = want (nil: the
// attribute is absent or null).
func expectBefore(addr, attr string, want any) plancheck.PlanCheck {
	return beforeCheck{addr, attr, want}
}

type beforeCheck struct {
	addr, attr string
	want       any
}

func (c beforeCheck) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != c.addr {
			continue
		}
		before, _ := rc.Change.Before.(map[string]any)
		if got := before[c.attr]; got != c.want {
			resp.Error = fmt.Errorf("%s: %s before the change is %v, want %v", c.addr, c.attr, got, c.want)
		}
		return
	}
	resp.Error = fmt.Errorf("no planned change of %s", c.addr)
}
