//go:build ownership

package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// Terraform killed mid-apply on the lab host: VM ow-kill is made by the provider and then
// dropped from state while it stays on the host (a `removed` block with destroy = false leaves
// the host exactly as a SIGKILL after the create, before the state was saved). The next apply
// refuses the name and says this is most likely this configuration's own interrupted apply,
// with the creation time and the import block; the block, pasted, imports the same VM (its uid
// and domain untouched), the plan after it is empty, and destroy leaves nothing of ours.
func TestAccOwnership_interruptedApplyRecoversByTheGivenImportBlock(t *testing.T) {
	l := newAccLab(t)
	const name = "ow-kill"
	lv := l.libvirt()
	ownSweep(lv, name)
	t.Cleanup(func() { ownSweep(lv, name) })
	base := l.ownBaseImage(name + "-base.qcow2")
	cfg := l.config(base + l.accVM(name, `tag = "kill-test"
  wait_for_ip = false`))
	var uid string
	var made labDomain
	untouched := func(*terraform.State) error {
		d, err := readLabDomain(lv, name)
		if err != nil {
			return err
		}
		if d.uid != uid || d.uuid != made.uuid || d.id != made.id {
			return fmt.Errorf("the interrupted apply's VM is now %+v, was %+v", d, made)
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             func(*terraform.State) error { return ownLeft(lv, name) },
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &uid), func(*terraform.State) error {
					var err error
					made, err = readLabDomain(lv, name)
					return err
				}),
			},
			{Config: l.config(base + forgetVM), Check: untouched},
			{
				Config: cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*` +
					`created\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ.*Most\s+likely\s+this\s+configuration's\s+own\s+interrupted\s+apply.*` +
					`import \{\s+to = kvm2_proxy_vm\.RESOURCE_NAME\s+id = "lab/` + name + `"\s+\}`),
			},
			{
				PreConfig: func() {
					if err := untouched(nil); err != nil {
						t.Fatalf("after the refused apply: %v", err)
					}
				},
				Config: cfg + pastedImportBlock(t, name),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
				Check: resource.ComposeTestCheckFunc(sameUID(&uid), untouched),
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}
