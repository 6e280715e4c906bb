#!/usr/bin/env bash
# make mutants-check (in make test): every planted defect of tools/mutants/*.patch still applies
# to HEAD and compiles (go vet of the packages it plants into, their tests included), one at a time in one
# temporary worktree, so that a change which moves the code a patch plants into is caught the
# day it lands, not at the next `make mutants`. It walks nothing: that is `make mutants`.
set -euo pipefail
top=$(git rev-parse --show-toplevel)
cd "$top"
wt=$(mktemp -d /tmp/kvm2-mutants-check.XXXXXX)
git worktree add -q --detach "$wt" HEAD
trap 'git worktree remove --force "$wt"' EXIT
fail=0
n=0
for patch in "$top"/tools/mutants/*.patch; do
  name=$(basename "$patch" .patch)
  n=$((n + 1))
  if ! out=$(git -C "$wt" apply "$patch" 2>&1); then
    echo "mutant $name does not apply to HEAD: $out"; fail=1; continue
  fi
  pkgs=$(sed -n 's|^+++ b/\(.*\)/[^/]*$|./\1|p' "$patch" | sort -u)
  # shellcheck disable=SC2086 # one argument per package
  if ! out=$(cd "$wt" && go vet $pkgs 2>&1); then
    echo "mutant $name does not compile:"; echo "$out"; fail=1
  fi
  git -C "$wt" checkout -q -- . # the next patch applies to HEAD alone
done
[ $fail = 0 ] && echo "mutants: all $n patches apply to HEAD and compile"
exit $fail
