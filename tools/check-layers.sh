#!/usr/bin/env bash
# Checks that the package map at the top of DESIGN.md matches the code: every package of the
# module is in the map, every package in the map exists, and each imports no package of this
# module that its row does not allow (`go list`, test files included). Run by `make test`.
#
# A row of the map is a table line between the markers "<!-- layers -->" and
# "<!-- /layers -->": | `path` | what it owns | `allowed` `imports` (or "nothing") |
set -euo pipefail
cd "$(dirname "$0")/.."

module=$(go list -m)
map=$(awk '/<!-- layers -->/{on=1; next} /<!-- \/layers -->/{on=0} on && /^\| `/' DESIGN.md)
[ -n "$map" ] || { echo "DESIGN.md: no package map between <!-- layers --> and <!-- /layers -->"; exit 1; }

declare -A allowed
while IFS= read -r row; do
  pkg=$(awk -F'|' '{print $2}' <<<"$row" | grep -o '`[^`]*`' | head -1 | tr -d '`')
  imports=$(awk -F'|' '{print $4}' <<<"$row" | grep -o '`[^`]*`' | tr -d '`' | tr '\n' ' ' || true)
  allowed[$pkg]=" $imports "
done <<<"$map"

fail=0
seen=" "
while read -r pkg deps; do
  rel=${pkg#"$module"}; rel=${rel#/}; [ -n "$rel" ] || rel=.
  seen+="$rel "
  if [ -z "${allowed[$rel]+x}" ]; then
    echo "DESIGN.md: package $rel is not in the map"; fail=1; continue
  fi
  for d in $deps; do
    case $d in "$module"/*) ;; *) continue ;; esac
    d=${d#"$module"/}
    [ "$d" = "$rel" ] && continue
    if [[ "${allowed[$rel]}" != *" $d "* ]]; then
      echo "$rel imports $d, which its row in DESIGN.md does not allow"; fail=1
    fi
  done
done < <(go list -tags "$(tools/ci/tiers tags | paste -sd,)" -f '{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}' ./...)

for p in "${!allowed[@]}"; do
  [[ "$seen" == *" $p "* ]] || { echo "DESIGN.md: the map names $p, which is not a package of the module"; fail=1; }
done
[ $fail = 0 ] && echo "package map: ${#allowed[@]} packages, every import allowed by DESIGN.md"
exit $fail
