package hostconfig

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

func TestWithDefaults(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home directory")
	}
	tests := []struct {
		name string
		in   HostConfig
		want HostConfig
	}{
		{"all defaults", HostConfig{Address: "h"}, HostConfig{Address: "h", Port: 22, User: "root",
			Socket: "/var/run/libvirt/libvirt-sock", Pool: "default", Network: "default",
			KnownHostsFile: filepath.Join(home, ".ssh", "known_hosts"), MaxConcurrentOperations: 10, MaxClientRequests: 5}},
		{"bridge suppresses network", HostConfig{Address: "h", Bridge: "br0"}, HostConfig{Address: "h", Port: 22, User: "root",
			Socket: "/var/run/libvirt/libvirt-sock", Pool: "default", Bridge: "br0",
			KnownHostsFile: filepath.Join(home, ".ssh", "known_hosts"), MaxConcurrentOperations: 10, MaxClientRequests: 5}},
		{"pinned key suppresses known_hosts", HostConfig{Address: "h", HostKey: "ssh-ed25519 AAAA"}, HostConfig{Address: "h", Port: 22, User: "root",
			Socket: "/var/run/libvirt/libvirt-sock", Pool: "default", Network: "default", HostKey: "ssh-ed25519 AAAA",
			MaxConcurrentOperations: 10, MaxClientRequests: 5}},
		{"explicit values kept", HostConfig{Address: "h", Port: 2222, User: "u", Socket: "/s", Pool: "p", Network: "n", KnownHostsFile: "/k",
			MaxConcurrentOperations: 3, MaxClientRequests: 100},
			HostConfig{Address: "h", Port: 2222, User: "u", Socket: "/s", Pool: "p", Network: "n", KnownHostsFile: "/k",
				MaxConcurrentOperations: 3, MaxClientRequests: 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Config{Hosts: map[string]HostConfig{"a": tt.in}}
			got := in.WithDefaults().Hosts["a"]
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got  %+v\nwant %+v", got, tt.want)
			}
			if !reflect.DeepEqual(in.Hosts["a"], tt.in) {
				t.Fatal("WithDefaults modified its receiver's map")
			}
		})
	}
}

func TestValidate(t *testing.T) {
	ok := HostConfig{Address: "h", Port: 22, PrivateKeyFile: "/k", KnownHostsFile: "/kh", Network: "default"}
	with := func(f func(*HostConfig)) HostConfig { h := ok; f(&h); return h }
	tests := []struct {
		name    string
		hosts   map[string]HostConfig
		wantErr string // "" means valid
	}{
		{"valid", map[string]HostConfig{"lab": ok}, ""},
		{"valid agent and pinned key", map[string]HostConfig{"lab": with(func(h *HostConfig) {
			h.PrivateKeyFile, h.UseAgent, h.KnownHostsFile, h.HostKey = "", true, "", "ssh-ed25519 AAAA"
		})}, ""},
		{"no hosts", nil, "at least one host"},
		{"no address", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.Address = "" })}, "address is required"},
		{"port zero", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.Port = 0 })}, "port is 0"},
		{"port too big", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.Port = 65536 })}, "port is 65536"},
		{"network and bridge", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.Bridge = "br0" })}, "network and bridge"},
		{"two host-key methods", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.HostKey = "k" })}, "not both"},
		{"no host-key method", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.KnownHostsFile = "" })}, "verify the host key"},
		{"no auth", map[string]HostConfig{"lab": with(func(h *HostConfig) { h.PrivateKeyFile = "" })}, "authenticate"},
		{"bad host name", map[string]HostConfig{"lab/1": ok}, "host name"},
		{"host name with space", map[string]HostConfig{"my lab": ok}, "host name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Config{Hosts: tt.hosts}.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestValidate_reportsEveryProblemOnce(t *testing.T) {
	err := Config{Hosts: map[string]HostConfig{"a": {}, "b": {Address: "x", Port: 22, UseAgent: true, HostKey: "k"}}}.Validate()
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`host "a": address is required`, "port is 0", "verify the host key", "authenticate"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
	if strings.Contains(err.Error(), `host "b"`) {
		t.Errorf("valid host b reported: %v", err)
	}
}

func TestSSHConfigCarriesEveryTransportField(t *testing.T) {
	h := HostConfig{Address: "a", Port: 2, User: "u", PrivateKeyFile: "/k", PrivateKey: "pk", UseAgent: true,
		KnownHostsFile: "/kh", HostKey: "hk", Socket: "/s", Pool: "p", Network: "n", Zone: "z"}
	s := h.SSHConfig()
	if s.Address != "a" || s.Port != 2 || s.User != "u" || s.PrivateKeyFile != "/k" || s.PrivateKey != "pk" ||
		!s.UseAgent || s.KnownHostsFile != "/kh" || s.HostKey != "hk" || s.Socket != "/s" {
		t.Fatalf("sshConfig = %+v", s)
	}
}

// TestValidate_appliesHostRules: Validate refuses what the exported host rules refuse.
func TestValidate_appliesHostRules(t *testing.T) {
	ok := HostConfig{Address: "h", Port: 22, User: "root", Pool: "default", Network: "default", UseAgent: true, HostKey: "k"}
	tests := []struct {
		name string
		mut  func(*HostConfig)
		want string
	}{
		{"address with space", func(h *HostConfig) { h.Address = "a b" }, "white space"},
		{"user with colon", func(h *HostConfig) { h.User = "a:b" }, "user \"a:b\""},
		{"pool with slash", func(h *HostConfig) { h.Pool = "a/b" }, "pool name"},
		{"network with slash", func(h *HostConfig) { h.Network = "a/b" }, "network name"},
		{"bridge too long", func(h *HostConfig) { h.Network, h.Bridge = "", "a-very-long-bridge" }, "at most 15"},
		{"socket relative", func(h *HostConfig) { h.Socket = "libvirt-sock" }, "socket \"libvirt-sock\" must be an absolute path"},
		{"too many operations", func(h *HostConfig) { h.MaxConcurrentOperations = 65 }, "max_concurrent_operations is 65; it must be 1 to 64"},
		{"negative operations", func(h *HostConfig) { h.MaxConcurrentOperations = -1 }, "max_concurrent_operations is -1"},
		{"too many client requests", func(h *HostConfig) { h.MaxClientRequests = 1001 }, "max_client_requests is 1001; it must be 1 to 1000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := ok
			tt.mut(&h)
			checkRule(t, Config{Hosts: map[string]HostConfig{"lab": h}}.Validate(), tt.want)
		})
	}
	checkRule(t, Config{Hosts: map[string]HostConfig{"lab": ok}}.Validate(), "")
}

// TestHostConfig_connections: the pool gets ceil(operations / requests per connection)
// connections, each shared by at most min(requests, operations) callers; unset fields count as
// their defaults.
func TestHostConfig_connections(t *testing.T) {
	tests := []struct {
		ops, perConn   int
		conns, sharing int
	}{
		{0, 0, 2, 5},
		{10, 5, 2, 5},
		{3, 2, 2, 2},
		{1, 5, 1, 1},
		{11, 5, 3, 5},
		{64, 1000, 1, 64},
		{64, 1, 64, 1},
		{5, 0, 1, 5},
		{0, 20, 1, 10},
	}
	for _, tt := range tests {
		h := HostConfig{MaxConcurrentOperations: tt.ops, MaxClientRequests: tt.perConn}
		if c, s := h.Connections(), h.UsersPerConnection(); c != tt.conns || s != tt.sharing {
			t.Errorf("%d operations, %d requests per connection: %d connections of %d; want %d of %d",
				tt.ops, tt.perConn, c, s, tt.conns, tt.sharing)
		}
		if l := h.PoolLimits(); l.Connections() != tt.conns || l.PerConnection != tt.sharing {
			t.Errorf("%d/%d: the pool's limits %+v give %d connections, want %d of %d",
				tt.ops, tt.perConn, l, l.Connections(), tt.conns, tt.sharing)
		}
	}
}

func TestValidatePrivateKey(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	locked, err := ssh.MarshalPrivateKeyWithPassphrase(priv, "", []byte("pass"))
	if err != nil {
		t.Fatal(err)
	}
	const secret = "c2VjcmV0LWtleS1tYXRlcmlhbA"
	broken := "-----BEGIN OPENSSH PRIVATE KEY-----\n" + secret + "\n-----END OPENSSH PRIVATE KEY-----\n"
	tests := []struct {
		name, key, want string
	}{
		{"openssh ed25519", string(pem.EncodeToMemory(plain)), ""},
		{"not a key", "not a key", "not a valid private key"},
		{"broken body", broken, "not a valid private key"},
		{"passphrase-protected", string(pem.EncodeToMemory(locked)), "passphrase-protected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidatePrivateKey(tt.key)
			checkRule(t, err, tt.want)
			if err != nil && (strings.Contains(err.Error(), secret) || strings.Contains(err.Error(), tt.key)) {
				t.Fatalf("error carries the key: %v", err)
			}
		})
	}
}

// checkRule fails unless err is nil for want "" and otherwise contains want.
func checkRule(t *testing.T, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Fatalf("refused: %v", err)
	case want != "" && err == nil:
		t.Fatalf("accepted, want an error containing %q", want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Fatalf("err = %v, want it to contain %q", err, want)
	}
}
