# A standby proxy: defined with its disks and seed, but not started, and not started by a host
# reboot either (autostart). Setting running to true starts it in place.
resource "kvm2_proxy_vm" "standby" {
  name          = "egress-standby-1"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"
  memory_mib    = 256
  firmware      = "bios"
  tag           = "egress-standby"
  running       = false
  autostart     = false
  wait_for_ip   = false
}
