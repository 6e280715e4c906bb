# The benchmark fleet: N proxy VMs on one small base image, defined but not started (booting
# dozens of emulated guests at once would measure the CPU, not the provider).
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
  name       = "kvm2-bench-base.${var.image_format}"
  source_url = var.image_url
  sha256     = var.image_sha256 == "" ? null : var.image_sha256
  format     = var.image_format
}

resource "kvm2_proxy_vm" "fleet" {
  count = var.vm_count

  name          = format("kvm2-bench-%03d", count.index)
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  vcpus         = 1
  # 64, 80, 96, 112, 128 MiB in turn.
  memory_mib  = 64 + (count.index % 5) * 16
  disk_gib    = 1
  firmware    = "bios"
  tag         = "kvm2-bench"
  running     = var.running
  wait_for_ip = false
  user_data   = "#!/bin/sh\necho kvm2-bench-${count.index}\n"
}
