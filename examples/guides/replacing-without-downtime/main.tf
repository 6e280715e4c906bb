terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# One host, with the provider's default storage pool and libvirt network (both "default").
# proxy.yaml, the user data, sits beside this file.
provider "kvm2" {
  hosts = {
    kvm-a1 = {
      address          = "10.0.1.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts" # holds the host's key
    }
  }
}

resource "kvm2_base_image" "debian" {
  host       = "kvm-a1"
  name       = "debian-12-genericcloud-amd64.qcow2"
  source_url = "https://cloud.debian.org/images/cloud/bookworm/latest/debian-12-genericcloud-amd64.qcow2"
}

# Two proxies of one service. Each draws its name from its prefix (egress-a-k3x9ab2q, say), so
# that a replacement can exist beside the VM it replaces: a new image or new user data creates
# the new VM, waits for it to boot, and only then destroys the old one (shown on a fake host by
# TestProxyVM_namePrefixReplacesCreateBeforeDestroy, and with traffic through the proxies by
# TestAccProxyVM_rollingReplacementWaitsForThePort).
resource "kvm2_proxy_vm" "egress" {
  for_each      = toset(["a", "b"])
  name_prefix   = "egress-${each.key}-"
  host          = "kvm-a1"
  base_image_id = kvm2_base_image.debian.id
  user_data     = file("${path.module}/proxy.yaml")
  # This configuration's own tag: what an apply killed mid-create leaves is found by it (see
  # "An apply killed mid-create").
  tag = "egress-proxies"
  # The create returns, and the old VM is destroyed, only once cloud-init has finished in the
  # new one (through the guest agent): the proxy it starts is then up.
  wait_for_ip         = true
  wait_for_cloud_init = true

  lifecycle {
    create_before_destroy = true
  }
}

# What clients use: every proxy's address, new ones included as soon as they exist.
output "proxies" {
  value = [for vm in kvm2_proxy_vm.egress : "http://${vm.ipv4_address}:8888"]
}
