# A check block: `terraform plan` (in CI, for example) reports a warning naming each host that
# is not healthy, without blocking the plan of anything else.
check "kvm2_hosts_healthy" {
  data "kvm2_host_health" "ci" {}

  assert {
    condition = data.kvm2_host_health.ci.healthy
    error_message = join("; ", [
      for h in data.kvm2_host_health.ci.hosts : "${h.name}: ${h.reason}: ${h.message}" if h.status != "ok"
    ])
  }
}
