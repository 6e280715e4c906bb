#!/usr/bin/env bash
# Apply-time spread (make bench-spread): runs the fleet benchmark RUNS times (default 5) and
# prints each run's fleet apply and destroy, their min, median and max, and the spread max/min.
# A stall anywhere on the create path (a hung libvirt stream, a budget waited out) shows here as
# a wide spread; the goal is a spread under 1.5.
set -euo pipefail
here="$(dirname "${BASH_SOURCE[0]}")"
RUNS="${RUNS:-5}"
# kvm2 only, one shape (N defined VMs, or RUNNING=true), without the peer or the extra plans.
export N="${N:-50}" PLANS="${PLANS:-1}" PEER="${PEER:-0}" EXTRAS="${EXTRAS:-0}" HOSTFLOOR="${HOSTFLOOR:-0}"
unset SHAPES
applies=() destroys=()
for i in $(seq 1 "$RUNS"); do
  out="$(bash "$here/fleet.sh")"
  # The kvm2 column of the shape's table.
  a="$(awk '/^  apply /{print $2}' <<<"$out")"
  d="$(awk '/^  destroy /{print $2}' <<<"$out")"
  echo "run $i: fleet apply $a s, destroy $d s"
  applies+=("$a") destroys+=("$d")
done
stats() { # min median max max/min of the arguments
  printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "min %.3f s, median %.3f s, max %.3f s, spread (max/min) %.2f", v[1], m, v[NR], v[NR] / v[1] }'
}
echo
echo "apply spread over $RUNS runs of N=$N: $(stats "${applies[@]}")"
echo "destroy over $RUNS runs of N=$N:      $(stats "${destroys[@]}")"
