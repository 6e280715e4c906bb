package provider

import (
	"errors"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const healthAddr = "data.kvm2_host_health.all"

// healthConfig reads every host's health and asserts it in a check block, as CI plan checks do.
const healthConfig = `
data "kvm2_host_health" "all" {}

check "hosts_healthy" {
  assert {
    condition     = data.kvm2_host_health.all.healthy
    error_message = "a kvm2 host is not healthy"
  }
}
`

func TestHostHealth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		breakHost   func(h *fakeHost)
		wantHealthy bool
		wantStatus  string
		wantReason  string
		wantVia     string
	}{
		{"ok", func(*fakeHost) {}, true, "ok", "OK", ""},
		{"ok over an exec helper", func(h *fakeHost) { h.FB.SetTransport("exec:nc") }, true, "ok", "OK", "exec:nc"},
		{"host key mismatch is reported, not an error", func(h *fakeHost) {
			h.FB.SetTransport("streamlocal")
			h.Pool.FailDedicated("lab", kvmerr.New(kvmerr.Permanent, "connect", "lab",
				&kvmerr.DialError{Host: "lab", Stage: kvmerr.StageHostKey, Err: errors.New("host key mismatch")}))
		}, false, "down", "HostKeyMismatch", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newFakeHost(t)
			tt.breakHost(h)
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				Steps: []resource.TestStep{{
					Config: h.config(healthConfig),
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("healthy"), knownvalue.Bool(tt.wantHealthy)),
						statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("hosts"), knownvalue.ListPartial(map[int]knownvalue.Check{
							0: knownvalue.ObjectPartial(map[string]knownvalue.Check{
								"name":      knownvalue.StringExact("lab"),
								"status":    knownvalue.StringExact(tt.wantStatus),
								"reason":    knownvalue.StringExact(tt.wantReason),
								"pool":      knownvalue.StringExact("default"),
								"transport": knownvalue.StringExact(tt.wantVia),
							}),
						})),
					},
				}},
			})
		})
	}
}

// TestProxyVMs_bulkImport lists a fleet made outside this configuration by tag and imports it
// with import { for_each = ... } over data.kvm2_proxy_vms.fleet.ids; the next plan is empty.
func TestProxyVMs_bulkImport(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(`
data "kvm2_proxy_vms" "fleet" {
  tag = "fleet-a"
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
  base_image_id = "lab/default/base.qcow2"
  memory_mib    = 128
  firmware      = "bios"
  tag           = "fleet-a" # wait_for_ip left at its default, which an import records
}
`)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNoDomains,
		Steps: []resource.TestStep{
			{
				PreConfig: func() {
					h.CreateOutOfBand("egress-1", "fleet-a", "")
					h.CreateOutOfBand("egress-2", "fleet-a", "")
					h.CreateOutOfBand("other", "fleet-b", "")
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("kvm2_proxy_vm.fleet[0]", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("kvm2_proxy_vm.fleet[1]", plancheck.ResourceActionNoop),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", tfjsonpath.New("ids"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("lab/egress-1"), knownvalue.StringExact("lab/egress-2"),
					})),
					statecheck.ExpectKnownValue("data.kvm2_proxy_vms.fleet", tfjsonpath.New("vms"), knownvalue.ListPartial(map[int]knownvalue.Check{
						0: knownvalue.ObjectPartial(map[string]knownvalue.Check{
							"id": knownvalue.StringExact("lab/egress-1"), "uid": knownvalue.StringExact("oob-egress-1"),
							"tag": knownvalue.StringExact("fleet-a"),
						}),
					})),
				},
			},
			{Config: cfg, PlanOnly: true},
			{
				// The VM tagged otherwise is not part of the fleet; remove it before the final destroy.
				PreConfig: func() { h.DeleteOutOfBand("lab/other") },
				Config:    cfg, PlanOnly: true,
			},
		},
	})
}
