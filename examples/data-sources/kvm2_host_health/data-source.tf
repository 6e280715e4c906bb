# Checks every configured host: SSH, the libvirt connection, the pool and the network.
data "kvm2_host_health" "all" {}

output "fleet_healthy" {
  value = data.kvm2_host_health.all.healthy
}

output "host_reports" {
  value = {
    for h in data.kvm2_host_health.all.hosts : h.name => {
      status   = h.status
      reason   = h.reason
      message  = h.message
      libvirt  = h.libvirt_version
      free_gib = floor(h.pool_available_bytes / 1073741824)
      check_ms = h.latency_ms
    }
  }
}
