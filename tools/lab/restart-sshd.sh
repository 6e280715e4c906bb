#!/usr/bin/env bash
# Restarts the lab's sshd exactly as up.sh starts it (its own config, PID file
# and log under .lab/), for fault-injection tests.
#
# Usage: restart-sshd.sh [--host 1|2|3] [--kill] [--down SECONDS | --stop | --start]
#   --host N        which lab host (default 1)
#   default         SIGTERM by PID file (bounded), then start
#   --stop          stop it and leave it stopped (a host that is down until --start)
#   --start         start it when it is not running
#   --kill          SIGKILL the listener and every session process under it at
#                   once, so live connections drop as in a crash
#   --down SECONDS  stay down that long before starting again
# KVM2_LAB_STATE names the lab's .lab directory when it was brought up from
# another checkout. Prints the time sshd was down.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KILL=0
DOWN=0
HOST=1
MODE=restart
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
	--stop) MODE=stop ;;
	--start) MODE=start ;;
	*) lab_die "usage: restart-sshd.sh [--host 1|2|3] [--kill] [--down SECONDS | --stop | --start]" ;;
	esac
	shift
done
lab_select_host "$HOST"
[ "$(id -u)" -eq 0 ] || lab_die "restart-sshd.sh must run as root"
[ -s "$LAB_HOST_STATE/ssh.port" ] && [ -f "$SSH_DIR/sshd_config" ] ||
	lab_die "no lab sshd of host $HOST configured in $LAB_HOST_STATE (run up.sh, or set KVM2_LAB_STATE)"
SSH_PORT="$(cat "$LAB_HOST_STATE/ssh.port")"

# descendants PID: every process below PID, children first.
descendants() {
	local c
	for c in $(pgrep -P "$1" || true); do
		descendants "$c"
		echo "$c"
	done
}

T0="$EPOCHREALTIME"
if [ "$MODE" = start ]; then
	if lab_pid_alive "$SSHD_PID" sshd; then
		lab_log "sshd of host $HOST on 127.0.0.1:$SSH_PORT is already running"
		exit 0
	fi
	lab_ensure_ns
	lab_launch_sshd
	lab_log "sshd of host $HOST on 127.0.0.1:$SSH_PORT started"
	exit 0
fi
if [ "$KILL" = 1 ] && lab_pid_alive "$SSHD_PID" sshd; then
	listener="$(tr -dc '0-9' <"$SSHD_PID")"
	# Collected before the kill: once the listener dies its sessions are reparented.
	mapfile -t tree < <(descendants "$listener")
	kill -9 "$listener" "${tree[@]}" 2>/dev/null || true
	lab_log "sshd: SIGKILL to the listener $listener and ${#tree[@]} session processes"
fi
lab_stop_pidfile "$SSHD_PID" sshd
for _ in $(seq 1 40); do
	lab_port_busy "$SSH_PORT" || break
	sleep 0.05
done
lab_port_busy "$SSH_PORT" && lab_die "port $SSH_PORT is still taken: $(lab_port_owner "$SSH_PORT")"
if [ "$MODE" = stop ]; then
	lab_log "sshd of host $HOST on 127.0.0.1:$SSH_PORT stopped (restart-sshd.sh --host $HOST --start brings it back)"
	exit 0
fi
sleep "$DOWN"
lab_ensure_ns
lab_launch_sshd
lab_log "sshd on 127.0.0.1:$SSH_PORT down for $(lab_elapsed "$T0")s"
