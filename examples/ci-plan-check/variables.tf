variable "ssh_host" {
  description = "Address of the libvirt host's SSH server."
  type        = string
}

variable "ssh_port" {
  description = "SSH port of the libvirt host."
  type        = number
  default     = 22
}

variable "ssh_user" {
  description = "SSH user on the libvirt host."
  type        = string
  default     = "root"
}

variable "ssh_private_key_file" {
  description = "Private key file for SSH."
  type        = string
}

variable "ssh_known_hosts_file" {
  description = "known_hosts file that holds the host's key."
  type        = string
}

variable "pool" {
  description = "Storage pool to check."
  type        = string
  default     = "default"
}

variable "network" {
  description = "Libvirt network to check."
  type        = string
  default     = "default"
}

variable "min_free_pool_gib" {
  description = "Free space, in GiB, every pool must keep."
  type        = number
  default     = 1
}

variable "fleet_tag" {
  description = "Tag of the proxy VMs to count."
  type        = string
  default     = "egress"
}

variable "min_fleet_size" {
  description = "Fewest proxy VMs with fleet_tag the check accepts."
  type        = number
  default     = 0
}
