terraform {
  required_version = ">= 1.8" # provider-defined functions
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

variable "zone" {
  type        = string
  description = "The zone this state manages: the VMs placed on its hosts."
}

# The hosts of the whole fleet: the same map in every state.
locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a", weight = 1 }
    kvm-a2 = { address = "10.0.1.12", zone = "eu-west-a", weight = 1 }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b", weight = 2 }
    kvm-b2 = { address = "10.0.2.12", zone = "eu-west-b", weight = 1 }
  }
  # What the placement reads of this zone's hosts: zones and weights only, never keys.
  zone_hosts = { for k, h in local.hosts : k => { zone = h.zone, weight = h.weight } if h.zone == var.zone }

  # Names carry the zone, so no two states ever plan the same name.
  proxies = toset([for i in range(6) : format("%s-egress-%02d", var.zone, i)])
  placed  = { for n in local.proxies : n => provider::kvm2::place(n, local.zone_hosts) }
}

resource "kvm2_proxy_vm" "egress" {
  for_each = local.placed
  name     = each.key
  host     = each.value
  # The images state's image on this host, by its id (host/pool/name): a string, not a
  # reference, since it lives in another state.
  base_image_id = "${each.value}/default/debian-12-genericcloud-amd64.qcow2"
  disk_gib      = 4
}

output "placement" {
  value = local.placed
}
