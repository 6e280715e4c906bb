//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestAccHostHealth_ok and _hostKeyMismatch: the checker reports, never fails the read.
func TestAccHostHealth_ok(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		Steps: []resource.TestStep{{
			Config: l.config(healthConfig),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("healthy"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("hosts"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"name": knownvalue.StringExact("lab"), "status": knownvalue.StringExact("ok"),
						"reason": knownvalue.StringExact("OK"), "hypervisor": knownvalue.StringExact("qemu"),
						"pool": knownvalue.StringExact(l.pool), "libvirt_version": knownvalue.NotNull(),
					}),
				})),
			},
		}},
	})
}

func TestAccHostHealth_hostKeyMismatch(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	cfg := l.providerBlock(fmt.Sprintf("host_key = %q", otherHostKey(t))) + healthConfig
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		Steps: []resource.TestStep{{
			Config: cfg,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("healthy"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("hosts"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{
						"status": knownvalue.StringExact("down"), "reason": knownvalue.StringExact("HostKeyMismatch"),
					}),
				})),
			},
		}},
	})
}

// TestAccProxyVMs_bulkImport: a fleet made outside terraform (stopped, so no guest boots) is
// listed by tag and imported with import { for_each }; the next plan is empty.
func TestAccProxyVMs_bulkImport(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	tag := "fleet-" + l.run
	c := l.client()
	ctx := context.Background()
	img, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Name: l.name("base") + ".qcow2", SourceURL: l.imageURL, SHA256: l.imageSHA})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.DeleteBaseImage(context.Background(), img.ID) })
	for _, n := range []string{"fleet-a", "fleet-b"} {
		_, err := c.Create(ctx, kvm2.CreateRequest{Host: "lab", Name: l.name(n), BaseImageID: img.ID, VCPUs: 1,
			MemoryMiB: 128, DiskGiB: 1, Firmware: rules.FirmwareBIOS, Tag: tag, Autostart: true})
		if err != nil {
			t.Fatal(err)
		}
	}
	cfg := l.config(fmt.Sprintf(`
data "kvm2_proxy_vms" "fleet" {
  tag = %q
}

locals {
  # The test harness reads state through a shim that knows count indexes, not for_each keys.
  fleet = sort(tolist(data.kvm2_proxy_vms.fleet.ids))
}

import {
  for_each = [for i, id in local.fleet : { index = i, id = id }]
  to       = kvm2_proxy_vm.fleet[each.value.index]
  id       = each.value.id
}

resource "kvm2_proxy_vm" "fleet" {
  count         = length(local.fleet)
  name          = split("/", local.fleet[count.index])[1]
  host          = "lab"
  base_image_id = %q
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  running       = false
}
`, tag, img.ID, tag))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy: func(*terraform.State) error {
			return l.checkLeftovers(img.Name, img.Name+".kvm2-sha256-"+img.SHA256)
		},
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("kvm2_proxy_vm.fleet[0]", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("kvm2_proxy_vm.fleet[1]", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", tfjsonpath.New("ids"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("lab/" + l.name("fleet-a")), knownvalue.StringExact("lab/" + l.name("fleet-b")),
					})),
				},
			},
			{Config: cfg, PlanOnly: true},
		},
	})
}

// TestAccHostHealth_concurrencyLimits: the health data source reports the limits the pool uses
// for the host, its connections and the host's CPUs; by default ten operations at libvirtd's
// five requests per connection (two connections), and what the host block sets otherwise.
func TestAccHostHealth_concurrencyLimits(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	knownHosts := fmt.Sprintf("known_hosts_file = %q", l.knownHosts)
	cpus := knownvalue.Int64Func(func(v int64) error {
		if v <= 0 {
			return fmt.Errorf("host_cpus = %d, want the host's CPUs", v)
		}
		return nil
	})
	limits := func(ops, perConn, conns int64) statecheck.StateCheck {
		return statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("hosts"), knownvalue.ListExact([]knownvalue.Check{
			knownvalue.ObjectPartial(map[string]knownvalue.Check{
				"name": knownvalue.StringExact("lab"), "status": knownvalue.StringExact("ok"),
				"max_concurrent_operations": knownvalue.Int64Exact(ops),
				"max_client_requests":       knownvalue.Int64Exact(perConn),
				"connections":               knownvalue.Int64Exact(conns),
				"host_cpus":                 cpus,
			}),
		}))
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		Steps: []resource.TestStep{
			{
				Config:            l.config(healthConfig),
				ConfigStateChecks: []statecheck.StateCheck{limits(rules.DefaultMaxConcurrentOperations, rules.DefaultMaxClientRequests, 2)},
			},
			{
				Config: l.providerBlock(knownHosts+"\n      max_concurrent_operations = 3\n      max_client_requests = 2") +
					healthConfig,
				ConfigStateChecks: []statecheck.StateCheck{limits(3, 2, 2)},
			},
		},
	})
}

// TestAccProvider_maxConcurrentOperationsZero: a limit outside the core's bounds fails the
// plan, naming the rule.
func TestAccProvider_maxConcurrentOperationsZero(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		Steps: []resource.TestStep{{
			Config: l.providerBlock(fmt.Sprintf("known_hosts_file = %q\n      max_concurrent_operations = 0", l.knownHosts)) +
				healthConfig,
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)max_concurrent_operations.*1 to 64`),
		}},
	})
}
