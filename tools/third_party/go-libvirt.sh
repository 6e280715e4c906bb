#!/usr/bin/env bash
# Rebuilds third_party/go-libvirt: the go-libvirt module at the version go.mod names, without
# its tests, code generator and CI files (its libvirttest fake is kept: the backend tests use
# it), with the patches under tools/third_party/go-libvirt/ applied. go.mod replaces the module
# with that folder. Run it after moving to another go-libvirt version, and drop a patch once
# upstream carries it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
version=$(go list -m -f '{{.Version}}' github.com/digitalocean/go-libvirt 2>/dev/null || true)
version=${version:-$(sed -n 's|^// go-libvirt upstream: ||p' third_party/go-libvirt/UPSTREAM)}
src=$(GOFLAGS=-mod=mod go mod download -json "github.com/digitalocean/go-libvirt@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "go-libvirt $version not in the module cache" >&2; exit 1; }
dst=third_party/go-libvirt
rm -rf "$dst"
mkdir -p "$dst"
(cd "$src" && find . -type f \( -name '*.go' -o -name go.mod -o -name go.sum -o -name 'LICENSE*' -o -name AUTHORS \) \
  ! -name '*_test.go' ! -path './internal/lvgen/*' ! -path './scripts/*' ! -path '*/testdata/*' -print0 |
  xargs -0 cp --parents -t "$repo/$dst")
chmod -R u+w "$dst"
for p in tools/third_party/go-libvirt/*.patch; do
  patch -s -d "$dst" -p1 <"$p"
done
# Upstream's older files are not all gofmt-clean; format them so this tree's fmt-check holds.
gofmt -w "$dst"
printf '%s\n' "// go-libvirt upstream: $version" \
  "// A copy of github.com/digitalocean/go-libvirt at that version, without tests, with the patches" \
  "// of tools/third_party/go-libvirt applied and gofmt run; rebuilt by tools/third_party/go-libvirt.sh." >"$dst/UPSTREAM"
echo "third_party/go-libvirt: go-libvirt $version with $(ls tools/third_party/go-libvirt/*.patch | wc -l) patch(es)"
