package provider

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// stateAttr reads attribute name of resource addr from the state into *dst.
func stateAttr(addr, name string, dst *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s not in state", addr)
		}
		*dst = rs.Primary.Attributes[name]
		if *dst == "" {
			return fmt.Errorf("%s has no %s", addr, name)
		}
		return nil
	}
}

// volumesWith lists the volumes of the default pool whose names contain s.
func (h *fakeHost) volumesWith(s string) []string {
	var out []string
	for _, v := range h.FB.VolumeNames(fake.DefaultPool) {
		if strings.Contains(v, s) {
			out = append(out, v)
		}
	}
	return out
}

// domainMark parses the mark of domain name on the fake host.
func (h *fakeHost) domainMark(name string) (*definition.Mark, error) {
	d, ok := h.FB.Domain(name)
	if !ok {
		return nil, fmt.Errorf("domain %s is gone", name)
	}
	facts, err := definition.ParseDomain(d.XML)
	if err != nil {
		return nil, err
	}
	if facts.Mark == nil {
		return nil, fmt.Errorf("domain %s has no mark", name)
	}
	return facts.Mark, nil
}

// A VM whose domain is removed by hand (virsh destroy + undefine) while its volumes stay is
// replaced by the next apply on a fresh disk, and a destroy after another such removal
// succeeds and leaves nothing of ours.
func TestProxyVM_outOfBandRemovalConverges(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	var first, second string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg, Check: stateAttr(vmAddr, "uid", &first)},
			{
				PreConfig: func() { h.FB.RemoveDomain("egress-1") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &second), func(*terraform.State) error {
					if second == first {
						return errors.New("the replacement kept the old uid")
					}
					if left := h.volumesWith(first); len(left) != 0 {
						return fmt.Errorf("the removed VM's volumes are left: %v", left)
					}
					// Beside its disks, the console log and its rotated copies, volumes the create makes.
					got := h.volumesWith(second)
					if disks := slices.DeleteFunc(slices.Clone(got), func(v string) bool {
						return strings.HasSuffix(v, ".console.log") || strings.Contains(v, ".console.log.")
					}); len(disks) != 2 || len(got) == len(disks) {
						return fmt.Errorf("the new VM has volumes %v, want an overlay, a seed and its console log", got)
					}
					return nil
				}),
			},
			{
				// Removed by hand again: the plan replaces it, and the test's destroy must
				// remove its volumes and then the base image (CheckDestroy: nothing left).
				PreConfig:          func() { h.FB.RemoveDomain("egress-1") },
				Config:             cfg,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// Configuration A's VM is removed out of band and configuration B then creates its own VM of
// the same name: A never reads B's VM as its own, never retags or deletes it, and A's apply
// says whose the name is.
func TestProxyVM_sameNameOfAnotherConfigurationIsNeverTouched(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	var uidA string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg, Check: stateAttr(vmAddr, "uid", &uidA)},
			{
				PreConfig: func() {
					h.FB.RemoveDomain("egress-1") // A's domain gone, its volumes left
					h.CreateOutOfBand("egress-1", "config-b", "")
				},
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*belongs to another kvm2.*configuration.*uid oob-egress-1`),
			},
			{
				PreConfig: func() {
					m, err := h.domainMark("egress-1")
					if err != nil {
						t.Fatal(err)
					}
					if m.UID != "oob-egress-1" || m.Tag != "config-b" {
						t.Fatalf("configuration B's VM was changed: mark %+v", m)
					}
					// B's create made its console log and the log's rotated copies as volumes beside
					// its disks; A's delete removed none of them.
					want := append([]string{rules.SeedName("egress-1", "oob-egress-1")}, rules.ConsoleLogNames("egress-1", "oob-egress-1")...)
					want = append(want, rules.OverlayName("egress-1", "oob-egress-1"))
					slices.Sort(want)
					got := h.volumesWith("oob-egress-1")
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("configuration B's volumes are %v, want %v: its overlay, seed, console log and the log's copies", got, want)
					}
					if left := h.volumesWith(uidA); len(left) != 0 {
						t.Fatalf("A's leftovers were kept: %v", left)
					}
					providertest.DeleteThroughCore(t, h.Client(), "lab/egress-1") // so the base image can go
				},
				Config: h.config(h.baseImage()),
			},
		},
	})
}

// Read never drops a resource on a Transient failure: a refresh that fails once is retried
// and the plan stays empty; one that keeps failing fails the plan instead of planning a create.
func TestRead_transientFailureKeepsTheResource(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig("wait_for_ip = false\n  timeouts {\n    read = \"1s\"\n  }"))
	reset := errors.New("read: connection reset by peer")
	once := func() {
		for _, m := range []string{"DomainGetXMLDesc", "DomainLookupByName", "StoragePoolLookupByName", "StorageVolLookupByName", "StoragePoolListAllVolumes"} {
			h.FB.FailNth(m, 1, reset)
		}
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: once,
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
			{
				// A read starts with the definition, by the UUID the UID gives.
				PreConfig:   func() { h.FB.FailAlways("DomainGetXMLDesc", reset) },
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to read proxy VM lab/egress-1.*connection reset`),
			},
			{
				PreConfig: func() { h.FB.ClearFaults("") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
		},
	})
	if n := h.FB.Count("DomainDefineXML"); n != 1 {
		t.Fatalf("the VM was defined %d times: a failed read was taken for a missing VM", n)
	}
}

// A failed delete is reported, and the resource stays in state to be deleted again. (The
// failed delete had already stopped the domain, so the plan after it starts it again.)
func TestProxyVM_deleteReportsItsError(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig:   func() { h.FB.FailAlways("DomainUndefine", fake.LibvirtError(libvirt.ErrOperationDenied, "denied")) },
				Config:      cfg,
				Destroy:     true,
				ExpectError: regexp.MustCompile(`(?s)Unable to delete proxy VM lab/egress-1.*denied`),
			},
			{
				PreConfig: func() {
					h.FB.ClearFaults("")
					if _, ok := h.FB.Domain("egress-1"); !ok {
						t.Fatal("the domain is gone although its delete failed")
					}
				},
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
			},
		},
	})
}

// lostDefinePool makes the first DomainDefineXML on its connections happen on the host but
// lose its reply, as a call abandoned after libvirt defined the domain does.
type lostDefinePool struct {
	backend.Pool
	lost atomic.Bool
}

func (p *lostDefinePool) Acquire(ctx context.Context, host string) (backend.Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return &lostDefineBackend{Backend: b, p: p}, release, nil
}

type lostDefineBackend struct {
	backend.Backend
	p *lostDefinePool
}

func (b *lostDefineBackend) DomainDefineXML(ctx context.Context, x string) (libvirt.Domain, error) {
	dom, err := b.Backend.DomainDefineXML(ctx, x)
	if err == nil && b.p.lost.CompareAndSwap(false, true) {
		return libvirt.Domain{}, fmt.Errorf("DomainDefineXML: reply lost: %w", kvmerr.ErrAbandoned)
	}
	return dom, err
}

// A create whose define reply was lost, and whose cleanup could not remove the domain, is
// retried with the same UID: the retry finds its own domain instead of "another configuration's".
func TestProxyVM_createRetryKeepsItsUID(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	pool := &lostDefinePool{Pool: h.Pool}
	newClient := func(cfg hostconfig.Config) (*kvm2.Client, error) {
		return kvm2.New(cfg, kvm2.WithPool(pool), kvm2.WithLogger(corecall.TflogLogger{}), kvm2.WithHTTPClient(h.HTTP.Client()))
	}
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(newClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { h.FB.FailNth("DomainUndefine", 1, errors.New("write: broken pipe")) },
				Config:    h.config(h.baseImage() + vmConfig(`wait_for_ip = false`)),
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &uid), func(*terraform.State) error {
					if !pool.lost.Load() {
						return errors.New("no define reply was lost: the test did not test anything")
					}
					m, err := h.domainMark("egress-1")
					if err != nil {
						return err
					}
					if m.UID != uid {
						return fmt.Errorf("state uid %s, the domain's mark uid %s", uid, m.UID)
					}
					if names := h.FB.DomainNames(); len(names) != 1 {
						return fmt.Errorf("domains %v", names)
					}
					return nil
				}),
			},
		},
	})
}

// A create that fails and cannot remove what it wrote (the host stopped answering) keeps the
// VM in state, tainted, with its UID: the next apply deletes the leftovers before it creates.
func TestProxyVM_failedCreateWithLeftoversKeepsItsUID(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	var uid string
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage())},
			{
				PreConfig: func() {
					h.FB.FailAlways("DomainCreate", fake.LibvirtError(libvirt.ErrOperationFailed, "start failed"))
					h.FB.FailAlways("StorageVolDelete", fake.LibvirtError(libvirt.ErrOperationDenied, "denied"))
				},
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/egress-1.*cleanup of what this create wrote did not finish.*deleting VM lab/egress-1 \(uid`),
			},
			{
				PreConfig: func() { h.FB.ClearFaults("") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: stateAttr(vmAddr, "uid", &uid),
			},
			{
				PreConfig: func() {
					var stale []string
					for _, v := range h.FB.VolumeNames(fake.DefaultPool) {
						if strings.HasPrefix(v, "egress-1.") && !strings.Contains(v, uid) {
							stale = append(stale, v)
						}
					}
					if len(stale) != 0 {
						t.Fatalf("the failed create's volumes are left: %v", stale)
					}
				},
				Config: cfg, PlanOnly: true,
			},
		},
	})
}

// A base image whose refresh keeps failing Transient fails the plan instead of being dropped
// from state (and planned for a new download).
func TestBaseImage_readKeepsStateOnTransientErrors(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = "base.qcow2"
  source_url = "` + h.ImageURL + `"
  timeouts {
    read   = "1s"
    delete = "10s" # should a step fail with the faults still on, the post-test destroy ends soon
  }
}
`)
	reset := errors.New("read: connection reset by peer")
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: func() {
					for _, m := range []string{"StoragePoolLookupByName", "StorageVolLookupByName", "StoragePoolListAllVolumes"} {
						h.FB.FailAlways(m, reset)
					}
				},
				Config:      cfg,
				ExpectError: regexp.MustCompile(`(?s)Unable to read base image lab/default/base.qcow2.*connection reset`),
			},
			{
				PreConfig: func() { h.FB.ClearFaults("") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
			},
		},
	})
}
