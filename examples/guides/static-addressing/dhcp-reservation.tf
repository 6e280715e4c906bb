# The address the network's DHCP server reserves for this MAC (virsh net-update ... ip-dhcp-host).
# A pinned MAC survives every replacement of the VM, so the reservation keeps working (shown by
# TestProxyVM_fixedMACSurvivesReplacement, and on the lab host by TestAccProxyVM_fixedAddress).
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.debian.id
  network       = "default"
  mac_address   = "52:54:00:10:00:0a"
}

output "egress_address" {
  value = kvm2_proxy_vm.egress.ipv4_address # 192.168.122.10 once the reservation is in place
}
