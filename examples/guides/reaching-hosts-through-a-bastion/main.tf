terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}

# The names below are examples: the bastion bastion.example.com (SSH on port 2022) with an
# account named "jump", the site gateway gw.example.net with "alice". Each host uses the
# provider's default storage pool and libvirt network, both named "default".
provider "kvm2" {
  hosts = {
    # A hypervisor on a private network, reached through one bastion. The bastion logs in
    # with the host's own key (it sets none of its own) and is verified against the host's
    # known_hosts file, which holds both entries:
    #   [bastion.example.com]:2022 ssh-ed25519 AAAA...   (the bastion, as this machine sees it)
    #   10.20.0.11 ssh-ed25519 AAAA...                    (the host, as the bastion sees it)
    kvm-a1 = {
      address          = "10.20.0.11"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts"
      zone             = "a"
      jump = [{
        address = "bastion.example.com"
        port    = 2022
        user    = "jump"
      }]
    }

    # Two bastions in a row (an office gateway, then the site's), each with its own account,
    # credentials and pinned host key. The host's own key is pinned too.
    kvm-b1 = {
      address   = "10.30.0.21"
      use_agent = true
      host_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPpCktW8MfKaIngN8XfgpOVx1jXZwKhf72MT7AFDCiOJ"
      zone      = "b"
      jump = [
        {
          address   = "gw.example.net"
          user      = "alice"
          use_agent = true
          host_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWbyM1B3u5XfSxmD8TVPkItwTFf3hJxvK3NRZ8ubJ7R"
        },
        {
          address          = "10.30.0.2"
          user             = "jump"
          private_key_file = "~/.ssh/site-b-jump"
          host_key         = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIN/O317Z+KtBX71zMQ4cFn6ifb+xaXFe/U1G5Be4rdY8"
        },
      ]
    }
  }
}

# Fails the plan (an error, exit code 1), naming each host and the hop, when a bastion or a
# host behind it cannot be reached or its key does not match: a postcondition on the data
# source. The data source itself never fails its read; it reports each host's status.
# (Shown by TestAccGuides_checkWarnsConditionFails.)
data "kvm2_host_health" "all" {
  lifecycle {
    postcondition {
      condition = self.healthy
      error_message = join("\n", [
        for h in self.hosts : "${h.name}: ${h.reason}: ${h.message}" if h.status != "ok"
      ])
    }
  }
}
