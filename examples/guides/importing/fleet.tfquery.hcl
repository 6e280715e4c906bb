# fleet.tfquery.hcl, beside main.tf (Terraform 1.14 or later; shown by TestAccQuery_fleet):
#
#   terraform query                                     # lists the VMs
#   terraform query -generate-config-out=generated.tf   # writes resource and import blocks
#   terraform apply                                      # imports them, with no changes
#
# Put the user data of VMs made with it back into generated.tf first: Terraform writes
# user_data = null there, and the plan would replace those VMs (it warns why).
list "kvm2_proxy_vm" "egress_eu" {
  provider         = kvm2
  include_resource = true

  config {
    host = "lab"
    tag  = "egress-eu"
  }
}
