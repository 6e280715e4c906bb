#!/usr/bin/env bash
# Runs `terraform init` (offline, from the provider mirror) and `terraform validate` on every
# example directory. Each directory is validated in a temporary copy; one without a
# required_providers block gets one, since tfplugindocs snippets leave it out. Exits non-zero
# when any directory fails.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_mirror
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# OpenTofu before 1.11 has neither write-only arguments nor ephemeral variables: the examples
# that use them are left out there (and named), not reported as failures.
skip_write_only=0
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^OpenTofu v1\.([0-9]|10)\.'; then
  skip_write_only=1
fi

# Terraform before 1.14 (and OpenTofu) has no action blocks: those examples are left out there,
# and named.
skip_actions=1
if "$TERRAFORM" version 2>/dev/null | head -1 | grep -qE '^Terraform v1\.(1[4-9]|[2-9][0-9])\.'; then
  skip_actions=0
fi

mapfile -t dirs < <(find "$repo/examples" -name '*.tf' -printf '%h\n' | sort -u)
[ ${#dirs[@]} -gt 0 ] || die "no example directories under $repo/examples"

failed=()
for dir in "${dirs[@]}"; do
  rel="${dir#"$repo"/}"
  copy="$work/${rel//\//_}"
  mkdir -p "$copy"
  find "$dir" -maxdepth 1 -type f -exec cp {} "$copy/" \;
  if [ "$skip_write_only" = 1 ]; then
    grep -ls 'user_data_wo' "$copy"/*.tf | while read -r f; do
      echo "skip  $rel/$(basename "$f") (write-only arguments need Terraform 1.11+ or OpenTofu 1.11+)"
      rm -f "$f"
    done
  fi
  if [ "$skip_actions" = 1 ]; then
    grep -lsE '^action "|action_trigger' "$copy"/*.tf | while read -r f; do
      echo "skip  $rel/$(basename "$f") (action blocks need Terraform 1.14+; $("$TERRAFORM" version | head -1))"
      rm -f "$f"
    done
    if ! ls "$copy"/*.tf >/dev/null 2>&1; then
      continue
    fi
  fi
  if ! grep -qs required_providers "$copy"/*.tf; then
    cat >"$copy/zz_required_providers.tf" <<'TF'
terraform {
  required_providers {
    kvm2 = {
      source = "egress-proxies/kvm2"
    }
  }
}
TF
  fi
  if "$TERRAFORM" -chdir="$copy" init -input=false -backend=false -no-color >"$copy/init.log" 2>&1 &&
    "$TERRAFORM" -chdir="$copy" validate -no-color >"$copy/validate.log" 2>&1; then
    echo "ok    $rel"
  else
    echo "FAIL  $rel"
    cat "$copy/init.log" "$copy/validate.log" 2>/dev/null | sed 's/^/      /'
    failed+=("$rel")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} of ${#dirs[@]} example directories failed: ${failed[*]}" >&2
  exit 1
fi
echo "all ${#dirs[@]} example directories validate"
