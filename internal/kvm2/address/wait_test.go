package address

import (
	"fmt"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestWait_ready(t *testing.T) {
	v4 := NIC{IPv4: []string{"10.0.0.2"}}
	v6 := NIC{IPv6: []string{"2001:db8::2"}}
	dual := NIC{IPv4: []string{"10.0.0.3"}, IPv6: []string{"2001:db8::3"}}
	none := NIC{}
	grace := rules.IPv4GraceAfterIPv6
	cases := []struct {
		w     Wait
		nics  []NIC
		since time.Duration
		want  bool
	}{
		{Wait{NIC: -1}, []NIC{v4}, 0, true},
		{Wait{NIC: -1}, []NIC{v6}, 0, false},         // an IPv4 address may follow
		{Wait{NIC: -1}, []NIC{v6}, grace - 1, false}, // still within the grace
		{Wait{NIC: -1}, []NIC{v6}, grace, true},      // IPv6-only: never hangs
		{Wait{NIC: -1}, []NIC{none, v4}, 0, true},    // any NIC
		{Wait{NIC: 0}, []NIC{none, v4}, 0, false},    // the named NIC
		{Wait{NIC: 2}, []NIC{v4, v4}, 0, false},      // no such NIC
		{Wait{rules.IPWaitIPv6, -1}, []NIC{v4}, 0, false},
		{Wait{rules.IPWaitIPv6, 1}, []NIC{v4, v6}, 0, true},
		{Wait{rules.IPWaitIPv4, -1}, []NIC{v6}, time.Hour, false},
		{Wait{rules.IPWaitBoth, -1}, []NIC{v4, v6}, 0, false}, // both on one NIC
		{Wait{rules.IPWaitBoth, -1}, []NIC{v4, dual}, 0, true},
		{Wait{rules.IPWaitAny, 0}, []NIC{v6}, 0, true},
		{Wait{rules.IPWaitAny, 0}, []NIC{none}, 0, false},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := tc.w.Ready(tc.nics, tc.since); got != tc.want {
				t.Fatalf("%+v on %+v after %s: %v, want %v", tc.w, tc.nics, tc.since, got, tc.want)
			}
		})
	}
	w := Wait{NIC: -1}
	if !w.IPv6Only([]NIC{v6, none}) || w.IPv6Only([]NIC{v6, v4}) ||
		w.IPv6Only([]NIC{none}) {
		t.Error("IPv6Only is wrong")
	}
	if got := WaitOf("ipv6", "1"); got != (Wait{rules.IPWaitIPv6, 1}) {
		t.Errorf("WaitOf = %+v", got)
	}
	if got := WaitOf("", ""); got != (Wait{NIC: -1}) {
		t.Errorf("WaitOf of nothing = %+v", got)
	}
}

// TestWait_address: the address a wait for a port connects to is one the wait waits for, on a
// NIC it waits on; never a link's own (loopback, unspecified, zoned) one.
func TestWait_address(t *testing.T) {
	v4 := NIC{IPv4: []string{"10.0.0.2"}}
	v6 := NIC{IPv6: []string{"2001:db8::2"}}
	dual := NIC{IPv4: []string{"10.0.0.3"}, IPv6: []string{"2001:db8::3"}}
	odd := NIC{IPv4: []string{"127.0.0.1", "0.0.0.0", "not-an-ip"}, IPv6: []string{"fe80::1%eth0"}}
	cases := []struct {
		w    Wait
		nics []NIC
		want string
	}{
		{Wait{NIC: -1}, []NIC{dual}, "10.0.0.3"},
		{Wait{NIC: -1}, []NIC{v6}, "2001:db8::2"}, // the default's IPv6-only guest
		{Wait{NIC: -1}, []NIC{{}, v4}, "10.0.0.2"},
		{Wait{rules.IPWaitIPv6, -1}, []NIC{dual}, "2001:db8::3"},
		{Wait{rules.IPWaitIPv6, 1}, []NIC{dual, v6}, "2001:db8::2"},
		{Wait{rules.IPWaitIPv4, -1}, []NIC{v6}, ""},
		{Wait{rules.IPWaitAny, 0}, []NIC{v6}, "2001:db8::2"},
		{Wait{NIC: 0}, []NIC{{}, v4}, ""},
		{Wait{NIC: -1}, []NIC{odd}, ""},
	}
	for i, tc := range cases {
		got, ok := tc.w.Address(tc.nics)
		if ok != (tc.want != "") || ok && got.String() != tc.want {
			t.Errorf("%d: %+v on %+v: %v %v, want %q", i, tc.w, tc.nics, got, ok, tc.want)
		}
	}
}
