#!/usr/bin/env bash
# make mutants: plants each defect of tools/mutants/*.patch, one at a time, in a temporary
# worktree of HEAD (never in this checkout), checks that it compiles (go vet of the core), runs
# the chaos walk on its fixed seeds there (tools/ci/chaos-fixed: the tree's own tests against
# the tree's own provider; the seeds after the first walk that fails are not walked), and prints which mutants the walk caught and which survived. It
# fails unless every mutant is caught.
#
#   tools/mutants/run.sh [NAME...]       NAME: a patch's file name without .patch (default: all)
#
# The lab's environment must be set (.lab/env), and TF_ACC_TERRAFORM_PATH name the CLI
# (tools/ci/on-cli). KVM2_LAB_LOCK, when set, is a lock file each walk holds exclusively.
# A mutant is caught when its walk reports a VIOLATION; a walk that fails otherwise (it broke)
# is shown as such and counts as survived, since it proves no invariant.
set -euo pipefail
top=$(git rev-parse --show-toplevel)
cd "$top"
dir=tools/mutants
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for p in "$dir"/*.patch; do names+=("$(basename "$p" .patch)"); done
fi
logs=$(mktemp -d /tmp/kvm2-mutants.XXXXXX)
results=()
fail=0
for n in "${names[@]}"; do
  patch=$top/$dir/$n.patch
  [ -f "$patch" ] || { echo "no mutant $n ($patch)" >&2; exit 2; }
  wt=$(mktemp -d /tmp/kvm2-mutant.XXXXXX)
  git worktree add -q --detach "$wt" HEAD
  log=$logs/$n.log
  verdict=survived
  if ! git -C "$wt" apply "$patch" >"$log" 2>&1; then
    verdict="does not apply"
  elif ! (cd "$wt" && go vet ./internal/kvm2/...) >>"$log" 2>&1; then
    verdict="does not compile"
  else
    start=$(date +%s)
    if (cd "$wt" && KVM2_CHAOS_FIRST_FAILURE=1 tools/ci/chaos-fixed -count=1 -vet=off -timeout 20m -v) >>"$log" 2>&1; then
      verdict=survived
    elif grep -q 'VIOLATION' "$log"; then
      verdict="caught ($(grep -c 'VIOLATION' "$log") violations)"
    else
      verdict="survived (the walk broke: see the log)"
    fi
    verdict="$verdict in $(($(date +%s) - start)) s"
  fi
  git worktree remove --force "$wt"
  case $verdict in caught*) ;; *) fail=1 ;; esac
  results+=("$(printf '%-34s %s' "$n" "$verdict")")
  echo "mutant $n: $verdict (log $log)"
done
echo
printf '%-34s %s\n' mutant verdict
printf '%s\n' "${results[@]}"
echo "logs: $logs"
exit $fail
