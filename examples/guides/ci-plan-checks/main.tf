terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

provider "kvm2" {
  hosts = {
    lab = {
      address          = "10.0.1.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts" # holds the host's key
    }
  }
}

# Outside any check block, with a postcondition: a host that is not ok fails the plan itself
# (an error, exit code 1), naming the host and the reason (shown by
# TestAccGuides_checkWarnsConditionFails).
data "kvm2_host_health" "gate" {
  lifecycle {
    postcondition {
      condition = self.healthy
      error_message = join("; ", [
        for h in self.hosts : "${h.name}: ${h.reason}: ${h.message}" if h.status != "ok"
      ])
    }
  }
}
