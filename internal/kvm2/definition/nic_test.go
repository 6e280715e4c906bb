package definition

import (
	"reflect"
	"strings"
	"testing"

	"libvirt.org/go/libvirtxml"
)

func TestDomainXML_severalNICsInOrderWithTheirLimits(t *testing.T) {
	s := validSpec()
	s.NICs = []NIC{
		{Network: "default", MAC: "52:54:00:AA:00:01"},
		{Bridge: "br1", Bandwidth: Bandwidth{
			Inbound:  &Rate{Average: 1000, Peak: 2000, Burst: 512},
			Outbound: &Rate{Average: 500},
		}},
		{Network: "v6only", MAC: "52:54:00:aa:00:03", Bandwidth: Bandwidth{Outbound: &Rate{Average: 64, Burst: 32}}},
	}
	out, dom := buildAndParse(t, s)
	if n := len(dom.Devices.Interfaces); n != 3 {
		t.Fatalf("%d interfaces, want 3:\n%s", n, out)
	}
	second := dom.Devices.Interfaces[1]
	if second.Source == nil || second.Source.Bridge == nil || second.Source.Bridge.Bridge != "br1" {
		t.Errorf("interface 1's source %+v, want bridge br1", second.Source)
	}
	if second.Bandwidth == nil || second.Bandwidth.Inbound == nil || *second.Bandwidth.Inbound.Peak != 2000 {
		t.Errorf("interface 1's bandwidth %+v, want inbound peak 2000", second.Bandwidth)
	}
	if dom.Devices.Interfaces[0].Bandwidth != nil {
		t.Errorf("interface 0 has a <bandwidth> though it has no limit:\n%s", out)
	}

	facts, err := ParseDomain(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []NIC{
		{Network: "default", MAC: "52:54:00:aa:00:01"},
		{Bridge: "br1", Bandwidth: s.NICs[1].Bandwidth},
		{Network: "v6only", MAC: "52:54:00:aa:00:03", Bandwidth: s.NICs[2].Bandwidth},
	}
	if !reflect.DeepEqual(facts.NICs, want) {
		t.Errorf("NICs read back:\n got %+v\nwant %+v", facts.NICs, want)
	}
	if facts.MAC != "52:54:00:aa:00:01" || facts.Network != "default" || facts.Bridge != "" {
		t.Errorf("first NIC's facts %q %q %q, want the first NIC's", facts.MAC, facts.Network, facts.Bridge)
	}
	if !reflect.DeepEqual(facts.MACs, []string{"52:54:00:aa:00:01", "52:54:00:aa:00:03"}) {
		t.Errorf("MACs %v, want both pinned addresses", facts.MACs)
	}
}

func TestDomainXML_refusesABadNIC(t *testing.T) {
	cases := []struct {
		name string
		nics []NIC
		want string
	}{
		{"none", nil, "no network interface"},
		{"second with both", []NIC{{Network: "default"}, {Network: "a", Bridge: "br0"}}, "interface 1: exactly one of network"},
		{"a limit without an average", []NIC{{Network: "default", Bandwidth: Bandwidth{Inbound: &Rate{Peak: 10}}}}, "inbound bandwidth has no average"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := validSpec()
			s.NICs = tc.nics
			_, err := DomainXML(s)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("DomainXML: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestInterfaceXML_isTheDomainsDevice(t *testing.T) {
	n := NIC{Network: "kvm2lab-b", MAC: "52:54:00:aa:00:09", Bandwidth: Bandwidth{Inbound: &Rate{Average: 128}}}
	out, err := InterfaceXML(n)
	if err != nil {
		t.Fatal(err)
	}
	var iface libvirtxml.DomainInterface
	if err := iface.Unmarshal(out); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	want := nicXML(n)
	want.XMLName = iface.XMLName
	if !reflect.DeepEqual(iface, want) || *iface.Bandwidth.Inbound.Average != 128 {
		t.Errorf("InterfaceXML reads back as\n%+v\nwant the device DomainXML writes\n%+v", iface, want)
	}
	if _, err := InterfaceXML(NIC{}); err == nil {
		t.Error("InterfaceXML of a NIC with neither network nor bridge: no error")
	}
}

func TestBandwidth_equal(t *testing.T) {
	a := Bandwidth{Inbound: &Rate{Average: 1}}
	if !a.Equal(Bandwidth{Inbound: &Rate{Average: 1}}) || a.Equal(Bandwidth{Inbound: &Rate{Average: 2}}) ||
		a.Equal(Bandwidth{Outbound: &Rate{Average: 1}}) || !(Bandwidth{}).Equal(Bandwidth{}) || a.IsZero() || !(Bandwidth{}).IsZero() {
		t.Error("Bandwidth.Equal or IsZero is wrong")
	}
}

// TestNetworkFamilies reads the families from network definitions as libvirt 9.0 returns them
// (the lab's networks: IPv4 alone; IPv4 by DHCP and IPv6 by router advertisements).
func TestNetworkFamilies(t *testing.T) {
	cases := []struct {
		x          string
		ipv4, ipv6 bool
	}{
		{`<network><name>kvm2lab</name><forward mode='nat'><nat><port start='1024' end='65535'/></nat></forward>
<bridge name='virbr-kvm2' stp='on' delay='0'/><mac address='52:54:00:2a:5c:61'/>
<ip address='192.168.123.1' netmask='255.255.255.0'><dhcp><range start='192.168.123.10' end='192.168.123.250'/></dhcp></ip>
</network>`, true, false},
		{`<network><name>kvm2lab-b</name><uuid>ad0fc7fd-22e8-4bc0-b8b9-1ff96215fe1f</uuid>
<bridge name='virbr-kvm2c' stp='on' delay='0'/><mac address='52:54:00:c7:19:16'/>
<ip address='192.168.125.1' netmask='255.255.255.0'><dhcp><range start='192.168.125.10' end='192.168.125.250'/></dhcp></ip>
<ip family='ipv6' address='fd6b:766d:7a03::1' prefix='64'>
</ip>
</network>`, true, true},
		{`<network><name>v6</name><ip family="ipv6" address="fd00::1" prefix="64"/></network>`, false, true},
		{`<network><name>isolated</name></network>`, false, false},
	}
	for _, tc := range cases {
		v4, v6, err := NetworkFamilies(tc.x)
		if err != nil || v4 != tc.ipv4 || v6 != tc.ipv6 {
			t.Errorf("NetworkFamilies = %v, %v, %v; want %v, %v\n%s", v4, v6, err, tc.ipv4, tc.ipv6, tc.x)
		}
	}
	if _, _, err := NetworkFamilies("<network"); err == nil {
		t.Error("NetworkFamilies of a broken definition: no error")
	}
}
