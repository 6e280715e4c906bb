package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

func TestValidateNICs(t *testing.T) {
	eight := make([]definition.NIC, MaxNICs)
	for i := range eight {
		eight[i] = definition.NIC{Network: "default"}
	}
	rate := func(a, p, b uint) definition.Bandwidth {
		return definition.Bandwidth{Outbound: &definition.Rate{Average: a, Peak: p, Burst: b}}
	}
	cases := []struct {
		name string
		nics []definition.NIC
		want string // "" accepts
	}{
		{"one", []definition.NIC{{Network: "default"}}, ""},
		{"eight", eight, ""},
		{"none", nil, "network interfaces is 0"},
		{"nine", append(eight, definition.NIC{Bridge: "br0"}), "network interfaces is 9"},
		{"both network and bridge", []definition.NIC{{Network: "default"}, {Network: "a", Bridge: "br0"}}, "network interface 1: set at most one"},
		{"neither", []definition.NIC{{Network: "default"}, {}}, "network interface 1: no network or bridge"},
		{"bad mac", []definition.NIC{{Network: "default", MAC: "ff:ff:ff:ff:ff:ff"}}, "network interface 0: mac address"},
		{"duplicate mac in either case", []definition.NIC{{Network: "a", MAC: "52:54:00:00:00:01"}, {Bridge: "b"},
			{Network: "c", MAC: "52:54:00:00:00:0A"}, {Network: "d", MAC: "52:54:00:00:00:0a"}},
			"network interfaces 2 and 3 both have mac_address"},
		{"two unpinned", []definition.NIC{{Network: "a"}, {Network: "a"}}, ""},
		{"bandwidth at its bounds", []definition.NIC{{Network: "a", Bandwidth: rate(MaxBandwidthKiBps, MaxBandwidthKiBps, MaxBurstKiB)}}, ""},
		{"bandwidth out of bounds", []definition.NIC{{Network: "a"}, {Network: "a", Bandwidth: rate(MaxBandwidthKiBps+1, 0, 0)}},
			"network interface 1: outbound bandwidth: average is 4194305"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateNICs(tc.nics)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("ValidateNICs: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestValidateRate(t *testing.T) {
	cases := []struct {
		r    *definition.Rate
		want string
	}{
		{nil, ""},
		{&definition.Rate{Average: 1}, ""},
		{&definition.Rate{Average: 100, Peak: 100, Burst: 1}, ""},
		{&definition.Rate{Average: MaxBandwidthKiBps, Peak: MaxBandwidthKiBps, Burst: MaxBurstKiB}, ""},
		{&definition.Rate{}, "average is 0 KiB/s"},
		{&definition.Rate{Peak: 10}, "a peak or burst needs an average"},
		{&definition.Rate{Burst: 10}, "a peak or burst needs an average"},
		{&definition.Rate{Average: MaxBandwidthKiBps + 1}, "average is 4194305"},
		{&definition.Rate{Average: 100, Peak: 99}, "peak 99"},
		{&definition.Rate{Average: 100, Peak: MaxBandwidthKiBps + 1}, "peak is 4194305"},
		{&definition.Rate{Average: 100, Burst: MaxBurstKiB + 1}, "burst is 1048577"},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%+v", tc.r), func(t *testing.T) {
			err := ValidateRate(tc.r)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("ValidateRate: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestValidateIPWait(t *testing.T) {
	cases := []struct {
		wait      bool
		family    IPWaitFamily
		nic, nics int
		want      string
	}{
		{true, IPWaitDefault, -1, 1, ""},
		{false, IPWaitDefault, -1, 1, ""},
		{true, IPWaitIPv6, 1, 2, ""},
		{true, IPWaitBoth, 0, 1, ""},
		{true, IPWaitAny, -1, 3, ""},
		{true, "ipv5", -1, 1, `wait_for_ip_family "ipv5"`},
		{true, IPWaitIPv6, 2, 2, "wait_for_ip_interface 2 names no network interface: the VM has 2"},
		{true, IPWaitIPv6, -2, 2, "wait_for_ip_interface -2"},
		{false, IPWaitIPv6, -1, 1, "wait_for_ip is false"},
		{false, IPWaitDefault, 0, 1, "wait_for_ip is false"},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%v/%s/%d/%d", tc.wait, tc.family, tc.nic, tc.nics), func(t *testing.T) {
			err := ValidateIPWait(tc.wait, tc.family, tc.nic, tc.nics)
			if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("ValidateIPWait: %v, want %q", err, tc.want)
			}
		})
	}
}

func TestValidateIPWaitSteering(t *testing.T) {
	for _, ok := range [][2]string{{"", ""}, {"ipv4", ""}, {"both", "0"}, {"any", "7"}} {
		if err := ValidateIPWaitSteering(ok[0], ok[1]); err != nil {
			t.Errorf("%q %q: %v", ok[0], ok[1], err)
		}
	}
	for _, bad := range [][2]string{{"ipv5", ""}, {"", "8"}, {"", "-1"}, {"", "01"}, {"", "x"}} {
		if err := ValidateIPWaitSteering(bad[0], bad[1]); err == nil {
			t.Errorf("%q %q accepted", bad[0], bad[1])
		}
	}
}

func TestValidateConfiguredNICs_aNICWithoutAttachmentIsOnItsHosts(t *testing.T) {
	if err := ValidateConfiguredNICs([]definition.NIC{{}, {Bridge: "br0"}}); err != nil {
		t.Fatal(err)
	}
	if err := ValidateNICs([]definition.NIC{{}, {Bridge: "br0"}}); err == nil {
		t.Fatal("ValidateNICs accepted a NIC left without attachment")
	}
	if err := ValidateConfiguredNICs([]definition.NIC{{}, {Network: "a", Bridge: "b"}}); err == nil {
		t.Fatal("ValidateConfiguredNICs accepted a NIC with both")
	}
}
