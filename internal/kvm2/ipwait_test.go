package kvm2

import (
	"fmt"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestIPWait_ready(t *testing.T) {
	v4 := NICInstance{IPv4: []string{"10.0.0.2"}}
	v6 := NICInstance{IPv6: []string{"2001:db8::2"}}
	dual := NICInstance{IPv4: []string{"10.0.0.3"}, IPv6: []string{"2001:db8::3"}}
	none := NICInstance{}
	grace := rules.IPv4GraceAfterIPv6
	cases := []struct {
		w     IPWait
		nics  []NICInstance
		since time.Duration
		want  bool
	}{
		{IPWait{NIC: -1}, []NICInstance{v4}, 0, true},
		{IPWait{NIC: -1}, []NICInstance{v6}, 0, false},         // an IPv4 address may follow
		{IPWait{NIC: -1}, []NICInstance{v6}, grace - 1, false}, // still within the grace
		{IPWait{NIC: -1}, []NICInstance{v6}, grace, true},      // IPv6-only: never hangs
		{IPWait{NIC: -1}, []NICInstance{none, v4}, 0, true},    // any NIC
		{IPWait{NIC: 0}, []NICInstance{none, v4}, 0, false},    // the named NIC
		{IPWait{NIC: 2}, []NICInstance{v4, v4}, 0, false},      // no such NIC
		{IPWait{rules.IPWaitIPv6, -1}, []NICInstance{v4}, 0, false},
		{IPWait{rules.IPWaitIPv6, 1}, []NICInstance{v4, v6}, 0, true},
		{IPWait{rules.IPWaitIPv4, -1}, []NICInstance{v6}, time.Hour, false},
		{IPWait{rules.IPWaitBoth, -1}, []NICInstance{v4, v6}, 0, false}, // both on one NIC
		{IPWait{rules.IPWaitBoth, -1}, []NICInstance{v4, dual}, 0, true},
		{IPWait{rules.IPWaitAny, 0}, []NICInstance{v6}, 0, true},
		{IPWait{rules.IPWaitAny, 0}, []NICInstance{none}, 0, false},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := tc.w.Ready(Instance{NICs: tc.nics}, tc.since); got != tc.want {
				t.Fatalf("%+v on %+v after %s: %v, want %v", tc.w, tc.nics, tc.since, got, tc.want)
			}
		})
	}
	w := IPWait{NIC: -1}
	if !w.IPv6Only(Instance{NICs: []NICInstance{v6, none}}) || w.IPv6Only(Instance{NICs: []NICInstance{v6, v4}}) ||
		w.IPv6Only(Instance{NICs: []NICInstance{none}}) {
		t.Error("IPv6Only is wrong")
	}
	if got := IPWaitOf(Steering{IPWaitFamily: "ipv6", IPWaitInterface: "1"}); got != (IPWait{rules.IPWaitIPv6, 1}) {
		t.Errorf("IPWaitOf = %+v", got)
	}
	if got := IPWaitOf(Steering{}); got != (IPWait{NIC: -1}) {
		t.Errorf("IPWaitOf of nothing = %+v", got)
	}
}

// TestIPWait_address: the address a wait for a port connects to is one the wait waits for, on a
// NIC it waits on; never a link's own (loopback, unspecified, zoned) one.
func TestIPWait_address(t *testing.T) {
	v4 := NICInstance{IPv4: []string{"10.0.0.2"}}
	v6 := NICInstance{IPv6: []string{"2001:db8::2"}}
	dual := NICInstance{IPv4: []string{"10.0.0.3"}, IPv6: []string{"2001:db8::3"}}
	odd := NICInstance{IPv4: []string{"127.0.0.1", "0.0.0.0", "not-an-ip"}, IPv6: []string{"fe80::1%eth0"}}
	cases := []struct {
		w    IPWait
		nics []NICInstance
		want string
	}{
		{IPWait{NIC: -1}, []NICInstance{dual}, "10.0.0.3"},
		{IPWait{NIC: -1}, []NICInstance{v6}, "2001:db8::2"}, // the default's IPv6-only guest
		{IPWait{NIC: -1}, []NICInstance{{}, v4}, "10.0.0.2"},
		{IPWait{rules.IPWaitIPv6, -1}, []NICInstance{dual}, "2001:db8::3"},
		{IPWait{rules.IPWaitIPv6, 1}, []NICInstance{dual, v6}, "2001:db8::2"},
		{IPWait{rules.IPWaitIPv4, -1}, []NICInstance{v6}, ""},
		{IPWait{rules.IPWaitAny, 0}, []NICInstance{v6}, "2001:db8::2"},
		{IPWait{NIC: 0}, []NICInstance{{}, v4}, ""},
		{IPWait{NIC: -1}, []NICInstance{odd}, ""},
	}
	for i, tc := range cases {
		got, ok := tc.w.Address(Instance{NICs: tc.nics})
		if ok != (tc.want != "") || ok && got.String() != tc.want {
			t.Errorf("%d: %+v on %+v: %v %v, want %q", i, tc.w, tc.nics, got, ok, tc.want)
		}
	}
}
