# Terraform Stacks: one deployment per zone, each with its own state. The component's module,
# ./zone, is the guide's zone/main.tf without its provider.tf (a Stack gives its components their
# providers).
required_providers {
  kvm2 = {
    source = "egress-proxies/kvm2"
  }
}

variable "zone" {
  type = string
}

locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a" }
    kvm-a2 = { address = "10.0.1.12", zone = "eu-west-a" }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b" }
    kvm-b2 = { address = "10.0.2.12", zone = "eu-west-b" }
  }
}

provider "kvm2" "zone" {
  config {
    hosts = { for k, h in local.hosts : k => {
      address          = h.address
      zone             = h.zone
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts"
    } if h.zone == var.zone }
  }
}

component "zone" {
  source = "./zone"
  inputs = {
    zone = var.zone
  }
  providers = {
    kvm2 = provider.kvm2.zone
  }
}
