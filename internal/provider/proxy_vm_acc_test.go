//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccProxyVM_drift stops, deletes and undefines the VM behind terraform's back; each plan
// shows the repair and the apply makes it. No address wait: the guest's address is not the point.
func TestAccProxyVM_drift(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("drift")
	id := "lab/" + name
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `wait_for_ip = false`))
	expect := func(action plancheck.ResourceActionType) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(vmAddr, action)}}
	}
	running := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("state"), knownvalue.StringExact("running")),
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: cfg, ConfigStateChecks: running},
			{
				PreConfig: func() {
					inst, err := l.client().Get(context.Background(), id, "")
					if err != nil {
						t.Fatal(err)
					}
					if _, err := l.client().SetRunning(context.Background(), id, inst.UID, false); err != nil {
						t.Fatal(err)
					}
				},
				Config: cfg, ConfigPlanChecks: expect(plancheck.ResourceActionUpdate), ConfigStateChecks: running,
			},
			{
				PreConfig: func() {
					providertest.DeleteThroughCore(t, l.client(), id)
				},
				Config: cfg, ConfigPlanChecks: expect(plancheck.ResourceActionCreate), ConfigStateChecks: running,
			},
			{
				PreConfig: func() { l.mustVirsh("undefine", name) },
				Config:    cfg, ConfigPlanChecks: expect(plancheck.ResourceActionDestroyBeforeCreate), ConfigStateChecks: running,
			},
		},
	})
}

// TestAccProxyVM_foreignDomainRefused: a domain without our mark under the name is neither
// adopted by create nor imported.
func TestAccProxyVM_foreignDomainRefused(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("foreign")
	if _, err := l.virsh(fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory>
<os><type arch='x86_64'>hvm</type></os></domain>`, name), "define", "/dev/stdin"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = l.virsh("", "undefine", name) })
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `wait_for_ip = false`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		// The foreign domain is the administrator's; the cleanup above removes it.
		CheckDestroy: func(*terraform.State) error { return l.checkLeftovers(name) },
		Steps: []resource.TestStep{
			{
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*not\s+managed\s+by\s+kvm2.*remove\s+the\s+existing\s+domain`),
			},
			{
				Config:        cfg,
				ResourceName:  vmAddr,
				ImportState:   true,
				ImportStateId: "lab/" + name,
				ExpectError:   regexp.MustCompile(`(?s)Unable to import proxy VM lab/` + name + `.*(kvm2 metadata|mark)`),
			},
			{
				PreConfig: func() {
					if !strings.Contains(l.mustVirsh("list", "--all", "--name"), name) {
						t.Error("the foreign domain was touched")
					}
				},
				Config: l.config(l.baseImage(l.pool)),
			},
		},
	})
}

// TestAccProxyVM_createTimeout: the address wait outlives a short create timeout; the apply
// fails with a clear error and the VM stays in state (tainted), so the next plan replaces it.
func TestAccProxyVM_createTimeout(t *testing.T) {
	// Not parallel: a 3 s create must not wait on other tests' guests for the host's CPU.
	l := newAccLab(t)
	name := l.name("timeout")
	cfg := l.config(l.baseImage(l.pool) + l.accVM(name, `timeouts {
    create = "3s"
  }`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*No IPv4 address was reported within 3s.*tainted`),
			},
			{Config: cfg, PlanOnly: true, ExpectNonEmptyPlan: true},
		},
	})
}

// TestAccProxyVM_quota: a VM whose disk cannot fit the pool fails before anything is written,
// naming the pool, its free and the needed bytes.
func TestAccProxyVM_quota(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("quota")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{{
			// The host's pool (where the VM's disks go) is the lab's tiny pool.
			Config: strings.Replace(l.config(l.baseImage(l.tiny())), fmt.Sprintf("pool             = %q", l.pool),
				fmt.Sprintf("pool             = %q", l.tinyPool), 1) +
				strings.Replace(l.accVM(name, `wait_for_ip = false`), "disk_gib      = 1", "disk_gib      = 8", 1),
			ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name + `.*bytes free.*bytes are needed.*another pool/host`),
		}},
	})
}
