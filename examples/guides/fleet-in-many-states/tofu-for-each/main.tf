# OpenTofu 1.9 or later: one provider instance per zone, in one state.
terraform {
  required_version = ">= 1.9"
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a", weight = 1 }
    kvm-a2 = { address = "10.0.1.12", zone = "eu-west-a", weight = 1 }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b", weight = 2 }
    kvm-b2 = { address = "10.0.2.12", zone = "eu-west-b", weight = 1 }
  }
  zones = toset([for h in local.hosts : h.zone])

  proxies         = toset([for i in range(12) : format("egress-%02d", i)])
  placement_hosts = { for k, h in local.hosts : k => { zone = h.zone, weight = h.weight } }
  placed          = { for n in local.proxies : n => provider::kvm2::place(n, local.placement_hosts) }
}

provider "kvm2" {
  alias    = "by_zone"
  for_each = local.zones
  hosts = { for k, h in local.hosts : k => {
    address          = h.address
    zone             = h.zone
    private_key_file = "~/.ssh/id_ed25519"
    known_hosts_file = "~/.ssh/known_hosts"
  } if h.zone == each.key }
}

resource "kvm2_base_image" "debian" {
  for_each   = local.hosts
  provider   = kvm2.by_zone[each.value.zone]
  host       = each.key
  name       = "debian-12-genericcloud-amd64.qcow2"
  source_url = "https://cloud.debian.org/images/cloud/bookworm/latest/debian-12-genericcloud-amd64.qcow2"
}

resource "kvm2_proxy_vm" "egress" {
  for_each      = local.placed
  provider      = kvm2.by_zone[local.hosts[each.value].zone]
  name          = each.key
  host          = each.value
  base_image_id = kvm2_base_image.debian[each.value].id
  disk_gib      = 4
}
