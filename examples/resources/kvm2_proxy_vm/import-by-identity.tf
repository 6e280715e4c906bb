# Terraform 1.12 or later: the import block names the VM by its resource identity.
import {
  to = kvm2_proxy_vm.egress
  identity = {
    host = "lab"
    name = "egress-1"
  }
}
