terraform {
  required_version = ">= 1.8" # provider-defined functions
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# One list of hosts feeds the provider block and the placement. Each host uses the provider's
# default storage pool and libvirt network, both named "default" (see Preparing a libvirt host).
locals {
  hosts = {
    kvm-a1 = { address = "10.0.1.11", zone = "eu-west-a", weight = 1 }
    kvm-a2 = { address = "10.0.1.12", zone = "eu-west-a", weight = 1 }
    kvm-b1 = { address = "10.0.2.11", zone = "eu-west-b", weight = 2 } # twice the memory
  }
  # What the placement reads: zones and weights only. Never pass keys: a sensitive argument
  # makes the function's result sensitive, and a sensitive host cannot key a for_each.
  placement_hosts = { for k, h in local.hosts : k => { zone = h.zone, weight = h.weight } }

  # A fleet of single proxies, each placed on its own.
  proxies = toset([for i in range(12) : format("egress-%02d", i)])
  # Three replicas of one service, one in each zone while there are zones enough; new replicas
  # go at the end.
  replicas = [for i in range(3) : "egress-ha-${i}"]

  # VMs kept on a host whatever the placement says, e.g. { "egress-07" = "kvm-a1" }.
  pinned = {}

  placed = merge(
    { for n in local.proxies : n => provider::kvm2::place(n, local.placement_hosts) },
    provider::kvm2::place_group(local.replicas, local.placement_hosts),
    local.pinned,
  )

  disk_gib = 4
  # VMs placed on each host, for the capacity check.
  vms_on = { for k in keys(local.hosts) : k => length([for n, h in local.placed : n if h == k]) }
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

# Never fails its read: a host it cannot reach is reported with status "down".
data "kvm2_host_health" "fleet" {}

locals {
  health = { for h in data.kvm2_host_health.fleet.hosts : h.name => h }
  # Hosts whose pool could be read: a host that is down reports no pool (0 bytes), which is not
  # "0 GiB free".
  answering = [for h in data.kvm2_host_health.fleet.hosts : h if h.status != "down"]
}

resource "kvm2_proxy_vm" "egress" {
  for_each      = local.placed
  name          = each.key
  host          = each.value
  base_image_id = kvm2_base_image.debian[each.value].id
  disk_gib      = local.disk_gib

  lifecycle {
    # Fails the plan of a proxy placed on a host that is down, naming both (a failed precondition
    # is an error; shown by TestAccGuides_checkWarnsConditionFails). `degraded` is a nearly full
    # pool: the check below weighs it against the fleet.
    precondition {
      condition     = local.health[each.value].status != "down"
      error_message = "${each.key} is placed on ${each.value}, which is ${local.health[each.value].status}: ${local.health[each.value].message}"
    }
  }
}

# A warning, never a failed plan (a check block only warns): each answering host's pool has
# room for every VM placed on it to fill its disk (overlays are thin, so this is the worst case).
check "fleet_fits" {
  assert {
    condition = alltrue([
      for h in local.answering :
      h.pool_available_bytes >= local.vms_on[h.name] * local.disk_gib * 1073741824
    ])
    error_message = join("; ", [
      for h in local.answering :
      "${h.name}: ${floor(h.pool_available_bytes / 1073741824)} GiB free for ${local.vms_on[h.name]} VMs of ${local.disk_gib} GiB"
      if h.pool_available_bytes < local.vms_on[h.name] * local.disk_gib * 1073741824
    ])
  }

  # A host that is down is reported as down, not as a full pool (shown by
  # TestAccGuides_placementReportsDownHosts).
  assert {
    condition     = length(local.answering) == length(data.kvm2_host_health.fleet.hosts)
    error_message = join("; ", [for h in data.kvm2_host_health.fleet.hosts : "${h.name} is down (${h.reason}): ${h.message}" if h.status == "down"])
  }
}

output "placement" {
  value = local.placed
}
