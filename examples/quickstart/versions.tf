terraform {
  # Write-only arguments are not used here, so any Terraform 1.5+ (or OpenTofu) works.
  required_version = ">= 1.5"

  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}
