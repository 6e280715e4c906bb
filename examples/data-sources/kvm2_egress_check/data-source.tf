# One request through the proxy of every VM tagged "egress-eu", from each VM's host.
data "kvm2_egress_check" "eu" {
  tag                   = "egress-eu"
  proxy_port            = 8888
  target_url            = "http://checkip.example.net/"
  expected_body_pattern = "^[0-9.]+$"
  first_line_bytes      = 64
}

output "egress_eu" {
  value = {
    for r in data.kvm2_egress_check.eu.results : r.id => r.answered ? "${r.status} in ${r.latency_ms} ms: ${r.first_line}" : r.error
  }
}
