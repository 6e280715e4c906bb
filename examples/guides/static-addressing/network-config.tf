locals {
  egress_mac = "52:54:00:10:00:0b"
}

# A static address written by cloud-init from the seed's network-config file (version 2). The
# configuration matches the NIC by its MAC, so the MAC is pinned too. The guest applies it and
# its agent reports the address (shown by TestAccCloud_biosStaticAddressWaitsForCloudInit).
# libvirt's "default" network leases 192.168.122.2 to .254: shrink its DHCP range first (see the
# guide), so that dnsmasq never leases 192.168.122.11 to another guest.
resource "kvm2_proxy_vm" "egress_static" {
  name          = "egress-static"
  host          = "lab"
  base_image_id = kvm2_base_image.debian.id
  network       = "default"
  mac_address   = local.egress_mac

  network_config = yamlencode({
    version = 2
    ethernets = {
      primary = {
        match       = { macaddress = local.egress_mac }
        set-name    = "eth0"
        addresses   = ["192.168.122.11/24"]
        routes      = [{ to = "0.0.0.0/0", via = "192.168.122.1" }]
        nameservers = { addresses = ["192.168.122.1"] }
      }
    }
  })
}

output "egress_static_address" {
  value = kvm2_proxy_vm.egress_static.ipv4_address # as the guest agent reports it
}
