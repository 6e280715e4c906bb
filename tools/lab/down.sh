#!/usr/bin/env bash
# Takes the local lab host down: removes every domain of ours (name prefix
# kvm2- or our metadata mark) and every volume in the lab pools, then stops
# only the daemons up.sh started (by PID file). Idempotent. The pools, the
# network definition and the image cache stay for the next up.sh.
#
# Usage: down.sh [--host 1|2|3]   (default: every host and the HTTP server)
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
lab_serialize "$@"
lab_parse_hosts "$@"
[ "${#LAB_ARGS[@]}" -eq 0 ] || lab_die "usage: down.sh [--host 1|2|3]"

DOWN_START="$EPOCHREALTIME"
[ "$(id -u)" -eq 0 ] || lab_die "down.sh must run as root"

ours() { # domain name
	case "$1" in kvm2-*) return 0 ;; esac
	lab_virsh metadata "$1" "$LAB_MARK_NS" >/dev/null 2>&1
}

remove_domains() {
	local dom n=0
	while read -r dom; do
		[ -n "$dom" ] || continue
		ours "$dom" || continue
		lab_virsh destroy "$dom" >/dev/null 2>&1 || true
		lab_virsh undefine --nvram "$dom" >/dev/null 2>&1 ||
			lab_virsh undefine "$dom" >/dev/null 2>&1 ||
			lab_log "WARNING: could not undefine $dom"
		n=$((n + 1))
	done < <(lab_names list --all --name)
	lab_phase_end "$n removed"
}

remove_volumes() {
	local pool vol n=0
	for pool in "$LAB_POOL" $LAB_TINY_POOL; do
		lab_virsh pool-info "$pool" >/dev/null 2>&1 || continue
		lab_virsh pool-refresh "$pool" >/dev/null 2>&1 || continue
		while read -r vol; do
			[ -n "$vol" ] || continue
			lab_virsh vol-delete --pool "$pool" "$vol" >/dev/null ||
				lab_log "WARNING: could not delete volume $vol in $pool"
			n=$((n + 1))
		done < <(lab_names vol-list "$pool")
	done
	lab_phase_end "$n removed"
}

# stop_started NAME PIDFILE: stops a daemon only when up.sh recorded that it
# started this very process.
stop_started() {
	local marker="$LAB_HOST_STATE/$1.started"
	if [ -f "$marker" ] && lab_pid_alive "$2" "$1" && [ "$(tr -dc '0-9' <"$marker")" = "$(tr -dc '0-9' <"$2")" ]; then
		lab_stop_pidfile "$2" "$1"
		lab_log "stopped $1"
	fi
	rm -f "$marker"
}

# Hosts 3 and 2 first: host 1's down is the one that used to end the run.
for h in $(printf '%s\n' "${LAB_HOSTS[@]}" | sort -r); do
	lab_select_host "$h"
	p=""
	[ "$h" = 1 ] || p="h$h "
	if lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd && lab_pid_in_ns "$LAB_LIBVIRTD_PID" &&
		timeout 15 virsh -q -c "$LAB_URI" version >/dev/null 2>&1; then
		lab_phase "${p}domains"
		remove_domains
		lab_phase "${p}volumes"
		remove_volumes
	else
		lab_log "host $h: libvirtd not answering: no domains or volumes to remove"
	fi
	lab_phase "${p}daemons"
	# The jump host exists for host 2 and goes with it.
	[ "$h" != 2 ] || lab_stop_pidfile "$LAB_JUMP_PID" sshd
	lab_stop_pidfile "$SSHD_PID" sshd
	stop_started libvirtd "$LAB_LIBVIRTD_PID"
	stop_started virtlogd "$LAB_VIRTLOGD_PID"
	lab_drop_ns
	lab_phase_end
done
# The HTTP server serves every host's users.
if [ "${#LAB_HOSTS[@]}" -gt 1 ]; then
	lab_stop_pidfile "$LAB_STATE/http.pid" python3
fi
lab_log "lab down in $(lab_elapsed "$DOWN_START")s"
