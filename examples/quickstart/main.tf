# The smallest useful setup: one host, one base image, one running HTTP proxy VM.
provider "kvm2" {
  hosts = {
    lab = {
      address          = var.ssh_host
      port             = var.ssh_port
      user             = var.ssh_user
      private_key_file = var.ssh_private_key_file
      known_hosts_file = var.ssh_known_hosts_file
      pool             = var.pool
      network          = var.network
    }
  }
}

resource "kvm2_base_image" "tiny" {
  host       = "lab"
  name       = "kvm2-quickstart-base.${var.image_format}"
  source_url = var.image_url
  sha256     = var.image_sha256 == "" ? null : var.image_sha256
  format     = var.image_format
}

resource "kvm2_proxy_vm" "egress" {
  name          = var.vm_name
  host          = "lab"
  base_image_id = kvm2_base_image.tiny.id
  vcpus         = 1
  memory_mib    = 256
  disk_gib      = 1
  # The tiny image boots a few seconds faster with BIOS than with UEFI under emulation.
  firmware    = "bios"
  tag         = "quickstart"
  wait_for_ip = true

  # Runs once at boot: tinyproxy, open to any client, on the proxy port.
  user_data = templatefile("${path.module}/user-data.sh.tftpl", {
    proxy_port = var.proxy_port
  })

  timeouts {
    create = "5m"
  }
}
