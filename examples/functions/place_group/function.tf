locals {
  placement_hosts = {
    kvm-a1 = { zone = "eu-west-a" }
    kvm-a2 = { zone = "eu-west-a" }
    kvm-b1 = { zone = "eu-west-b" }
    kvm-c1 = { zone = "eu-west-c" }
  }
  # Three replicas of one service: one in each zone. New replicas go at the end of the list, so
  # adding one never moves the others.
  replicas = [for i in range(3) : "egress-eu-${i}"]
}

# { "egress-eu-0" = "kvm-b1", "egress-eu-1" = "kvm-c1", "egress-eu-2" = "kvm-a1" }: three zones.
output "replicas" {
  value = provider::kvm2::place_group(local.replicas, local.placement_hosts)
}
