# A zone's state reaches only its zone's hosts.
provider "kvm2" {
  hosts = { for k, h in local.hosts : k => {
    address          = h.address
    zone             = h.zone
    private_key_file = "~/.ssh/id_ed25519"
    known_hosts_file = "~/.ssh/known_hosts"
  } if h.zone == var.zone }
}
