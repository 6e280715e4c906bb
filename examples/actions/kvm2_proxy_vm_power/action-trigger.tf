# Reboot the VM after every in-place update of it, for example after a tag change that the
# guest reads at boot.
resource "kvm2_proxy_vm" "edge" {
  name          = "egress-2"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"
  tag           = "egress-eu"

  lifecycle {
    action_trigger {
      events  = [after_update]
      actions = [action.kvm2_proxy_vm_power.edge_reboot]
    }
  }
}

action "kvm2_proxy_vm_power" "edge_reboot" {
  config {
    id        = kvm2_proxy_vm.edge.id
    uid       = kvm2_proxy_vm.edge.uid
    operation = "reboot"
  }
}
