# Terraform 1.12 or later: the import block names the VM by its resource identity (shown by
# TestAccIdentity_importBlock).
import {
  to = kvm2_proxy_vm.standby
  identity = {
    host = "lab"
    name = "egress-standby-1"
  }
}

resource "kvm2_proxy_vm" "standby" {
  name          = "egress-standby-1"
  host          = "lab"
  base_image_id = "lab/default/debian-12-genericcloud-amd64.qcow2"
}
