terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# The host and its bastion come from the Host kvm-a1 block of ~/.ssh/config (below).
provider "kvm2" {
  hosts = {
    kvm-a1 = {
      address          = "kvm-a1" # a Host alias of the file
      ssh_config_file  = "~/.ssh/config"
      known_hosts_file = "~/.ssh/known_hosts"
    }
  }
}

data "kvm2_host_health" "all" {}

output "hosts" {
  value = data.kvm2_host_health.all.hosts
}
