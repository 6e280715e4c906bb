variable "ssh_host" {
  description = "Address of the libvirt host's SSH server."
  type        = string
  default     = "127.0.0.1"
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
  description = "known_hosts file that holds the host's key (the host key is always verified)."
  type        = string
}

variable "pool" {
  description = "Storage pool for the base image, the overlay and the seed ISO."
  type        = string
  default     = "default"
}

variable "network" {
  description = "Libvirt network the proxy VM is attached to."
  type        = string
  default     = "default"
}

variable "image_url" {
  description = "URL of the base image."
  type        = string
}

variable "image_sha256" {
  description = "Expected hex sha256 of the base image; empty to record whatever is downloaded."
  type        = string
  default     = ""
}

variable "image_format" {
  description = "Format of the base image: qcow2 or raw."
  type        = string
  default     = "qcow2"
}

variable "proxy_port" {
  description = "TCP port the proxy in the guest listens on."
  type        = number
  default     = 8888
}

variable "vm_name" {
  description = "Name of the proxy VM's libvirt domain."
  type        = string
  default     = "egress-quickstart"
}
