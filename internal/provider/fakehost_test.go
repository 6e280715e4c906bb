package provider

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// fakeHost is providertest's fake host, with what Terraform configurations of the provider
// block's package say of it.
type fakeHost struct{ *providertest.FakeHost }

func newFakeHost(t testing.TB) *fakeHost { return &fakeHost{providertest.NewFakeHost(t)} }

// checkNothingLeft is a CheckDestroy: no domain and no volume other than base images remain.
func (h *fakeHost) checkNothingLeft(*terraform.State) error {
	if names := h.FB.DomainNames(); len(names) != 0 {
		return fmt.Errorf("domains left on the host: %v", names)
	}
	if vols := h.FB.VolumeNames(fake.DefaultPool); len(vols) != 0 {
		return fmt.Errorf("volumes left in the pool: %v", vols)
	}
	return nil
}

// config is the provider block for the fake host followed by body.
func (h *fakeHost) config(body string) string {
	return providerBlock(validHostAttrs) + body
}

// baseImage is a kvm2_base_image "base" served by the fake host's HTTP server.
func (h *fakeHost) baseImage() string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = "base.qcow2"
  source_url = %q
}
`, h.ImageURL)
}

// checkNoDomains is a CheckDestroy for tests whose base image was made outside terraform.
func (h *fakeHost) checkNoDomains(*terraform.State) error {
	if names := h.FB.DomainNames(); len(names) != 0 {
		return fmt.Errorf("domains left on the host: %v", names)
	}
	return nil
}
