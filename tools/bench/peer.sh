#!/usr/bin/env bash
# Builds the peer provider, github.com/dmacvicar/terraform-provider-libvirt, from the Go module
# proxy into a cache outside the clone, keyed by version, and prints the binary's path (the only
# line on stdout; progress and the build time go to stderr):
#
#   tools/bench/peer.sh          ->  $KVM2_BENCH_CACHE/libvirt-v0.8.3/terraform-provider-libvirt
#   tools/bench/peer.sh v0.8.3
#
# KVM2_BENCH_CACHE defaults to ~/.cache/kvm2-bench. A binary already there is reused (a finished
# build is only ever renamed into place, so one that exists is complete); otherwise the module's
# source (`go mod download -json` gives its Dir) is copied to a writable temporary directory and
# built there with `go build`: its go.mod carries `replace` directives, which apply only when it
# is the main module. The cold build time is recorded in build-seconds next to the binary.
set -euo pipefail

version=${1:-v0.8.3}
version=v${version#v}
case $version in v[0-9]*.[0-9]*.[0-9]*) ;; *) echo "$0: version must be vX.Y.Z, got ${1:-}" >&2; exit 2 ;; esac
module=github.com/dmacvicar/terraform-provider-libvirt
cache=${KVM2_BENCH_CACHE:-${HOME:-/root}/.cache/kvm2-bench}
dest=$cache/libvirt-$version
bin=$dest/terraform-provider-libvirt

if [ -x "$bin" ]; then
  echo "peer $version: reusing $bin (built in $(cat "$dest/build-seconds" 2>/dev/null || echo '?') s)" >&2
  echo "$bin"
  exit 0
fi

# One build per version at a time: a second caller waits for the first, then reuses its binary.
mkdir -p "$cache"
exec 9>"$cache/.lock-libvirt-$version"
if ! flock -n 9; then
  echo "peer $version: another build of it is running; waiting for it" >&2
  flock 9
fi
if [ -x "$bin" ]; then
  echo "peer $version: reusing $bin (built meanwhile)" >&2
  echo "$bin"
  exit 0
fi

# Under the lock, an earlier build directory of this version is a killed build's.
rm -rf "$cache/.build-libvirt-$version".*
work=$(mktemp -d "$cache/.build-libvirt-$version.XXXXXX")
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
start=$(date +%s)
echo "peer $version: building $module from the Go module proxy into $dest (minutes the first time)" >&2
src=$(go mod download -json "$module@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -f "$src/go.mod" ] || { echo "could not fetch $module@$version" >&2; exit 1; }
cp -r "$src" "$work/src"
chmod -R u+w "$work/src"
mkdir -p "$work/out"
# Built as tools/mirror.sh builds this provider (trimpath, no cgo, symbols kept); the version
# string as its own Makefile sets it.
(cd "$work/src" && GOTOOLCHAIN=local GOFLAGS="-mod=mod -trimpath -buildvcs=false" CGO_ENABLED=0 \
  go build -ldflags "-X github.com/dmacvicar/terraform-provider-libvirt/version.ProviderVersion=$version" -o "$work/out/terraform-provider-libvirt" .)
seconds=$(($(date +%s) - start))
echo "$seconds" >"$work/out/build-seconds"
go version >"$work/out/go-version"
rm -rf "$dest.old"
[ -e "$dest" ] && mv "$dest" "$dest.old"
mv "$work/out" "$dest"
rm -rf "$dest.old"
echo "peer $version: built in $seconds s, $(du -m "$bin" | cut -f1) MB" >&2
echo "$bin"
