package hostconfig

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// TestWithDefaults_jump: a jump host gets port 22, and what it leaves unset of auth and host
// key comes from the host, never the host's pinned key.
func TestWithDefaults_jump(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	defaultKnown := filepath.Join(home, ".ssh", "known_hosts")
	tests := []struct {
		name string
		host HostConfig
		want []JumpHost
	}{
		{"inherits key file and known_hosts",
			HostConfig{Address: "h", PrivateKeyFile: "/k", KnownHostsFile: "/kh", Jump: []JumpHost{{Address: "b", User: "ops"}}},
			[]JumpHost{{Address: "b", Port: 22, User: "ops", PrivateKeyFile: "/k", KnownHostsFile: "/kh"}}},
		{"inherits every auth, never the pinned key",
			HostConfig{Address: "h", PrivateKey: "pk", UseAgent: true, HostKey: "ssh-ed25519 AAAA", Jump: []JumpHost{{Address: "b", User: "ops"}}},
			[]JumpHost{{Address: "b", Port: 22, User: "ops", PrivateKey: "pk", UseAgent: true, KnownHostsFile: defaultKnown}}},
		{"own values kept",
			HostConfig{Address: "h", PrivateKeyFile: "/k", KnownHostsFile: "/kh", Jump: []JumpHost{
				{Address: "b1", Port: 2022, User: "a", UseAgent: true, HostKey: "ssh-ed25519 BBBB"},
				{Address: "b2", User: "b", PrivateKeyFile: "/k2", KnownHostsFile: "/kh2"},
			}},
			[]JumpHost{
				{Address: "b1", Port: 2022, User: "a", UseAgent: true, HostKey: "ssh-ed25519 BBBB"},
				{Address: "b2", Port: 22, User: "b", PrivateKeyFile: "/k2", KnownHostsFile: "/kh2"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Config{Hosts: map[string]HostConfig{"a": tt.host}}
			before := append([]JumpHost(nil), tt.host.Jump...)
			got := in.WithDefaults().Hosts["a"].Jump
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tt.want)
			}
			if !reflect.DeepEqual(in.Hosts["a"].Jump, before) {
				t.Fatal("WithDefaults modified its receiver's jump hosts")
			}
		})
	}
	if got := (Config{Hosts: map[string]HostConfig{"a": {Address: "h"}}}).WithDefaults().Hosts["a"].Jump; got != nil {
		t.Errorf("a host without jump hosts got %+v", got)
	}
}

func TestValidate_jump(t *testing.T) {
	ok := HostConfig{Address: "h", Port: 22, PrivateKeyFile: "/k", KnownHostsFile: "/kh", Network: "default"}
	jump := JumpHost{Address: "b", Port: 22, User: "ops", PrivateKeyFile: "/k", KnownHostsFile: "/kh"}
	with := func(f func(*JumpHost)) HostConfig {
		h, j := ok, jump
		f(&j)
		h.Jump = []JumpHost{j}
		return h
	}
	tests := []struct {
		name string
		host HostConfig
		want string
	}{
		{"valid", with(func(*JumpHost) {}), ""},
		{"no address", with(func(j *JumpHost) { j.Address = "" }), `host "lab": jump host 1: address is required`},
		{"port zero", with(func(j *JumpHost) { j.Port = 0 }), "jump host 1: port is 0"},
		{"no user", with(func(j *JumpHost) { j.User = "" }), "jump host's user is required"},
		{"two host-key sources", with(func(j *JumpHost) { j.HostKey = "k" }), "jump host 1: set exactly one of known_hosts file and host key"},
		{"no host-key source", with(func(j *JumpHost) { j.KnownHostsFile = "" }), "jump host 1: no way to verify"},
		{"no auth", with(func(j *JumpHost) { j.PrivateKeyFile = "" }), "jump host 1: no way to authenticate"},
		{"too many", func() HostConfig {
			h := ok
			for range 5 {
				h.Jump = append(h.Jump, jump)
			}
			return h
		}(), "jump hosts is 5; it must be at most 4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, Config{Hosts: map[string]HostConfig{"lab": tt.host}}.Validate(), tt.want)
		})
	}
}

func TestSSHConfigCarriesJumpHosts(t *testing.T) {
	h := HostConfig{Address: "a", Jump: []JumpHost{
		{Address: "b1", Port: 1, User: "u1", PrivateKeyFile: "/k", PrivateKey: "pk", UseAgent: true, KnownHostsFile: "/kh", HostKey: "hk"},
		{Address: "b2", Port: 2, User: "u2"},
	}}
	want := []sshx.Hop{
		{Address: "b1", Port: 1, User: "u1", PrivateKeyFile: "/k", PrivateKey: "pk", UseAgent: true, KnownHostsFile: "/kh", HostKey: "hk"},
		{Address: "b2", Port: 2, User: "u2"},
	}
	if got := h.SSHConfig().Jump; !reflect.DeepEqual(got, want) {
		t.Fatalf("SSHConfig().Jump = %+v, want %+v", got, want)
	}
	if got := (HostConfig{Address: "a"}).SSHConfig().Jump; got != nil {
		t.Fatalf("a host without jump hosts dials through %+v", got)
	}
}
