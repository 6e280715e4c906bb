# Takes over every proxy VM tagged "egress-eu" on host "lab" in one plan (Terraform 1.7 or
# later for for_each in import blocks). After the apply, a plan with this configuration shows
# no changes (shown by TestAccProxyVMs_bulkImport, and over two hosts by TestAccMultiHost_fleet).
data "kvm2_proxy_vms" "fleet" {
  host = "lab"
  tag  = "egress-eu"
}

import {
  for_each = data.kvm2_proxy_vms.fleet.ids
  to       = kvm2_proxy_vm.fleet[each.value]
  id       = each.value
}

resource "kvm2_proxy_vm" "fleet" {
  for_each = data.kvm2_proxy_vms.fleet.ids

  # Ids are <host>/<name>.
  host          = split("/", each.value)[0]
  name          = split("/", each.value)[1]
  base_image_id = "lab/default/debian-12-genericcloud-amd64.qcow2"
  memory_mib    = 512
  tag           = "egress-eu"
}
