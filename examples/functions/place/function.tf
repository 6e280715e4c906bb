locals {
  # The placement's view of the provider block's hosts: the same keys, their zones and weights.
  placement_hosts = {
    kvm-a1 = { zone = "eu-west-a" }
    kvm-a2 = { zone = "eu-west-a" }
    kvm-b1 = { zone = "eu-west-b", weight = 2 } # twice the memory: twice the VMs
  }
  proxies = toset([for i in range(12) : format("egress-%02d", i)])
}

# Each proxy's host, the same on every plan: { "egress-00" = "kvm-a2", ... }.
output "placement" {
  value = { for n in local.proxies : n => provider::kvm2::place(n, local.placement_hosts) }
}

# Hosts without zones or weights can be given as a list of names.
output "egress_00_host" {
  value = provider::kvm2::place("egress-00", ["kvm-a1", "kvm-a2", "kvm-b1"])
}
