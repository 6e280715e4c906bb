package provider

import (
	"context"
	"regexp"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// TestProxyVM_aVMKilledDuringAnUpdateIsAnErrorNotAnInconsistentResult: the host kills the VM
// while an update (a new tag) runs (found by the chaos walk: a host reboot mid-apply). The apply
// fails with an error that says the VM changed on the host, instead of Terraform's "Provider
// produced inconsistent result after apply"; state records the VM stopped, and the next apply
// starts it.
func TestProxyVM_aVMKilledDuringAnUpdateIsAnErrorNotAnInconsistentResult(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	kill := func() {
		h.FB.Inject("DomainSetMetadata", func(context.Context, fake.Call) error {
			h.FB.SetDomainState("egress-1", libvirt.DomainShutoff)
			return nil
		})
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))},
			{
				PreConfig: kill,
				Config:    h.config(h.baseImage() + vmConfig(`wait_for_ip = false`+"\n  tag = \"b\"")),
				ExpectError: regexp.MustCompile(`(?s)Unable to update proxy VM lab/egress-1.*` +
					wrappedText("changed on the host while this apply ran: running is false on the host, the plan said true")),
			},
			{
				PreConfig: func() { h.FB.ClearFaults("DomainSetMetadata") },
				Config:    h.config(h.baseImage() + vmConfig(`wait_for_ip = false`+"\n  tag = \"b\"")),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("running"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("tag"), knownvalue.StringExact("b")),
				},
			},
		},
	})
}

// wrappedText matches text however Terraform wraps its lines.
func wrappedText(text string) string {
	return strings.ReplaceAll(regexp.QuoteMeta(text), " ", `\s+`)
}
