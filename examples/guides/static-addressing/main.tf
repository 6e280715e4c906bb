terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# Host "lab" with the provider's default storage pool and libvirt network, both named
# "default": the addresses below assume its usual subnet 192.168.122.0/24 with the host at
# 192.168.122.1 (check yours with `virsh net-dumpxml default`).
provider "kvm2" {
  hosts = {
    lab = {
      address          = "10.0.1.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts" # holds the host's key
    }
  }
}

resource "kvm2_base_image" "debian" {
  host       = "lab"
  name       = "debian-12-genericcloud-amd64.qcow2"
  source_url = "https://cloud.debian.org/images/cloud/bookworm/latest/debian-12-genericcloud-amd64.qcow2"
}
