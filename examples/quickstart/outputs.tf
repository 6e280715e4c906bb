output "vm_id" {
  description = "Id of the proxy VM (<host>/<name>), as used by terraform import."
  value       = kvm2_proxy_vm.egress.id
}

output "ipv4_address" {
  description = "IPv4 address the guest reported."
  value       = kvm2_proxy_vm.egress.ipv4_address
}

output "proxy_url" {
  description = "HTTP proxy URL, e.g. for curl -x or HTTPS_PROXY."
  value       = "http://${kvm2_proxy_vm.egress.ipv4_address}:${var.proxy_port}"
}
