package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// wantHostAutostart is a Check that the fake host's flag for egress-1 reads want.
func (h *fakeHost) wantHostAutostart(want bool) resource.TestCheckFunc {
	return func(*terraform.State) error {
		d, ok := h.FB.Domain("egress-1")
		if !ok {
			return errString("domain egress-1 is gone")
		}
		if d.Autostart != want {
			return errString("autostart on the host is " + boolText(d.Autostart) + ", want " + boolText(want))
		}
		return nil
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// Autostart defaults to true on the host, drift back from an out-of-band change is an in-place
// update of the same VM, false is set in place, and an import reads the flag from the host.
func TestProxyVM_autostart(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	uid := statecheck.CompareValue(compare.ValuesSame())
	uuid := statecheck.CompareValue(compare.ValuesSame())
	identity := func(more ...statecheck.StateCheck) []statecheck.StateCheck {
		return append([]statecheck.StateCheck{
			uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
			uuid.AddStateValue(vmAddr, tfjsonpath.New("domain_uuid")),
		}, more...)
	}
	autostart := func(want bool) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("autostart"), knownvalue.Bool(want))
	}
	inPlace := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
		plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
		plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.NotNull()),
	}}
	dflt := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	off := h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  autostart = false`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: dflt, ConfigStateChecks: identity(autostart(true)), Check: h.wantHostAutostart(true)},
			{
				PreConfig: func() { h.FB.UpdateDomain("egress-1", func(d *fake.Domain) { d.Autostart = false }) },
				Config:    dflt,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: append(inPlace.PreApply,
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("autostart"), knownvalue.Bool(true)))},
				ConfigStateChecks: identity(autostart(true)),
				Check:             h.wantHostAutostart(true),
			},
			{Config: off, ConfigPlanChecks: inPlace, ConfigStateChecks: identity(autostart(false)), Check: h.wantHostAutostart(false)},
			{Config: off, ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts", "wait_for_ip"},
			},
		},
	})
}

// A same-named domain of another configuration is never given our autostart: when the name
// changes hands between the refresh and the apply, SetAutostart refuses it and its flag stays.
func TestProxyVM_autostartNeverTouchesAnotherConfigurationsDomain(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	var uidA string
	swapped := false
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)), Check: stateAttr(vmAddr, "uid", &uidA)},
			{
				// The refresh's last RPC hands the name to another configuration's domain (its mark
				// carries another UID), with autostart on.
				PreConfig: func() {
					h.FB.Inject("DomainInterfaceAddresses", func(context.Context, fake.Call) error {
						if !swapped {
							swapped = true
							h.FB.UpdateDomain("egress-1", func(d *fake.Domain) {
								d.XML = strings.ReplaceAll(d.XML, uidA, "theirs-"+uidA)
								d.Autostart = true
							})
						}
						return nil
					})
				},
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  autostart = false`)),
				ExpectError: regexp.MustCompile(`(?s)Unable to update the autostart of proxy VM lab/egress-1.*belongs to another kvm2.*configuration`),
			},
			{
				PreConfig: func() {
					m, err := h.domainMark("egress-1")
					if err != nil || m.UID != "theirs-"+uidA {
						t.Fatalf("the other configuration's mark: %+v, %v", m, err)
					}
					if d, _ := h.FB.Domain("egress-1"); !d.Autostart {
						t.Fatal("the other configuration's domain lost its autostart")
					}
					h.FB.RemoveDomain("egress-1") // so the base image can go
				},
				Config: h.config(h.baseImage()),
			},
		},
	})
}

// After a host reboot (the fake's libvirtd starting with every guest gone) the VM with autostart
// runs again and plans no change; the one without reads stopped, and the plan starts it in place.
func TestProxyVM_hostRebootStartsOnlyAutostartVMs(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	vm := func(addr, extra string) string {
		return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  firmware      = "bios"
  wait_for_ip   = false
  %s
}
`, addr, "egress-"+addr, extra)
	}
	cfg := h.config(h.baseImage() + vm("on", "") + vm("off", "autostart = false"))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					h.FB.RestartDaemon()
					for name, want := range map[string]libvirt.DomainState{"egress-on": libvirt.DomainRunning, "egress-off": libvirt.DomainShutoff} {
						if d, _ := h.FB.Domain(name); d.State != want {
							t.Fatalf("%s after the reboot: state %v, want %v", name, d.State, want)
						}
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("kvm2_proxy_vm.on", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("kvm2_proxy_vm.off", plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue("kvm2_proxy_vm.off", tfjsonpath.New("running"), knownvalue.Bool(true)),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("kvm2_proxy_vm.off", tfjsonpath.New("state"), knownvalue.StringExact("running")),
					statecheck.ExpectKnownValue("kvm2_proxy_vm.off", tfjsonpath.New("autostart"), knownvalue.Bool(false)),
				},
			},
		},
	})
}
