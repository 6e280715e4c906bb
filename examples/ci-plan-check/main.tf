# What a CI job runs on every change: `terraform plan` with these checks. A failed check shows
# as a warning in the plan output and as "fail" in `terraform show -json`; plan-check.sh turns
# it into a failing job.
provider "kvm2" {
  hosts = {
    lab = {
      address          = var.ssh_host
      port             = var.ssh_port
      user             = var.ssh_user
      private_key_file = var.ssh_private_key_file
      known_hosts_file = var.ssh_known_hosts_file
      pool             = var.pool
      network          = var.network
    }
  }
}

check "kvm2_hosts_healthy" {
  # Scoped to the check: an unreachable host fails this assertion instead of the whole plan.
  data "kvm2_host_health" "ci" {}

  assert {
    condition = data.kvm2_host_health.ci.healthy
    error_message = join("; ", [
      for h in data.kvm2_host_health.ci.hosts : "${h.name}: ${h.reason}: ${h.message}" if h.status != "ok"
    ])
  }

  # Only hosts whose pool could be read: an unreachable host is reported by the first assertion.
  assert {
    condition = alltrue([
      for h in data.kvm2_host_health.ci.hosts : h.pool_available_bytes >= var.min_free_pool_gib * 1073741824
      if h.pool_capacity_bytes > 0
    ])
    error_message = "Pools with less than ${var.min_free_pool_gib} GiB free: ${join(", ", [
      for h in data.kvm2_host_health.ci.hosts : "${h.name}/${h.pool}"
      if h.pool_capacity_bytes > 0 && h.pool_available_bytes < var.min_free_pool_gib * 1073741824
    ])}."
  }
}

check "proxy_fleet_size" {
  data "kvm2_proxy_vms" "egress" {
    tag = var.fleet_tag
  }

  assert {
    condition     = length(data.kvm2_proxy_vms.egress.ids) >= var.min_fleet_size
    error_message = "Only ${length(data.kvm2_proxy_vms.egress.ids)} proxy VMs carry tag ${var.fleet_tag}; expected at least ${var.min_fleet_size}."
  }
}
