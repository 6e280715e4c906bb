# Terraform 1.14 or later. Reboot the proxy VM on demand:
#
#   terraform apply -invoke=action.kvm2_proxy_vm_power.reboot
action "kvm2_proxy_vm_power" "reboot" {
  config {
    id               = kvm2_proxy_vm.egress.id
    uid              = kvm2_proxy_vm.egress.uid
    operation        = "reboot"
    shutdown_timeout = "90s"
  }
}

resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"
}
