package provider

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
)

// jumpBlock is a provider with host "lab" reached through the given jump list (HCL).
func jumpBlock(jump string) string {
	return providerBlock(validHostAttrs + "\njump = " + jump)
}

const goodJump = `{ address = "bastion.example.com", user = "ops" }`

func TestProviderConfig_jumpValidationErrors(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "absent")
	five := "[" + strings.Repeat(goodJump+", ", 4) + goodJump + "]"
	tests := []struct {
		name   string
		config string
		want   string
	}{
		{"jump without address", jumpBlock(`[{ user = "ops" }]`), `(?s)address.*required`},
		{"jump without user", jumpBlock(`[{ address = "bastion" }]`), `(?s)user.*required`},
		{"jump port zero", jumpBlock(`[{ address = "bastion", user = "ops", port = 0 }]`), `(?s)port is 0; it must be 1 to 65535`},
		{"jump port too large", jumpBlock(`[{ address = "bastion", user = "ops", port = 70000 }]`), `(?s)port is 70000; it must be 1 to 65535`},
		{"jump address with user", jumpBlock(`[{ address = "ops@bastion", user = "ops" }]`), `(?s)bare host name or IP address`},
		{"jump user with at", jumpBlock(`[{ address = "bastion", user = "ops@x" }]`), `(?s)must not contain '@' or ':'`},
		{"too many jumps", jumpBlock(five), `(?s)jump hosts is 5; it must be at most 4`},
		{"jump with two host-key sources", jumpBlock(`[{ address = "bastion", user = "ops", host_key = "` + testHostKey + `",
        known_hosts_file = "/etc/ssh/ssh_known_hosts" }]`), `(?s)set exactly one of known_hosts file and host key`},
		{"jump key file missing", jumpBlock(`[{ address = "bastion", user = "ops", private_key_file = "` + missing + `" }]`),
			`(?s)jump host 1.*private_key_file\s+".*absent"\s+cannot\s+be\s+read`},
		{"jump known_hosts missing", jumpBlock(`[{ address = "bastion", user = "ops", known_hosts_file = "` + missing + `" }]`),
			`(?s)jump host 1.*known_hosts_file\s+".*absent"\s+cannot\s+be\s+read`},
		{"jump inline key unusable", jumpBlock(`[{ address = "bastion", user = "ops", private_key = "not a key" }]`),
			`(?s)jump host 1.*not\s+a\s+valid\s+private\s+key`},
	}
	steps := make([]resource.TestStep, 0, len(tests))
	for _, tt := range tests {
		steps = append(steps, refusalStep(t, tt.name, tt.config+baseImageOnLab, tt.want))
	}
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(newCoreClient), Steps: steps})
}

// TestProviderConfig_jumpMapping: the jump list reaches the core in order, every attribute
// carried, paths expanded, unset ones left for the core's defaults; no jump is no jump.
func TestProviderConfig_jumpMapping(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	keyFile, known := filepath.Join(dir, "id"), filepath.Join(dir, "known_hosts")
	for _, f := range []string{keyFile, known} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var (
		mu  sync.Mutex
		got []hostconfig.Config
	)
	capture := func(cfg hostconfig.Config) (*kvm2.Client, error) {
		mu.Lock()
		got = append(got, cfg)
		mu.Unlock()
		return newCoreClient(cfg)
	}
	// configured returns the configurations captured since the last call, at least one.
	configured := func(t *testing.T) []hostconfig.Config {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		out := got
		got = nil
		if len(out) == 0 {
			t.Fatal("the provider was never configured")
		}
		return out
	}
	config := providerBlock(validHostAttrs+`
      jump = [
        { address = "b1.example.com", port = 2022, user = "ops", private_key_file = "`+keyFile+`",
          known_hosts_file = "`+known+`" },
        { address = "10.0.0.7", user = "jump", use_agent = true, host_key = "`+testHostKey+`" },
        { address = "b3", user = "x", private_key = "`+hclEscape(testPrivateKey)+`", known_hosts_file = "`+known+`" },
      ]`) + baseImageOnLab
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(capture),
		Steps:                    []resource.TestStep{{Config: config, PlanOnly: true, ExpectNonEmptyPlan: true}},
	})
	want := []hostconfig.JumpHost{
		{Address: "b1.example.com", Port: 2022, User: "ops", PrivateKeyFile: keyFile, KnownHostsFile: known},
		{Address: "10.0.0.7", User: "jump", UseAgent: true, HostKey: testHostKey},
		{Address: "b3", User: "x", PrivateKey: testPrivateKey, KnownHostsFile: known},
	}
	for _, cfg := range configured(t) {
		if j := cfg.Hosts["lab"].Jump; !reflect.DeepEqual(j, want) {
			t.Fatalf("jump hosts = %+v\nwant        %+v", j, want)
		}
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(capture),
		Steps: []resource.TestStep{{Config: providerBlock(validHostAttrs) + baseImageOnLab,
			PlanOnly: true, ExpectNonEmptyPlan: true}},
	})
	for _, cfg := range configured(t) {
		if j := cfg.Hosts["lab"].Jump; j != nil {
			t.Fatalf("a host without jump got jump hosts %+v", j)
		}
	}
}

// TestProviderSchema_jumpKeySensitive: a jump's inline private key is sensitive, as the host's.
func TestProviderSchema_jumpKeySensitive(t *testing.T) {
	t.Parallel()
	var resp provider.SchemaResponse
	newProvider("test", newCoreClient, fastRetry)().Schema(context.Background(), provider.SchemaRequest{}, &resp)
	hosts := resp.Schema.Attributes["hosts"].(schema.MapNestedAttribute)
	jump, ok := hosts.NestedObject.Attributes["jump"].(schema.ListNestedAttribute)
	if !ok {
		t.Fatalf("hosts has no jump list: %T", hosts.NestedObject.Attributes["jump"])
	}
	if !jump.NestedObject.Attributes["private_key"].IsSensitive() {
		t.Error("jump private_key is not sensitive")
	}
	if !jump.Optional || jump.Required {
		t.Error("jump must be optional")
	}
}

// TestProviderConfig_plansThroughJump: a host behind jumps plans without dialing anything.
func TestProviderConfig_plansThroughJump(t *testing.T) {
	t.Parallel()
	config := jumpBlock(`[`+goodJump+`, { address = "10.1.2.3", port = 2222, user = "ops", host_key = "`+testHostKey+`" }]`) +
		baseImageOnLab
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(newCoreClient),
		Steps:                    []resource.TestStep{plannedStep(t, "two jumps", config)},
	})
}
