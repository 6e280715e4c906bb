package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

func TestValidateVMName(t *testing.T) {
	tests := []struct {
		name, want string // want: "" accepts, else a substring of the error
	}{
		{"egress-1", ""},
		{"a", ""},
		{"a1-b2", ""},
		{strings.Repeat("a", 63), ""},
		{strings.Repeat("a", 64), "limit is 63"},
		{"", "empty"},
		{"Egress_1", "lowercase letter"},
		{"egress_1", "only lowercase letters, digits and hyphens"},
		{"1egress", "start with a lowercase letter"},
		{"-egress", "start with a lowercase letter"},
		{"egress.a", "only lowercase letters, digits and hyphens"},
		{"egress-", "must not end with a hyphen"},
		{"egress a", "only lowercase letters"},
		{"../etc", "start with a lowercase letter"},
		{"web/1", "contains '/'"},
		{"wéb", "contains"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, ValidateVMName(tt.name), tt.want)
		})
	}
}

func TestValidateBounds(t *testing.T) {
	tests := []struct {
		name  string
		check func(int64) error
		n     int64
		want  string
	}{
		{"vcpus 0", ValidateVCPUs, 0, "vcpus is 0; it must be 1 to 255"},
		{"vcpus 1", ValidateVCPUs, 1, ""},
		{"vcpus 255", ValidateVCPUs, 255, ""},
		{"vcpus 256", ValidateVCPUs, 256, "vcpus is 256; it must be 1 to 255"},
		{"vcpus negative", ValidateVCPUs, -1, "must be 1 to 255"},
		{"memory 32", ValidateMemoryMiB, 32, "memory is 32 MiB; it must be 64 to 1048576 MiB"},
		{"memory 63", ValidateMemoryMiB, 63, "must be 64 to"},
		{"memory 64", ValidateMemoryMiB, 64, ""},
		{"memory 1 TiB", ValidateMemoryMiB, 1 << 20, ""},
		{"memory 1 TiB + 1 MiB", ValidateMemoryMiB, 1<<20 + 1, "must be 64 to 1048576 MiB (1 TiB)"},
		{"disk 0", ValidateDiskGiB, 0, "disk is 0 GiB; it must be 1 to 65536 GiB"},
		{"disk 1", ValidateDiskGiB, 1, ""},
		{"disk 65536", ValidateDiskGiB, 65536, ""},
		{"disk 65537", ValidateDiskGiB, 65537, "must be 1 to 65536 GiB (64 TiB)"},
		{"disk that wraps to 1 GiB in bytes", ValidateDiskGiB, 17179869185, "disk is 17179869185 GiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, tt.check(tt.n), tt.want)
		})
	}
}

func TestDiskBytes(t *testing.T) {
	if b, err := DiskBytes(MaxDiskGiB); err != nil || b != 1<<46 {
		t.Fatalf("DiskBytes(%d) = %d, %v; want 64 TiB", MaxDiskGiB, b, err)
	}
	if b, err := DiskBytes(1); err != nil || b != 1<<30 {
		t.Fatalf("DiskBytes(1) = %d, %v", b, err)
	}
	// 2^34+1 GiB is 2^64+2^30 bytes: shifted unchecked it wraps to exactly 1 GiB.
	if b, err := DiskBytes(17179869185); err == nil {
		t.Fatalf("DiskBytes(17179869185) = %d, want an error instead of a wrapped size", b)
	}
}

func TestValidateFirmware(t *testing.T) {
	for _, f := range Firmwares() {
		checkRule(t, ValidateFirmware(f), "")
	}
	checkRule(t, ValidateFirmware(""), `firmware "" is neither "uefi" nor "bios"`)
	checkRule(t, ValidateFirmware("coreboot"), "is neither")
	if Firmwares()[0] != DefaultFirmware {
		t.Fatalf("Firmwares() = %v, want the default %q first", Firmwares(), DefaultFirmware)
	}
}

func TestValidateAttachmentNames(t *testing.T) {
	tests := []struct {
		name  string
		check func(string) error
		in    string
		want  string
	}{
		{"network default", ValidateNetworkName, "default", ""},
		{"network with space and dot", ValidateNetworkName, "proxy net.1", ""},
		{"network empty", ValidateNetworkName, "", "network name is empty"},
		{"network with slash", ValidateNetworkName, "a/b", "must not contain '/'"},
		{"network with newline", ValidateNetworkName, "a\nb", "control character U+000A"},
		{"network not utf-8", ValidateNetworkName, "a\xffb", "UTF-8"},
		{"pool default", ValidatePoolName, "default", ""},
		{"pool with slash", ValidatePoolName, "images/x", "pool name \"images/x\" must not contain '/'"},
		{"bridge br0", ValidateBridgeName, "br0", ""},
		{"bridge 15 bytes", ValidateBridgeName, "virbr-kvm2-abcd", ""},
		{"bridge 16 bytes", ValidateBridgeName, "virbr-kvm2-abcde", "at most 15"},
		{"bridge empty", ValidateBridgeName, "", "empty"},
		{"bridge dot", ValidateBridgeName, ".", "not an interface name"},
		{"bridge dotdot", ValidateBridgeName, "..", "not an interface name"},
		{"bridge colon", ValidateBridgeName, "br0:1", "must not contain"},
		{"bridge slash", ValidateBridgeName, "br/0", "must not contain"},
		{"bridge space", ValidateBridgeName, "br 0", "white space"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, tt.check(tt.in), tt.want)
		})
	}
}

// TestRuleTexts holds each rule text to the bounds the check applies, so descriptions cannot
// drift from the rule.
func TestRuleTexts(t *testing.T) {
	tests := []struct {
		text     string
		min, max int64
		check    func(int64) error
	}{
		{VCPUsRule, MinVCPUs, MaxVCPUs, ValidateVCPUs},
		{MemoryMiBRule, MinMemoryMiB, MaxMemoryMiB, ValidateMemoryMiB},
		{DiskGiBRule, MinDiskGiB, MaxDiskGiB, ValidateDiskGiB},
		{PortRule, 1, 65535, ValidatePort},
		{MaxConcurrentOperationsRule, MinMaxConcurrentOperations, MaxMaxConcurrentOperations, ValidateMaxConcurrentOperations},
		{MaxClientRequestsRule, MinMaxClientRequests, MaxMaxClientRequests, ValidateMaxClientRequests},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if want := strconv.FormatInt(tt.min, 10) + " to " + strconv.FormatInt(tt.max, 10); !strings.HasPrefix(tt.text, want) {
				t.Fatalf("rule text %q does not start with %q", tt.text, want)
			}
			if tt.check(tt.min) != nil || tt.check(tt.max) != nil || tt.check(tt.min-1) == nil || tt.check(tt.max+1) == nil {
				t.Fatalf("check does not accept exactly %d to %d", tt.min, tt.max)
			}
		})
	}
	if !strings.Contains(VMNameRule, "63") || !strings.Contains(BridgeNameRule, "15") {
		t.Fatal("name rule texts lost their limits")
	}
	for _, f := range Firmwares() {
		if !strings.Contains(FirmwareRule, `"`+string(f)+`"`) {
			t.Fatalf("FirmwareRule %q lacks %q", FirmwareRule, f)
		}
	}
}

func TestValidateNetworkConfig(t *testing.T) {
	const static = `version: 2
ethernets:
  eth0:
    match:
      macaddress: "52:54:00:1a:2b:3c"
    addresses: [192.168.123.200/24]
    routes:
      - to: 0.0.0.0/0
        via: 192.168.123.1
    nameservers:
      addresses: [192.168.123.1]
`
	tests := []struct {
		name, doc, want string
	}{
		{"version 2 static", static, ""},
		{"version 1", "version: 1\nconfig:\n  - type: physical\n    name: eth0\n", ""},
		{"under network", "network:\n  version: 2\n  ethernets: {}\n", ""},
		{"crlf line ends", "version: 2\r\nethernets: {}\r\n", ""},
		{"empty", "", "empty"},
		{"blank", " \n\t\n", "empty"},
		{"no version", "ethernets:\n  eth0:\n    dhcp4: true\n", "no `version` key"},
		{"version 3", "version: 3\n", "version 3"},
		{"version as a string", "version: \"2\"\n", "version 2;"},
		{"a list", "- version: 2\n", "not a YAML mapping"},
		{"a scalar", "version 2\n", "not a YAML mapping"},
		{"broken yaml", "version: 2\nethernets: [eth0\n", "not a YAML mapping"},
		{"duplicate key", "version: 2\nversion: 1\n", "already defined"},
		{"tab indentation", "version: 2\nethernets:\n\teth0: {}\n", "not a YAML mapping"},
		{"network beside other keys", "network:\n  version: 2\nother: 1\n", "no `version` key"},
		{"control character", "version: 2\n# \x01\n", "control character U+0001"},
		{"not utf-8", "version: 2\n# \xff\n", "UTF-8"},
		{"too long", "version: 2\n#" + strings.Repeat("x", MaxNetworkConfigBytes), "the limit is 65536"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, ValidateNetworkConfig(tt.doc), tt.want)
		})
	}
	if !strings.Contains(NetworkConfigRule, "65536") || MaxNetworkConfigBytes != 65536 {
		t.Fatal("NetworkConfigRule lost its limit")
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

func TestValidateTag(t *testing.T) {
	tests := []struct {
		name, tag, want string // want: "" accepts, else a substring of the error
	}{
		{"empty", "", ""},
		{"plain", "fleet-a", ""},
		{"tab, line feed, carriage return", "a\tb\nc\r\n", ""},
		{"beyond ASCII", "flotte-é 東 \U0001F600 \u200b", ""},
		{"DEL", "a\x7f", "U+007F at byte 1"},
		{"C1 next line", "a\u0085", "U+0085 at byte 1"},
		{"last C1", "\u009f", "U+009F at byte 0"},
		{"NUL", "a\x00b", "U+0000 at byte 1"},
		{"other C0", "a\x01", "U+0001 at byte 1"},
		{"escape", "\x1b[31m", "U+001B at byte 0"},
		{"U+FFFE", "a\uFFFE", "U+FFFE"},
		{"U+FFFF", "\uFFFF", "U+FFFF"},
		{"invalid UTF-8", "a\xffb", "not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkRule(t, ValidateTag(tt.tag), tt.want)
		})
	}
}

// TestValidateTagIsWhatTheMarkHolds: a tag the rule accepts reads back from the mark byte for
// byte. The rule refuses more than the mark's limit: DEL and the C1 controls, which XML holds, are
// control characters in the words' (Unicode's) sense.
func TestValidateTagIsWhatTheMarkHolds(t *testing.T) {
	for _, tag := range []string{"", "fleet-a", "a\tb\nc\r\nd\r", "é 東 \U0001F600 \u0085 \x7f <&>'\"",
		"a\x00b", "a\x01", "\x1b[31m", "a\uFFFE", "\uFFFF", "a\xffb", "\x7f\x1f"} {
		x, err := definition.MarshalMarkForSetMetadata(definition.Mark{UID: "u", Tag: tag})
		if err != nil {
			t.Fatal(err)
		}
		m, err := definition.ParseMark(x)
		same := err == nil && m.Tag == tag
		if accepted := ValidateTag(tag) == nil; accepted && !same {
			t.Errorf("tag %q: rule accepts it %v, mark reads it back %v (%q, %v)", tag, accepted, same, m.Tag, err)
		}
	}
}

func TestDiskGiBOf(t *testing.T) {
	for _, tt := range []struct {
		bytes uint64
		want  int64
	}{{0, 0}, {1, 1}, {1 << 30, 1}, {1<<30 + 1, 2}, {10<<30 + 512<<20, 11}, {MaxDiskGiB << 30, MaxDiskGiB}, {^uint64(0), 1 << 34}} {
		if got := DiskGiBOf(tt.bytes); got != tt.want {
			t.Errorf("DiskGiBOf(%d) = %d, want %d", tt.bytes, got, tt.want)
		}
	}
}
