terraform {
  required_version = ">= 1.8" # provider-defined functions; plantimestamp and terraform_data need 1.5
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a", weight = 1 }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b", weight = 1 }
  }
  placement_hosts = { for k, h in local.hosts : k => { zone = h.zone, weight = h.weight } }
  # Four proxies, each placed on its own; a rotation keeps each on the host place gives it.
  proxies = toset([for i in range(4) : format("egress-%02d", i)])
  placed  = { for n in local.proxies : n => provider::kvm2::place(n, local.placement_hosts) }
}

provider "kvm2" {
  hosts = { for k, h in local.hosts : k => {
    address          = h.address
    zone             = h.zone
    private_key_file = "~/.ssh/id_ed25519"
    known_hosts_file = "~/.ssh/known_hosts" # holds each host's key
  } }
}

resource "kvm2_base_image" "debian" {
  for_each   = local.hosts
  host       = each.key
  name       = "debian-12-genericcloud-amd64.qcow2"
  source_url = "https://cloud.debian.org/images/cloud/bookworm/latest/debian-12-genericcloud-amd64.qcow2"
}

# One clock per proxy: the period a proxy is in ends every 24 hours, each proxy's 6 hours after
# the one before, so the fleet rotates a quarter at a time. A plan in a new period replaces the
# clock (its input changed), and with it the VM (replace_triggered_by below). hashicorp/time's
# time_rotating (rotation_hours = 24) can take this resource's place in replace_triggered_by.
resource "terraform_data" "rotation" {
  for_each = local.proxies
  input    = formatdate("YYYY-MM-DD", timeadd(plantimestamp(), "${- 6 * index(sort(tolist(local.proxies)), each.key)}h"))
}

resource "kvm2_proxy_vm" "egress" {
  for_each      = local.placed
  name_prefix   = "${each.key}-" # a replacement exists beside the VM it replaces
  host          = each.value
  base_image_id = kvm2_base_image.debian[each.value].id
  user_data     = file("${path.module}/proxy.yaml")
  tag           = "egress-rotating"
  # The create returns, and the old VM goes, only once the new VM's proxy accepts connections
  # from its host: an address alone, or cloud-init done, is not a proxy that forwards.
  wait_for_ip         = true
  wait_for_cloud_init = true
  wait_for_port       = 8888

  lifecycle {
    create_before_destroy = true
    replace_triggered_by  = [terraform_data.rotation[each.key]]
  }
}

# Every plan (a scheduled CI job, say) sends one request through every proxy of the fleet and
# warns naming each one that does not forward; the plan goes on.
check "egress_forwards" {
  data "kvm2_egress_check" "fleet" {
    tag                   = "egress-rotating"
    proxy_port            = 8888
    target_url            = "http://checkip.example.net/"
    expected_body_pattern = "^[0-9a-f.:]+\\s*$"
    first_line_bytes      = 64
    timeout_seconds       = 5
  }

  assert {
    condition     = data.kvm2_egress_check.fleet.all_answered
    error_message = "proxies not forwarding: ${join(", ", data.kvm2_egress_check.fleet.failed_ids)}"
  }
}

output "proxies" {
  value = { for n, vm in kvm2_proxy_vm.egress : n => "http://${vm.ipv4_address}:8888" }
}

output "rotation_period" {
  value = { for n, t in terraform_data.rotation : n => t.output }
}
