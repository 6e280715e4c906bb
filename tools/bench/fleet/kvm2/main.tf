# The benchmark fleet: VMs first .. first+vm_count-1 of N proxy VMs, each placed on one of the
# hosts by provider::kvm2::place, each host with its own small base image; running or only
# defined, of the shape the peer's fleet (../libvirt) has too: 64 MiB, 1 vcpu, a 1 GiB overlay,
# the host's network, no IP wait. A fleet split over several states gives each state its own
# range of VMs and its own base images (base_suffix).
terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

variable "hosts" {
  type = map(object({
    address          = string
    port             = number
    user             = string
    private_key_file = string
    known_hosts_file = string
    socket           = string
    pool             = string
    network          = string
  }))
}

# Every host's SSH port, when not 0 (the bench's offline plan: nothing listens on port 1).
variable "port_override" {
  type    = number
  default = 0
}

variable "first" {
  type    = number
  default = 0
}

variable "vm_count" {
  type = number
}

variable "name_prefix" {
  type    = string
  default = "kvm2-bench"
}

variable "base_suffix" {
  type    = string
  default = ""
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
    for k, h in var.hosts : k => {
      address          = h.address
      port             = var.port_override != 0 ? var.port_override : h.port
      user             = h.user
      private_key_file = h.private_key_file
      known_hosts_file = h.known_hosts_file
      socket           = h.socket == "" ? null : h.socket
      pool             = h.pool
      network          = h.network
    }
  }
}

locals {
  names  = [for i in range(var.first, var.first + var.vm_count) : format("%s-%03d", var.name_prefix, i)]
  placed = { for n in local.names : n => provider::kvm2::place(n, keys(var.hosts)) }
}

resource "kvm2_base_image" "base" {
  for_each = var.hosts

  host       = each.key
  name       = "${var.name_prefix}-base${var.base_suffix}.${var.image_format}"
  source_url = var.image_url
  sha256     = var.image_sha256 == "" ? null : var.image_sha256
  format     = var.image_format
}

resource "kvm2_proxy_vm" "fleet" {
  for_each = local.placed

  name          = each.key
  host          = each.value
  base_image_id = kvm2_base_image.base[each.value].id
  vcpus         = 1
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  network       = var.hosts[each.value].network
  tag           = var.name_prefix
  running       = var.running
  wait_for_ip   = false
}
