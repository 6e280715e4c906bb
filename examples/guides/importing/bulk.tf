# Takes over every proxy VM tagged "egress-eu" on host "lab" in one plan (Terraform 1.7 or
# later for for_each in import blocks), each VM as its mark records it: sizes, firmware, base
# image, network, name or name_prefix, and running from the listing, so a stopped VM stays
# stopped. After the apply, a plan with this configuration shows no changes (shown, over VMs
# that differ in all of these, by TestProxyVMs_bulkImportMixedFleet).
data "kvm2_proxy_vms" "fleet" {
  host = "lab"
  tag  = "egress-eu"
}

locals {
  fleet = { for vm in data.kvm2_proxy_vms.fleet.vms : vm.id => vm }
}

import {
  for_each = local.fleet
  to       = kvm2_proxy_vm.fleet[each.key]
  id       = each.key
}

resource "kvm2_proxy_vm" "fleet" {
  for_each = local.fleet

  host                 = each.value.host
  name                 = each.value.name_prefix == null ? each.value.name : null
  name_prefix          = each.value.name_prefix
  base_image_id        = each.value.base_image_id
  vcpus                = each.value.vcpus
  memory_mib           = each.value.memory_mib
  disk_gib             = each.value.disk_gib
  firmware             = each.value.firmware
  network              = each.value.network
  bridge               = each.value.bridge
  network_config       = each.value.network_config
  running              = each.value.running
  tag                  = each.value.tag
  wait_for_ip          = each.value.wait_for_ip
  wait_for_cloud_init  = each.value.wait_for_cloud_init
  user_data_wo_version = each.value.user_data_wo_version

  lifecycle {
    # The listing never holds user data, only its sha256: a VM made with user data would be
    # replaced by this block, so the plan stops instead (use terraform query for it).
    precondition {
      condition     = each.value.user_data_sha256 == null
      error_message = "${each.key} was made with user data (given in ${coalesce(each.value.user_data_source, "an argument its mark does not record")}), which kvm2_proxy_vms cannot give: without it the plan would replace the VM. Import it with terraform query -generate-config-out and put its user data back in, or give it in this block."
    }
  }
}
