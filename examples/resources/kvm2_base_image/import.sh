# A base image is imported by <host>/<pool>/<volume name>.
terraform import kvm2_base_image.ubuntu lab/default/noble-server-cloudimg-amd64.qcow2
