terraform {
  # check blocks need Terraform 1.5 or later.
  required_version = ">= 1.5"

  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}
