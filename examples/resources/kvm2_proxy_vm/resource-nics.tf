# An egress proxy with two NICs: the first on the host's NAT network (IPv4), the second on a
# dual-stack network, limited to 10 MiB/s each way. The apply waits until the second NIC has an
# address of each family.
resource "kvm2_proxy_vm" "dual" {
  name          = "egress-dual-1"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"

  network_interfaces = [
    { network = "default" },
    {
      network     = "egress-v6"
      mac_address = "52:54:00:10:00:21"
      bandwidth = {
        inbound  = { average_kibps = 10240, burst_kib = 1024 }
        outbound = { average_kibps = 10240 }
      }
    },
  ]

  wait_for_ip_family    = "both"
  wait_for_ip_interface = 1
}

output "egress_dual_addresses" {
  value = {
    ipv4 = kvm2_proxy_vm.dual.network_interfaces[1].ipv4_addresses
    ipv6 = kvm2_proxy_vm.dual.network_interfaces[1].ipv6_addresses
  }
}
