package provider

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

const vmAddr = "kvm2_proxy_vm.egress"

// vmConfig is a VM "egress-1" on the fake host with extra attributes.
func vmConfig(extra string) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  firmware      = "bios"
  %s
}
`, extra)
}

func TestProxyVM_createWaitsForIPAndImportsWithEmptyPlan(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.GiveAddress("192.168.122.50")
	cfg := h.config(h.baseImage() + vmConfig(`tag = "fleet-a"
  user_data = "#!/bin/sh\necho hello\n"`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("id"), knownvalue.StringExact("lab/egress-1")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringExact("192.168.122.50")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("network"), knownvalue.StringExact("default")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("bridge"), knownvalue.Null()),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"),
						knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho hello\n")))),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.StringRegexp(regexp.MustCompile(`.{16,}`))),
					statecheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("id"), knownvalue.StringExact("lab/default/base.qcow2")),
					statecheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("sha256"), knownvalue.StringExact(h.ImageSHA)),
				},
			},
			{
				ResourceName:      vmAddr,
				ImportState:       true,
				ImportStateVerify: true,
				// user_data is read back from the seed: only the timeouts are configuration-only.
				ImportStateVerifyIgnore: []string{"timeouts"},
			},
			{
				// An import {} block with the same user data: a no-op import, that is, a plan
				// without changes.
				Config:          cfg,
				ResourceName:    vmAddr,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
			},
		},
	})
}

// importUserDataConfig is an import {} block and a VM "egress-1" on the fake host whose user
// data is body (user_data or user_data_wo).
func importUserDataConfig(h *fakeHost, body string) string {
	return h.config(`
import {
  to = kvm2_proxy_vm.egress
  id = "lab/egress-1"
}

resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  memory_mib    = 128
  firmware      = "bios"
  ` + body + `
}
`)
}

// TestProxyVM_importWithUserDataReadsItBack: a VM made outside this configuration with user
// data is imported by an import {} block that sets the same user_data. The import reads the
// user data back from the VM's seed, so the apply changes nothing and the next plan is empty.
func TestProxyVM_importWithUserDataReadsItBack(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const userData = "#!/bin/sh\necho imported\n"
	cfg := importUserDataConfig(h, "user_data = "+hclString(userData))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { h.CreateOutOfBand("egress-1", "", userData) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.StringExact("oob-egress-1")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.StringExact(userData)),
				},
				Check: func(*terraform.State) error {
					if n := h.SeedReads(); n != 1 {
						return fmt.Errorf("the seed was read %d times, want once (by the import)", n)
					}
					return nil
				},
			},
			{Config: cfg, PlanOnly: true}, // fails on any change
		},
	})
}

// TestProxyVM_importUserDataVMIntoWriteOnlyConfiguration: a VM made with user_data imported by a
// configuration that gives the same user data write-only. The import reads user_data back (the
// mark says it was given in user_data, and no import sees the configuration), so the apply
// drops it from state in place, never replacing the VM; the next plan is empty.
func TestProxyVM_importUserDataVMIntoWriteOnlyConfiguration(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const userData = "#!/bin/sh\necho imported\n"
	cfg := importUserDataConfig(h, "user_data_wo = "+hclString(userData))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { h.CreateOutOfBand("egress-1", "", userData) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.StringExact("oob-egress-1")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.Null()),
				},
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// TestProxyVM_importUntrustedUserDataUpdatesInPlace: a VM whose seed cannot be trusted (its
// content replaced, or a mark of an earlier version that does not record where the user data
// came from) is imported without user data; the apply takes the configured value into state in
// place, never replacing the VM, and the next plan is empty.
func TestProxyVM_importUntrustedUserDataUpdatesInPlace(t *testing.T) {
	t.Parallel()
	const userData = "#!/bin/sh\necho imported\n"
	for _, tc := range []struct {
		name   string
		change func(h *fakeHost)
		reads  int
	}{
		{"seed content replaced", func(h *fakeHost) {
			seed := "egress-1.oob-egress-1.cidata.iso"
			v, ok := h.FB.Volume(fake.DefaultPool, seed)
			if !ok {
				h.T.Fatal("no seed volume")
			}
			iso, err := definition.SeedISO(definition.SeedSpec{InstanceID: "x", Hostname: "egress-1", UserData: []byte("#!/bin/sh\necho other\n")})
			if err != nil {
				h.T.Fatal(err)
			}
			v.Content, v.SHA256, v.Capacity = iso, "", uint64(len(iso))
			h.FB.AddVolume(fake.DefaultPool, v)
		}, 1},
		{"mark of an earlier version", func(h *fakeHost) {
			h.FB.UpdateDomain("egress-1", func(d *fake.Domain) {
				d.XML = regexp.MustCompile(`<kvm2:user-data-source>[^<]*</kvm2:user-data-source>`).ReplaceAllString(d.XML, "")
			})
		}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			cfg := importUserDataConfig(h, "user_data = "+hclString(userData))
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNoDomains,
				Steps: []resource.TestStep{
					{
						PreConfig: func() {
							h.CreateOutOfBand("egress-1", "", userData)
							tc.change(h)
						},
						Config: cfg,
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
						}},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("uid"), knownvalue.StringExact("oob-egress-1")),
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.StringExact(userData)),
						},
						Check: func(*terraform.State) error {
							if n := h.SeedReads(); n != tc.reads {
								return fmt.Errorf("the seed was read %d times, want %d", n, tc.reads)
							}
							return nil
						},
					},
					{Config: cfg, PlanOnly: true},
				},
			})
		})
	}
}

// TestProxyVM_importWriteOnlyVMNeverReadsUserData: a VM made with write-only user data is
// imported (import {} block, then the import command) into a configuration that gives it
// write-only: its seed is never read, state never holds the user data, and nothing changes.
func TestProxyVM_importWriteOnlyVMNeverReadsUserData(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const sentinel = "wo-import-sentinel-5e2b"
	userData := "#!/bin/sh\necho " + sentinel + "\n"
	cfg := importUserDataConfig(h, "user_data_wo = "+hclString(userData))
	noRead := func(s *terraform.State) error {
		if n := h.SeedReads(); n != 0 {
			return fmt.Errorf("the seed of a write-only VM was read %d times", n)
		}
		return stateLacks(s, sentinel)
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					h.CreateOutOfBandWith("egress-1", "", userData, func(r *kvm2.CreateRequest) { r.WriteOnlyUserData = true })
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.Null()),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(rules.UserDataSHA256([]byte(userData)))),
				},
				Check: noRead,
			},
			{
				ResourceName:            vmAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"timeouts"},
				Check:                   noRead,
			},
			{Config: cfg, PlanOnly: true, Check: noRead},
		},
	})
}

func TestProxyVM_writeOnlyUserDataNeverInState(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	const sentinel = "wo-sentinel-8c1f2e"
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{{
			Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  user_data_wo = "#!/bin/sh\necho `+sentinel+`\n"
  user_data_wo_version = 1`)),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_wo"), knownvalue.Null()),
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.Null()),
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"),
					knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho "+sentinel+"\n")))),
			},
			Check: func(s *terraform.State) error { return stateLacks(s, sentinel) },
		}, {
			// New write-only content under the same version: plan and state are otherwise
			// identical, and only the hash of the configured value shows the change.
			Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  user_data_wo = "#!/bin/sh\necho changed\n"
  user_data_wo_version = 1`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"),
					knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho changed\n")))),
			},
		}},
	})
}

// stateLacks fails when any attribute of any resource holds needle.
func stateLacks(s *terraform.State, needle string) error {
	for _, m := range s.Modules {
		for addr, rs := range m.Resources {
			for k, v := range rs.Primary.Attributes {
				if strings.Contains(v, needle) {
					return fmt.Errorf("%s.%s holds the secret", addr, k)
				}
			}
		}
	}
	return nil
}

func TestProxyVM_drift(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		drift  func(h *fakeHost)
		action plancheck.ResourceActionType
	}{
		{"deleted out of band", func(h *fakeHost) {
			providertest.DeleteThroughCore(t, h.Client(), "lab/egress-1")
		}, plancheck.ResourceActionCreate},
		{"stopped out of band", func(h *fakeHost) {
			h.FB.SetDomainState("egress-1", libvirt.DomainShutoff)
		}, plancheck.ResourceActionUpdate},
		{"undefined while running", func(h *fakeHost) {
			// As libvirt does it: undefining a running domain leaves it transient and clears its
			// autostart flag.
			h.FB.UpdateDomain("egress-1", func(d *fake.Domain) { d.Transient, d.Autostart = true, false })
		}, plancheck.ResourceActionDestroyBeforeCreate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNothingLeft,
				Steps: []resource.TestStep{
					{Config: cfg},
					{
						PreConfig: func() { tt.drift(h) },
						Config:    cfg,
						ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(vmAddr, tt.action),
						}},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
							statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("running"), knownvalue.Bool(true)),
						},
					},
				},
			})
		})
	}
}

func TestProxyVM_inPlaceTagAndRunning(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "a"`))},
			{
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  tag = "b"
  running = false`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("tag"), knownvalue.StringExact("b")),
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("stopped")),
				},
			},
		},
	})
}

func TestProxyVM_errors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		setup func(h *fakeHost)
		want  string
		check func(h *fakeHost) error
	}{
		{
			name: "foreign domain under the name",
			setup: func(h *fakeHost) {
				h.FB.AddDomain(fake.Domain{Name: "egress-1", XML: "<domain type='qemu'><name>egress-1</name></domain>"})
			},
			want: `(?s)Unable to create proxy VM lab/egress-1.*carries no kvm2 mark.*Rename`,
		},
		{
			name: "permanent failure not retried",
			setup: func(h *fakeHost) {
				h.FB.FailAlways("DomainDefineXML", fake.LibvirtError(libvirt.ErrXMLError, "bad xml"))
			},
			want: `(?s)Unable to create proxy VM lab/egress-1.*Retrying will not help`,
			check: func(h *fakeHost) error {
				if n := h.FB.Count("DomainDefineXML"); n != 1 {
					return fmt.Errorf("DomainDefineXML called %d times, want 1", n)
				}
				return nil
			},
		},
		{
			name: "pool too small",
			setup: func(h *fakeHost) {
				h.FB.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Available = 4096 })
			},
			want: `(?s)Unable to create.*4096 bytes free.*another pool/host`,
		},
		{
			name:  "address never reported",
			setup: func(h *fakeHost) {},
			want:  `(?s)Unable to create proxy VM lab/egress-1.*No IPv4 address was reported within 1s.*tainted`,
			check: func(h *fakeHost) error {
				if _, ok := h.FB.Domain("egress-1"); !ok {
					return fmt.Errorf("the domain was removed; it should stay, tracked as tainted")
				}
				return nil
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			extra := `wait_for_ip = false`
			if tt.name == "address never reported" {
				extra = "timeouts {\n    create = \"1s\"\n  }"
			}
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				Steps: []resource.TestStep{
					{Config: h.config(h.baseImage())},
					{
						PreConfig:   func() { tt.setup(h) },
						Config:      h.config(h.baseImage() + vmConfig(extra)),
						ExpectError: regexp.MustCompile(tt.want),
					},
					{
						// Before the final destroy: what the failed apply left behind.
						PreConfig: func() {
							if tt.check != nil {
								if err := tt.check(h); err != nil {
									t.Error(err)
								}
							}
							h.FB.ClearFaults("")
						},
						Config:             h.config(h.baseImage() + vmConfig(extra)),
						PlanOnly:           true,
						ExpectNonEmptyPlan: true,
					},
				},
			})
		})
	}
}

func TestProxyVM_transientFailureRetried(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage())},
			{
				PreConfig: func() {
					h.FB.FailNth("DomainLookupByName", 1, fake.LibvirtError(libvirt.ErrInternalError, "daemon busy"))
					h.FB.ResetCalls()
				},
				Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)),
				Check: func(*terraform.State) error {
					if n := h.FB.Count("DomainDefineXML"); n != 1 {
						return fmt.Errorf("DomainDefineXML called %d times, want 1", n)
					}
					return nil
				},
			},
		},
	})
}

func TestProxyVM_planTimeValidation(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	tests := []struct {
		name, body, want string
	}{
		{"unknown host", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "elsewhere"
  base_image_id = "elsewhere/default/base.qcow2"
}`, `Unknown host elsewhere`},
		{"base image on another host", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "other/default/base.qcow2"
}`, `Base image on another host`},
		{"malformed base image id", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "base.qcow2"
}`, `Invalid base image id`},
		{"network and bridge", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "lab/default/base.qcow2"
  network = "default"
  bridge = "br0"
}`, `(?s)network.*bridge|bridge.*network`},
		{"user_data and user_data_wo", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "lab/default/base.qcow2"
  user_data = "a"
  user_data_wo = "b"
}`, `(?s)user_data.*user_data_wo|user_data_wo.*user_data`},
		{"bad firmware", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "lab/default/base.qcow2"
  firmware = "coreboot"
}`, `(?s)firmware.*uefi`},
		{"bad name", `resource "kvm2_proxy_vm" "x" {
  name = "../etc"
  host = "lab"
  base_image_id = "lab/default/base.qcow2"
}`, `(?s)must start with a lowercase letter.*DNS label`},
		{"zero vcpus", `resource "kvm2_proxy_vm" "x" {
  name = "x"
  host = "lab"
  base_image_id = "lab/default/base.qcow2"
  vcpus = 0
}`, `(?s)vcpus is 0; it must be 1 to 255`},
		{"bad sha256", `resource "kvm2_base_image" "x" {
  host = "lab"
  name = "x.qcow2"
  source_url = "http://127.0.0.1/x"
  sha256 = "ABC"
}`, `64 lowercase hex digits`},
		{"bad format", `resource "kvm2_base_image" "x" {
  host = "lab"
  name = "x.qcow2"
  source_url = "http://127.0.0.1/x"
  format = "vmdk"
}`, `(?s)format.*qcow2`},
		{"bad url", `resource "kvm2_base_image" "x" {
  host = "lab"
  name = "x.qcow2"
  source_url = "ftp://127.0.0.1/x"
}`, "http://`? or `?https://"},
		{"base image on unknown host", `resource "kvm2_base_image" "x" {
  host = "nope"
  name = "x.qcow2"
  source_url = "http://127.0.0.1/x"
}`, `Unknown host nope`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, refusalStep(t, tt.name, h.config(tt.body), tt.want))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(h.NewClient), Steps: steps})
}

// TestProxyVM_writeOnlyUserDataNeverLogged runs a create with TRACE logging to a file and
// proves the write-only user data appears nowhere in it, while the core's log lines do.
func TestProxyVM_writeOnlyUserDataNeverLogged(t *testing.T) {
	h := newFakeHost(t)
	const sentinel = "log-sentinel-41d7a0"
	logFile := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_LOG_PATH", logFile)
	t.Setenv("TF_ACC_LOG_PATH", logFile)
	t.Setenv("TF_LOG_PROVIDER", "TRACE")
	// Through the environment: the test harness logs the configuration text itself.
	t.Setenv("TF_VAR_user_data", "#!/bin/sh\necho "+sentinel+"\n")
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{{
			Config: h.config(h.baseImage() + vmConfig(`wait_for_ip = false
  user_data_wo = var.user_data`) + `
variable "user_data" {
  type      = string
  sensitive = true
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"),
					knownvalue.StringExact(rules.UserDataSHA256([]byte("#!/bin/sh\necho "+sentinel+"\n")))),
			},
		}},
	})
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	// The provider's root logger is named after the provider, so the core's subsystem is kvm2.kvm2.
	if !strings.Contains(string(log), " kvm2.kvm2: domain created") {
		t.Fatalf("the log holds no core log line (%d bytes); the check below would prove nothing", len(log))
	}
	if strings.Contains(string(log), sentinel) {
		t.Errorf("the TRACE log contains the write-only user data")
	}
}

// TestProxyVM_planTimePoolSpace: a pool known to be smaller than the base image fails the plan
// of a new VM; a host that cannot tell never blocks it.
func TestProxyVM_planTimePoolSpace(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage())},
			{
				PreConfig:   func() { h.FB.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Available = 10 }) },
				Config:      h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(fmt.Sprintf(`(?s)Unable to create proxy VM lab/egress-1.*10 bytes free, but %d bytes\s+are\s+needed`, len(providertest.FakeImage))),
			},
			{
				PreConfig: func() {
					h.FB.FailAlways("StoragePoolGetInfo", fake.LibvirtError(libvirt.ErrInternalError, "busy"))
				},
				Config:             h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				PreConfig: func() {
					h.FB.ClearFaults("")
					h.FB.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Available = fake.DefaultPoolAvailable })
				},
				Config: h.config(h.baseImage()),
			},
		},
	})
}

// TestProxyVM_importedUserDataNeverLogged imports a VM with user data under TRACE logging: the
// provider logs that the user data was read back, with its length and digest, never the value.
func TestProxyVM_importedUserDataNeverLogged(t *testing.T) {
	h := newFakeHost(t)
	const sentinel = "import-log-sentinel-7f30c2"
	userData := "#!/bin/sh\necho " + sentinel + "\n"
	logFile := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_LOG", "TRACE")
	t.Setenv("TF_LOG_PATH", logFile)
	t.Setenv("TF_ACC_LOG_PATH", logFile)
	t.Setenv("TF_LOG_PROVIDER", "TRACE")
	// Through the environment: the test harness logs the configuration text itself.
	t.Setenv("TF_VAR_user_data", userData)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{{
			PreConfig: func() { h.CreateOutOfBand("egress-1", "", userData) },
			Config: importUserDataConfig(h, "user_data = var.user_data") + `
variable "user_data" {
  type      = string
  sensitive = true
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.StringExact(userData)),
			},
		}},
	})
	log, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "imported VM's user data read back from its seed") {
		t.Fatalf("the log holds no line of the read (%d bytes); the check below would prove nothing", len(log))
	}
	for _, line := range strings.Split(string(log), "\n") {
		if strings.Contains(line, sentinel) {
			t.Errorf("a TRACE log line contains the user data: %.300s", line)
		}
	}
}

// A create whose VM is made but never read back (the apply is interrupted, or the host stops
// answering once the VM runs) keeps the VM in state under its uid, tainted: the next apply
// replaces exactly it, and nothing is left on the host outside the state.
func TestProxyVM_createdButNotReadBackStaysInState(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	extra := "wait_for_ip = false\n  timeouts {\n    create = \"1s\"\n  }"
	var firstUID string
	markUID := func() (string, error) {
		d, ok := h.FB.Domain("egress-1")
		if !ok {
			return "", fmt.Errorf("no domain egress-1 on the host (domains %v)", h.FB.DomainNames())
		}
		facts, err := definition.ParseDomain(d.XML)
		if err != nil || facts.Mark == nil {
			return "", fmt.Errorf("domain egress-1 carries no readable mark: %v", err)
		}
		return facts.Mark.UID, nil
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage())},
			{
				// Every definition read fails once the VM is defined: its read-back, then each
				// retry's adoption.
				PreConfig:   func() { h.FB.FailAlways("DomainGetXMLDesc", errors.New("connection reset")) },
				Config:      h.config(h.baseImage() + vmConfig(extra)),
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*created on the host but not read back.*tainted`),
			},
			{
				PreConfig: func() {
					h.FB.ClearFaults("")
					uid, err := markUID()
					if err != nil {
						t.Fatal(err)
					}
					firstUID = uid
				},
				Config:             h.config(h.baseImage() + vmConfig(extra)),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
			{
				Config: h.config(h.baseImage() + vmConfig(extra)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("kvm2_proxy_vm.egress", plancheck.ResourceActionReplace),
				}},
				Check: func(s *terraform.State) error {
					got := s.RootModule().Resources["kvm2_proxy_vm.egress"].Primary.Attributes["uid"]
					uid, err := markUID()
					switch {
					case err != nil:
						return err
					case uid == firstUID || got != uid:
						return fmt.Errorf("state uid %s, host uid %s, first uid %s: want the first VM replaced by the one in state", got, uid, firstUID)
					case len(h.FB.DomainNames()) != 1:
						return fmt.Errorf("domains on the host: %v", h.FB.DomainNames())
					}
					for _, v := range h.FB.VolumeNames(fake.DefaultPool) {
						if strings.Contains(v, firstUID) {
							return fmt.Errorf("volume %s of the first VM left", v)
						}
					}
					return nil
				},
			},
		},
	})
}
