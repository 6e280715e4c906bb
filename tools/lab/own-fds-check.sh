#!/usr/bin/env bash
# Checks lab_own_fds (lib.sh): a daemon started through it under `flock -x LOCK` does not keep
# LOCK held once the starter has exited, and one started the plain way does (so the check can
# tell the two apart). No lab needed; `make lab-test` runs it first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'pkill -f kvm2-own-fds-probe 2>/dev/null; rm -rf "$tmp"' EXIT
cat >"$tmp/start.sh" <<SH
source "$here/lib.sh"
probe() { setsid bash -c 'exec -a kvm2-own-fds-probe sleep 30' </dev/null >/dev/null 2>&1 & }
case \$1 in
own) lab_own_fds setsid bash -c 'exec -a kvm2-own-fds-probe sleep 30' </dev/null >/dev/null 2>&1 & (lab_own_fds probe) ;;
plain) probe ;;
esac
SH
held() {
	flock -x "$tmp/lock" bash "$tmp/start.sh" "$1"
	sleep 0.2
	! flock -x -w 1 "$tmp/lock" true
}
if held own; then
	echo "own-fds-check: a daemon started through lab_own_fds keeps the caller's lock" >&2
	exit 1
fi
pkill -f kvm2-own-fds-probe || true
if ! held plain; then
	echo "own-fds-check: a daemon started the plain way did not keep the lock: the check cannot tell" >&2
	exit 1
fi
echo "own-fds-check: daemons started through lab_own_fds leave the caller's lock free"
