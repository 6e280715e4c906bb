package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/placement"
)

// placeHosts is a hosts argument of three zones and one weighted host, and the same hosts as
// the core takes them.
const placeHosts = `{
    kvm-a1 = { zone = "a" }
    kvm-a2 = { zone = "a", weight = 1 }
    kvm-b1 = { zone = "b", weight = 2 }
    kvm-c1 = { zone = "c", weight = null }
  }`

var placeHostsCore = []placement.Host{
	{Name: "kvm-a1", Zone: "a", Weight: 1}, {Name: "kvm-a2", Zone: "a", Weight: 1},
	{Name: "kvm-b1", Zone: "b", Weight: 2}, {Name: "kvm-c1", Zone: "c", Weight: 1},
}

// functionsFrom is the CLI range that has provider-defined functions: Terraform 1.8 (OpenTofu
// 1.7, which the unit tier does not run).
var functionsFrom = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_8_0)}

// phraseRE matches text as Terraform prints it in a diagnostic, where it may wrap lines.
func phraseRE(text string) *regexp.Regexp {
	words := strings.Fields(text)
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(strings.Join(words, `\s+`))
}

// TestPlaceFunction runs place and place_group through terraform: each returns what the core
// rule does, from a map of hosts with zones and weights and from a list of host names.
func TestPlaceFunction(t *testing.T) {
	t.Parallel()
	names := []string{"egress-0", "egress-1", "egress-2", "egress-3", "egress-4"}
	single, grouped := wantPlacement(t, names, placeHostsCore)
	fromList, _ := wantPlacement(t, names, []placement.Host{{Name: "kvm-x", Weight: 1}, {Name: "kvm-y", Weight: 1}})
	resource.UnitTest(t, resource.TestCase{
		TerraformVersionChecks:   functionsFrom,
		ProtoV6ProviderFactories: factories(newFakeHost(t).NewClient),
		Steps: []resource.TestStep{{
			Config: fmt.Sprintf(`
locals {
  names = [%s]
  hosts = %s
}

output "single" {
  value = { for n in local.names : n => provider::kvm2::place(n, local.hosts) }
}

output "from_list" {
  value = { for n in local.names : n => provider::kvm2::place(n, toset(["kvm-y", "kvm-x"])) }
}

output "group" {
  value = provider::kvm2::place_group(local.names, local.hosts)
}
`, quoted(names), placeHosts),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("single", knownvalue.MapExact(single)),
				statecheck.ExpectKnownOutputValue("from_list", knownvalue.MapExact(fromList)),
				statecheck.ExpectKnownOutputValue("group", knownvalue.MapExact(grouped)),
			},
		}},
	})
}

// quoted is names as HCL list elements.
func quoted(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// TestPlaceFunction_badInput: every refusal is a function error naming the argument and the fix.
func TestPlaceFunction_badInput(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, call, want string
	}{
		{"empty name", `place("", ["kvm-a"])`, `Invalid value for "name" parameter: the name to place is empty`},
		{"empty host list", `place("egress-0", [])`, `Invalid value for "hosts" parameter: no hosts to place on`},
		{"empty host map", `place("egress-0", {})`, `Invalid value for "hosts" parameter: no hosts to place on`},
		{"duplicate host", `place("egress-0", ["kvm-a", "kvm-b", "kvm-a"])`, `host "kvm-a" is given twice`},
		{"bad host name", `place("egress-0", ["kvm/a"])`, `host name "kvm/a" must be 1 to 63 letters`},
		{"zero weight", `place("egress-0", { kvm-a = { weight = 0 } })`, `host "kvm-a" has weight 0; a weight is a finite number above zero`},
		{"negative weight", `place("egress-0", { kvm-a = { weight = -2 } })`, `host "kvm-a" has weight -2;`},
		{"weight beyond a float", `place("egress-0", { kvm-a = { weight = 1e400 } })`, `host "kvm-a" has weight 1e+400, which is not finite as a 64-bit float`},
		{"weight not a number", `place("egress-0", { kvm-a = { weight = "heavy" } })`, `host "kvm-a": weight must be a number, not a string`},
		{"zone not a string", `place("egress-0", { kvm-a = { zone = 3 } })`, `host "kvm-a": zone must be a string, not a number`},
		{"unknown attribute", `place("egress-0", { kvm-a = { wieght = 2 } })`, `host "kvm-a" has an attribute "wieght": a host takes only zone and weight`},
		{"host not an object", `place("egress-0", { kvm-a = "a" })`, `host "kvm-a" must be an object with optional zone and weight, not a string`},
		{"host name not a string", `place("egress-0", [1])`, `host 0 must be a host name (a string), not a number`},
		{"list of objects", `place("egress-0", [{ name = "kvm-a", zone = "a" }])`,
			`host 0 must be a host name (a string), not a map or object: give hosts with a zone or weight as a map from host name to { zone, weight }`},
		{"null host", `place("egress-0", { kvm-a = null })`, `host "kvm-a" must be an object with optional zone and weight, not null`},
		{"hosts a string", `place("egress-0", "kvm-a")`, `hosts must be a list or set of host names, or a map from host name to { zone, weight }, not a string`},
		{"group: empty name", `place_group(["egress-0", ""], ["kvm-a"])`, `Invalid value for "names" parameter: name 1: the name to place is empty`},
		{"group: duplicate name", `place_group(["egress-0", "egress-0"], ["kvm-a"])`, `name "egress-0" is given twice`},
		{"group: no hosts", `place_group(["egress-0"], {})`, `Invalid value for "hosts" parameter: no hosts to place on`},
		{"group: unknown zone", `place_group(["egress-0"], { kvm-a = { zone = "a" }, kvm-b = {} })`,
			`Invalid value for "hosts" parameter: the zone of kvm-b is unknown: it has none, while kvm-a has one`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			resource.UnitTest(t, resource.TestCase{
				TerraformVersionChecks:   functionsFrom,
				ProtoV6ProviderFactories: factories(newFakeHost(t).NewClient),
				Steps: []resource.TestStep{{
					Config:      fmt.Sprintf("output \"placed\" {\n  value = provider::kvm2::%s\n}\n", tt.call),
					ExpectError: phraseRE(tt.want),
				}},
			})
		})
	}
}

// TestPlaceFunction_unknown: an argument not known at plan (here a zone from a resource yet to
// be made) leaves the placement unknown until apply, never a placement computed without it.
func TestPlaceFunction_unknown(t *testing.T) {
	t.Parallel()
	want, err := placement.Place("egress-0", []placement.Host{{Name: "kvm-a", Zone: "a", Weight: 1}, {Name: "kvm-b", Zone: "b", Weight: 1}})
	if err != nil {
		t.Fatal(err)
	}
	wantGroup, err := placement.PlaceGroup([]string{"egress-0", "egress-1"}, []placement.Host{{Name: "kvm-a", Zone: "a", Weight: 1}, {Name: "kvm-b", Zone: "b", Weight: 1}})
	if err != nil {
		t.Fatal(err)
	}
	resource.UnitTest(t, resource.TestCase{
		TerraformVersionChecks:   functionsFrom,
		ProtoV6ProviderFactories: factories(newFakeHost(t).NewClient),
		Steps: []resource.TestStep{{
			Config: `
resource "terraform_data" "zone" {
  input = "a"
}

locals {
  hosts = { kvm-a = { zone = terraform_data.zone.output }, kvm-b = { zone = "b" } }
}

output "placed" {
  value = provider::kvm2::place("egress-0", local.hosts)
}

output "group" {
  value = provider::kvm2::place_group(["egress-0", "egress-1"], local.hosts)
}
`,
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectUnknownOutputValue("placed"),
				plancheck.ExpectUnknownOutputValue("group"),
			}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownOutputValue("placed", knownvalue.StringExact(want)),
				statecheck.ExpectKnownOutputValue("group", knownvalue.MapExact(map[string]knownvalue.Check{
					"egress-0": knownvalue.StringExact(wantGroup["egress-0"]),
					"egress-1": knownvalue.StringExact(wantGroup["egress-1"]),
				})),
			},
		}},
	})
}

// wantPlacement is what the core rule says place gives each of names over hosts (single) and
// what place_group gives the group (grouped), as checks of the functions' results.
func wantPlacement(t *testing.T, names []string, hosts []placement.Host) (single, grouped map[string]knownvalue.Check) {
	t.Helper()
	single, grouped = map[string]knownvalue.Check{}, map[string]knownvalue.Check{}
	for _, n := range names {
		h, err := placement.Place(n, hosts)
		if err != nil {
			t.Fatal(err)
		}
		single[n] = knownvalue.StringExact(h)
	}
	group, err := placement.PlaceGroup(names, hosts)
	if err != nil {
		t.Fatal(err)
	}
	for n, h := range group {
		grouped[n] = knownvalue.StringExact(h)
	}
	return single, grouped
}
