//go:build acceptance || matrix

package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
)

// Provider-defined functions: Terraform 1.8, OpenTofu 1.7.
var featureFunctions = cliFeature{what: "provider-defined functions", terraform: [2]int{1, 8}, tofu: [2]int{1, 7}}

// TestAccPlaceFunction_cli runs place and place_group on every CLI of the matrix: the values the
// core rule gives (so every CLI reads the hosts argument's shapes alike), and a bad argument's
// error. It needs no lab host: a function runs in the provider alone.
func TestAccPlaceFunction_cli(t *testing.T) {
	t.Parallel()
	skipUnless(t, featureFunctions)
	names := []string{"egress-0", "egress-1", "egress-2"}
	single, grouped := wantPlacement(t, names, placeHostsCore)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(nil),
		Steps: []resource.TestStep{
			{
				Config: `
locals {
  names = ["egress-0", "egress-1", "egress-2"]
  hosts = ` + placeHosts + `
}

output "single" {
  value = { for n in local.names : n => provider::kvm2::place(n, local.hosts) }
}

output "group" {
  value = provider::kvm2::place_group(local.names, local.hosts)
}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownOutputValue("single", knownvalue.MapExact(single)),
					statecheck.ExpectKnownOutputValue("group", knownvalue.MapExact(grouped)),
				},
			},
			{
				Config:      `output "placed" { value = provider::kvm2::place_group(["egress-0"], { kvm-a = { zone = "a" }, kvm-b = {} }) }`,
				ExpectError: phraseRE(`Invalid value for "hosts" parameter: the zone of kvm-b is unknown`),
			},
		},
	})
}
