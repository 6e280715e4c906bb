# Hosts are keyed by a short name; resource ids start with it (lab/egress-1).
provider "kvm2" {
  hosts = {
    # A host verified through a known_hosts file, with a key file read on every connection.
    lab = {
      address          = "192.0.2.10"
      user             = "root"
      private_key_file = "~/.ssh/id_ed25519"
      known_hosts_file = "~/.ssh/known_hosts"
      pool             = "default"
      network          = "default"
      zone             = "eu-west-a"
    }

    # A host on a non-standard port, authenticated by the SSH agent, its key pinned inline,
    # guests attached to a host bridge instead of a libvirt network.
    edge = {
      address   = "edge-2.example.net"
      port      = 2222
      use_agent = true
      host_key  = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPpCktW8MfKaIngN8XfgpOVx1jXZwKhf72MT7AFDCiOJ"
      pool      = "images"
      bridge    = "br0"
      zone      = "eu-west-b"
    }
  }
}
