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
		{"port 0", ValidatePort(0), "port 0 is not between 1 and 65535"},
		{"port 65536", ValidatePort(65536), "port 65536 is not between 1 and 65535"},
		{"user root", ValidateUser("root"), ""},
		{"user empty", ValidateUser(""), "user is empty"},
		{"user with at", ValidateUser("root@kvm"), "must not contain"},
		{"user with space", ValidateUser("ro ot"), "must not contain"},
		{"socket default", ValidateSocket(DefaultSocket), ""},
		{"socket with space and quote", ValidateSocket("/run/user/1000/it's libvirt-sock"), ""},
		{"socket relative", ValidateSocket("run/libvirt/libvirt-sock"), "absolute path"},
		{"socket with newline", ValidateSocket("/run/x\nreboot"), "control characters"},
		{"socket with dot-dot", ValidateSocket("/run/../etc/sock"), "clean path"},
		{"socket too long", ValidateSocket("/" + strings.Repeat("s", 107)), "at most 107"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRule(t, tt.err, tt.want) })
	}
}
