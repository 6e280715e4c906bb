# The proxy VMs of a tag that no state holds, imported into this directory's own state and
# destroyed from it by remove-orphans.sh, beside this file (shown by
# TestAccGuides_orphansRemoved). The configuration's own state is never written. Do not run
# `terraform apply` here: this configuration describes VMs that exist only to be destroyed.
terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# The provider block of the configuration whose orphans these are.
provider "kvm2" {
  hosts = {
    kvm-a1 = {
      address          = "10.0.1.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts" # holds the host's key
    }
  }
}

# Both written by remove-orphans.sh into managed.auto.tfvars.json.
variable "tag" {
  type = string
}

variable "managed_uids" {
  description = "The uid of every kvm2_proxy_vm the configuration's state holds."
  type        = list(string)
}

data "kvm2_proxy_vms" "tagged" {
  tag = var.tag
}

locals {
  # A VM's uid proves which VM it is: a name or a prefix proves nothing.
  orphans = {
    for vm in data.kvm2_proxy_vms.tagged.vms : vm.id => vm if !contains(var.managed_uids, vm.uid)
  }
}

output "orphans" {
  value = { for id, vm in local.orphans : id => { uid = vm.uid, created_at = vm.created_at } }
}

# Only what an import needs: a destroy never compares the configuration with the VM.
resource "kvm2_proxy_vm" "orphan" {
  for_each = local.orphans

  host          = each.value.host
  name          = each.value.name
  base_image_id = each.value.base_image_id
  tag           = each.value.tag
}
