# Terragrunt unit of one zone's state: Terraform runs ../../zone with this zone.
# eu-west-b/terragrunt.hcl is the same with zone = "eu-west-b".
terraform {
  source = "../../zone"
}

# `run --all apply` applies the images unit before the zones; `run --all destroy` destroys
# the zones before the images.
dependencies {
  paths = ["../images"]
}

inputs = {
  zone = "eu-west-a"
}
