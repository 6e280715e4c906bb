terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# The hosts of the whole fleet: the same map in every state. Each host uses the provider's
# default storage pool and libvirt network, both named "default" (see Preparing a libvirt host).
locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a", weight = 1 }
    kvm-a2 = { address = "10.0.1.12", zone = "eu-west-a", weight = 1 }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b", weight = 2 }
    kvm-b2 = { address = "10.0.2.12", zone = "eu-west-b", weight = 1 }
  }
}

# The images state reaches every host.
provider "kvm2" {
  hosts = { for k, h in local.hosts : k => {
    address          = h.address
    zone             = h.zone
    private_key_file = "~/.ssh/id_ed25519"
    known_hosts_file = "~/.ssh/known_hosts" # holds each host's key
  } }
}

# One base image on every host. The zones' states name it by its id, host/pool/name.
resource "kvm2_base_image" "debian" {
  for_each   = local.hosts
  host       = each.key
  name       = "debian-12-genericcloud-amd64.qcow2"
  source_url = "https://cloud.debian.org/images/cloud/bookworm/latest/debian-12-genericcloud-amd64.qcow2"
}

output "base_image_ids" {
  value = { for k, image in kvm2_base_image.debian : k => image.id }
}
