# The plugin floor: N floor_item resources of the no-op framework provider (internal/bench/floor),
# configured like the fleet's kvm2_proxy_vm.
terraform {
  required_providers {
    floor = {
      source = "kvm2-bench/floor"
    }
  }
}

variable "vm_count" {
  type = number
}

variable "name_prefix" {
  type = string
}

variable "network" {
  type = string
}

variable "running" {
  type = bool
}

resource "floor_item" "fleet" {
  count = var.vm_count

  name          = format("%s-%03d", var.name_prefix, count.index)
  host          = "lab"
  base_image_id = "lab/pool/${var.name_prefix}-base.qcow2"
  memory_mib    = 64
  vcpus         = 1
  disk_gib      = 1
  firmware      = "bios"
  network       = var.network
  tag           = var.name_prefix
  running       = var.running
  wait_for_ip   = false
}
