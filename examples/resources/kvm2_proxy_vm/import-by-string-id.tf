import {
  to = kvm2_proxy_vm.egress
  id = "lab/egress-1"
}
