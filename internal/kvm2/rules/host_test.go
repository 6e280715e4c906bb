package rules

import (
	"strings"
	"testing"
)

func TestHostRules(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string // "" accepts
	}{
		{"address name", ValidateAddress("kvm-01.example.com"), ""},
		{"address ipv4", ValidateAddress("192.0.2.10"), ""},
		{"address ipv6", ValidateAddress("2001:db8::1"), ""},
		{"address empty", ValidateAddress(""), "address is required"},
		{"address with space", ValidateAddress("kvm 01"), "white space"},
		{"address bracketed", ValidateAddress("[2001:db8::1]"), "bare host name or IP address"},
		{"address with user", ValidateAddress("root@kvm"), "without brackets, user"},
		{"port 1", ValidatePort(1), ""},
		{"port 65535", ValidatePort(65535), ""},
		{"port 0", ValidatePort(0), "port is 0; it must be 1 to 65535"},
		{"port is 65536", ValidatePort(65536), "port is 65536"},
		{"user root", ValidateUser("root"), ""},
		{"user empty", ValidateUser(""), "user is empty"},
		{"user with at", ValidateUser("root@kvm"), "must not contain"},
		{"user with space", ValidateUser("ro ot"), "white space U+0020"},
		{"socket default", ValidateSocket(DefaultSocket), ""},
		{"socket with space and quote", ValidateSocket("/run/user/1000/it's libvirt-sock"), ""},
		{"socket relative", ValidateSocket("run/libvirt/libvirt-sock"), "absolute path"},
		{"socket with newline", ValidateSocket("/run/x\nreboot"), "control character U+000A"},
		{"socket with dot-dot", ValidateSocket("/run/../etc/sock"), "clean path"},
		{"socket too long", ValidateSocket("/" + strings.Repeat("s", 107)), "at most 107"},
		{"no jump hosts", ValidateJumpHosts(0), ""},
		{"most jump hosts", ValidateJumpHosts(MaxJumpHosts), ""},
		{"too many jump hosts", ValidateJumpHosts(MaxJumpHosts + 1), "jump hosts is 5; it must be at most 4"},
		{"jump", ValidateJump("bastion.example.com", 22, "ops"), ""},
		{"jump without address", ValidateJump("", 22, "ops"), "address is required"},
		{"jump port 0", ValidateJump("bastion", 0, "ops"), "port is 0; it must be 1 to 65535"},
		{"jump port too big", ValidateJump("bastion", 65536, "ops"), "port is 65536"},
		{"jump without user", ValidateJump("bastion", 22, ""), "a jump host's user is required"},
		{"jump user with at", ValidateJump("bastion", 22, "ops@bastion"), "must not contain"},
		{"one host-key source", ValidateHostKeySource("/k", ""), ""},
		{"no host-key source", ValidateHostKeySource("", ""), ""},
		{"two host-key sources", ValidateHostKeySource("/k", "ssh-ed25519 AAAA"), "set exactly one of known_hosts file and host key, not both"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRule(t, tt.err, tt.want) })
	}
}

func TestParseJumpSpec(t *testing.T) {
	tests := []struct {
		spec       string
		user, host string
		port       int
		want       string // error substring; "" accepts
	}{
		{"bastion", "", "bastion", 0, ""},
		{"ops@bastion.example.com:2022", "ops", "bastion.example.com", 2022, ""},
		{"10.0.0.2:22", "", "10.0.0.2", 22, ""},
		{"ops@[2001:db8::1]:2022", "ops", "2001:db8::1", 2022, ""},
		{"2001:db8::1", "", "2001:db8::1", 0, ""},
		{"ssh://ops@bastion:2022", "ops", "bastion", 2022, ""},
		{"ssh://bastion", "", "bastion", 0, ""},
		{"", "", "", 0, "empty"},
		{"ops@", "", "", 0, "address is required"},
		{"bastion:0", "", "", 0, "port is 0"},
		{"bastion:ssh", "", "", 0, "not a port number"},
		{"a b", "", "", 0, "white space"},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			user, host, port, err := ParseJumpSpec(tt.spec)
			checkRule(t, err, tt.want)
			if tt.want == "" && (user != tt.user || host != tt.host || port != tt.port) {
				t.Errorf("ParseJumpSpec(%q) = %q, %q, %d; want %q, %q, %d", tt.spec, user, host, port, tt.user, tt.host, tt.port)
			}
		})
	}
}
