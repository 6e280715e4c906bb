//go:build acceptance || matrix

package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A provider block's for_each: OpenTofu 1.9; Terraform has none.
var featureProviderForEach = cliFeature{what: "for_each in a provider block", tofu: [2]int{1, 9}}

// TestAccGuides_fleetInManyStates plans the configuration of the guide "A fleet in many states"
// (examples/guides/fleet-in-many-states) as the guide runs it, on every CLI of the matrix, with
// its hosts at a port where nothing listens (no lab host is needed): the images state plans one
// base image on every host; each zone's state, in its own workspace of the one directory picked
// by TF_WORKSPACE, plans its VMs only on its zone's hosts, each naming by id the image the images
// state plans on its host; and, on OpenTofu, the provider for_each example plans, each VM
// through the provider instance of its host's zone (an instance without the host would fail it).
func TestAccGuides_fleetInManyStates(t *testing.T) {
	if os.Getenv("TF_ACC") == "" {
		t.Skip("TF_ACC is not set")
	}
	t.Parallel()
	skipUnless(t, featureFunctions)
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(key, []byte(testPrivateKey), 0o600); err != nil {
		t.Fatal(err)
	}
	knownHosts := filepath.Join(t.TempDir(), "known_hosts")
	if err := os.WriteFile(knownHosts, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	port := closedPort(t)
	// example returns a file of the guide with its hosts reachable by this test: the provider
	// this test serves (hashicorp/kvm2, newCLIDir), every host at the closed port, and the key
	// and known_hosts files made above.
	example := func(rel string, providerBlocks int) string {
		b, err := os.ReadFile(filepath.Join("..", "..", "examples", "guides", "fleet-in-many-states", rel))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, r := range []struct{ old, new string }{
			{`source = "egress-proxies/kvm2"`, `source = "hashicorp/kvm2"`},
			{`address          = h.address`, fmt.Sprintf("address          = \"127.0.0.1\"\n    port             = %s", port)},
			{`private_key_file = "~/.ssh/id_ed25519"`, fmt.Sprintf("private_key_file = %q", key)},
			{`known_hosts_file = "~/.ssh/known_hosts"`, fmt.Sprintf("known_hosts_file = %q", knownHosts)},
		} {
			want := providerBlocks
			if strings.HasPrefix(r.old, "source") {
				want = strings.Count(s, "required_providers")
			}
			if n := strings.Count(s, r.old); n != want {
				t.Fatalf("%s: %d of %q, want %d: the guide's example changed, change this test with it", rel, n, r.old, want)
			}
			s = strings.ReplaceAll(s, r.old, r.new)
		}
		return s
	}
	const image = "debian-12-genericcloud-amd64.qcow2"
	zoneOf := map[string]string{"kvm-a1": "eu-west-a", "kvm-a2": "eu-west-a", "kvm-b1": "eu-west-b", "kvm-b2": "eu-west-b"}

	t.Run("images", func(t *testing.T) {
		d := newCLIDir(t)
		d.write("main.tf", example("images/main.tf", 1))
		d.mustRun("init")
		d.mustRun("plan", "-out=images.tfplan")
		created := plannedCreates(t, d.mustRun("show", "-json", "images.tfplan").out, "kvm2_base_image")
		if len(created) != len(zoneOf) {
			t.Fatalf("the images state plans %d base images, want one on each of the %d hosts: %v", len(created), len(zoneOf), created)
		}
		for host, v := range created {
			if v["host"] != host || v["name"] != image {
				t.Errorf("base image %s: host %v, name %v; want %s, %s", host, v["host"], v["name"], host, image)
			}
			// The id the zones name.
			if id := v["id"]; id != host+"/default/"+image {
				t.Errorf("base image %s: id %v, want %s/default/%s, as the zones name it", host, id, host, image)
			}
		}
	})

	t.Run("zones", func(t *testing.T) {
		d := newCLIDir(t)
		d.write("main.tf", example("zone/main.tf", 0))
		d.write("provider.tf", example("zone/provider.tf", 1))
		d.mustRun("init")
		d.mustRun("workspace", "new", "eu-west-a")
		d.mustRun("workspace", "new", "eu-west-b")
		for _, zone := range []string{"eu-west-a", "eu-west-b"} {
			d.env = []string{"TF_WORKSPACE=" + zone} // as the guide picks each zone's state
			if got := strings.TrimSpace(d.mustRun("workspace", "show").out); got != zone {
				t.Fatalf("TF_WORKSPACE=%s: workspace show says %q", zone, got)
			}
			plan := zone + ".tfplan"
			d.mustRun("plan", "-var", "zone="+zone, "-out="+plan)
			created := plannedCreates(t, d.mustRun("show", "-json", plan).out, "kvm2_proxy_vm")
			if len(created) != 6 {
				t.Errorf("zone %s plans %d VMs, want 6: %v", zone, len(created), created)
			}
			for name, v := range created {
				host, _ := v["host"].(string)
				if zoneOf[host] != zone || !strings.HasPrefix(name, zone+"-") {
					t.Errorf("zone %s plans %s on %q (zone %q)", zone, name, host, zoneOf[host])
				}
				if v["base_image_id"] != host+"/default/"+image {
					t.Errorf("zone %s: %s names base image %v, want the images state's on its host, %s/default/%s", zone, name, v["base_image_id"], host, image)
				}
			}
		}
	})

	t.Run("OpenTofu provider for_each", func(t *testing.T) {
		skipUnless(t, featureProviderForEach)
		// Each provider instance must be a provider of its own, as OpenTofu runs a plugin: the
		// provider served in this process (newCLIDir) would be one for every instance, each
		// configuration replacing the last. So the plugin is built, and installed by the CLI
		// configuration's dev_overrides.
		d := &cliDir{t: t, dir: t.TempDir(), bin: mustCLI(t).path}
		d.env = []string{"TF_CLI_CONFIG_FILE=" + devOverrides(t, buildProvider(t))}
		d.write("main.tf", example("tofu-for-each/main.tf", 1))
		d.mustRun("plan", "-out=fleet.tfplan")
		show := d.mustRun("show", "-json", "fleet.tfplan").out
		if images, vms := plannedCreates(t, show, "kvm2_base_image"), plannedCreates(t, show, "kvm2_proxy_vm"); len(images) != 4 || len(vms) != 12 {
			t.Fatalf("plans %d base images and %d VMs, want 4 and 12", len(images), len(vms))
		}
	})
}

// plannedCreates maps the index key of each instance of resource type typ that a plan's JSON
// form creates to its planned values.
func plannedCreates(t *testing.T, planJSON, typ string) map[string]map[string]any {
	t.Helper()
	var plan struct {
		ResourceChanges []struct {
			Type   string `json:"type"`
			Index  any    `json:"index"`
			Change struct {
				Actions []string       `json:"actions"`
				After   map[string]any `json:"after"`
			} `json:"change"`
		} `json:"resource_changes"`
	}
	if err := json.Unmarshal([]byte(planJSON), &plan); err != nil {
		t.Fatalf("show -json: %v\n%s", err, planJSON)
	}
	out := map[string]map[string]any{}
	for _, rc := range plan.ResourceChanges {
		if rc.Type == typ && len(rc.Change.Actions) == 1 && rc.Change.Actions[0] == "create" {
			out[fmt.Sprint(rc.Index)] = rc.Change.After
		}
	}
	return out
}

// buildProvider builds this module's provider into a temporary directory and returns the
// directory.
func buildProvider(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "terraform-provider-kvm2"), ".")
	build.Dir = filepath.Join("..", "..")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return dir
}

// devOverrides writes a CLI configuration that takes hashicorp/kvm2 from dir, and returns its
// path.
func devOverrides(t *testing.T, dir string) string {
	t.Helper()
	rc := filepath.Join(t.TempDir(), "dev.tfrc")
	config := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"hashicorp/kvm2\" = %q\n  }\n  direct {}\n}\n", dir)
	if err := os.WriteFile(rc, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return rc
}
