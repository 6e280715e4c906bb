resource "kvm2_base_image" "ubuntu" {
  host       = "lab"
  name       = "noble-server-cloudimg-amd64.qcow2"
  source_url = "https://cloud-images.ubuntu.com/noble/current/noble-server-cloudimg-amd64.img"
}

# One egress proxy: a qcow2 overlay on the base image, a NoCloud seed with the user data, and
# a domain that waits for its IPv4 address and for cloud-init to have finished (tinyproxy
# installed and restarted) before create returns, and that libvirtd starts again after a host
# reboot (autostart). A failing runcmd fails the apply with cloud-init's error and the end of
# the guest's serial console.
resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = kvm2_base_image.ubuntu.id
  vcpus         = 1
  memory_mib    = 512
  disk_gib      = 10
  firmware      = "uefi"
  tag           = "egress-eu"
  autostart     = true

  wait_for_cloud_init = true

  user_data = <<-EOT
    #cloud-config
    packages: [tinyproxy]
    runcmd:
      - sed -i 's/^Allow 127.0.0.1/Allow 10.0.0.0\/8/' /etc/tinyproxy/tinyproxy.conf
      - systemctl restart tinyproxy
  EOT

  timeouts {
    create = "10m"
  }
}

output "egress_proxy_url" {
  value = "http://${kvm2_proxy_vm.egress.ipv4_address}:8888"
}
