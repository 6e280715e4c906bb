terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# Host "lab" with the provider's default storage pool and libvirt network (both "default");
# proxy.yaml, the user data, sits beside this file.
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

resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.debian.id
  user_data     = file("${path.module}/proxy.yaml")
  # After the address: cloud-init done, without errors (shown by
  # TestAccCloud_biosStaticAddressWaitsForCloudInit; its errors fail the apply with the console's
  # end: TestAccCloud_cloudInitFailureFailsTheApply).
  wait_for_cloud_init = true

  timeouts {
    create = "15m" # the whole boot, apt included, must fit
  }
}
