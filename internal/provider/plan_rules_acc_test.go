//go:build ownership

package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// accPlanVM is a new VM on the lab whose base image id is literal, so a plan-only step makes
// nothing on the host.
func (l *accLab) accPlanVM(name, extra string) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = "lab/%s/%s.qcow2"
  memory_mib    = 128
  disk_gib      = 1
  %s
}
`, name, l.pool, name, extra)
}

// TestAccRules_planRefusesUnknownAttachment: against the real host, a plan with a network or
// bridge the host lacks fails at plan time, while the lab's own network and its bridge plan.
func TestAccRules_planRefusesUnknownAttachment(t *testing.T) {
	l := newAccLab(t)
	name := "rl-plan-" + l.run
	bridge := labNetworkBridge(t, l)
	tests := []struct {
		name, extra, want string
	}{
		{"unknown network", `network = "rl-nonet-` + l.run + `"`,
			`(?s)Unable to create proxy VM lab/` + name + `.*network "rl-nonet-` + l.run + `" does not exist on\s+host\s+"lab"`},
		{"unknown bridge", `bridge = "rl-nobr` + l.run + `"`,
			`(?s)bridge "rl-nobr` + l.run + `" does not exist on host\s+"lab"`},
		{"lab network", `network = "` + l.network + `"`, ""},
		{"lab bridge", `bridge = "` + bridge + `"`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			step := resource.TestStep{Config: l.config(l.accPlanVM(name, tt.extra)), PlanOnly: true}
			if tt.want != "" {
				step.ExpectError = regexp.MustCompile(tt.want)
			} else {
				step.ExpectNonEmptyPlan = true
			}
			start := time.Now()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: l.factories(),
				CheckDestroy:             l.checkNothingOfOursLeft,
				Steps:                    []resource.TestStep{step},
			})
			t.Logf("plan took %s", time.Since(start).Round(time.Millisecond))
		})
	}
}

// labNetworkBridge is the bridge the lab network runs on, as virsh reports it.
func labNetworkBridge(t *testing.T, l *accLab) string {
	t.Helper()
	for _, line := range strings.Split(l.mustVirsh("net-info", l.network), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "Bridge" {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("virsh net-info %s names no bridge", l.network)
	return ""
}
