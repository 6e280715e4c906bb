terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# The host prepared above: the kvm2 account, its key, the host's key collected into known_hosts,
# and the pool and network named "default" (the provider's defaults, written out here).
provider "kvm2" {
  hosts = {
    kvm-a1 = {
      address          = "host.example.net"
      user             = "kvm2"
      private_key_file = "~/.ssh/kvm2"
      known_hosts_file = "known_hosts"
      pool             = "default"
      network          = "default"
    }
  }
}

data "kvm2_host_health" "all" {}

output "hosts" {
  value = data.kvm2_host_health.all.hosts
}
