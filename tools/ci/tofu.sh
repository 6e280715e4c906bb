#!/usr/bin/env bash
# Builds OpenTofu from its Go module into bin/tofu, for machines without a terraform binary.
# A wrapper module is needed because OpenTofu's go.mod carries replace directives that only
# apply in the main module; they are copied across.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
version=${TOFU_VERSION:-v1.10.10}
[ -x "$repo/bin/tofu" ] && { echo "bin/tofu already built"; exit 0; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
gomod=$(go mod download -json "github.com/opentofu/opentofu@$version" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
[ -f "$gomod" ] || { echo "could not fetch github.com/opentofu/opentofu@$version" >&2; exit 1; }
{
  echo "module kvm2/tofuwrap"
  echo
  echo "go $(go env GOVERSION | sed 's/^go//')"
  echo
  echo "require github.com/opentofu/opentofu $version"
  awk '/^replace \(/{inblock=1; print; next} inblock{print; if ($0 ~ /^\)/) inblock=0; next} /^replace /{print}' "$gomod"
} > go.mod
printf 'package tools\n\nimport _ "github.com/opentofu/opentofu/cmd/tofu"\n' > tools.go
GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 || true
mkdir -p "$repo/bin"
GOFLAGS=-mod=mod go build -o "$repo/bin/tofu" github.com/opentofu/opentofu/cmd/tofu
"$repo/bin/tofu" version | head -1
