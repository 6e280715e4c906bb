#!/usr/bin/env bash
# Builds a Terraform or OpenTofu CLI from its Go module into a cache outside the clone, keyed by
# version, and prints the binary's path (the only line on stdout; progress goes to stderr):
#
#   tools/ci/cli.sh terraform v1.14.9   ->  $KVM2_CLI_CACHE/terraform-1.14.9/terraform
#   tools/ci/cli.sh tofu v1.12.6        ->  $KVM2_CLI_CACHE/tofu-1.12.6/tofu
#
# KVM2_CLI_CACHE defaults to ~/.cache/kvm2-cli. A binary already there whose `version` prints the
# asked version is reused; otherwise it is built in a temporary directory and moved into place,
# so an interrupted build leaves nothing that looks finished. Name the version: the module proxy's
# @latest answers an older tag for terraform.
#
# terraform: its module zip leaves out the nested modules its go.mod requires through local
# replace directives (nine remote-state backends and internal/legacy), so the source is copied
# to a writable directory, those modules are dropped from go.mod and the backends from
# internal/backend/init/init.go, and the rest builds as released (local, remote, http, inmem
# and cloud backends; the acceptance tests use the local one).
# tofu: OpenTofu keeps its backends in its main module, so the source is copied the same way
# and built as the main module (its go.mod's replace directives then apply, as in its releases),
# with eight remote-state backends dropped from internal/backend/init/init.go and the AWS KMS,
# GCP KMS, Azure Key Vault and OpenBao key providers from internal/encryption/default_registry.go
# (local, remote, http, inmem and cloud backends, pbkdf2 and external key providers remain). Only
# those registration lists are edited; their packages are left in place but no longer compiled.
set -euo pipefail

usage() { echo "usage: $0 [--fetch] terraform|tofu vX.Y.Z" >&2; exit 2; }
# --fetch: only download the modules the build needs into the Go module cache (network, little
# CPU), so a later build compiles without waiting on the proxy; prints nothing on stdout.
fetch=false
[ "${1:-}" = --fetch ] && { fetch=true; shift; }
[ $# -eq 2 ] || usage
cli=$1
version=v${2#v}
case $cli in terraform | tofu) ;; *) usage ;; esac
case $version in v[0-9]*.[0-9]*.[0-9]*) ;; *) echo "$0: version must be vX.Y.Z, got $2" >&2; exit 2 ;; esac

export CHECKPOINT_DISABLE=1
cache=${KVM2_CLI_CACHE:-${HOME:-/root}/.cache/kvm2-cli}
dest=$cache/$cli-${version#v}
bin=$dest/$cli

# The version line as the CLI prints it: "Terraform v1.14.9" or "OpenTofu v1.12.6".
want="Terraform $version"
[ "$cli" = tofu ] && want="OpenTofu $version"
# An empty CLI configuration: without one, tofu prints a warning about ~/.terraformrc on stdout.
prints_version() {
  local out
  [ -x "$1" ] && out=$(TF_CLI_CONFIG_FILE=/dev/null "$1" version 2>/dev/null) && grep -qx "$want" <<< "$out"
}

if prints_version "$bin"; then
  echo "$cli $version: reusing $bin" >&2
  $fetch || echo "$bin"
  exit 0
fi

# One build of a CLI version at a time: a second caller (make acc-matrix while .ci/run's early
# build still runs) waits for the first, then reuses its binary.
mkdir -p "$cache"
exec 9> "$cache/.lock-$cli-${version#v}"
if ! flock -n 9; then
  echo "$cli $version: another build of it is running; waiting for it" >&2
  flock 9
fi
if prints_version "$bin"; then
  echo "$cli $version: reusing $bin (built meanwhile)" >&2
  $fetch || echo "$bin"
  exit 0
fi

# Under the lock, any earlier build directory of this version is a killed build's.
rm -rf "$cache/.build-$cli-${version#v}".*
work=$(mktemp -d "$cache/.build-$cli-${version#v}.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
# Outside any module: the caller's go.mod and go.sum are never read or touched.
cd "$work"
start=$(date +%s)
if $fetch; then
  echo "$cli $version: fetching its modules into $(go env GOMODCACHE)" >&2
else
  echo "$cli $version: building from the Go module proxy into $dest (minutes the first time)" >&2
fi

module_dir() { # the module's extracted source in the module cache
  go mod download -json "$1@$2" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}

case $cli in
terraform)
  src=$(module_dir github.com/hashicorp/terraform "$version")
  [ -f "$src/go.mod" ] || { echo "could not fetch github.com/hashicorp/terraform@$version" >&2; exit 1; }
  cp -r "$src" "$work/src"
  chmod -R u+w "$work/src"
  cd "$work/src"
  unserved='github\.com/hashicorp/terraform/internal/(backend/remote-state/(azure|consul|cos|gcs|kubernetes|oci|oss|pg|s3)|legacy)'
  # Drop each require and replace line of those modules (none of them is imported elsewhere
  # outside tests, which this build does not compile).
  # And (1.11) godebug tlskyber=0, a setting this Go no longer knows (its Kyber draft is gone).
  grep -Ev "^[[:space:]]*(replace[[:space:]]+)?$unserved[[:space:]]|^godebug tlskyber=" go.mod > go.mod.new
  mv go.mod.new go.mod
  init=internal/backend/init/init.go
  grep -Ev 'backend(Azure|Consul|Cos|GCS|Kubernetes|OCI|OSS|Pg|S3)\b' "$init" > "$init.new"
  mv "$init.new" "$init"
  if grep -Eq "$unserved" go.mod "$init"; then
    echo "$cli $version: the unserved modules are still named after the edit; the layout changed" >&2
    exit 1
  fi
  rm -rf internal/legacy
  if $fetch; then
    GOFLAGS="-mod=mod" go list -deps . > /dev/null
    echo "$cli $version: modules fetched in $(( $(date +%s) - start )) s" >&2
    exit 0
  fi
  mkdir -p "$work/out"
  # dev=no: the release's version string ("v1.14.9", not "v1.14.9-dev"), as its own builds set it.
  GOFLAGS="-mod=mod -trimpath -buildvcs=false" go build -ldflags "-s -w -X github.com/hashicorp/terraform/version.dev=no" -o "$work/out/terraform" .
  ;;
tofu)
  src=$(module_dir github.com/opentofu/opentofu "$version")
  [ -f "$src/go.mod" ] || { echo "could not fetch github.com/opentofu/opentofu@$version" >&2; exit 1; }
  cp -r "$src" "$work/src"
  chmod -R u+w "$work/src"
  cd "$work/src"
  init=internal/backend/init/init.go
  grep -Ev 'backend(Azure|Consul|Cos|GCS|Kubernetes|OSS|Pg|S3)\b' "$init" > "$init.new"
  mv "$init.new" "$init"
  # Each key provider is registered by a three-line if block ending in a lone "}".
  kp='(aws_kms|gcp_kms|azure_vault|openbao)'
  reg=internal/encryption/default_registry.go
  sed -E "/keyprovider\/$kp\"\$/d; /RegisterKeyProvider\($kp\.New\(\)\)/,/^[[:space:]]*}\$/d" "$reg" > "$reg.new"
  mv "$reg.new" "$reg"
  if grep -Eq 'remote-state/(azure|consul|cos|gcs|kubernetes|oss|pg|s3)"' "$init" || grep -Eq "$kp" "$reg" ||
    ! grep -q 'backendLocal.New' "$init" || ! grep -q 'RegisterKeyProvider(pbkdf2.New())' "$reg"; then
    echo "$cli $version: the backend or key provider lists did not edit as expected; the layout changed" >&2
    exit 1
  fi
  if $fetch; then
    go list -deps ./cmd/tofu > /dev/null
    echo "$cli $version: modules fetched in $(( $(date +%s) - start )) s" >&2
    exit 0
  fi
  mkdir -p "$work/out"
  # The released go.mod and go.sum already cover this smaller build, so the default -mod=readonly
  # holds.
  GOFLAGS="-trimpath -buildvcs=false" go build -ldflags "-s -w -X github.com/opentofu/opentofu/version.dev=no" \
    -o "$work/out/tofu" ./cmd/tofu
  ;;
esac

prints_version "$work/out/$cli" || {
  echo "$cli $version: the built binary's version does not say '$want':" >&2
  TF_CLI_CONFIG_FILE=/dev/null "$work/out/$cli" version >&2 2>&1 || true
  exit 1
}
rm -rf "$dest.old"
[ -e "$dest" ] && mv "$dest" "$dest.old"
mv "$work/out" "$dest"
rm -rf "$dest.old"
echo "$cli $version: built in $(( $(date +%s) - start )) s, $(du -m "$bin" | cut -f1) MB" >&2
echo "$bin"
