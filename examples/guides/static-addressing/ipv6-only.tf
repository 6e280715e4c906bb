locals {
  uplink_mac = "52:54:00:10:00:31"
  v6_mac     = "52:54:00:10:00:32"
}

# The first NIC takes its IPv4 address by DHCP; the second has a static IPv6 address and no IPv4
# one. cloud-init writes both from the seed's network-config, matching each NIC by its MAC, so
# both MACs are pinned. The apply waits for the static IPv6 address on the second NIC, which only
# the guest agent can report (shown by TestAccCloud_ipv6OnlyNICAnswersOverIPv6). The second
# network, "egress-v6", is a libvirt network of its own that must exist on the host.
resource "kvm2_proxy_vm" "egress_v6" {
  name          = "egress-v6"
  host          = "lab"
  base_image_id = kvm2_base_image.debian.id

  network_interfaces = [
    { network = "default", mac_address = local.uplink_mac },
    { network = "egress-v6", mac_address = local.v6_mac },
  ]
  wait_for_ip_family    = "ipv6"
  wait_for_ip_interface = 1

  network_config = yamlencode({
    version = 2
    ethernets = {
      uplink = {
        match    = { macaddress = local.uplink_mac }
        set-name = "eth0"
        dhcp4    = true
      }
      v6 = {
        match     = { macaddress = local.v6_mac }
        set-name  = "eth1"
        dhcp4     = false
        accept-ra = false
        addresses = ["fd00:10::50/64"]
      }
    }
  })
}

output "egress_v6_address" {
  value = kvm2_proxy_vm.egress_v6.network_interfaces[1].ipv6_addresses[0]
}
