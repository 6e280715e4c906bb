//go:build acceptance || matrix

package provider

// The acceptance tests every CLI of the matrix runs (make acc-matrix: tag matrix): what differs
// between CLIs. TestAccCLI_features checks the feature table against each binary; basic is one
// create, import (by ID, and by an import block, with the same and with write-only user data),
// update and destroy round trip; write-only user data and identity import blocks are the
// protocol features whose support differs by CLI and version. The acceptance tier (tag
// acceptance) runs them too, with every other acceptance test, once on the newest CLI.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// TestAccCLI_features checks the feature table (cli_version_acc_test.go) against the CLI binary itself: the
// feature's command or flag is there exactly when the table says the CLI has the feature, and
// each skip helper skips exactly then. It runs on every CLI of the matrix.
func TestAccCLI_features(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 (make acc)")
	}
	c := mustCLI(t)
	t.Logf("CLI under test: %s (%s)", c, c.path)
	for _, p := range []struct {
		name string
		f    cliFeature
		skip func(*testing.T)
		args []string
		// present tells from the command's output whether the CLI has the feature.
		present func(out string) bool
	}{
		{"list resources", featureListResources, skipUnlessListResources, []string{"query", "-help"},
			regexp.MustCompile(`Usage: \S+ \[global options\] query`).MatchString},
		// -invoke is not in plan's help; a CLI without it refuses the flag before reading the
		// (empty) configuration.
		{"actions", featureActions, skipUnlessActions, []string{"plan", "-no-color", "-input=false", "-invoke=action.kvm2_none.none"},
			func(out string) bool { return !strings.Contains(out, "flag provided but not defined: -invoke") }},
	} {
		t.Run(p.name, func(t *testing.T) {
			cmd := exec.Command(c.path, p.args...)
			cmd.Dir = t.TempDir()
			out, _ := cmd.CombinedOutput()
			present := p.present(string(out))
			has, why := c.has(p.f)
			if present != has {
				t.Errorf("%s: the table says it has %s: %v (%s); `%s` says %v:\n%s",
					c, p.f.what, has, why, strings.Join(p.args, " "), present, out)
			}
			p.skip(t)
			if !has {
				t.Errorf("the skip helper for %s returned on %s, which lacks them", p.f.what, c)
			}
		})
	}
}

// TestAccProxyVM_basic boots one guest and waits for its address, checks plan and state, imports
// it back (command and import block), and changes the tag in place.
func TestAccProxyVM_basic(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("basic")
	id := "lab/" + name
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `tag = "acc"
  user_data = "`+accUserData+`"`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionCreate),
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho kvm2-acc > /tmp/hello\n")))),
					plancheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("id"), knownvalue.StringExact("lab/"+l.pool+"/"+l.name("base")+".qcow2")),
					plancheck.ExpectSensitiveValue(vmAddr, tfjsonpath.New("user_data")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("id"), knownvalue.StringExact(id)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network"), knownvalue.StringExact(l.network)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringRegexp(regexp.MustCompile(`^\d+\.\d+\.\d+\.\d+$`))),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringRegexp(regexp.MustCompile(`^52:54:00:`))),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("domain_uuid"), knownvalue.StringRegexp(regexp.MustCompile(`^[0-9a-f-]{36}$`))),
					statecheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("size_bytes"), knownvalue.NotNull()),
				},
			},
			{
				ResourceName:      vmAddr,
				ImportState:       true,
				ImportStateVerify: true,
				// user_data is read back from the VM's seed.
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
			{
				// An import {} block with the same user_data plans no change.
				Config:          cfg,
				ResourceName:    vmAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
			{
				// The same user data given write-only: the import reads user_data back (the VM was
				// made with user_data), so the plan drops it from state in place, never replacing.
				SkipFunc: stepNeedsWriteOnly(t),
				Config: l.config(l.baseImage(l.pool) + l.accVM(name, `tag = "acc"
  user_data_wo = "`+accUserData+`"`)),
				ResourceName:       vmAddr,
				ImportState:        true,
				ImportStateKind:    resource.ImportBlockWithID,
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: resource.ImportPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
			},
			{
				Config: l.config(l.baseImage(l.pool) + l.accVM(name, `tag = "acc-renamed"
  user_data = "`+accUserData+`"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("tag"), knownvalue.StringExact("acc-renamed")),
				},
			},
		},
	})
}

// TestAccProxyVM_writeOnlyUserData: user data given write-only reaches the guest's seed but
// neither the state nor a TRACE log.
func TestAccProxyVM_writeOnlyUserData(t *testing.T) {
	l := newAccLab(t)
	skipUnlessWriteOnly(t)
	name := l.name("wo")
	sentinel := "wo-acc-" + l.run
	logFile := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_LOG_PATH", logFile)
	t.Setenv("TF_ACC_LOG_PATH", logFile)
	// Through the environment: the test harness logs configuration text itself.
	t.Setenv("TF_VAR_user_data", "#!/bin/sh\necho "+sentinel+"\n")
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_11_0)},
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{{
			Config: l.config(l.baseImage(l.pool)+l.accVM(name, `wait_for_ip = false
  user_data_wo = var.user_data
  user_data_wo_version = 1`)) + `
variable "user_data" {
  type      = string
  sensitive = true
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_wo"), knownvalue.Null()),
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"),
					knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho "+sentinel+"\n")))),
			},
			Check: func(s *terraform.State) error { return stateLacks(s, sentinel) },
		}},
	})
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), " kvm2.kvm2: ") {
		t.Fatalf("the log holds no core log line (%d bytes); the check below would prove nothing", len(log))
	}
	if strings.Contains(string(log), sentinel) {
		t.Error("the TRACE log contains the write-only user data")
	}
}

// TestAccIdentity_importBlock: an import block by identity (host and name) takes a VM made
// elsewhere with no change, and `terraform state show` has the resource.
func TestAccIdentity_importBlock(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	skipUnlessIdentity(t)
	name := l.name("ident")
	maker, importer := newCLIDir(t), newCLIDir(t)
	t.Cleanup(func() {
		importer.run("destroy", "-auto-approve")
		maker.run("destroy", "-auto-approve")
		if err := l.checkLeftovers(); err != nil {
			t.Error(err)
		}
	})
	vm := l.accVM(name, "running = false\n  tag = \"ident\"")
	maker.write("main.tf", l.config(l.baseImage(l.pool)+vm+"\noutput \"base_id\" { value = kvm2_base_image.base.id }\n"))
	maker.mustRun("init")
	maker.mustRun("apply", "-auto-approve")
	baseID := maker.outputs()["base_id"].(string)
	maker.mustRun("state", "rm", "kvm2_proxy_vm.egress")

	importer.write("main.tf", l.config(strings.Replace(vm, "kvm2_base_image.base.id", fmt.Sprintf("%q", baseID), 1)+fmt.Sprintf(`
import {
  to       = kvm2_proxy_vm.egress
  identity = {
    host = "lab"
    name = %q
  }
}
`, name)))
	importer.mustRun("init")
	r := importer.mustRun("apply", "-auto-approve")
	if got := applySummary(r.out); got != "1 imported, 0 added, 0 changed, 0 destroyed" {
		t.Fatalf("import by identity: %s\n%s", got, r.out)
	}
	importer.planIsEmpty("after the import by identity")
}
