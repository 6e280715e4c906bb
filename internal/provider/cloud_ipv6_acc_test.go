//go:build cloud

package provider

import (
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// TestAccCloud_ipv6OnlyNICAnswersOverIPv6: the cloud image with two NICs, the first on the lab
// network by DHCP, the second on network B with a static IPv6 address alone (network_config,
// matched by MAC); the apply waits for IPv6 on the second NIC. State shows each NIC's
// addresses, the same as the guest agent reports, and the guest's proxy answers a request from
// the host over IPv6 on the second NIC, to a server on the host's side of network B over IPv6.
func TestAccCloud_ipv6OnlyNICAnswersOverIPv6(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	netB, prefix := c.networkB()
	_, cidrA := c.subnet(c.network)
	name := c.name("ipv6")
	macA, macB := c.runMAC("v6-a"), c.runMAC("v6-b")
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
`, macA, macB, static)
	ud := proxyCloudConfig(c.proxyPort, cidrA+"\n      Allow "+prefix+"/64")
	vm := c.vm(name, "bios", fmt.Sprintf(`user_data             = %s
  network_config        = %s
  wait_for_ip_family    = "ipv6"
  wait_for_ip_interface = 1
  network_interfaces = [
    { network = %q, mac_address = %q },
    { network = %q, mac_address = %q },
  ]`, hclString(ud), hclString(netConfig), c.network, macA, netB, macB))
	c.cloudTest(name, vm, nil, func(s *terraform.State, t0 time.Time) error {
		macs, got := nicAddrs(s, vmAddr)
		if len(macs) != 2 || !slices.Equal(got[1], []string{net.ParseIP(static).String()}) {
			return fmt.Errorf("NICs %v with %v: want the static %s alone on the second\n%s", macs, got, static, c.guestLogTail(name))
		}
		ci, err := c.waitCloudInit(name, t0)
		if err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		if err := ci.checkClean(); err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		agent, err := c.agentAddrs(name)
		if err != nil {
			return err
		}
		if !slices.Equal(agent[macB], got[1]) {
			return fmt.Errorf("the second NIC: state has %v, the guest agent reports %v", got[1], agent[macB])
		}
		if err := checkProxy(net.JoinHostPort(static, c.proxyPort), target, token); err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		t.Logf("%s: static %s on the second NIC, proxied over IPv6 to %s after %s", name, static, target, time.Since(t0).Round(time.Second))
		return nil
	})
}
