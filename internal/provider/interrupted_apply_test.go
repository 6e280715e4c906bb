package provider

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/proxyvm"
)

// forgetVM is a configuration step that drops the VM from state and leaves it on the host, as
// a terraform killed after the provider made the VM but before it saved state does.
const forgetVM = `
removed {
  from = kvm2_proxy_vm.egress
  lifecycle {
    destroy = false
  }
}
`

// importBlockRe matches the import block and the command the error gives for lab/egress-1.
const importBlockRe = `import \{\s+to = kvm2_proxy_vm\.RESOURCE_NAME\s+id = "lab/egress-1"\s+\}` +
	`.*terraform import 'kvm2_proxy_vm\.RESOURCE_NAME' 'lab/egress-1'`

// sameUID checks that the VM in state carries the uid *want holds.
func sameUID(want *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		var got string
		if err := stateAttr(vmAddr, "uid", &got)(s); err != nil {
			return err
		}
		if got != *want {
			return fmt.Errorf("uid %s in state, want the interrupted apply's %s", got, *want)
		}
		return nil
	}
}

// onHost checks that domain egress-1 is still on the host.
func (h *fakeHost) onHost(*terraform.State) error {
	if _, ok := h.FB.Domain("egress-1"); !ok {
		return errors.New("domain egress-1 is gone")
	}
	return nil
}

// Terraform killed mid-apply leaves the VM it made on the host and out of state. The next apply
// refuses the name, says this is most likely its own interrupted apply (the mark's settings
// match), shows the creation time and gives the import block; with that block pasted the apply
// imports the same VM (its uid) and the plan after it is empty, and destroy leaves nothing.
func TestProxyVM_interruptedApplyIsExplainedWithTheImportBlock(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	vm := vmConfig(`wait_for_ip = false
  tag = "fleet-a"`)
	cfg := h.config(h.baseImage() + vm)
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg, Check: stateAttr(vmAddr, "uid", &uid)},
			{Config: h.config(h.baseImage() + forgetVM), Check: h.onHost},
			{
				Config: cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*` +
					`uid\s+[0-9a-f-]{36}.*created\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ.*` +
					`Most likely this configuration's own\s+interrupted apply.*` + importBlockRe +
					`.*create_before_destroy`),
			},
			{
				Config: cfg + pastedImportBlock(t, "egress-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
				Check: sameUID(&uid),
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// When the settings the mark records differ from the configuration, the error names the
// differences and says the VM most likely belongs to another configuration, and still gives
// the import block for the case that it is this one's after all; the import then converges.
func TestProxyVM_takenNameWithOtherSettingsNamesThem(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "fleet-b"`))
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "fleet-a"`)),
				Check: stateAttr(vmAddr, "uid", &uid),
			},
			{Config: h.config(h.baseImage() + forgetVM), Check: h.onHost},
			{
				Config: cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*belongs to another kvm2.*` +
					`configuration.*tag \("fleet-a",\s+here\s+"fleet-b"\).*` +
					`If it is this configuration's own VM.*` + importBlockRe),
			},
			{
				Config: cfg + pastedImportBlock(t, "egress-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				Check: sameUID(&uid),
			},
		},
	})
}

// A replacement with create_before_destroy of a VM whose name is fixed meets its own
// predecessor under the name: the error says that such a replacement cannot reuse a fixed name
// and what to change, and the VM in state is kept (destroy then removes it).
func TestProxyVM_createBeforeDestroyWithAFixedNameSaysWhatToChange(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cbd := `wait_for_ip = false
  lifecycle {
    create_before_destroy = true
  }`
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig(cbd)), Check: stateAttr(vmAddr, "uid", &uid)},
			{
				Config: h.config(h.baseImage() + vmConfig(cbd+`
  user_data = "#cloud-config\n"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionCreateBeforeDestroy),
				}},
				// It leads with the likeliest story (the mark differs in user_data, a setting that
				// replaces the VM) and says not to remove the running VM.
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*` +
					`Most\s+likely\s+domain\s+egress-1\s+is\s+this\s+resource's\s+own\s+VM.*` +
					`cannot\s+reuse\s+a\s+fixed\s+name.*Remove\s+create_before_destroy.*do\s+not\s+remove\s+it\s+from\s+the\s+host.*` +
					`Otherwise\s+it\s+belongs\s+to\s+another\s+configuration`),
			},
			{Config: h.config(h.baseImage() + vmConfig(cbd)), PlanOnly: true, Check: sameUID(&uid)},
		},
	})
}

// pastedImportBlock is the import block the error gives for VM lab/name, cut from its text
// and with the placeholder replaced by the resource's name "egress", as a user pastes it: the
// steps that apply it prove it valid HCL with an id the import accepts.
func pastedImportBlock(t *testing.T, name string) string {
	t.Helper()
	detail, _ := proxyvm.TakenDetail(kvmerr.New(kvmerr.Permanent, "", "", &ownership.OwnedError{Host: "lab", Name: name, ByCreate: true}))
	start := strings.Index(detail, "import {")
	end := strings.Index(detail[max(start, 0):], "\n  }\n")
	if start < 0 || end < 0 {
		t.Fatalf("no import block in %q", detail)
	}
	block := detail[start : start+end+len("\n  }")]
	return "\n" + strings.ReplaceAll(block, proxyvm.ImportPlaceholder, "egress") + "\n"
}

// The error of a create whose name an interrupted apply's VM holds, from the core on the fake
// host: it shows the creation time and uid of the domain's mark, says the settings match and
// gives the block; with other settings it names them and says so.
func TestTakenDetail_showsCreationTimeAndMatch(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.CreateOutOfBandWith("egress-1", "fleet-a", "", nil)
	mark, err := h.domainMark("egress-1")
	if err != nil {
		t.Fatal(err)
	}
	refuse := func(mutate func(*kvm2.CreateRequest)) string {
		t.Helper()
		// The request createOutOfBand sent, under another uid, as the next apply asks.
		req := kvm2.CreateRequest{
			Host: "lab", Name: "egress-1", UID: "7d0c1f52-2f4e-4c55-9a43-6b2d1e0f9a10", BaseImageID: mark.BaseImageID,
			VCPUs: 1, MemoryMiB: 128, DiskGiB: 10, Firmware: rules.FirmwareBIOS, Tag: "fleet-a", Running: true, Autostart: true,
		}
		if mutate != nil {
			mutate(&req)
		}
		_, err := h.Client().Create(context.Background(), req)
		detail, taken := proxyvm.TakenDetail(err)
		if !taken {
			t.Fatalf("not a create's refusal by a marked domain: %v", err)
		}
		return detail
	}
	created := mark.CreatedAt.UTC().Format(time.RFC3339)
	same := refuse(nil)
	for _, s := range []string{"Most likely this configuration's own interrupted apply", "created this VM at " + created,
		"uid must be " + mark.UID, `id = "lab/egress-1"`, "terraform import 'kvm2_proxy_vm.RESOURCE_NAME' 'lab/egress-1'",
		"cannot reuse a fixed name"} {
		if !strings.Contains(same, s) {
			t.Errorf("detail lacks %q:\n%s", s, same)
		}
	}
	other := refuse(func(r *kvm2.CreateRequest) { r.MemoryMiB = 256 })
	for _, s := range []string{"memory_mib (128, here 256)", "most likely belongs to another configuration",
		"created at " + created, `id = "lab/egress-1"`} {
		if !strings.Contains(other, s) {
			t.Errorf("detail lacks %q:\n%s", s, other)
		}
	}
	if strings.Contains(other, "Most likely this configuration's own") {
		t.Errorf("a domain with other settings is called this configuration's own:\n%s", other)
	}
}

// Terraform killed mid-create after the domain was defined and before its disks were made (a
// create defines the domain first, so that no disk is ever on the host without it) leaves a
// marked domain with no disks. The next apply explains it as for any interrupted apply; the
// import block takes it over, its disk reads as gone (disk_gib 0), so that same apply replaces
// it, and the plan after it is empty. Destroy leaves nothing.
func TestProxyVM_createKilledBeforeItsDisksRecoversByImportAndReplacement(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	var uid string
	dropDisks := func() {
		for _, name := range []string{rules.OverlayName("egress-1", uid), rules.SeedName("egress-1", uid)} {
			if _, ok := h.FB.Volume(fake.DefaultPool, name); !ok {
				t.Fatalf("no volume %s to drop", name)
			}
			h.FB.RemoveVolume(fake.DefaultPool, name)
		}
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg, Check: stateAttr(vmAddr, "uid", &uid)},
			{Config: h.config(h.baseImage() + forgetVM), Check: h.onHost},
			{
				PreConfig:   dropDisks,
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Most likely this configuration's own\s+interrupted apply.*` + importBlockRe),
			},
			{
				Config: cfg + pastedImportBlock(t, "egress-1"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("disk_gib"), knownvalue.Int64Exact(10)),
				},
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// A create stopped after the VM's disks but before its console log volumes leaves a VM that an
// import takes over without them, through an import block or `terraform import` (the two ways
// the error gives): the plan after the import updates it in place (no other change), the apply
// makes the volumes, and the plan after it is empty.
func TestProxyVM_anImportedVMLackingItsConsoleLogsGetsThem(t *testing.T) {
	for _, block := range []bool{true, false} {
		t.Run(map[bool]string{true: "import block", false: "terraform import"}[block], func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  running = false`))
			var uid string
			logs := func() []string { return rules.ConsoleLogNames("egress-1", uid) }
			dropLogs := func() {
				for _, n := range logs() {
					if err := h.FB.StorageVolDelete(context.Background(), libvirt.StorageVol{Pool: fake.DefaultPool, Name: n}); err != nil {
						t.Fatal(err)
					}
				}
			}
			update := resource.TestStep{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				Check: resource.ComposeTestCheckFunc(sameUID(&uid), func(*terraform.State) error {
					for _, n := range logs() {
						if _, ok := h.FB.Volume(fake.DefaultPool, n); !ok {
							return fmt.Errorf("after the apply, no console log volume %s", n)
						}
					}
					return nil
				}),
			}
			steps := []resource.TestStep{
				{Config: cfg, Check: stateAttr(vmAddr, "uid", &uid)},
				{Config: h.config(h.baseImage() + forgetVM), Check: h.onHost},
			}
			if block {
				update.PreConfig, update.Config = dropLogs, cfg+pastedImportBlock(t, "egress-1")
				steps = append(steps, update)
			} else {
				steps = append(steps, resource.TestStep{PreConfig: dropLogs, Config: cfg, ResourceName: vmAddr,
					ImportState: true, ImportStateId: "lab/egress-1", ImportStatePersist: true}, update)
			}
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNothingLeft,
				Steps:                    append(steps, resource.TestStep{Config: cfg, PlanOnly: true}),
			})
		})
	}
}
