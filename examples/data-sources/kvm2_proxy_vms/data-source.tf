# Every proxy VM this provider created with tag "egress-eu", on every configured host (or on
# one, with host). Built from the domains' metadata marks, so it also finds VMs that are not
# (yet) in any state file.
data "kvm2_proxy_vms" "eu" {
  tag = "egress-eu"
}

output "eu_proxies" {
  value = {
    for vm in data.kvm2_proxy_vms.eu.vms : vm.id => {
      uid        = vm.uid
      created_at = vm.created_at
    }
  }
}

# The ids feed `import { for_each = ... }` to take the whole fleet under management.
output "eu_proxy_ids" {
  value = data.kvm2_proxy_vms.eu.ids
}
