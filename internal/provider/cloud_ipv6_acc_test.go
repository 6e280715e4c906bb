//go:build cloud

package provider

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// TestAccCloud_ipv6OnlyNICAnswersOverIPv6: the cloud image with three NICs, the first on the lab
// network by DHCP, the second on network B with a static IPv6 address alone, the third on
// network B dual stack (DHCP and SLAAC), each matched by MAC in network_config; the apply waits
// for IPv6 on the second NIC. State shows each NIC's addresses, the same as the guest agent
// reports, and the guest's proxy answers a request from the host over IPv6 on the second NIC, to
// a server on the host's side of network B over IPv6.
func TestAccCloud_ipv6OnlyNICAnswersOverIPv6(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	netB, prefix := c.networkB()
	_, cidrA := c.subnet(c.network)
	name := c.name("ipv6")
	macA, macB, macDual := c.runMAC("v6-a"), c.runMAC("v6-b"), c.runMAC("v6-dual")
	static := fmt.Sprintf("%s%x", prefix, 0x50+rand.IntN(0x40))
	target, token := tokenServer(t, prefix+"1")
	netConfig := fmt.Sprintf(`version: 2
ethernets:
  uplink:
    match:
      macaddress: "%s"
    set-name: eth0
    dhcp4: true
  v6:
    match:
      macaddress: "%s"
    set-name: eth1
    dhcp4: false
    accept-ra: false
    addresses: ["%s/64"]
  dual:
    match:
      macaddress: "%s"
    set-name: eth2
    dhcp4: true
`, macA, macB, static, macDual)
	ud := proxyCloudConfig(c.proxyPort, cidrA+"\n      Allow "+prefix+"/64")
	vm := c.vm(name, "bios", fmt.Sprintf(`user_data             = %s
  network_config        = %s
  wait_for_ip_family    = "ipv6"
  wait_for_ip_interface = 1
  network_interfaces = [
    { network = %q, mac_address = %q },
    { network = %q, mac_address = %q },
    { network = %q, mac_address = %q },
  ]`, hclString(ud), hclString(netConfig), c.network, macA, netB, macB, netB, macDual))
	c.cloudTest(name, vm, nil, func(s *terraform.State, t0 time.Time) error {
		macs, got := nicAddrs(s, vmAddr)
		if len(macs) != 3 || !slices.Equal(got[1], []string{net.ParseIP(static).String()}) {
			return fmt.Errorf("NICs %v with %v: want the static %s alone on the second\n%s", macs, got, static, c.guestLogTail(name))
		}
		ci, err := c.waitCloudInit(name, t0)
		if err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		if err := ci.checkClean(); err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		// The dual-stack NIC's SLAAC address may come after the apply's read: the state of a
		// refresh is compared with the agent, each NIC's addresses as sets.
		agent, err := c.agentAddrs(name)
		if err != nil {
			return err
		}
		inst, err := c.client().Get(context.Background(), "lab/"+name, s.RootModule().Resources[vmAddr].Primary.Attributes["uid"])
		if err != nil {
			return err
		}
		for i, n := range inst.NICs {
			have := append(slices.Clone(n.IPv4), n.IPv6...)
			want := slices.Clone(agent[n.MAC])
			slices.Sort(have)
			slices.Sort(want)
			if !slices.Equal(have, want) {
				return fmt.Errorf("NIC %d (%s): a read gives %v, the guest agent reports %v", i, n.MAC, have, want)
			}
		}
		dual := inst.NICs[2]
		if len(dual.IPv4) == 0 || len(dual.IPv6) == 0 {
			return fmt.Errorf("the third NIC has %v and %v, want both families\n%s", dual.IPv4, dual.IPv6, c.guestLogTail(name))
		}
		if err := checkProxy(net.JoinHostPort(static, c.proxyPort), target, token); err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		t.Logf("%s: static %s on the second NIC, proxied over IPv6 to %s after %s", name, static, target, time.Since(t0).Round(time.Second))
		return nil
	})
}
