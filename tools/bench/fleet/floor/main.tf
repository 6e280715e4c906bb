# Terraform's own floor: N resources of the built-in terraform_data, shaped like the fleet.
variable "vm_count" {
  type = number
}

resource "terraform_data" "fleet" {
  count = var.vm_count

  input = {
    name       = format("kvm2-bench-%03d", count.index)
    memory_mib = 64 + (count.index % 5) * 16
    vcpus      = 1
    tag        = "kvm2-bench"
  }
}
