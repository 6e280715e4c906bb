#!/usr/bin/env bash
# Restarts the lab's libvirtd exactly as up.sh starts it (its own mount
# namespace with /dev/kvm masked where needed), for fault-injection tests, and
# waits until it answers. Only a libvirtd the lab started is restarted.
#
# Usage: restart-libvirtd.sh [--host 1|2] [--kill] [--down SECONDS]
#   --host N        which lab host (default 1)
#   default         SIGTERM by PID file (bounded), then start
#   --kill          SIGKILL instead, as in a crash
#   --down SECONDS  stay down that long before starting again
# KVM2_LAB_STATE names the lab's .lab directory when it was brought up from
# another checkout. Prints the time libvirtd did not answer.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KILL=0
DOWN=0
HOST=1
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
	*) lab_die "usage: restart-libvirtd.sh [--host 1|2] [--kill] [--down SECONDS]" ;;
	esac
	shift
done
lab_select_host "$HOST"
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
sleep "$DOWN"
mount_tiny
lab_ensure_ns
lab_launch_libvirtd
lab_wait_libvirtd
lab_log "libvirtd down for $(lab_elapsed "$T0")s"
