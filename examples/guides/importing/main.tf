terraform {
  required_version = ">= 1.7" # import blocks with for_each
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# Host "lab", whose VMs are imported, with the provider's default storage pool and libvirt
# network (both "default"). The VMs below are examples: egress-1 and egress-standby-1, and a
# fleet tagged "egress-eu", each made on its base image debian-12-genericcloud-amd64.qcow2 in
# pool "default" (the base image's id is lab/default/<file name>).
provider "kvm2" {
  hosts = {
    lab = {
      address          = "10.0.1.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts" # holds the host's key
    }
  }
}
