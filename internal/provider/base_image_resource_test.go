package provider

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

const imageAddr = "kvm2_base_image.base"

func TestBaseImage_createImportAndDrift(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage())
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
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
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("sha256"), knownvalue.StringExact(h.ImageSHA)),
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("format"), knownvalue.StringExact("qcow2")),
					statecheck.ExpectKnownValue(imageAddr, tfjsonpath.New("size_bytes"), knownvalue.Int64Exact(int64(len(providertest.FakeImage)))),
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
				Config:   h.config(strings.Replace(h.baseImage(), "source_url", fmt.Sprintf("sha256 = %q\n  source_url", h.ImageSHA), 1)),
				PlanOnly: true,
			},
			{
				PreConfig: func() { h.FB.RemoveVolume(fake.DefaultPool, "base.qcow2") },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(imageAddr, plancheck.ResourceActionCreate),
				}},
			},
		},
	})
}

func TestBaseImage_checksumMismatchLeavesNothing(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	wrong := strings.Repeat("0", 64)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{
			{
				Config:      h.config(strings.Replace(h.baseImage(), "source_url", fmt.Sprintf("sha256 = %q\n  source_url", wrong), 1)),
				ExpectError: regexp.MustCompile(`(?s)Unable to create base image lab/default/base.qcow2.*` + wrong),
			},
			{
				PreConfig: func() {
					if vols := h.FB.VolumeNames(fake.DefaultPool); len(vols) != 0 {
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
	t.Parallel()
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
		ProtoV6ProviderFactories: factories(h.NewClient),
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
	t.Parallel()
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{{
			Config:        h.config(h.baseImage()),
			ResourceName:  imageAddr,
			ImportState:   true,
			ImportStateId: "lab/base.qcow2",
			ExpectError:   regexp.MustCompile(`must have the form host/pool/name`),
		}},
	})
}

// toLegacyMarkers turns the cached base.qcow2 into what earlier versions left: the image and
// "base.qcow2.sha256" holding its digest, without today's markers.
func (h *fakeHost) toLegacyMarkers() {
	h.T.Helper()
	for _, v := range h.FB.VolumeNames(fake.DefaultPool) {
		if strings.HasPrefix(v, "base.qcow2.kvm2-") {
			h.FB.RemoveVolume(fake.DefaultPool, v)
		}
	}
	h.FB.AddVolume(fake.DefaultPool, fake.Volume{Name: "base.qcow2.sha256", Format: "raw", Capacity: 65, Content: []byte(h.ImageSHA + "\n")})
}

// TestBaseImage_earlierVersionsImageMovesToTodaysMarkers: an image whose state records its
// path and digest, cached under the markers of earlier versions, is moved to today's markers
// by the refresh, with an empty plan and without a download; destroy then leaves nothing.
func TestBaseImage_earlierVersionsImageMovesToTodaysMarkers(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	cfg := h.config(h.baseImage())
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg},
			{
				PreConfig: h.toLegacyMarkers,
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
				}},
				Check: func(*terraform.State) error {
					want := []string{"base.qcow2", "base.qcow2.kvm2-sha256-" + h.ImageSHA}
					if vols := h.FB.VolumeNames(fake.DefaultPool); !slices.Equal(vols, want) {
						return fmt.Errorf("volumes = %v, want %v", vols, want)
					}
					return nil
				},
			},
		},
	})
}

// TestBaseImage_administratorsImageIsNeitherAdoptedNorDeleted: an image and its published
// checksum file under the name are not the cache's: apply refuses them, says what to do, and
// leaves both as they were.
func TestBaseImage_administratorsImageIsNeitherAdoptedNorDeleted(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	sum := h.ImageSHA + "  base.qcow2\n"
	h.FB.AddVolume(fake.DefaultPool, fake.Volume{Name: "base.qcow2", Format: "qcow2", Capacity: uint64(len(providertest.FakeImage)), Content: providertest.FakeImage})
	h.FB.AddVolume(fake.DefaultPool, fake.Volume{Name: "base.qcow2.sha256", Format: "raw", Capacity: uint64(len(sum)), Content: []byte(sum)})
	untouched := func(*terraform.State) error {
		if vols := h.FB.VolumeNames(fake.DefaultPool); !slices.Equal(vols, []string{"base.qcow2", "base.qcow2.sha256"}) {
			return fmt.Errorf("volumes = %v, want the administrator's two untouched", vols)
		}
		if v, _ := h.FB.Volume(fake.DefaultPool, "base.qcow2.sha256"); string(v.Content) != sum {
			return fmt.Errorf("the checksum file was changed")
		}
		return nil
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             untouched,
		Steps: []resource.TestStep{{
			Config:      h.config(h.baseImage()),
			ExpectError: regexp.MustCompile(`(?s)Unable to create base image lab/default/base.qcow2.*kvm2 did not cache them`),
		}},
	})
}
