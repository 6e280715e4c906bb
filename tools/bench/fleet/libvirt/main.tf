# The same fleet on the peer provider, dmacvicar/libvirt (v0.8.3, built by tools/bench/peer.sh):
# one base volume from the same image URL, an overlay of the same size per VM, and domains of
# the same shape on the same libvirt network and host, reached over SSH as kvm2 reaches it.
terraform {
  required_providers {
    libvirt = {
      source = "dmacvicar/libvirt"
    }
  }
}

variable "vm_count" {
  type = number
}

variable "name_prefix" {
  type = string
}

variable "uri" {
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

variable "image_format" {
  type = string
}

variable "running" {
  type = bool
}

# "kvm" needs /dev/kvm usable by libvirtd; kvm2 picks the type from the host's capabilities.
variable "domain_type" {
  type = string
}

provider "libvirt" {
  uri = var.uri
}

resource "libvirt_volume" "base" {
  name   = "${var.name_prefix}-peer-base.${var.image_format}"
  pool   = var.pool
  source = var.image_url
  format = var.image_format
}

resource "libvirt_volume" "disk" {
  count = var.vm_count

  name           = format("%s-peer-%03d.qcow2", var.name_prefix, count.index)
  pool           = var.pool
  base_volume_id = libvirt_volume.base.id
  format         = "qcow2"
  size           = 1073741824
}

resource "libvirt_domain" "fleet" {
  count = var.vm_count

  name      = format("%s-peer-%03d", var.name_prefix, count.index)
  type      = var.domain_type
  memory    = 64
  vcpu      = 1
  running   = var.running
  autostart = true

  network_interface {
    network_name   = var.network
    wait_for_lease = false
  }

  disk {
    volume_id = libvirt_volume.disk[count.index].id
  }
}
