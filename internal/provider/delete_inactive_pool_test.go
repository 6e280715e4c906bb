package provider

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// setPoolActive starts or stops pool on the fake host, as virsh pool-start and pool-destroy do.
func (h *fakeHost) setPoolActive(t *testing.T, pool string, active bool) {
	t.Helper()
	if !h.FB.UpdatePool(pool, func(p *fake.StoragePool) { p.Active = active }) {
		t.Fatalf("no pool %s", pool)
	}
}

// inactivePoolRefusal is the diagnostic of a delete refused because the VM's pool is inactive,
// whole: what happened and both ways out (the line breaks are Terraform's wrapping).
var inactivePoolRefusal = regexp.MustCompile(`(?s)Unable to delete proxy VM lab/egress-1.*` +
	strings.Join([]string{`storage pool "default" on host lab is inactive`, `virsh pool-start default`,
		`run the destroy again`, `terraform state rm`}, `.*`))

// A VM whose pool is inactive is not removed from state by a destroy (issue 35, defect 2): the
// delete is refused with the pool named and what to do, whether its domain is intact or was
// removed by hand before (then the refresh keeps it as gone, since its volumes may remain in
// the pool it cannot search); once the pool is started, the same apply removes everything.
func TestProxyVM_deleteRefusedWhileItsPoolIsInactive(t *testing.T) {
	for _, tc := range []struct {
		name   string
		byHand func(h *fakeHost)
	}{
		{"intact VM", func(*fakeHost) {}},
		{"domain removed by hand", func(h *fakeHost) { h.FB.RemoveDomain("egress-1") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			// The base image lies in a pool of its own, which stays active.
			h.FB.AddPool(fake.StoragePool{Name: "images", Active: true, Capacity: 10 << 30, Available: 10 << 30})
			base := h.config(strings.Replace(h.baseImage(), `host       = "lab"`, `host       = "lab"`+"\n  pool       = \"images\"", 1))
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy: func(s *terraform.State) error {
					if left := h.FB.VolumeNames("images"); len(left) != 0 {
						return fmt.Errorf("volumes left in images: %v", left)
					}
					return h.checkNothingLeft(s)
				},
				Steps: []resource.TestStep{
					{Config: base + vmConfig(`wait_for_ip = false`)},
					{
						PreConfig: func() {
							tc.byHand(h)
							h.setPoolActive(t, fake.DefaultPool, false)
						},
						Config:      base,
						ExpectError: inactivePoolRefusal,
					},
					{
						PreConfig: func() { h.setPoolActive(t, fake.DefaultPool, true) },
						Config:    base,
						Check: func(*terraform.State) error {
							if left := h.volumesWith("egress-1"); len(left) != 0 {
								return fmt.Errorf("volumes of the VM left: %v", left)
							}
							return nil
						},
					},
				},
			})
		})
	}
}
