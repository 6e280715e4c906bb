# User data that carries a secret: user_data_wo is sent to the host but never stored in the
# plan or the state (Terraform 1.11 or later). Bump user_data_wo_version to roll it out; the
# VM is replaced.
variable "proxy_password" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "kvm2_proxy_vm" "authenticated" {
  name          = "egress-auth-1"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"
  memory_mib    = 512

  user_data_wo         = <<-EOT
    #cloud-config
    write_files:
      - path: /etc/tinyproxy/auth.conf
        permissions: "0600"
        content: "BasicAuth egress ${var.proxy_password}\n"
  EOT
  user_data_wo_version = 1
}
