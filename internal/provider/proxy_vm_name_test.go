package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// prefixConfig is a VM "egress" named from prefix on the fake host, with extra attributes.
func prefixConfig(h *fakeHost, prefix, extra string) string {
	return h.config(h.baseImage() + `
resource "kvm2_proxy_vm" "egress" {
  name_prefix   = "` + prefix + `"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  firmware      = "bios"
  wait_for_ip   = false
  ` + extra + `
}
`)
}

// cbdConfig is a VM named from "egress-", replaced create-before-destroy, with extra attributes.
func cbdConfig(h *fakeHost, extra string) string {
	return prefixConfig(h, "egress-", extra+`
  lifecycle {
    create_before_destroy = true
  }`)
}

// prefixedName matches a name drawn from "egress-".
var prefixedName = regexp.MustCompile(`^egress-[a-z0-9]{8}$`)

// TestProxyVM_namePrefixReplacesCreateBeforeDestroy: a VM named from name_prefix gets a drawn
// name kept while it lives (the plan after the create is empty), and a replacement (new user
// data) under create_before_destroy draws a new name and is on the host, whole, before the VM
// it replaces is undefined. The import of the new VM reads the prefix back from its mark, so
// an import block applies no change.
func TestProxyVM_namePrefixReplacesCreateBeforeDestroy(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	var first, second string
	var mu sync.Mutex
	var atUndefine [][]string // the host's domains when each undefine began
	h.FB.Inject("DomainUndefine", func(context.Context, fake.Call) error {
		mu.Lock()
		defer mu.Unlock()
		atUndefine = append(atUndefine, h.FB.DomainNames())
		return nil
	})
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cbdConfig(h, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("name"), knownvalue.StringRegexp(prefixedName)),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("name_prefix"), knownvalue.StringExact("egress-")),
				},
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "name", &first), func(*terraform.State) error {
					if names := h.FB.DomainNames(); !slices.Equal(names, []string{first}) {
						return fmt.Errorf("domains %v, want [%s]", names, first)
					}
					return nil
				}),
			},
			{Config: cbdConfig(h, ""), PlanOnly: true},
			{
				Config: cbdConfig(h, `user_data = "#!/bin/sh\necho two\n"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionCreateBeforeDestroy),
					plancheck.ExpectUnknownValue(vmAddr, tfjsonpath.New("name")),
				}},
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "name", &second), func(*terraform.State) error {
					mu.Lock()
					defer mu.Unlock()
					if second == first || !prefixedName.MatchString(second) {
						return fmt.Errorf("replacement named %q, the VM it replaced %q", second, first)
					}
					if len(atUndefine) != 1 || !slices.Equal(atUndefine[0], []string{first, second}) && !slices.Equal(atUndefine[0], []string{second, first}) {
						return fmt.Errorf("domains on the host as each undefine began: %v, want both %s and %s", atUndefine, first, second)
					}
					if names := h.FB.DomainNames(); !slices.Equal(names, []string{second}) {
						return fmt.Errorf("domains %v after the replacement, want [%s]", names, second)
					}
					return nil
				}),
			},
			{
				Config:          cbdConfig(h, `user_data = "#!/bin/sh\necho two\n"`),
				ResourceName:    vmAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
		},
	})
}

// TestProxyVM_namePrefixMovesInPlaceWhenTheNameFits: a VM created with a fixed name moves to a
// name_prefix its name begins with in place (only the mark's record changes, and an import
// then reads it back); a prefix it does not begin with replaces it.
func TestProxyVM_namePrefixMovesInPlaceWhenTheNameFits(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig("wait_for_ip = false")), Check: stateAttr(vmAddr, "uid", &uid)},
			{
				Config: prefixConfig(h, "egress-", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("name"), knownvalue.StringExact("egress-1")),
				},
				Check: resource.ComposeTestCheckFunc(sameUID(&uid), func(*terraform.State) error {
					m, err := h.domainMark("egress-1")
					if err != nil || m.NamePrefix != "egress-" {
						return fmt.Errorf("mark %+v, %v: want name prefix egress-", m, err)
					}
					return nil
				}),
			},
			{ResourceName: vmAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"}},
			{
				Config: prefixConfig(h, "web-", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("name"), knownvalue.StringRegexp(regexp.MustCompile(`^web-[a-z0-9]{8}$`))),
				},
			},
		},
	})
}

// TestProxyVM_nameInputRefusedAtPlan: a VM needs exactly one of name and name_prefix, and a
// prefix no valid name begins with is refused with the rule's text, all before any host is asked.
func TestProxyVM_nameInputRefusedAtPlan(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	vm := func(attrs string) string {
		return h.config(`
resource "kvm2_proxy_vm" "egress" {
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  ` + attrs + `
}
`)
	}
	steps := []resource.TestStep{}
	for _, tc := range []struct{ attrs, want string }{
		{``, `(?s)No attribute specified.*name_prefix`},
		{`name = "egress-1"
  name_prefix = "egress-"`, `(?s)Invalid Attribute Combination.*name_prefix`},
		{`name_prefix = "Egress-"`, `(?s)must start with a lowercase letter`},
		{`name_prefix = "` + strings.Repeat("a", 56) + `"`, `(?s)the limit is 55`},
	} {
		steps = append(steps, resource.TestStep{Config: vm(tc.attrs), PlanOnly: true, ExpectError: regexp.MustCompile(tc.want)})
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps:                    steps,
	})
	if n := len(h.FB.Calls()); n != 0 {
		t.Fatalf("%d calls reached the host: %v", n, h.FB.Methods())
	}
}

// TestProxyVM_fixedMACUnderCreateBeforeDestroySaysWhatToChange (issue 36, item 4): a VM named
// from name_prefix with a fixed mac_address, replaced create-before-destroy, meets its own
// running VM on the address (the apply plans the new VM's create without the VM it replaces):
// the error leads with that, says what to change, and does not advise removing the VM; the
// change it advises then applies.
func TestProxyVM_fixedMACUnderCreateBeforeDestroySaysWhatToChange(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const mac = `mac_address = "52:54:00:36:04:01"`
	var old string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cbdConfig(h, mac), Check: stateAttr(vmAddr, "name", &old)},
			{
				Config: cbdConfig(h, mac+"\n  user_data = \"#cloud-config\\n\""),
				ExpectError: regexp.MustCompile(`(?s)already used by domain egress-[a-z0-9]{8}.*is a VM of this\s+provider.*` +
					`most\s+likely\s+it\s+is\s+this\s+resource's\s+own\s+VM.*create_before_destroy.*remove\s+mac_address.*` +
					`Do\s+not\s+remove\s+egress-[a-z0-9]{8}\s+from\s+the\s+host`),
			},
			// As the error advises: without mac_address the replacement goes through, and the
			// old VM, which ran all along, goes once its replacement is made.
			{
				PreConfig: func() {
					if d, ok := h.FB.Domain(old); !ok || d.State != libvirt.DomainRunning {
						t.Fatalf("the refused replacement left the old VM %s not running (found %v)", old, ok)
					}
				},
				Config: cbdConfig(h, "user_data = \"#cloud-config\\n\""),
				Check: func(*terraform.State) error {
					if names := h.FB.DomainNames(); len(names) != 1 || names[0] == old {
						return fmt.Errorf("domains %v after the replacement, want one new VM in place of %s", names, old)
					}
					return nil
				},
			},
		},
	})
}
