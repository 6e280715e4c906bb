package provider

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
)

// writeSSHConfig writes an OpenSSH client config into dir, with DIR replaced by dir, and
// returns its path; files named id* in it are created.
func writeSSHConfig(t *testing.T, dir, text string) string {
	t.Helper()
	for _, name := range []string{"id", "id_jump"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "config")
	if err := os.WriteFile(path, []byte(strings.ReplaceAll(text, "DIR", dir)), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

const sampleSSHConfig = `
Host kvm-a1
  HostName 10.20.0.11
  Port 2201
  User virt
  IdentityFile DIR/id
  ProxyJump ops@bastion.example.com:2022,jump2

Host jump2
  HostName 10.20.0.2
  Port 2222
  User jumper
  IdentityFile DIR/id_jump

Host *.lab
  HostName %h.example.org

Host *
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
`

// resolve runs applySSHConfig on a host whose attributes are those of h (address required).
func resolve(t *testing.T, file string, h hostModel) (hostconfig.HostConfig, []string, []string) {
	t.Helper()
	h.SSHConfigFile = types.StringValue(file)
	hc := hostFromModel(h)
	diags := applySSHConfig(context.Background(), "a1", h, &hc)
	var errs, warns []string
	for _, d := range diags {
		if d.Severity().String() == "Error" {
			errs = append(errs, d.Detail())
		} else {
			warns = append(warns, d.Summary()+": "+d.Detail())
		}
	}
	return hc, errs, warns
}

// nullHost is a hostModel with every attribute null but address.
func nullHost(address string) hostModel {
	return hostModel{
		Address: types.StringValue(address), Port: types.Int64Null(), User: types.StringNull(),
		PrivateKeyFile: types.StringNull(), PrivateKey: types.StringNull(), UseAgent: types.BoolNull(),
		KnownHostsFile: types.StringNull(), HostKey: types.StringNull(), Socket: types.StringNull(),
		Pool: types.StringNull(), Network: types.StringNull(), Bridge: types.StringNull(), Zone: types.StringNull(),
		MaxConcurrentOperations: types.Int64Null(), MaxClientRequests: types.Int64Null(),
		Jump: types.ListNull(types.ObjectType{AttrTypes: jumpAttrTypes()}), SSHConfigFile: types.StringNull(),
	}
}

func TestSSHConfig_mapsHostAndProxyJump(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeSSHConfig(t, dir, sampleSSHConfig)
	hc, errs, warns := resolve(t, file, nullHost("kvm-a1"))
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	want := hostconfig.HostConfig{
		Address: "10.20.0.11", Port: 2201, User: "virt", PrivateKeyFile: filepath.Join(dir, "id"),
		Jump: []hostconfig.JumpHost{
			{Address: "bastion.example.com", Port: 2022, User: "ops"},
			{Address: "10.20.0.2", Port: 2222, User: "jumper", PrivateKeyFile: filepath.Join(dir, "id_jump")},
		},
	}
	if !reflect.DeepEqual(hc, want) {
		t.Fatalf("got  %+v\nwant %+v", hc, want)
	}
	joined := strings.Join(warns, "\n")
	if !strings.Contains(joined, "StrictHostKeyChecking no") || !strings.Contains(joined, "UserKnownHostsFile") {
		t.Errorf("no warning that StrictHostKeyChecking and UserKnownHostsFile are ignored: %q", joined)
	}
}

func TestSSHConfig_blockWins(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeSSHConfig(t, dir, sampleSSHConfig)
	h := nullHost("kvm-a1")
	h.Port, h.User, h.UseAgent = types.Int64Value(22), types.StringValue("root"), types.BoolValue(true)
	h.Jump = types.ListValueMust(types.ObjectType{AttrTypes: jumpAttrTypes()}, nil)
	hc, errs, _ := resolve(t, file, h)
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	want := hostconfig.HostConfig{Address: "10.20.0.11", Port: 22, User: "root", UseAgent: true}
	if !reflect.DeepEqual(hc, want) {
		t.Fatalf("got  %+v\nwant %+v", hc, want)
	}
}

func TestSSHConfig_tokensAndUnmatched(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeSSHConfig(t, dir, sampleSSHConfig)
	hc, errs, _ := resolve(t, file, nullHost("db.lab"))
	if len(errs) > 0 || hc.Address != "db.lab.example.org" || hc.Jump != nil || hc.Port != 0 {
		t.Fatalf("%%h in HostName: got %+v, errors %v", hc, errs)
	}
	hc, errs, _ = resolve(t, file, nullHost("elsewhere"))
	if len(errs) > 0 || !reflect.DeepEqual(hc, hostconfig.HostConfig{Address: "elsewhere"}) {
		t.Fatalf("a host the file does not name: got %+v, errors %v", hc, errs)
	}
}

func TestSSHConfig_refusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, config, want string
	}{
		{"nested ProxyJump", "Host h\n  ProxyJump j1\nHost j1\n  ProxyJump j0\n", `jump host "j1" has a ProxyJump of its own`},
		{"bad port", "Host h\n  Port ssh\n", `Port "ssh"`},
		{"bad ProxyJump", "Host h\n  ProxyJump ops@\n", "ProxyJump"},
		{"unknown token", "Host h\n  IdentityFile %C/key\n", "%C"},
		{"bad HostName", "Host h\n  HostName a b\n", "white space"},
		// Each value is held to the rule of the attribute it stands for, naming the file.
		{"port zero", "Host h\n  Port 0\n", `Port of "h": port is 0; it must be 1 to 65535`},
		{"negative port", "Host h\n  Port -22\n", `port is -22`},
		{"port too large", "Host h\n  Port 65536\n", `port is 65536`},
		{"HostName with a port", "Host h\n  HostName kvm.example:22\n", "holds a colon but is no IPv6 address"},
		{"HostName with a user", "Host h\n  HostName ops@kvm.example\n", "without brackets, user, port or path"},
		{"HostName with a C1 control", "Host h\n  HostName kvm\u0085a\n", "control character U+0085"},
		{"User with a colon", "Host h\n  User ops:x\n", `User of "h": user "ops:x" must not contain`},
		{"User with DEL", "Host h\n  User ops\x7f\n", "control character U+007F"},
		{"jump's port zero", "Host h\n  ProxyJump j\nHost j\n  Port 0\n", `Port of "j": port is 0`},
		{"jump's user", "Host h\n  ProxyJump j\nHost j\n  User a@b\n", `User of "j"`},
		{"too many hops", "Host h\n  ProxyJump j1,j2,j3,j4,j5\n", "jump hosts is 5; it must be at most 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := writeSSHConfig(t, t.TempDir(), tt.config)
			_, errs, _ := resolve(t, file, nullHost("h"))
			if len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), tt.want) {
				t.Fatalf("errors %v, want one containing %q", errs, tt.want)
			}
			if !strings.Contains(strings.Join(errs, "\n"), file) {
				t.Errorf("errors %v do not name the file %s", errs, file)
			}
		})
	}
	_, errs, _ := resolve(t, filepath.Join(t.TempDir(), "absent"), nullHost("h"))
	if len(errs) == 0 || !strings.Contains(errs[0], "cannot be read") {
		t.Fatalf("a missing file: errors %v", errs)
	}
}

// TestProviderConfig_sshConfig: through the provider server, a host read from an ssh config
// file reaches the core resolved, and the core's rules apply to what the file says.
func TestProviderConfig_sshConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := writeSSHConfig(t, dir, sampleSSHConfig)
	tooMany := writeSSHConfig(t, t.TempDir(), "Host kvm-a1\n  ProxyJump j1,j2,j3,j4,j5\n")
	plan := func(attrs string) string {
		return `
provider "kvm2" {
  hosts = {
    lab = {
      address  = "kvm-a1"
      host_key = "` + testHostKey + `"
      ` + attrs + `
    }
  }
}
` + baseImageOnLab
	}
	tf := func(s string) string { return strings.ReplaceAll(s, `\`, `\\`) }
	runProviderSteps(t,
		plannedStep(t, "resolved from the file", plan(`ssh_config_file = "`+tf(file)+`"`)),
		refusalStep(t, "too many hops in ProxyJump", plan(`ssh_config_file = "`+tf(tooMany)+`"`), `(?s)jump hosts is 5; it must be at most 4`),
		refusalStep(t, "no file", plan(`ssh_config_file = "`+tf(filepath.Join(dir, "absent"))+`"`), `(?s)ssh_config_file\s+".*absent"\s+cannot\s+be\s+read`),
	)
}

// runProviderSteps runs steps as one unit test case of the production provider.
func runProviderSteps(t *testing.T, steps ...resource.TestStep) {
	t.Helper()
	resource.UnitTest(t, resource.TestCase{ProtoV6ProviderFactories: factories(newCoreClient), Steps: steps})
}
