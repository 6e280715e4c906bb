#!/usr/bin/env bash
# Builds the provider into a local filesystem mirror and writes a Terraform CLI configuration
# that installs egress-proxies/kvm2 from that mirror (and every other provider as usual), so
# `terraform init` works offline against the binary built from this tree.
#
# Usage: tools/mirror.sh            (VERSION defaults to 0.0.1)
#        eval "$(tools/mirror.sh)"  (also exports TF_CLI_CONFIG_FILE and CHECKPOINT_DISABLE)
#
# Progress goes to stderr; stdout carries only the export lines.
set -euo pipefail

VERSION="${VERSION:-0.0.1}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
address="registry.terraform.io/egress-proxies/kvm2"
# OpenTofu resolves the same source address under its own registry host.
tofu_address="registry.opentofu.org/egress-proxies/kvm2"
# KVM2_MIRROR_DIR and KVM2_MIRROR_RC build a private copy elsewhere (the fault harness does, so
# that a rebuild of the shared mirror never swaps the binary under a running walk).
mirror="${KVM2_MIRROR_DIR:-$repo/.terraform-mirror}"
platform="$(go env GOOS)_$(go env GOARCH)"
target_dir="$mirror/$address/$VERSION/$platform"
binary="$target_dir/terraform-provider-kvm2_v$VERSION"
rc="${KVM2_MIRROR_RC:-$repo/.lab/terraformrc}"

mkdir -p "$target_dir" "$(dirname "$rc")"
echo "mirror: building $address $VERSION for $platform" >&2
tags=$("$repo/tools/build-tags")
(cd "$repo" && CGO_ENABLED=0 go build -trimpath -tags "$tags" -ldflags "-X main.version=$VERSION" -o "$binary.tmp" .)
# Rename into place so a terraform process never sees a half-written plugin.
mv -f "$binary.tmp" "$binary"
tofu_dir="$mirror/$tofu_address/$VERSION/$platform"
mkdir -p "$tofu_dir"
cp -f "$binary" "$tofu_dir/.plugin.tmp"
mv -f "$tofu_dir/.plugin.tmp" "$tofu_dir/$(basename "$binary")"

# Written to a temp file and renamed for the same reason.
cat >"$rc.tmp" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$mirror"
    include = ["$address", "$tofu_address"]
  }
  direct {
    exclude = ["$address", "$tofu_address"]
  }
}
RC
mv -f "$rc.tmp" "$rc"
echo "mirror: $binary" >&2
echo "mirror: CLI configuration $rc" >&2

echo "export TF_CLI_CONFIG_FILE=$rc"
echo "export CHECKPOINT_DISABLE=1"
