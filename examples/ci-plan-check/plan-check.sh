#!/usr/bin/env bash
# Runs the plan a CI job would run and fails when any check block failed. Terraform itself only
# warns about failed checks, so the verdict is read from the plan's JSON form.
set -euo pipefail
terraform init -input=false >/dev/null
terraform plan -input=false -out=ci.tfplan
failed=$(terraform show -json ci.tfplan | jq -r '[.checks[]? | select(.status != "pass") | .address.to_display] | join(", ")')
if [ -n "$failed" ]; then
  echo "checks not passing: $failed" >&2
  exit 1
fi
echo "all checks pass"
