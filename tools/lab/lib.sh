# shellcheck shell=bash disable=SC2034
# Shared settings and helpers of the local lab host scripts (up.sh, down.sh,
# build-image.sh, boot-check.sh). Sourced, never run.

LAB_SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LAB_REPO="$(git -C "$LAB_SCRIPT_DIR" rev-parse --show-toplevel 2>/dev/null || (cd "$LAB_SCRIPT_DIR/../.." && pwd))"
LAB_STATE="$LAB_REPO/.lab"

LAB_URI="qemu:///system"
LAB_SOCKET="/var/run/libvirt/libvirt-sock"
LAB_POOL="kvm2lab"
LAB_POOL_DIR="/var/lib/kvm2-lab/pool"
LAB_TINY_POOL="kvm2lab-tiny"
LAB_TINY_DIR="/var/lib/kvm2-lab/tiny"
LAB_TINY_SIZE="48m"
LAB_NET="kvm2lab"
LAB_BRIDGE="virbr-kvm2"
LAB_NET_PREFIX="192.168.123"
LAB_CACHE="/var/cache/kvm2-lab"
LAB_IMAGE_NAME="kvm2-tiny.qcow2"
LAB_PROXY_PORT=8888
LAB_MARK_NS="https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1"
LAB_LIBVIRTD_PID="/run/libvirtd.pid"
LAB_VIRTLOGD_PID="/run/virtlogd.pid"
LAB_LIBVIRTD_LOG="/var/log/libvirt/libvirtd.log"

lab_log() { printf '[lab] %s\n' "$*" >&2; }
lab_die() {
	printf '[lab] ERROR: %s\n' "$*" >&2
	exit 1
}

# Phase timing: lab_phase NAME starts a phase, lab_phase_end prints its duration.
LAB_PHASE_NAME=""
LAB_PHASE_START=""
LAB_TIMINGS=()
lab_phase() {
	LAB_PHASE_NAME="$1"
	LAB_PHASE_START="$EPOCHREALTIME"
}
lab_phase_end() {
	local d
	d="$(awk -v a="$LAB_PHASE_START" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.2f", b-a}')"
	LAB_TIMINGS+=("$(printf '%-10s %6ss %s' "$LAB_PHASE_NAME" "$d" "${1:-}")")
	lab_log "$(printf '%-10s %6ss %s' "$LAB_PHASE_NAME" "$d" "${1:-}")"
}
lab_elapsed() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.2f", b-a}'; }

lab_virsh() { timeout 30 virsh -q -c "$LAB_URI" "$@"; }
# lab_names VIRSH-LIST-ARGS...: one name a line (virsh pads --name output).
lab_names() { lab_virsh "$@" | awk 'NF{print $1}'; }

# lab_pid_alive PIDFILE COMM: true when PIDFILE names a live process whose
# command name is COMM (guards against a recycled pid).
lab_pid_alive() {
	local pid
	[ -r "$1" ] || return 1
	pid="$(tr -dc '0-9' <"$1")"
	[ -n "$pid" ] || return 1
	[ -r "/proc/$pid/comm" ] || return 1
	[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ]
}

# lab_stop_pidfile PIDFILE COMM: SIGTERM, bounded wait, then SIGKILL.
lab_stop_pidfile() {
	local pid
	lab_pid_alive "$1" "$2" || {
		rm -f "$1"
		return 0
	}
	pid="$(tr -dc '0-9' <"$1")"
	kill "$pid" 2>/dev/null || true
	for _ in $(seq 1 100); do
		[ -d "/proc/$pid" ] || break
		sleep 0.2
	done
	if [ -d "/proc/$pid" ]; then
		lab_log "$2 ($pid) ignored SIGTERM for 20s; killing"
		kill -9 "$pid" 2>/dev/null || true
	fi
	rm -f "$1"
}

# lab_port_busy PORT: true when something listens on TCP 127.0.0.1/any PORT.
lab_port_busy() {
	[ -n "$(ss -Hltn "sport = :$1" 2>/dev/null)" ]
}

# lab_port_owner PORT: describes who listens on PORT, for error messages.
lab_port_owner() {
	ss -Hltnp "sport = :$1" 2>/dev/null | head -3
}
