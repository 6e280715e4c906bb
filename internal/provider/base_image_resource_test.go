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
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

const imageAddr = "kvm2_base_image.base"

func TestBaseImage_createImportAndDrift(t *testing.T) {
	h := newFakeHost(t)
	cfg := h.config(h.baseImage())
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					// The default pool and the id are known at plan time.
					plancheck.ExpectKnownValue(imageAddr, tfjsonpath.New("id"), knownvalue.StringExact("lab/default/base.qcow2")),
					plancheck.ExpectKnownValue(imageAddr, tfjsonpath.New("pool"), knownvalue.StringExact("default")),
				}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("sha256"), knownvalue.StringExact(h.imageSHA)),
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("format"), knownvalue.StringExact("qcow2")),
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("size_bytes"), knownvalue.Int64Exact(int64(len(fakeImage)))),
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("path"), knownvalue.StringRegexp(regexp.MustCompile(`/base\.qcow2$`))),
				},
			},
			{
				ResourceName:            imageAddr,
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"source_url"}, // the host does not record it
			},
			{
				// Pinning the observed digest is not a change.
				Config:   h.config(strings.Replace(h.baseImage(), "source_url", fmt.Sprintf("sha256 = %q\n  source_url", h.imageSHA), 1)),
				PlanOnly: true,
			},
			{
				PreConfig: func() { h.fb.RemoveVolume(fake.DefaultPool, "base.qcow2") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(imageAddr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestBaseImage_checksumMismatchLeavesNothing(t *testing.T) {
	h := newFakeHost(t)
	wrong := strings.Repeat("0", 64)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
		Steps: []resource.TestStep{
			{
				Config:      h.config(strings.Replace(h.baseImage(), "source_url", fmt.Sprintf("sha256 = %q\n  source_url", wrong), 1)),
				ExpectError: regexp.MustCompile(`(?s)Unable to create base image lab/default/base.qcow2.*` + wrong),
			},
			{
				PreConfig: func() {
					if vols := h.fb.VolumeNames(fake.DefaultPool); len(vols) != 0 {
						t.Errorf("volumes left after a refused download: %v", vols)
					}
				},
				Config:             h.config(h.baseImage()),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

// TestBaseImage_deleteRefusedWhileInUse: a VM that names the image by id (so terraform does not
// order the deletes) keeps the image from being deleted; the error names the domain.
func TestBaseImage_deleteRefusedWhileInUse(t *testing.T) {
	h := newFakeHost(t)
	vm := `
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  memory_mib    = 128
  firmware      = "bios"
  wait_for_ip   = false
  depends_on    = [kvm2_base_image.base]
}
`
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vm)},
			{
				Config:      h.config(strings.Replace(vm, "depends_on    = [kvm2_base_image.base]", "", 1)),
				ExpectError: regexp.MustCompile(`(?s)Unable to delete base image lab/default/base.qcow2.*egress-1`),
			},
			{Config: h.config(h.baseImage() + vm)},
		},
	})
}

func TestBaseImage_importRejectsMalformedID(t *testing.T) {
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.newClient),
		Steps: []resource.TestStep{{
			Config:        h.config(h.baseImage()),
			ResourceName:  imageAddr,
			ImportState:   true,
			ImportStateId: "lab/base.qcow2",
			ExpectError:   regexp.MustCompile(`not of the form host/pool/name`),
		}},
	})
}
