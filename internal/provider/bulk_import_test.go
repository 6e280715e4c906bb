package provider

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestProxyVMs_bulkImportMixedFleet imports, with the importing guide's own bulk.tf, a fleet
// whose VMs differ in every way the listing reports: one as the defaults make it, one stopped
// with other sizes, firmware and wait_for_ip = false, one named from a name_prefix. Each block is
// filled from its VM's entry in kvm2_proxy_vms, so the import plans no change for any of them
// (a block of one shape would start the stopped VM and replace the others), and the next plan
// is empty. A VM with user data, which the listing cannot give, stops the plan with the
// guide's precondition instead of being replaced.
func TestProxyVMs_bulkImportMixedFleet(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "examples", "guides", "importing", "bulk.tf"))
	if err != nil {
		t.Fatal(err)
	}
	h := newFakeHost(t)
	cfg := h.config(string(b))
	vm := func(id string) string { return `kvm2_proxy_vm.fleet["` + id + `"]` }
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					h.CreateOutOfBand("egress-1", "egress-eu", "")
					h.CreateOutOfBandWith("egress-2", "egress-eu", "", func(r *kvm2.CreateRequest) {
						r.Running, r.VCPUs, r.MemoryMiB, r.DiskGiB = false, 2, 256, 12
						r.Firmware, r.NoIPWait = rules.FirmwareUEFI, true
					})
					h.CreateOutOfBandWith("egress-p-k3x9ab2q", "egress-eu", "", func(r *kvm2.CreateRequest) {
						r.NamePrefix = "egress-p-"
					})
					h.CreateOutOfBand("other", "egress-us", "")
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vm("lab/egress-1"), plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction(vm("lab/egress-2"), plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction(vm("lab/egress-p-k3x9ab2q"), plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vm("lab/egress-2"), tfjsonpath.New("running"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(vm("lab/egress-2"), tfjsonpath.New("state"), knownvalue.StringExact("stopped")),
					statecheck.ExpectKnownValue(vm("lab/egress-p-k3x9ab2q"), tfjsonpath.New("name_prefix"), knownvalue.StringExact("egress-p-")),
					statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", tfjsonpath.New("vms"), knownvalue.ListPartial(map[int]knownvalue.Check{
						1: knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("lab/egress-2"), "running": knownvalue.Bool(false),
							"vcpus": knownvalue.Int64Exact(2), "memory_mib": knownvalue.Int64Exact(256),
							"disk_gib": knownvalue.Int64Exact(12), "firmware": knownvalue.StringExact("uefi"),
							"wait_for_ip": knownvalue.Bool(false), "user_data_sha256": knownvalue.Null(),
							"user_data_source": knownvalue.Null(), "name_prefix": knownvalue.Null(),
						}),
					})),
				},
			},
			{Config: cfg, PlanOnly: true},
			{
				PreConfig: func() { h.CreateOutOfBand("egress-3", "egress-eu", "#cloud-config\n") },
				Config:    cfg, PlanOnly: true,
				ExpectError: regexp.MustCompile(`lab/egress-3 was made with user data \(given in user_data\)`),
			},
			{
				PreConfig: func() {
					h.DeleteOutOfBand("lab/egress-3")
					h.DeleteOutOfBand("lab/other")
				},
				Config: cfg, PlanOnly: true,
			},
			// The harness reads the state of its closing destroy through a shim that knows count
			// indexes, not for_each keys: the fleet is destroyed by a configuration without it.
			{Config: h.config("")},
		},
	})
}
