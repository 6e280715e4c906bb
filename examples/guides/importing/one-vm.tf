# Takes VM egress-1 of host "lab" under management (shown, with an empty plan after it, by
# TestAccProxyVM_basic and TestAccImportUserData_cli).
import {
  to = kvm2_proxy_vm.egress
  id = "lab/egress-1"
}

# As the VM was made: the plan after the import says which arguments differ.
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = "lab/default/debian-12-genericcloud-amd64.qcow2"
}
