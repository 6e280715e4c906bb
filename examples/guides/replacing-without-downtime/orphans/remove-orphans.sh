#!/usr/bin/env bash
# Removes the proxy VMs of a tag that this configuration's state does not hold, as an apply
# killed mid-create leaves them (shown by TestAccGuides_orphansRemoved). Run it from the
# configuration's directory, with orphans/ beside main.tf, while no apply runs (a VM that a
# running apply creates is in no state yet):
#
#   ./orphans/remove-orphans.sh egress-proxies
#
# It imports the orphans into the state of orphans/, never into the configuration's, and the
# closing `terraform destroy` lists them and asks before it removes them.
set -euo pipefail
tag=${1:?usage: remove-orphans.sh TAG}
orphans=$(cd "$(dirname "$0")" && pwd)

# 1. The uid of every kvm2_proxy_vm the configuration's state holds, every module's, deposed
#    ones too. VMs of the tag that another state holds (another workspace or configuration)
#    count as orphans here: give every state that uses the tag its own tag, or add its uids.
terraform show -json |
  jq --arg tag "$tag" '{tag: $tag, managed_uids: [.. | objects
      | select(.mode? == "managed" and .type? == "kvm2_proxy_vm") | .values.uid]}' \
    >"$orphans/managed.auto.tfvars.json"
if [ "$(jq '.managed_uids | length' "$orphans/managed.auto.tfvars.json")" -eq 0 ]; then
  echo "no kvm2_proxy_vm in the state of $(pwd): run this from the configuration's directory" >&2
  exit 1
fi

cd "$orphans"
terraform init -input=false >/dev/null
# 2. The VMs of the tag whose uid the state does not hold: a refresh-only apply reads the
#    listing into this directory's outputs and changes nothing.
terraform apply -refresh-only -auto-approve -input=false >/dev/null
terraform output -json orphans |
  jq -r 'to_entries[] | "orphan \(.key): uid \(.value.uid), created \(.value.created_at)"'

# 3. Import each, then destroy them all (terraform destroy asks first).
for id in $(terraform output -json orphans | jq -r 'keys[]'); do
  terraform import -input=false "kvm2_proxy_vm.orphan[\"$id\"]" "$id"
done
terraform destroy
