# A precondition: refuse to plan new proxies on a host that is down or short of pool space.
data "kvm2_host_health" "lab" {
  host = "lab"
}

resource "kvm2_proxy_vm" "egress" {
  name          = "egress-1"
  host          = "lab"
  base_image_id = "lab/default/noble-server-cloudimg-amd64.qcow2"

  lifecycle {
    precondition {
      condition     = data.kvm2_host_health.lab.healthy
      error_message = "Host lab is not healthy: ${data.kvm2_host_health.lab.hosts[0].reason}: ${data.kvm2_host_health.lab.hosts[0].message}"
    }
  }
}
