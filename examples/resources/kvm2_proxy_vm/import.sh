# A proxy VM is imported by <host>/<domain name>. Only domains created by this provider (they
# carry its metadata mark) can be imported.
terraform import kvm2_proxy_vm.egress lab/egress-1
