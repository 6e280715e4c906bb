#!/usr/bin/env bash
# Rebuilds third_party/<name> from a Go module: the version go.mod names (or, when go.mod does
# not resolve it, the one third_party/<name>/UPSTREAM records), without its tests and test data,
# and without the paths given after the name, with the patches of tools/third_party/<name>/
# applied in order and gofmt run. go.mod replaces the module with that folder.
#
# Usage: tools/third_party/module.sh <module path> <name> [find -path pattern to leave out]...
set -euo pipefail
module="$1" name="$2"
shift 2
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
dst="third_party/$name"
version=$(go list -m -f '{{.Version}}' "$module" 2>/dev/null || true)
version=${version:-$(sed -n "s|^// $name upstream: ||p" "$dst/UPSTREAM")}
src=$(GOFLAGS=-mod=mod go mod download -json "$module@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "$module $version not in the module cache" >&2; exit 1; }
excludes=(! -name '*_test.go' ! -path '*/testdata/*')
for p in "$@"; do excludes+=(! -path "$p"); done
rm -rf "$dst"
mkdir -p "$dst"
(cd "$src" && find . -type f \( -name '*.go' -o -name go.mod -o -name go.sum -o -name 'LICENSE*' -o -name AUTHORS \) \
  "${excludes[@]}" -print0 | xargs -0 cp --parents -t "$repo/$dst")
chmod -R u+w "$dst"
patches=(tools/third_party/"$name"/*.patch)
for p in "${patches[@]}"; do
  patch -s -d "$dst" -p1 <"$p"
done
# Upstream's files are not all gofmt-clean; format them so this tree's fmt-check holds.
gofmt -w "$dst"
printf '%s\n' "// $name upstream: $version" \
  "// A copy of $module at that version, without tests, with the patches" \
  "// of tools/third_party/$name applied and gofmt run; rebuilt by tools/third_party/$name.sh." >"$dst/UPSTREAM"
echo "$dst: $module $version with ${#patches[@]} patch(es)"
