# A check block: `terraform plan` (in CI, for example) warns naming each VM whose proxy did not
# answer, without failing the plan.
check "egress_forwards" {
  data "kvm2_egress_check" "fleet" {
    tag             = "egress-eu"
    proxy_port      = 8888
    target_url      = "http://checkip.example.net/"
    timeout_seconds = 5
  }

  assert {
    condition     = data.kvm2_egress_check.fleet.all_answered
    error_message = "proxies not forwarding: ${join(", ", data.kvm2_egress_check.fleet.failed_ids)}"
  }
}
