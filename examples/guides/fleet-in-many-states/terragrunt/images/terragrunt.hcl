# Terragrunt unit of the images state: Terraform runs ../../images as it is.
terraform {
  source = "../../images"
}
