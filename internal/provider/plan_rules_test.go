package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// planVM is a new VM "egress" on the fake host with the given attributes; its base image id is
// literal, so the plan needs no other resource.
func planVM(attrs string) string {
	return `
resource "kvm2_proxy_vm" "egress" {
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  ` + attrs + `
}
`
}

// planBase is a kvm2_base_image with volume name on the fake host.
func planBase(name string) string {
	return `
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = "` + name + `"
  source_url = "http://127.0.0.1:1/base.qcow2"
}
`
}

// TestProxyVM_planRefusesWhatApplyRefuses: every input the core refuses at apply is refused by
// terraform plan, and the error states the rule.
func TestProxyVM_planRefusesWhatApplyRefuses(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.FB.AddNetwork("stopped", false)
	tests := []struct {
		name   string
		config string
		want   string
	}{
		{"name with uppercase and underscore", h.config(planVM(`name = "Egress_1"`)),
			`(?s)name "Egress_1" must start with a lowercase letter.*DNS label`},
		{"name starting with a digit", h.config(planVM(`name = "1egress"`)),
			`(?s)name "1egress" must start with a lowercase letter.*DNS label`},
		{"name with a dot", h.config(planVM(`name = "egress.a"`)),
			`(?s)name "egress.a" contains '\.'.*only lowercase letters, digits and\s+hyphens`},
		{"name ending with a hyphen", h.config(planVM(`name = "egress-"`)),
			`(?s)name "egress-" must not end with a hyphen`},
		{"name of 64 characters", h.config(planVM(`name = "` + strings.Repeat("a", 64) + `"`)),
			`(?s)is 64\s+characters long, the limit is 63`},
		{"memory 32 MiB", h.config(planVM(`name = "egress"
  memory_mib = 32`)), `(?s)memory is 32 MiB; it must be 64 to 1048576 MiB \(1 TiB\)`},
		{"memory 63 MiB", h.config(planVM(`name = "egress"
  memory_mib = 63`)), `(?s)memory is 63 MiB; it must be 64 to 1048576 MiB`},
		{"memory over 1 TiB", h.config(planVM(`name = "egress"
  memory_mib = 1048577`)), `(?s)memory is 1048577 MiB; it must be 64 to 1048576 MiB`},
		{"256 vcpus", h.config(planVM(`name = "egress"
  vcpus = 256`)), `(?s)vcpus is 256; it must be 1 to 255`},
		{"disk that wraps to 1 GiB", h.config(planVM(`name = "egress"
  disk_gib = 17179869185`)), `(?s)disk is 17179869185 GiB; it must be 1 to 65536 GiB \(64 TiB\)`},
		{"disk over 64 TiB", h.config(planVM(`name = "egress"
  disk_gib = 65537`)), `(?s)disk is 65537 GiB; it must be 1 to 65536 GiB`},
		{"bridge name too long", h.config(planVM(`name = "egress"
  bridge = "a-very-long-bridge"`)), `(?s)bridge name "a-very-long-bridge" is 18 bytes long; Linux allows at most\s+15`},
		{"private key that is not a key", providerBlock(`private_key = "not a key"
      host_key = "`+testHostKey+`"`) + planVM(`name = "egress"`),
			`(?s)Unable to configure host lab.*private_key of host "lab" cannot be used: private\s+key: not a valid\s+private key`},
		{"passphrase-protected private key", providerBlock(`private_key = "`+hclEscape(newTestPrivateKey([]byte("pw")))+`"
      host_key = "`+testHostKey+`"`) + planVM(`name = "egress"`),
			`(?s)Unable to configure host lab.*passphrase-protected.*use_agent = true`},
		{"base image name ending .sha256", h.config(planBase("debian-12.qcow2.sha256")),
			`(?s)base image name "debian-12.qcow2.sha256": the suffix ".sha256" is reserved`},
		{"base image name in the markers' namespace", h.config(planBase("debian.kvm2-sha256-x")),
			`(?s)base image name "debian.kvm2-sha256-x": names containing ".kvm2-" are\s+reserved`},
		{"unknown network", h.config(planVM(`name = "egress"
  network = "nope"`)), `(?s)Unable to create proxy VM lab/egress.*network "nope" does not exist on host\s+"lab"`},
		{"inactive network", h.config(planVM(`name = "egress"
  network = "stopped"`)), `(?s)network "stopped" is not active on host "lab".*virsh net-start stopped`},
		{"unknown bridge", h.config(planVM(`name = "egress"
  bridge = "br9"`)), `(?s)Unable to create proxy VM lab/egress.*bridge "br9" does not exist on host\s+"lab"`},
		{"host default network unknown", providerBlock(validHostAttrs+"\nnetwork = \"gone\"") + planVM(`name = "egress"`),
			`(?s)network "gone" does not exist on host "lab" \(the host's default, from the\s+provider block\)`},
		{"host default bridge unknown", providerBlock(validHostAttrs+"\nbridge = \"br7\"") + planVM(`name = "egress"`),
			`(?s)bridge "br7" does not exist on host "lab" \(the host's default`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, refusalStep(t, tt.name, tt.config, tt.want))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(h.NewClient), Steps: steps})
}

// TestProxyVM_planAcceptsTheBounds: the extremes the rules allow plan cleanly, and an existing
// network or bridge passes the host check.
func TestProxyVM_planAcceptsTheBounds(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.FB.AddBridge("br0")
	tests := []struct{ name, attrs string }{
		{"largest", `name = "` + strings.Repeat("a", 63) + `"
  vcpus = 255
  memory_mib = 1048576
  disk_gib = 65536`},
		{"smallest", `name = "a"
  vcpus = 1
  memory_mib = 64
  disk_gib = 1`},
		{"existing bridge", `name = "egress"
  bridge = "br0"`},
		{"host default network", `name = "egress"`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, plannedStep(t, tt.name, h.config(planVM(tt.attrs))))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(h.NewClient), Steps: steps})
}

// TestProxyVM_planNetworkCheckAskedOncePerHost: a fleet on one network costs one look-up.
func TestProxyVM_planNetworkCheckAskedOncePerHost(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	var vms strings.Builder
	for i := range 5 {
		fmt.Fprintf(&vms, `
resource "kvm2_proxy_vm" "egress%d" {
  name          = "egress-%d"
  host          = "lab"
  base_image_id = "lab/default/base.qcow2"
  network       = "nope"
}
`, i, i)
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{{
			Config:      h.config(vms.String()),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`network "nope" does not exist`),
		}},
	})
	if n := h.FB.Count("NetworkLookupByName"); n != 1 {
		t.Fatalf("NetworkLookupByName called %d times for 5 VMs on one network, want 1", n)
	}
}

// TestProxyVM_planQuietWhenHostCannotTell: a host that does not answer, or has no interface
// driver, never blocks a plan; apply tells. A host that timed out once is asked nothing more.
func TestProxyVM_planQuietWhenHostCannotTell(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, attrs string
		err                 error
		wantAsked           map[string]int
	}{
		{"network look-up abandoned", "NetworkLookupByName", `network = "nope"`, kvmerr.ErrAbandoned, nil},
		{"no interface driver", "InterfaceLookupByName", `bridge = "br9"`, fake.LibvirtError(libvirt.ErrNoSupport, "no interface driver"), nil},
		{"pool look-up abandoned", "StoragePoolLookupByName", `network = "nope"`, kvmerr.ErrAbandoned,
			map[string]int{"NetworkLookupByName": 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newFakeHost(t)
			h.FB.FailAlways(tt.method, tt.err)
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				Steps: []resource.TestStep{{
					Config:             h.config(planVM(`name = "egress"` + "\n  " + tt.attrs)),
					PlanOnly:           true,
					ExpectNonEmptyPlan: true,
				}},
			})
			if h.FB.Count(tt.method) == 0 {
				t.Fatalf("%s was never called: the fault proved nothing", tt.method)
			}
			for m, want := range tt.wantAsked {
				if n := h.FB.Count(m); n != want {
					t.Errorf("%s called %d times, want %d", m, n, want)
				}
			}
		})
	}
}

// TestProxyVM_planChecksAChangedNetwork: switching an existing VM to a network the host lacks
// fails the plan of its replacement; an unchanged one is not asked about.
func TestProxyVM_planChecksAChangedNetwork(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	base := h.config(h.baseImage() + vmConfig(`wait_for_ip = false`))
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: base},
			{
				Config:      h.config(h.baseImage() + vmConfig(`wait_for_ip = false`+"\n  network = \"nope\"")),
				PlanOnly:    true,
				ExpectError: regexp.MustCompile(`(?s)network "nope" does not exist on host "lab"`),
			},
			{
				// The VM's network was removed on the host after create: an unchanged VM's plan
				// stays empty (nothing new is asked of the host).
				PreConfig: func() { h.FB.RemoveNetwork("default") },
				Config:    base,
				PlanOnly:  true,
			},
			{PreConfig: func() { h.FB.AddNetwork("default", true) }, Config: base},
		},
	})
}

// TestProviderConfig_privateKeyNeverShown: a key that cannot be parsed fails the plan with an
// error naming the host, and neither the diagnostic nor the TRACE log carries the key text.
func TestProviderConfig_privateKeyNeverShown(t *testing.T) {
	const sentinel = "rl7SentinelKeyMaterial0x5b2e"
	keys := map[string]string{
		"not a key":    "not a key " + sentinel,
		"broken block": "-----BEGIN OPENSSH PRIVATE KEY-----\n" + sentinel + "\n-----END OPENSSH PRIVATE KEY-----\n",
	}
	for name, key := range keys {
		t.Run(name, func(t *testing.T) {
			for _, d := range checkPrivateKey("lab", key) {
				if !strings.Contains(d.Detail(), `host "lab"`) {
					t.Errorf("diagnostic does not name the host: %s", d.Detail())
				}
				if strings.Contains(d.Summary()+d.Detail(), sentinel) {
					t.Fatalf("diagnostic carries the key: %s / %s", d.Summary(), d.Detail())
				}
			}
			if len(checkPrivateKey("lab", key)) != 1 {
				t.Fatal("the key was accepted")
			}

			logFile := filepath.Join(t.TempDir(), "trace.log")
			t.Setenv("TF_LOG", "TRACE")
			t.Setenv("TF_LOG_PATH", logFile)
			t.Setenv("TF_ACC_LOG_PATH", logFile)
			t.Setenv("TF_LOG_PROVIDER", "TRACE")
			// Through the environment: the test harness logs the configuration text itself.
			t.Setenv("TF_VAR_key", key)
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(newCoreClient),
				Steps: []resource.TestStep{{
					Config: `
variable "key" {
  type      = string
  sensitive = true
}
` + providerBlock(`private_key = var.key
      host_key = "`+testHostKey+`"`) + planVM(`name = "egress"`),
					PlanOnly:    true,
					ExpectError: regexp.MustCompile(`(?s)Unable to configure host lab.*private_key of host "lab" cannot be used`),
				}},
			})
			log, err := os.ReadFile(logFile)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(log), "cannot be used") {
				t.Fatalf("the log holds no diagnostic (%d bytes); the check below would prove nothing", len(log))
			}
			if strings.Contains(string(log), sentinel) {
				t.Errorf("the TRACE log contains the private key text")
			}
		})
	}
}
