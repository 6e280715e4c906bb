package provider

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// baseImageOnLab is a resource that makes terraform configure the provider and plan.
const baseImageOnLab = `
resource "kvm2_base_image" "debian" {
  host       = "lab"
  name       = "debian.qcow2"
  source_url = "http://127.0.0.1:1/debian.qcow2"
}
`

func TestProviderConfig_validationErrors(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "absent")
	tests := []struct {
		name   string
		config string
		want   string
	}{
		{"no hosts", `provider "kvm2" {
  hosts = {}
}`, `(?s)hosts.*at least 1`},
		{"invalid host name", `provider "kvm2" {
  hosts = {
    "Lab One" = { address = "127.0.0.1", private_key = "k" }
  }
}`, `(?s)host name "Lab One" must be 1 to 63 letters`},
		{"missing address", `provider "kvm2" {
  hosts = {
    lab = { private_key = "k" }
  }
}`, `(?s)address.*required`},
		{"port zero", providerBlock(validHostAttrs + "\nport = 0"), `(?s)port is 0;.*1 to 65535`},
		{"port too large", providerBlock(validHostAttrs + "\nport = 70000"), `(?s)port is 70000;.*1 to 65535`},
		{"no concurrent operations", providerBlock(validHostAttrs + "\nmax_concurrent_operations = 0"), `(?s)max_concurrent_operations is 0; it must be 1 to 64`},
		{"too many concurrent operations", providerBlock(validHostAttrs + "\nmax_concurrent_operations = 65"), `(?s)max_concurrent_operations is 65`},
		{"no client requests", providerBlock(validHostAttrs + "\nmax_client_requests = 0"), `(?s)max_client_requests is 0; it must be 1 to 1000`},
		{"too many client requests", providerBlock(validHostAttrs + "\nmax_client_requests = 1001"), `(?s)max_client_requests is 1001`},
		{"two host key methods", providerBlock(`private_key = "k"
      host_key = "` + testHostKey + `"
      known_hosts_file = "/etc/ssh/ssh_known_hosts"`), `(?s)known_hosts_file.*host_key|host_key.*known_hosts_file`},
		{"network and bridge", providerBlock(validHostAttrs + "\nnetwork = \"default\"\nbridge = \"br0\""), `(?s)network.*bridge|bridge.*network`},
		{"no authentication", providerBlock(`host_key = "` + testHostKey + `"`), `Missing SSH authentication`},
		{"agent explicitly off", providerBlock(`host_key = "` + testHostKey + `"
      use_agent = false`), `Missing SSH authentication`},
		{"private key file missing", providerBlock(`private_key_file = "` + missing + `"
      host_key = "` + testHostKey + `"`), `(?s)private_key_file\s+".*absent"\s+cannot\s+be\s+read`},
		{"known hosts file missing", providerBlock(`private_key = "k"
      known_hosts_file = "` + missing + `"`), `(?s)known_hosts_file\s+".*absent"\s+cannot\s+be\s+read`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, refusalStep(t, tt.name, tt.config+baseImageOnLab, tt.want))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(newCoreClient), Steps: steps})
}

// TestProviderConfig_plansWithoutHost proves that configuring the provider never dials: no
// host answers, yet the plan of new resources succeeds (for every way of authenticating).
func TestProviderConfig_plansWithoutHost(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "id_ed25519")
	knownHosts := filepath.Join(dir, "known_hosts")
	for _, f := range []string{keyFile, knownHosts} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		attrs string
	}{
		{"inline key and pinned host key", validHostAttrs},
		{"key file and known_hosts file", `private_key_file = "` + keyFile + `"
      known_hosts_file = "` + knownHosts + `"
      port = 2222`},
		{"agent and default known_hosts", `use_agent = true`},
		{"bridge instead of network", validHostAttrs + "\nbridge = \"br0\""},
		// Values unknown until apply are tolerated by validation.
		{"unknown key file", `private_key_file = terraform_data.key.output
      host_key = "` + testHostKey + `"`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, plannedStep(t, tt.name, providerBlock(tt.attrs)+baseImageOnLab+`
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.debian.id
}

resource "terraform_data" "key" {
  input = "`+keyFile+`"
}
`))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(newCoreClient), Steps: steps})
}

func TestExpandHome(t *testing.T) {
	t.Parallel()
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	tests := []struct{ in, want string }{
		{"~/.ssh/known_hosts", filepath.Join(home, ".ssh/known_hosts")},
		{"~", home},
		{"/etc/ssh/ssh_known_hosts", "/etc/ssh/ssh_known_hosts"},
		{"relative/key", "relative/key"},
		{"~user/key", "~user/key"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := hostconfig.ExpandHome(tt.in); got != tt.want {
				t.Errorf("hostconfig.ExpandHome(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
