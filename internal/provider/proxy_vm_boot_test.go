package provider

import (
	"context"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const (
	cloudInitDone   = `{"v1": {"datasource": "DataSourceNoCloud [seed=/dev/sr0]", "errors": []}}`
	cloudInitFailed = `{"v1": {"datasource": "DataSourceNoCloud [seed=/dev/sr0]", "errors": ["('scripts_user', RuntimeError('Runparts: 1 failures (runcmd) in 1 attempted commands'))"]}}`
	bootConsole     = "[  OK  ] Started cloud-final.service\r\n\x1b[0;1;31mFAILED\x1b[0m Failed to start Cloud-init final stage.\r\n"
)

// guestBoots makes the guest of every domain boot as cloud-init does: its agent connects at the
// first agent command, cloud-init writes result (after `after` commands) and the console shows
// bootConsole.
func (h *fakeHost) guestBoots(result string, after int32) {
	var n atomic.Int32
	h.FB.Inject("QEMUDomainAgentCommand", func(_ context.Context, c fake.Call) error {
		h.FB.UpdateDomain(c.Target, func(d *fake.Domain) {
			if d.Agent == nil {
				d.Agent = []libvirt.DomainInterface{}
			}
		})
		if n.Add(1) == after {
			h.FB.WriteConsole(c.Target, bootConsole)
			h.FB.SetGuestFile(c.Target, rules.CloudInitResultPath, []byte(result))
		}
		return nil
	})
}

// wait_for_cloud_init waits until cloud-init's result appears (absent at first), succeeds when it
// has no errors, and imports back as set, with an empty plan.
func TestProxyVM_waitsForCloudInitAndImportsClean(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.guestBoots(cloudInitDone, 3)
	cfg := h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  wait_for_cloud_init = true"))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("wait_for_cloud_init"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
				},
			},
			{ResourceName: vmAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"}},
			{Config: cfg, ResourceName: vmAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithID},
			// Turned off: in place (only the mark changes), then the plan is empty.
			{Config: h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  wait_for_cloud_init = false"))},
			{Config: h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  wait_for_cloud_init = false")), PlanOnly: true},
		},
	})
	if n := h.FB.OpenAgentFiles(); n != 0 {
		t.Fatalf("%d guest files left open", n)
	}
}

// cloud-init's errors fail the apply with cloud-init's words and the console's end (escapes
// removed); the VM stays, tainted.
func TestProxyVM_cloudInitErrorsFailTheApplyWithTheConsole(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.guestBoots(cloudInitFailed, 2)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  wait_for_cloud_init = true")),
				ExpectError: wrapped("Unable to create proxy VM lab/egress-1", "cloud-init finished with 1 error(s)",
					"Runparts: 1 failures (runcmd)", "tainted", "wait_for_cloud_init = false", "serial console",
					"console.log on the host", "Started cloud-final.service", "FAILED Failed to start Cloud-init final stage."),
			},
			{
				PreConfig: func() {
					if _, ok := h.FB.Domain("egress-1"); !ok {
						t.Error("the VM was removed; it should stay, tracked as tainted")
					}
				},
				Config: h.config(h.baseImage()),
			},
		},
	})
}

// A cloud-init that never finishes (no agent answers) and an address that never comes: each
// wait fails at the create timeout, with the console's end.
func TestProxyVM_bootWaitsThatRunOutShowTheConsole(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, extra string
		want        *regexp.Regexp
	}{
		{"cloud-init", "wait_for_ip = false\n  wait_for_cloud_init = true\n  timeouts {\n    create = \"2s\"\n  }",
			wrapped("cloud-init did not finish within 2s (last: the guest agent does not answer yet)", "tainted", "serial console", "Booting the kernel.")},
		{"address", "timeouts {\n    create = \"2s\"\n  }",
			wrapped("No IPv4 address was reported within 2s", "tainted", "serial console", "Booting the kernel.")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			h.FB.Inject("DomainGetXMLDesc", func(_ context.Context, c fake.Call) error {
				h.FB.WriteConsole(c.Target, "Booting the kernel.\r\n")
				return nil
			})
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNothingLeft,
				Steps: []resource.TestStep{
					{Config: h.config(h.baseImage() + vmConfig(tc.extra)), ExpectError: tc.want},
					{Config: h.config(h.baseImage())},
				},
			})
		})
	}
}

// wrapped matches the phrases in order, each across Terraform's line wrapping.
func wrapped(phrases ...string) *regexp.Regexp {
	parts := make([]string, len(phrases))
	for i, p := range phrases {
		parts[i] = strings.Join(strings.Fields(regexp.QuoteMeta(p)), `\s+`)
	}
	return regexp.MustCompile(`(?s)` + strings.Join(parts, ".*"))
}
