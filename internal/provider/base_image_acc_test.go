//go:build acceptance

package provider

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

// TestAccBaseImage_checksumMismatch: a download whose digest differs from sha256 is refused
// and leaves no volume behind.
func TestAccBaseImage_checksumMismatch(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	wrong := strings.Repeat("0", 64)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config:      l.config(strings.Replace(l.baseImage(l.pool), l.imageSHA, wrong, 1)),
				ExpectError: regexp.MustCompile(`(?s)Unable to create base image lab/` + l.pool + `/` + l.name("base") + `\.qcow2.*` + wrong),
			},
			{
				PreConfig: func() {
					if err := l.checkNothingOfOursLeft(nil); err != nil {
						t.Error(err)
					}
				},
				Config: l.config(l.baseImage(l.pool)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("sha256"), knownvalue.StringExact(l.imageSHA)),
				},
			},
			{
				ResourceName:            "kvm2_base_image.base",
				ImportState:             true,
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"source_url"},
			},
		},
	})
}

// TestAccBaseImage_deleteRefusedWhileInUse: while a domain uses the image as backing file, the
// image cannot be deleted and the error names the domain.
func TestAccBaseImage_deleteRefusedWhileInUse(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	name := l.name("inuse")
	baseID := "lab/" + l.pool + "/" + l.name("base") + ".qcow2"
	vm := func(dependsOn string) string {
		return `
resource "kvm2_proxy_vm" "egress" {
  name          = "` + name + `"
  host          = "lab"
  base_image_id = "` + baseID + `"
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  running       = false
  wait_for_ip   = false
  ` + dependsOn + `
}
`
	}
	withImage := l.config(l.baseImage(l.pool) + vm("depends_on = [kvm2_base_image.base]"))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: withImage},
			{
				Config:      l.config(vm("")),
				ExpectError: regexp.MustCompile(`(?s)Unable to delete base image ` + regexp.QuoteMeta(baseID) + `.*` + name),
			},
			{Config: withImage},
		},
	})
}
