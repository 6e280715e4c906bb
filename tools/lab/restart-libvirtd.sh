#!/usr/bin/env bash
# Restarts the lab's libvirtd exactly as up.sh starts it (its own mount
# namespace with /dev/kvm masked where needed), for fault-injection tests, and
# waits until it answers. Only a libvirtd the lab started is restarted.
#
# Usage: restart-libvirtd.sh [--host 1|2|3] [--kill] [--down SECONDS] [--kill-guests [--guest NAME]...]
#   --host N        which lab host (default 1)
#   default         SIGTERM by PID file (bounded), then start
#   --kill          SIGKILL instead, as in a crash
#   --down SECONDS  stay down that long before starting again
#   --kill-guests   a host reboot: once libvirtd is down, SIGKILL the QEMU process of
#                   each domain it ran (found by its PID file under /run/libvirt/qemu/)
#                   and remove the marker by which libvirtd autostarts domains only once
#                   per boot, so the restarted libvirtd starts the autostart domains
#   --guest NAME    with --kill-guests: only that domain's QEMU (repeatable), so
#                   other domains on the shared lab keep running
# KVM2_LAB_STATE names the lab's .lab directory when it was brought up from
# another checkout. Prints the time libvirtd did not answer.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KILL=0
DOWN=0
HOST=1
KILL_GUESTS=0
GUESTS=()
while [ $# -gt 0 ]; do
	case "$1" in
	--kill) KILL=1 ;;
	--host)
		HOST="$2"
		shift
		;;
	--down)
		DOWN="$2"
		shift
		;;
	--kill-guests) KILL_GUESTS=1 ;;
	--guest)
		GUESTS+=("$2")
		shift
		;;
	*) lab_die "usage: restart-libvirtd.sh [--host 1|2|3] [--kill] [--down SECONDS] [--kill-guests [--guest NAME]...]" ;;
	esac
	shift
done
lab_select_host "$HOST"
[ "$HOST" = 1 ] || [ "$KILL_GUESTS" = 0 ] || lab_die "--kill-guests acts on host 1 only (host 2's QEMU PID files are in its own namespace)"
[ "${#GUESTS[@]}" -eq 0 ] || [ "$KILL_GUESTS" = 1 ] || lab_die "--guest needs --kill-guests"

# LAB_QEMU_STATE is where the lab's libvirtd keeps a PID file per running domain.
LAB_QEMU_STATE="/run/libvirt/qemu"

# kill_guests: SIGKILL the QEMU process of each domain the PID files name (of GUESTS only,
# when given). A PID counts only while its process is a QEMU started for that domain
# (-name guest=NAME), so a recycled PID is never killed.
kill_guests() {
	local f name pid k n=0 killed=()
	for f in "$LAB_QEMU_STATE"/*.pid; do
		[ -e "$f" ] || continue
		name="$(basename "$f" .pid)"
		[ "$name" != driver ] || continue
		if [ "${#GUESTS[@]}" -gt 0 ] && ! printf '%s\n' "${GUESTS[@]}" | grep -qxF -- "$name"; then
			continue
		fi
		pid="$(tr -dc '0-9' <"$f")"
		[ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] || continue
		case "$(cat "/proc/$pid/comm" 2>/dev/null)" in qemu-system-*|qemu-kvm) ;; *) continue ;; esac
		tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "guest=$name," || continue
		kill -9 "$pid" 2>/dev/null && n=$((n + 1))
		lab_log "guest $name: QEMU $pid SIGKILL"
		killed+=("$pid:$name")
	done
	# A reboot empties /run: libvirtd then finds no running domain to reconnect to (a status
	# file left behind makes the restarted libvirtd count the domain as running until its
	# reconnect thread notices QEMU is gone, and autostart skips it) and autostarts domains
	# again once the marker of this boot's autostart is gone.
	for k in "${killed[@]}"; do
		pid="${k%%:*}" name="${k#*:}"
		for _ in $(seq 1 100); do
			[ -d "/proc/$pid" ] || break
			sleep 0.1
		done
		[ ! -d "/proc/$pid" ] || lab_die "QEMU $pid of $name is still there 10 s after SIGKILL"
		rm -f "$LAB_QEMU_STATE/$name.xml" "$LAB_QEMU_STATE/$name.pid"
	done
	rm -f "$LAB_QEMU_STATE/autostarted"
	lab_log "killed $n guest QEMU process(es)"
}
[ "$(id -u)" -eq 0 ] || lab_die "restart-libvirtd.sh must run as root"
if lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd &&
	[ "$(tr -dc '0-9' <"$LAB_HOST_STATE/libvirtd.started" 2>/dev/null)" != "$(tr -dc '0-9' <"$LAB_LIBVIRTD_PID")" ]; then
	lab_die "the running libvirtd of host $HOST was not started by the lab ($LAB_HOST_STATE/libvirtd.started); not restarting it"
fi

T0="$EPOCHREALTIME"
if [ "$KILL" = 1 ] && lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd; then
	kill -9 "$(tr -dc '0-9' <"$LAB_LIBVIRTD_PID")" 2>/dev/null || true
	lab_log "libvirtd: SIGKILL"
fi
lab_stop_pidfile "$LAB_LIBVIRTD_PID" libvirtd
lab_log "libvirtd stopped after $(lab_elapsed "$T0")s"
if [ "$KILL_GUESTS" = 1 ]; then kill_guests; fi
sleep "$DOWN"
mount_tiny
lab_ensure_ns
lab_launch_libvirtd
# A restarted libvirtd answers only once it has autostarted its domains: with --kill-guests,
# a QEMU start each, which under TCG on a loaded machine (CI's background builds) took over
# 60 s once. 80 s idle, stretched by the load up to the 240 s the callers' own steps allow.
lab_wait_libvirtd "${KVM2_LAB_RESTART_WAIT:-80}"
lab_log "libvirtd down for $(lab_elapsed "$T0")s"
