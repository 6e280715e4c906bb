# A base volume, downloaded once per host and verified against its sha256 while it streams
# (a mismatch fails the create and leaves nothing behind). Without sha256, the digest of the
# download is recorded instead.
resource "kvm2_base_image" "ubuntu" {
  host       = "lab"
  name       = "noble-server-cloudimg-amd64.qcow2"
  source_url = "https://cloud-images.ubuntu.com/noble/current/noble-server-cloudimg-amd64.img"
  sha256     = var.ubuntu_image_sha256
  format     = "qcow2"
}

variable "ubuntu_image_sha256" {
  description = "Hex sha256 of the image, from https://cloud-images.ubuntu.com/noble/current/SHA256SUMS."
  type        = string
}

output "ubuntu_base" {
  value = {
    id         = kvm2_base_image.ubuntu.id
    path       = kvm2_base_image.ubuntu.path
    size_bytes = kvm2_base_image.ubuntu.size_bytes
  }
}
