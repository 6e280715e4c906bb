package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// accUserData is what the lab's tiny guest runs from cloud-init: a shell script.
const accUserData = `#!/bin/sh\necho kvm2-acc > /tmp/hello\n`

// accVM is kvm2_proxy_vm "egress" on the lab, small and BIOS-booted for speed, with extra
// attributes.
func (l *accLab) accVM(name, extra string) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  %s
}
`, name, extra)
}

// TestAccProxyVM_basic boots one guest and waits for its address, checks plan and state, imports
// it back (command and import block), and changes the tag in place.
func TestAccProxyVM_basic(t *testing.T) {
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
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(userDataSHA256("#!/bin/sh\necho kvm2-acc > /tmp/hello\n"))),
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
				SkipFunc: cliLacksWriteOnly,
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

// TestAccProxyVM_drift stops, deletes and undefines the VM behind terraform's back; each plan
// shows the repair and the apply makes it. No address wait: the guest's address is not the point.
func TestAccProxyVM_drift(t *testing.T) {
	l := newAccLab(t)
	name := l.name("drift")
	id := "lab/" + name
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `wait_for_ip = false`))
	expect := func(action plancheck.ResourceActionType) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, action)}}
	}
	running := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: cfg, ConfigStateChecks: running},
			{
				PreConfig: func() {
					inst, err := l.client().Get(context.Background(), id, "")
					if err != nil {
						t.Fatal(err)
					}
					if _, err := l.client().SetRunning(context.Background(), id, inst.UID, false); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg, ConfigPlanChecks: expect(plancheck.ResourceActionUpdate), ConfigStateChecks: running,
			},
			{
				PreConfig: func() {
					deleteThroughCore(t, l.client(), id)
				},
				Config: cfg, ConfigPlanChecks: expect(plancheck.ResourceActionCreate), ConfigStateChecks: running,
			},
			{
				PreConfig: func() { l.mustVirsh("undefine", name) },
				Config:    cfg, ConfigPlanChecks: expect(plancheck.ResourceActionDestroyBeforeCreate), ConfigStateChecks: running,
			},
		},
	})
}

// TestAccProxyVM_foreignDomainRefused: a domain without our mark under the name is neither
// adopted by create nor imported.
func TestAccProxyVM_foreignDomainRefused(t *testing.T) {
	l := newAccLab(t)
	name := l.name("foreign")
	if _, err := l.virsh(fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory>
<os><type arch='x86_64'>hvm</type></os></domain>`, name), "define", "/dev/stdin"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = l.virsh("", "undefine", name) })
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `wait_for_ip = false`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		// The foreign domain is the administrator's; the cleanup above removes it.
		CheckDestroy: func(*terraform.State) error { return l.checkLeftovers(name) },
		Steps: []resource.TestStep{
			{
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*not\s+managed\s+by\s+kvm2.*remove\s+the\s+existing\s+domain`),
			},
			{
				Config:        cfg,
				ResourceName:  vmAddr,
				ImportState:   true,
				ImportStateId: "lab/" + name,
				ExpectError:   regexp.MustCompile(`(?s)Unable to import proxy VM lab/` + name + `.*(kvm2 metadata|mark)`),
			},
			{
				PreConfig: func() {
					if !strings.Contains(l.mustVirsh("list", "--all", "--name"), name) {
						t.Error("the foreign domain was touched")
					}
				},
				Config: l.config(l.baseImage(l.pool)),
			},
		},
	})
}

// TestAccProxyVM_writeOnlyUserData: user data given write-only reaches the guest's seed but
// neither the state nor a TRACE log.
func TestAccProxyVM_writeOnlyUserData(t *testing.T) {
	l := newAccLab(t)
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
					knownvalue.StringExact(userDataSHA256("#!/bin/sh\necho "+sentinel+"\n"))),
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

// TestAccProxyVM_createTimeout: the address wait outlives a short create timeout; the apply
// fails with a clear error and the VM stays in state (tainted), so the next plan replaces it.
func TestAccProxyVM_createTimeout(t *testing.T) {
	l := newAccLab(t)
	name := l.name("timeout")
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `timeouts {
    create = "3s"
  }`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*No IPv4 address was reported within 3s.*tainted`),
			},
			{Config: cfg, PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
}

// TestAccProxyVM_quota: a VM whose disk cannot fit the pool fails before anything is written,
// naming the pool, its free and the needed bytes.
func TestAccProxyVM_quota(t *testing.T) {
	l := newAccLab(t)
	name := l.name("quota")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{{
			// The host's pool (where the VM's disks go) is the lab's tiny pool.
			Config: strings.Replace(l.config(l.baseImage(l.tinyPool)), fmt.Sprintf("pool             = %q", l.pool),
				fmt.Sprintf("pool             = %q", l.tinyPool), 1) +
				strings.Replace(l.accVM(name, `wait_for_ip = false`), "disk_gib      = 1", "disk_gib      = 8", 1),
			ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*bytes free.*bytes are needed.*another pool/host`),
		}},
	})
}

// cliLacksWriteOnly reports whether the CLI under test predates write-only attributes (Terraform
// and OpenTofu 1.11); a step that needs them is skipped there.
func cliLacksWriteOnly() (bool, error) {
	out, err := exec.Command(os.Getenv("TF_ACC_TERRAFORM_PATH"), "version", "-json").Output()
	if err != nil {
		return false, fmt.Errorf("terraform version: %w", err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return false, fmt.Errorf("terraform version -json: %w", err)
	}
	var major, minor int
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil {
		return false, fmt.Errorf("terraform version %q: %w", v.Version, err)
	}
	return major == 1 && minor < 11, nil
}
