//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/placement"
)

// TestAccPlaceFunction_fleet places a small fleet over both lab hosts with the functions, as the
// guide does: a group of two replicas with place_group over two zones (one host each, so one
// replica on each host) and two more VMs with place. Every VM is made on the host the core rule
// names, and the plan after apply is empty (a new provider process places them alike).
func TestAccPlaceFunction_fleet(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	alpha, beta := l.firstHost("alpha"), l.secondHost("beta")
	part := "pl-" + l.run
	name := func(s string) string { return l.prefix + part + "-" + s }
	replicas := []string{name("r0"), name("r1")}
	singles := []string{name("s0"), name("s1")}
	hosts := []placement.Host{{Name: "alpha", Zone: "z1", Weight: 1}, {Name: "beta", Zone: "z2", Weight: 1}}
	want, err := placement.PlaceGroup(replicas, hosts)
	if err != nil {
		t.Fatal(err)
	}
	if want[replicas[0]] == want[replicas[1]] {
		t.Fatalf("the core put both replicas on %s", want[replicas[0]])
	}
	for _, n := range singles {
		if want[n], err = placement.Place(n, hosts); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("placement: %v", want)

	cfg := fmt.Sprintf(`provider "kvm2" {
  hosts = {
%s%s  }
}

locals {
  # The placement's view of the provider's hosts: names and zones only, no keys.
  placement_hosts = { alpha = { zone = "z1" }, beta = { zone = "z2" } }
  replicas        = [%s]
  singles         = [%s]
  placed = merge(
    provider::kvm2::place_group(local.replicas, local.placement_hosts),
    { for n in local.singles : n => provider::kvm2::place(n, local.placement_hosts) },
  )
}

# count and separate resources, not for_each: terraform-plugin-testing's state shim refuses
# string keys.
resource "kvm2_base_image" "alpha" {
  host       = "alpha"
  pool       = %q
  name       = %q
  source_url = %q
  sha256     = %q
}

resource "kvm2_base_image" "beta" {
  host       = "beta"
  pool       = %q
  name       = %q
  source_url = %q
  sha256     = %q
}

locals {
  names = sort(keys(local.placed))
  bases = { alpha = kvm2_base_image.alpha.id, beta = kvm2_base_image.beta.id }
}

resource "kvm2_proxy_vm" "fleet" {
  count         = length(local.names)
  name          = local.names[count.index]
  host          = local.placed[local.names[count.index]]
  base_image_id = local.bases[local.placed[local.names[count.index]]]
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
}
`, alpha.block(), beta.block(), quoted(replicas), quoted(singles),
		alpha.pool, name("base")+".qcow2", l.imageURL, l.imageSHA, beta.pool, name("base")+".qcow2", l.imageURL, l.imageSHA)

	var checks []statecheck.StateCheck
	names := slices.Sorted(maps.Keys(want))
	for i, n := range names {
		checks = append(checks, statecheck.ExpectKnownValue(fmt.Sprintf("kvm2_proxy_vm.fleet[%d]", i),
			tfjsonpath.New("id"), knownvalue.StringExact(want[n]+"/"+n)))
	}
	// Each host holds the domains placed on it, and no other of the fleet. (A check of its own,
	// not a legacy Check or CheckDestroy: their state shim refuses for_each's string keys.)
	holds := func(placed map[string]string) error {
		var errs []string
		for _, h := range []labHost{alpha, beta} {
			doms, vols, err := h.objects(part)
			if err != nil {
				return err
			}
			var mine []string
			for n, on := range placed {
				if on == h.key {
					mine = append(mine, n)
				}
			}
			slices.Sort(mine)
			if !slices.Equal(doms, mine) || (len(placed) == 0 && len(vols) > 0) {
				errs = append(errs, fmt.Sprintf("%s holds domains %v and volumes %v, want domains %v", h.key, doms, vols, mine))
			}
		}
		if len(errs) > 0 {
			return fmt.Errorf("%s", strings.Join(errs, "; "))
		}
		return nil
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		Steps: []resource.TestStep{{
			Config:            cfg,
			ConfigStateChecks: append(checks, stateCheckFunc(func() error { return holds(want) })),
		}},
	})
	if !t.Failed() {
		if err := holds(nil); err != nil {
			t.Errorf("after destroy: %v", err)
		}
	}
}

// stateCheckFunc is a state check that asks the hosts rather than the state.
type stateCheckFunc func() error

func (f stateCheckFunc) CheckState(_ context.Context, _ statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f()
}
