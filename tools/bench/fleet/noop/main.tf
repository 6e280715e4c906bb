# The schema floor: N floor_proxy_vm of the no-op framework provider (internal/bench/floor), whose
# schema is kvm2_proxy_vm's, configured as the fleet's kvm2_proxy_vm (../kvm2) is; the hosts only
# name where each item would be.
terraform {
  required_providers {
    floor = {
      source = "kvm2-bench/floor"
    }
  }
}

variable "hosts" {
  type = map(object({ pool = string, network = string }))
}

variable "first" {
  type    = number
  default = 0
}

variable "vm_count" {
  type = number
}

variable "name_prefix" {
  type = string
}

variable "running" {
  type = bool
}

locals {
  keys   = sort(keys(var.hosts))
  placed = { for i in range(var.first, var.first + var.vm_count) : format("%s-%03d", var.name_prefix, i) => local.keys[i % length(local.keys)] }
}

resource "floor_proxy_vm" "fleet" {
  for_each = local.placed

  name          = each.key
  host          = each.value
  base_image_id = "${each.value}/${var.hosts[each.value].pool}/${var.name_prefix}-base.qcow2"
  vcpus         = 1
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  network       = var.hosts[each.value].network
  tag           = var.name_prefix
  running       = var.running
  wait_for_ip   = false
}
