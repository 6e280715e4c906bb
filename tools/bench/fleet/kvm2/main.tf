# The benchmark fleet: N proxy VMs on one small base image, running or only defined, of the shape
# the peer's fleet (../libvirt) has too: 64 MiB, 1 vcpu, a 1 GiB overlay, the host's network, no
# IP wait.
terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

variable "vm_count" {
  type = number
}

variable "name_prefix" {
  type    = string
  default = "kvm2-bench"
}

variable "ssh_host" {
  type = string
}

variable "ssh_port" {
  type = number
}

variable "ssh_user" {
  type = string
}

variable "ssh_private_key_file" {
  type = string
}

variable "ssh_known_hosts_file" {
  type = string
}

variable "pool" {
  type = string
}

variable "network" {
  type = string
}

variable "image_url" {
  type = string
}

variable "image_sha256" {
  type = string
}

variable "image_format" {
  type = string
}

variable "running" {
  type = bool
}

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

resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = "${var.name_prefix}-base.${var.image_format}"
  source_url = var.image_url
  sha256     = var.image_sha256 == "" ? null : var.image_sha256
  format     = var.image_format
}

resource "kvm2_proxy_vm" "fleet" {
  count = var.vm_count

  name          = format("%s-%03d", var.name_prefix, count.index)
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  vcpus         = 1
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  network       = var.network
  tag           = var.name_prefix
  running       = var.running
  wait_for_ip   = false
}
