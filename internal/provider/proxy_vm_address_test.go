package provider

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
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
	"github.com/kdomanski/iso9660"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// staticNetworkConfig is a cloud-init version 2 network configuration with a static address.
const staticNetworkConfig = `version: 2
ethernets:
  primary:
    match:
      macaddress: "52:54:00:ab:00:01"
    set-name: eth0
    addresses: [192.168.123.201/24]
    routes:
      - to: 0.0.0.0/0
        via: 192.168.123.1
`

// hclHeredoc is s as an HCL heredoc.
func hclHeredoc(s string) string { return "<<-EOT\n" + s + "EOT\n" }

// addForeignDomain puts a domain without our mark on the fake host, with one NIC per MAC.
func addForeignDomain(h *fakeHost, name string, macs ...string) {
	var nics string
	for _, m := range macs {
		nics += "<interface type='network'><mac address='" + m + "'/><source network='default'/></interface>"
	}
	h.FB.AddDomain(fake.Domain{Name: name, State: libvirt.DomainShutoff,
		XML: "<domain type='qemu'><name>" + name + "</name><devices>" + nics + "</devices></domain>"})
}

// domainXMLHas checks that the fake host's domain name has every one of subs in its XML.
func (h *fakeHost) domainXMLHas(name string, subs ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		d, ok := h.FB.Domain(name)
		if !ok {
			return fmt.Errorf("no domain %s", name)
		}
		for _, s := range subs {
			if !strings.Contains(d.XML, s) {
				return fmt.Errorf("domain %s lacks %s:\n%s", name, s, d.XML)
			}
		}
		return nil
	}
}

// TestProxyVM_fixedMACSurvivesReplacement: a configured address (in upper case) is defined in
// lower case and kept as written in state, plans no change, survives a replacement (its own
// domain is no duplicate, by UID) and a taint, and stays when no longer configured; a change of
// it replaces the VM.
func TestProxyVM_fixedMACSurvivesReplacement(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	addForeignDomain(h, "admin-vm", "52:54:00:ab:00:99")
	vm := func(extra string) string {
		return h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  "+extra))
	}
	pinned := `mac_address = "52:54:00:AB:00:01"`
	const newUserData = `user_data = "#!/bin/sh\necho new\n"`
	uid := statecheck.CompareValue(compare.ValuesDiffer())
	mac := statecheck.CompareValue(compare.ValuesSame())
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomainsBut("admin-vm"),
		Steps: []resource.TestStep{
			{
				Config: vm(pinned),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact("52:54:00:AB:00:01")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact("52:54:00:AB:00:01")),
					uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
					mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
				},
				Check: h.domainXMLHas("egress-1", `<mac address="52:54:00:ab:00:01">`),
			},
			{Config: vm(pinned), PlanOnly: true}, // fails on any change
			{
				// A replacement (new user data) keeps the address.
				Config: vm(pinned + "\n  " + newUserData),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact("52:54:00:AB:00:01")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
					mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
				},
				Check: h.domainXMLHas("egress-1", `<mac address="52:54:00:ab:00:01">`),
			},
			{
				// So does the replacement of a tainted VM, planned from an unchanged plan.
				Config: vm(pinned + "\n  " + newUserData),
				Taint:  []string{vmAddr},
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					uid.AddStateValue(vmAddr, tfjsonpath.New("uid")),
					mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
				},
			},
			{
				// Written in lower case it is the same address: no replacement.
				Config: vm(strings.ToLower(pinned) + "\n  " + newUserData),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact("52:54:00:ab:00:01")),
				},
			},
			{
				// No longer configured: the VM keeps it.
				Config: vm(newUserData),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				// Another domain's address is refused at plan, naming the domain.
				Config:      vm(`mac_address = "52:54:00:ab:00:99"`),
				ExpectError: regexp.MustCompile(`(?s)mac address 52:54:00:ab:00:99 is already used by domain admin-vm on\s+host\s+lab`),
			},
			{
				// A new address replaces the VM.
				Config: vm(`mac_address = "02:00:00:00:00:02"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact("02:00:00:00:00:02")),
				},
				Check: h.domainXMLHas("egress-1", `<mac address="02:00:00:00:00:02">`),
			},
		},
	})
}

// checkNoDomainsBut is a CheckDestroy: only the named domains (made outside terraform) remain.
func (h *fakeHost) checkNoDomainsBut(keep ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		for _, n := range h.FB.DomainNames() {
			if !slices.Contains(keep, n) {
				return fmt.Errorf("domain %s left on the host", n)
			}
		}
		return nil
	}
}

// isoFile is the content of the root file name of an ISO image.
func isoFile(iso []byte, name string) (string, error) {
	img, err := iso9660.OpenImage(bytes.NewReader(iso))
	if err != nil {
		return "", err
	}
	root, err := img.RootDir()
	if err != nil {
		return "", err
	}
	children, err := root.GetChildren()
	if err != nil {
		return "", err
	}
	for _, c := range children {
		if c.Name() == name {
			data, err := io.ReadAll(c.Reader())
			return string(data), err
		}
	}
	return "", fmt.Errorf("the seed has no %s", name)
}

// TestProxyVM_randomMACIsNewOnReplacement: without a configured address, a replacement plans
// the address unknown and gets a new one, while an in-place change keeps it.
func TestProxyVM_randomMACIsNewOnReplacement(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	mac := statecheck.CompareValue(compare.ValuesDiffer())
	same := statecheck.CompareValue(compare.ValuesSame())
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringRegexp(regexp.MustCompile(`^52:54:00:`))),
					mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
					same.AddStateValue(vmAddr, tfjsonpath.New("mac_address")),
				},
			},
			{
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "in-place"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringRegexp(regexp.MustCompile(`^52:54:00:`))),
				}},
				ConfigStateChecks: []statecheck.StateCheck{same.AddStateValue(vmAddr, tfjsonpath.New("mac_address"))},
			},
			{
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "in-place"
  user_data = "#!/bin/sh\necho new\n"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
					plancheck.ExpectUnknownValue(vmAddr, tfjsonpath.New("mac_address")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{mac.AddStateValue(vmAddr, tfjsonpath.New("mac_address"))},
			},
		},
	})
}

// TestProxyVM_networkConfig: the network configuration goes into the seed and state, a VM
// holding it imports with an empty plan (with its fixed address too), and a change replaces it.
func TestProxyVM_networkConfig(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.GiveAddress("192.168.123.201")
	vm := func(doc string) string {
		return h.config(h.baseImage() + vmConfig(`mac_address = "52:54:00:ab:00:01"
  network_config = `+hclHeredoc(doc)))
	}
	changed := strings.Replace(staticNetworkConfig, ".201/24", ".202/24", 1)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: vm(staticNetworkConfig),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network_config"), knownvalue.StringExact(staticNetworkConfig)),
				},
				Check: h.seedHas("egress-1", "network-config", staticNetworkConfig),
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
			{
				// An import {} block with the same configuration plans no change.
				Config:          vm(staticNetworkConfig),
				ResourceName:    vmAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
			{
				Config: vm(changed),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: h.seedHas("egress-1", "network-config", changed),
			},
		},
	})
}

// seedHas checks that the seed of VM name holds file with content.
func (h *fakeHost) seedHas(name, file, content string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		uid := s.RootModule().Resources[vmAddr].Primary.Attributes["uid"]
		vol, ok := h.FB.Volume(fake.DefaultPool, name+"."+uid+".cidata.iso")
		if !ok {
			return fmt.Errorf("no seed volume for %s", name)
		}
		got, err := isoFile(vol.Content, file)
		if err != nil {
			return err
		}
		if got != content {
			return fmt.Errorf("seed %s is %q, want %q", file, got, content)
		}
		return nil
	}
}

// TestProxyVM_planMACChecks: malformed addresses and network configurations are refused at plan
// with the rule; the duplicate check lists the host once per command, and a host that cannot
// tell keeps the plan quiet.
func TestProxyVM_planMACChecks(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	addForeignDomain(h, "admin-vm", "52:54:00:00:00:07", "02:00:00:00:00:08")
	addForeignDomain(h, "egress", "52:54:00:00:00:0a") // under the planned name, without our mark
	tests := []struct{ name, attrs, want string }{
		{"multicast", `mac_address = "01:00:5e:00:00:01"`, `(?s)is a multicast address.*The value must be six pairs of hex digits`},
		{"hyphens", `mac_address = "52-54-00-00-00-01"`, `separates its octets with '-'`},
		{"broadcast", `mac_address = "ff:ff:ff:ff:ff:ff"`, `broadcast address`},
		{"zero", `mac_address = "00:00:00:00:00:00"`, `all zeros`},
		{"second NIC of another domain", `mac_address = "02:00:00:00:00:08"`,
			`(?s)Unable to create proxy VM lab/egress.*mac address 02:00:00:00:00:08 is already used by domain\s+admin-vm`},
		{"same-named domain without our mark", `mac_address = "52:54:00:00:00:0a"`,
			`mac address 52:54:00:00:00:0a is already used by domain egress on host\s+lab`},
		{"network config without version", `network_config = "ethernets: {}\n"`, "no `version` key"},
		{"network config not YAML", `network_config = "version: [2\n"`, `not a YAML mapping`},
		{"network config version 3", `network_config = "version: 3\n"`, `version 3; cloud-init reads version 2`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, refusalStep(t, tt.name, h.config(planVM(`name = "egress"`+"\n  "+tt.attrs)), tt.want))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(h.NewClient), Steps: steps})
	t.Run("once per host", func(t *testing.T) {
		h.FB.ResetCalls()
		var vms strings.Builder
		for i := range 4 {
			fmt.Fprintf(&vms, `
resource "kvm2_proxy_vm" "egress%d" {
  name          = "egress-%d"
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  mac_address   = "52:54:00:00:00:0%d"
}
`, i, i, i+5)
		}
		resource.UnitTest(t, resource.TestCase{
			ProtoV6ProviderFactories: factories(h.NewClient),
			Steps: []resource.TestStep{{
				Config: h.config(vms.String()), PlanOnly: true,
				ExpectError: regexp.MustCompile(`52:54:00:00:00:07 is already used by domain admin-vm`),
			}},
		})
		if n := h.FB.Count("ConnectListAllDomains"); n != 1 {
			t.Fatalf("ConnectListAllDomains called %d times for 4 VMs on one host, want 1", n)
		}
	})
	t.Run("quiet when the host cannot tell", func(t *testing.T) {
		q := newFakeHost(t)
		addForeignDomain(q, "admin-vm", "52:54:00:00:00:07")
		q.FB.FailAlways("ConnectListAllDomains", kvmerr.ErrAbandoned)
		resource.UnitTest(t, resource.TestCase{
			ProtoV6ProviderFactories: factories(q.NewClient),
			Steps: []resource.TestStep{{
				Config:   q.config(planVM(`name = "egress"` + "\n  mac_address = \"52:54:00:00:00:07\"")),
				PlanOnly: true, ExpectNonEmptyPlan: true,
			}},
		})
		if q.FB.Count("ConnectListAllDomains") == 0 {
			t.Fatal("ConnectListAllDomains was never called: the fault proved nothing")
		}
	})
}

// TestProxyVM_fixedMACSurvivesARename: a new name replaces the VM; the pinned address goes with
// it, the VM's own domain under the old name being no duplicate (by UID).
func TestProxyVM_fixedMACSurvivesARename(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	vm := func(name string) string {
		return h.config(h.baseImage() + strings.Replace(vmConfig(`wait_for_ip = false
  mac_address = "52:54:00:ab:00:21"`), `"egress-1"`, `"`+name+`"`, 1))
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: vm("egress-1"), Check: h.domainXMLHas("egress-1", `<mac address="52:54:00:ab:00:21">`)},
			{
				Config: vm("egress-2"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: resource.ComposeTestCheckFunc(h.domainXMLHas("egress-2", `<mac address="52:54:00:ab:00:21">`),
					func(*terraform.State) error {
						if _, ok := h.FB.Domain("egress-1"); ok {
							return fmt.Errorf("the old domain egress-1 is still there")
						}
						return nil
					}),
			},
		},
	})
}
