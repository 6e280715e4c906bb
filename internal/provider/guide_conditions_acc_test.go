//go:build acceptance

package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestAccGuides_checkWarnsConditionFails shows what the guides (CI plan checks, bastion,
// placement) say about a host that is down, with the terraform CLI and a host whose port
// refuses connections (no lab host is needed): kvm2_host_health reports it down and never
// fails its read; a check block on it only warns: `plan -detailed-exitcode` exits 0 with "No
// changes" (2, with nothing to add, change or destroy, when the data source is scoped to the
// check, whose read a failed check plans again at apply); a postcondition on the data
// source, or a precondition of a resource that reads it, fails the plan (exit code 1), with the
// host and its reason in the error. A failed check is "fail" in the saved plan's JSON form,
// which the CI guide's plan-check.sh reads.
func TestAccGuides_checkWarnsConditionFails(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("TF_ACC is not set")
	}
	t.Parallel()
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(key, []byte(testPrivateKey), 0o600); err != nil {
		t.Fatal(err)
	}
	provider := fmt.Sprintf(`provider "kvm2" {
  hosts = {
    kvm-a1 = {
      address          = "127.0.0.1"
      port             = %s
      private_key_file = %q
      host_key         = %q
    }
  }
}
`, closedPort(t), key, otherHostKey(t))
	message := `join("; ", [for h in %s.hosts : "${h.name}: ${h.reason}: ${h.message}" if h.status != "ok"])`

	cases := []struct {
		name, config string
		wantCode     int
		want         []string // in the plan's output, words as Terraform may wrap them
	}{{
		name: "check block beside the data source (the bastion guide's former example)",
		config: `data "kvm2_host_health" "all" {}

check "hosts_reachable" {
  assert {
    condition     = data.kvm2_host_health.all.healthy
    error_message = ` + fmt.Sprintf(message, "data.kvm2_host_health.all") + `
  }
}
`,
		wantCode: 0,
		want:     []string{"Warning: Check block assertion failed", "kvm-a1: Unreachable:", "No changes."},
	}, {
		name: "data source scoped to the check block (the CI plan checks guide)",
		config: `check "hosts_reachable" {
  data "kvm2_host_health" "ci" {}

  assert {
    condition     = data.kvm2_host_health.ci.healthy
    error_message = ` + fmt.Sprintf(message, "data.kvm2_host_health.ci") + `
  }
}
`,
		// A failed check plans its scoped data source's read again at apply: exit code 2, with
		// nothing to add, change or destroy.
		wantCode: 2,
		want:     []string{"Warning: Check block assertion failed", "kvm-a1: Unreachable:", "Plan: 0 to add, 0 to change, 0 to destroy."},
	}, {
		name: "postcondition on the data source (the bastion and CI plan checks guides)",
		config: `data "kvm2_host_health" "gate" {
  lifecycle {
    postcondition {
      condition     = self.healthy
      error_message = ` + fmt.Sprintf(message, "self") + `
    }
  }
}
`,
		wantCode: 1,
		want:     []string{"Error: Resource postcondition failed", "kvm-a1: Unreachable:"},
	}, {
		name: "precondition of a VM placed on the host (the placement guide)",
		config: `data "kvm2_host_health" "fleet" {}

locals {
  health = { for h in data.kvm2_host_health.fleet.hosts : h.name => h }
}

resource "kvm2_proxy_vm" "egress" {
  name          = "egress-00"
  host          = "kvm-a1"
  base_image_id = "kvm-a1/default/debian-12-genericcloud-amd64.qcow2"

  lifecycle {
    precondition {
      condition     = local.health["kvm-a1"].status != "down"
      error_message = "egress-00 is placed on kvm-a1, which is ${local.health["kvm-a1"].status}: ${local.health["kvm-a1"].reason}"
    }
  }
}
`,
		wantCode: 1,
		want:     []string{"Error: Resource precondition failed", "egress-00 is placed on kvm-a1, which is down: Unreachable"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := newCLIDir(t)
			d.write("main.tf", provider+tc.config)
			d.mustRun("init")
			r := d.run("plan", "-detailed-exitcode")
			if r.code != tc.wantCode {
				t.Errorf("plan -detailed-exitcode exited %d, want %d:\n%s", r.code, tc.wantCode, r.out)
			}
			for _, w := range tc.want {
				re := regexp.MustCompile(strings.Join(strings.Fields(regexp.QuoteMeta(w)), `\s+`))
				if !re.MatchString(r.out) {
					t.Errorf("the plan's output does not say %q:\n%s", w, r.out)
				}
			}
			if tc.wantCode != 1 {
				// The verdict examples/ci-plan-check/plan-check.sh reads: the check's status in
				// the saved plan's JSON form.
				d.mustRun("plan", "-out=ci.tfplan")
				if got := checkStatuses(t, d.mustRun("show", "-json", "ci.tfplan").out); got["check.hosts_reachable"] != "fail" {
					t.Errorf("terraform show -json: check statuses %v, want check.hosts_reachable fail", got)
				}
			}
		})
	}
}

// checkStatuses maps each check's address to its status in a plan's JSON form.
func checkStatuses(t *testing.T, planJSON string) map[string]string {
	t.Helper()
	var plan struct {
		Checks []struct {
			Address struct {
				ToDisplay string `json:"to_display"`
			} `json:"address"`
			Status string `json:"status"`
		} `json:"checks"`
	}
	if err := json.Unmarshal([]byte(planJSON), &plan); err != nil {
		t.Fatalf("terraform show -json: %v\n%s", err, planJSON)
	}
	got := make(map[string]string, len(plan.Checks))
	for _, c := range plan.Checks {
		got[c.Address.ToDisplay] = c.Status
	}
	return got
}

// TestAccGuides_placementReportsDownHosts plans the placement guide's own configuration
// (examples/guides/placing-a-fleet/main.tf) with its hosts at a port that refuses connections:
// the precondition fails the plan of each VM placed on a host that is down, naming the host,
// and the capacity check reports each host as down, never as a pool with 0 GiB free.
func TestAccGuides_placementReportsDownHosts(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("TF_ACC is not set")
	}
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "guides", "placing-a-fleet", "main.tf"))
	if err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(key, []byte(testPrivateKey), 0o600); err != nil {
		t.Fatal(err)
	}
	// The test serves the provider under hashicorp/kvm2 (newCLIDir), and its provider block
	// reaches each host of local.hosts at a port where nothing listens.
	config := strings.Replace(string(b), `source = "egress-proxies/kvm2"`, `source = "hashicorp/kvm2"`, 1)
	config = replaceBlock(t, config, `provider "kvm2" {`, fmt.Sprintf(`provider "kvm2" {
  hosts = { for k, h in local.hosts : k => {
    address          = "127.0.0.1"
    port             = %s
    zone             = h.zone
    private_key_file = %q
    host_key         = %q
  } }
}
`, closedPort(t), key, otherHostKey(t)))

	d := newCLIDir(t)
	d.write("main.tf", config)
	d.mustRun("init")
	r := d.run("plan", "-detailed-exitcode")
	if r.code != 1 {
		t.Errorf("plan -detailed-exitcode exited %d, want 1 (the precondition of a VM on a host that is down):\n%s", r.code, r.out)
	}
	for _, w := range []string{"Error: Resource precondition failed", "egress-00 is placed on", "which is down",
		"Warning: Check block assertion failed", "kvm-a1 is down (Unreachable)", "kvm-b1 is down (Unreachable)"} {
		if !regexp.MustCompile(strings.Join(strings.Fields(regexp.QuoteMeta(w)), `\s+`)).MatchString(r.out) {
			t.Errorf("the plan's output does not say %q:\n%s", w, r.out)
		}
	}
	if strings.Contains(r.out, "GiB free") {
		t.Errorf("the capacity check reports a host that is down as a pool with free space:\n%s", r.out)
	}
}

// replaceBlock replaces the top-level block of config that begins with the line head (up to
// its closing brace at the start of a line) with with.
func replaceBlock(t *testing.T, config, head, with string) string {
	t.Helper()
	i := strings.Index(config, "\n"+head+"\n")
	if i < 0 {
		t.Fatalf("no block %q in the configuration:\n%s", head, config)
	}
	j := strings.Index(config[i+1:], "\n}\n")
	if j < 0 {
		t.Fatalf("block %q does not end", head)
	}
	return config[:i+1] + with + config[i+1+j+3:]
}
