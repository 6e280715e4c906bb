# shellcheck shell=bash disable=SC2034
# Shared settings and helpers of the local lab host scripts (up.sh, down.sh,
# build-image.sh, boot-check.sh, cloud-boot-check.sh). Sourced, never run.

LAB_SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LAB_REPO="$(git -C "$LAB_SCRIPT_DIR" rev-parse --show-toplevel 2>/dev/null || (cd "$LAB_SCRIPT_DIR/../.." && pwd))"
# KVM2_LAB_STATE names the .lab directory of a lab brought up from another
# checkout (the restart scripts of one worktree acting on a shared lab).
LAB_STATE="${KVM2_LAB_STATE:-$LAB_REPO/.lab}"

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
LAB_CLOUD_IMAGE_NAME="kvm2-cloud.qcow2"
LAB_PROXY_PORT=8888
LAB_MARK_NS="https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1"
LAB_LIBVIRTD_PID="/run/libvirtd.pid"
LAB_VIRTLOGD_PID="/run/virtlogd.pid"
LAB_LIBVIRTD_LOG="/var/log/libvirt/libvirtd.log"
# Per-host settings the scripts act on; lab_select_host switches them. Host 1
# is the machine's own libvirtd; host 2 is a second daemon in a namespace of
# its own (see lab_select_host).
LAB_HOST=1
LAB_HOST_STATE="$LAB_STATE"
LAB_ETC="/etc/libvirt"
LAB_NS_MNT=""
LAB_NS_UTS=""
LAB_HOSTNAME=""
LAB_HOST_UUID_FILE=""
LAB_SSH_PORT_FIRST=2222
LAB_SSH_FORWARDING=yes
LAB_CLIENT_KEY="$LAB_STATE/ssh/id_ed25519"

# Hosts 2 and 3: each its own libvirtd, virtlogd and sshd in a persistent
# mount (and UTS) namespace bound to files under LABN_RUN, where /run/libvirt,
# /etc/libvirt, /var/lib/libvirt, /var/cache/libvirt and /var/log/libvirt are
# its own directories (lab_select_host sets LABN_* for the host). The network
# namespace stays shared: the bridges, the subnets and the TCP port differ
# from host 1's instead. Host 3 is the cloud tier's own host, so that tier
# runs beside the tiers that restart host 1's and host 2's daemons.
LABN_RUN=""
LABN_ROOT=""
LABN_BINDS=()
lab_ns_paths() { # N: the namespace host N's directories
	LABN_RUN="/run/kvm2-lab-host$1"
	LABN_ROOT="/var/lib/kvm2-lab/host$1"
	LABN_BINDS=( # source:target inside the namespace
		"$LABN_RUN/libvirt:/run/libvirt"
		"$LABN_ROOT/etc:/etc/libvirt"
		"$LABN_ROOT/lib:/var/lib/libvirt"
		"$LABN_ROOT/cache:/var/cache/libvirt"
		"$LABN_ROOT/log:/var/log/libvirt"
	)
}

# The jump host: a third sshd on 127.0.0.1, in this machine's namespaces,
# that serves no shell and forwards TCP to host 2's sshd only (PermitOpen),
# with a host key of its own. It is how tests reach host 2 through a bastion.
LAB_JUMP_STATE="$LAB_STATE/jump"
LAB_JUMP_SSH_DIR="$LAB_JUMP_STATE/ssh"
LAB_JUMP_PID="$LAB_JUMP_STATE/sshd.pid"
LAB_JUMP_PORT_FIRST=2230

# lab_jump_ssh PORT ARGS...: ssh to the jump host on PORT with the lab's
# client key and the jump's own known_hosts, strictly.
lab_jump_ssh() {
	local port="$1"
	shift
	timeout 10 ssh -q -i "$LAB_CLIENT_KEY" -o BatchMode=yes -o ConnectTimeout=5 \
		-o UserKnownHostsFile="$LAB_JUMP_SSH_DIR/known_hosts" -o StrictHostKeyChecking=yes \
		-o GlobalKnownHostsFile=/dev/null -p "$port" "$@" </dev/null
}

# lab_jump_forwards JUMP_PORT TARGET_PORT: true when the jump host forwards to
# 127.0.0.1:TARGET_PORT, proven by the banner of the sshd there.
lab_jump_forwards() {
	local banner
	banner="$(lab_jump_ssh "$1" -W "127.0.0.1:$2" root@127.0.0.1 2>/dev/null | head -c 8 || true)"
	[ "$banner" = "SSH-2.0-" ]
}

# lab_jump_runs_commands JUMP_PORT: true when the jump host runs a command (it
# must not: ForceCommand /bin/false).
lab_jump_runs_commands() { lab_jump_ssh "$1" root@127.0.0.1 true >/dev/null 2>&1; }

# lab_select_host 1|2|3: points every per-host setting at that host.
lab_select_host() {
	case "$1" in
	1)
		LAB_HOST=1 LAB_HOST_STATE="$LAB_STATE" LAB_ETC="/etc/libvirt"
		LAB_URI="qemu:///system"
		LAB_POOL="kvm2lab" LAB_POOL_DIR="/var/lib/kvm2-lab/pool"
		LAB_TINY_POOL="kvm2lab-tiny" LAB_TINY_DIR="/var/lib/kvm2-lab/tiny"
		LAB_NET="kvm2lab" LAB_BRIDGE="virbr-kvm2" LAB_NET_PREFIX="192.168.123"
		LAB_NET_B="kvm2lab-b" LAB_BRIDGE_B="virbr-kvm2c" LAB_NET_B_PREFIX="192.168.125" LAB_NET_B_IPV6="fd6b:766d:7a03::"
		LAB_LIBVIRTD_PID="/run/libvirtd.pid" LAB_VIRTLOGD_PID="/run/virtlogd.pid"
		LAB_LIBVIRTD_LOG="/var/log/libvirt/libvirtd.log"
		LAB_NS_MNT="" LAB_NS_UTS="" LAB_HOSTNAME="" LAB_HOST_UUID_FILE=""
		LAB_SSH_PORT_FIRST=2222 LAB_SSH_FORWARDING=yes
		SSH_DIR="$LAB_STATE/ssh" SSHD_PID="$LAB_STATE/sshd.pid"
		return
		;;
	2)
		LAB_NET="kvm2lab2" LAB_BRIDGE="virbr-kvm2b" LAB_NET_PREFIX="192.168.124"
		LAB_NET_B="kvm2lab2-b" LAB_BRIDGE_B="virbr-kvm2d" LAB_NET_B_PREFIX="192.168.126" LAB_NET_B_IPV6="fd6b:766d:7a04::"
		LAB_SSH_PORT_FIRST=2223
		;;
	3)
		LAB_NET="kvm2lab3" LAB_BRIDGE="virbr-kvm2e" LAB_NET_PREFIX="192.168.127"
		LAB_NET_B="kvm2lab3-b" LAB_BRIDGE_B="virbr-kvm2f" LAB_NET_B_PREFIX="192.168.128" LAB_NET_B_IPV6="fd6b:766d:7a05::"
		LAB_SSH_PORT_FIRST=2224
		;;
	*) lab_die "unknown lab host '$1' (1, 2 or 3)" ;;
	esac
	lab_ns_paths "$1"
	LAB_HOST="$1" LAB_HOST_STATE="$LAB_STATE/host$1" LAB_ETC="$LABN_ROOT/etc"
	# Reached from this namespace through its socket's real directory.
	LAB_URI="qemu:///system?socket=$LABN_RUN/libvirt/libvirt-sock"
	# The same pool name as host 1, as on real fleets where every host has its
	# "default": names must never be what tells the hosts apart.
	LAB_POOL="kvm2lab" LAB_POOL_DIR="/var/lib/kvm2-lab/pool$1"
	LAB_TINY_POOL="" LAB_TINY_DIR=""
	LAB_LIBVIRTD_PID="$LABN_RUN/libvirtd.pid" LAB_VIRTLOGD_PID="$LABN_RUN/virtlogd.pid"
	# Outside the bind mounts, so the same path works in both namespaces.
	LAB_LIBVIRTD_LOG="$LABN_ROOT/log/libvirtd.log"
	LAB_NS_MNT="$LABN_RUN/ns/mnt" LAB_NS_UTS="$LABN_RUN/ns/uts"
	LAB_HOSTNAME="kvm2-lab-host$1" LAB_HOST_UUID_FILE="$LABN_ROOT/host-uuid"
	LAB_SSH_FORWARDING=no
	SSH_DIR="$LAB_HOST_STATE/ssh" SSHD_PID="$LAB_HOST_STATE/sshd.pid"
}

# lab_parse_hosts ARGS...: sets LAB_HOSTS from an optional "--host N" (default
# all) and leaves the other arguments in LAB_ARGS.
lab_parse_hosts() {
	LAB_HOSTS=(1 2 3)
	LAB_ARGS=()
	while [ $# -gt 0 ]; do
		case "$1" in
		--host)
			case "${2:-}" in 1 | 2 | 3) ;; *) lab_die "--host takes 1, 2 or 3" ;; esac
			LAB_HOSTS=("$2")
			shift
			;;
		*) LAB_ARGS+=("$1") ;;
		esac
		shift
	done
}

lab_log() { printf '[lab] %s\n' "$*" >&2; }
lab_die() {
	printf '[lab] ERROR: %s\n' "$*" >&2
	exit 1
}

# lab_serialize ARGS...: runs the calling script again, as a child, while holding the lab's lock,
# so that up.sh and down.sh runs started side by side (make test's lanes each bring the lab up)
# take turns instead of writing the same files at once. The child gets no descriptor of the lock:
# the daemons it starts must not hold it after it ends.
lab_serialize() {
	[ -z "${LAB_LOCK_HELD:-}" ] || return 0
	mkdir -p "$LAB_STATE"
	exec 8>"$LAB_STATE/lab.lock"
	if ! flock -n 8; then
		lab_log "waiting for another up.sh or down.sh of this lab"
		flock 8
	fi
	LAB_LOCK_HELD=1 bash "$0" "$@" 8>&-
	exit $?
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

# lab_install_packages PKG...: installs the missing ones with apt-get
# --no-install-recommends, package postinsts kept from starting services
# (sshd on port 22, dnsmasq...); ends the current phase.
lab_install_packages() {
	local missing=() p installed
	installed="$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "$@" 2>/dev/null | awk '$2=="installed"{print $1}' || true)"
	for p in "$@"; do
		grep -qxF "$p" <<<"$installed" || missing+=("$p")
	done
	if [ "${#missing[@]}" -eq 0 ]; then
		lab_phase_end "all present"
		return
	fi
	lab_log "installing: ${missing[*]}"
	printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
	chmod 755 /usr/sbin/policy-rc.d
	trap 'rm -f /usr/sbin/policy-rc.d' EXIT
	export DEBIAN_FRONTEND=noninteractive
	mkdir -p "$LAB_STATE"
	# Another apt run (a second lab script, unattended upgrades) holds the
	# lock for a while at most: wait for it, bounded.
	timeout 600 apt-get update -q -o DPkg::Lock::Timeout=300 >/dev/null ||
		lab_die "apt-get update failed or took over 600s"
	timeout 900 apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${missing[@]}" >"$LAB_STATE/apt.log" 2>&1 ||
		{
			tail -20 "$LAB_STATE/apt.log" >&2
			lab_die "apt-get install failed (full log: $LAB_STATE/apt.log)"
		}
	rm -f /usr/sbin/policy-rc.d
	trap - EXIT
	lab_phase_end "installed ${#missing[@]} packages"
}

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

# ------------------------------------------------------------- libvirtd
# Some VMs expose /dev/kvm without VMX/SVM; KVM there fails at the first vCPU,
# and libvirt re-probes QEMU (~6 s) on every capabilities call because its
# probe and its access check disagree about KVM. libvirtd then runs in its own
# mount namespace where /dev/kvm is an unusable regular file: guests use TCG
# and the host's /dev stays untouched. KVM2_LAB_HIDE_KVM=0|1 overrides.
kvm_must_hide() {
	case "${KVM2_LAB_HIDE_KVM:-auto}" in
	1) return 0 ;;
	0) return 1 ;;
	esac
	[ -e /dev/kvm ] && ! grep -qwE 'vmx|svm' /proc/cpuinfo
}
lab_nokvm_file() { [ -e /run/kvm2-lab-nokvm ] || install -m 000 /dev/null /run/kvm2-lab-nokvm; }
start_libvirtd() {
	# A host in a namespace of its own has /dev/kvm hidden there already (lab_ensure_ns).
	if [ -z "$LAB_NS_MNT" ] && kvm_must_hide; then
		lab_log "/dev/kvm present but the CPU has no VMX/SVM: hiding it from libvirtd (TCG only)"
		lab_nokvm_file
		lab_reaped unshare -m --propagation slave sh -c 'mount --bind /run/kvm2-lab-nokvm /dev/kvm && exec libvirtd -p "$0"' "$LAB_LIBVIRTD_PID"
	else
		lab_reaped libvirtd -p "$LAB_LIBVIRTD_PID"
	fi
}

# lab_reaped CMD...: starts the daemon CMD (in its foreground mode) in the background,
# in the selected host's namespaces and a session of its own, with none of the
# caller's stdio, under tini as a child subreaper: what the daemon orphans (QEMU,
# which libvirtd daemonizes; sshd's sessions once the listener is gone) and the
# daemon itself are reaped the moment they exit. Orphaned to this machine's PID 1,
# a process stays a zombie for up to 2 s (it reaps on a timer): libvirtd's destroy,
# which polls until QEMU is gone with the domain locked, took 1.7-1.8 s for a lone
# TCG guest instead of 0.3 s, and each stop of a lab daemon waited as long.
# Nor does the daemon keep any other file the caller has open: a test run under
# `flock -x /tmp/kvm2-lab.lock` that restarted a daemon left the daemon holding the
# lab's lock for as long as it ran, and every later run waited on it for good.
lab_reaped() {
	local run=(setsid tini -s -- "$@")
	[ -z "$LAB_NS_MNT" ] || run=(nsenter --mount="$LAB_NS_MNT" --uts="$LAB_NS_UTS" -- "${run[@]}")
	lab_own_fds "${run[@]}" </dev/null >/dev/null 2>&1 &
}

# lab_own_fds CMD...: in a subshell or a background job only (it closes its own process's
# files): runs CMD with only its standard input, output and error, none of the other files the
# caller has open. Every daemon the lab starts goes through it (lab_reaped, virtlogd, the HTTP
# server): a daemon that inherits the descriptor of a lock the caller holds (`flock -x
# /tmp/kvm2-lab.lock make lab-up`) holds that lock for as long as it runs.
lab_own_fds() {
	for fd in /proc/self/fd/*; do
		fd="${fd##*/}"
		[ "$fd" -le 2 ] || eval "exec $fd>&-" 2>/dev/null || true
	done
	if [ "$(type -t "$1")" = function ]; then
		"$@"
		exit
	fi
	exec "$@"
}

# lab_in_ns CMD...: runs CMD in the selected host's namespaces (host 1: here).
lab_in_ns() {
	if [ -n "$LAB_NS_MNT" ]; then
		nsenter --mount="$LAB_NS_MNT" --uts="$LAB_NS_UTS" -- "$@"
	else
		"$@"
	fi
}

# lab_ns_id: the selected host's mount namespace as /proc/PID/ns/mnt names it.
lab_ns_id() { echo "mnt:[$(stat -L -c %i "$LAB_NS_MNT" 2>/dev/null)]"; }
lab_ns_alive() { [ "$(stat -f -c %T "$LAB_NS_MNT" 2>/dev/null)" = nsfs ] && [ "$(stat -f -c %T "$LAB_NS_UTS" 2>/dev/null)" = nsfs ]; }
# lab_pid_in_ns PIDFILE: true when PIDFILE's process runs in the selected
# host's mount namespace (always true for host 1).
lab_pid_in_ns() {
	[ -n "$LAB_NS_MNT" ] || return 0
	[ "$(readlink "/proc/$(tr -dc '0-9' <"$1")/ns/mnt" 2>/dev/null)" = "$(lab_ns_id)" ]
}

# lab_ensure_ns: creates the selected host's namespaces once (they outlive
# every process in them, bound to files, so a restarted libvirtd and sshd
# join the same ones): its own hostname, its private libvirt directories, and
# /dev/kvm masked as for host 1 (kvm_must_hide).
lab_ensure_ns() {
	local b script hide=0
	[ -n "$LAB_NS_MNT" ] || return 0
	lab_ns_alive && return 0
	lab_drop_ns
	mkdir -p "$(dirname "$LAB_NS_MNT")"
	# A namespace file cannot be bound on a shared mount (systemd's default).
	if [ "$(findmnt -n -o PROPAGATION -T "$(dirname "$LAB_NS_MNT")")" = shared ]; then
		mount --bind "$(dirname "$LAB_NS_MNT")" "$(dirname "$LAB_NS_MNT")"
		mount --make-private "$(dirname "$LAB_NS_MNT")"
	fi
	touch "$LAB_NS_MNT" "$LAB_NS_UTS"
	script="set -e; hostname $LAB_HOSTNAME"
	for b in "${LABN_BINDS[@]}"; do
		mkdir -p "${b%%:*}" "${b#*:}"
		script+="; mount --bind ${b%%:*} ${b#*:}"
	done
	if kvm_must_hide; then
		lab_log "/dev/kvm present but the CPU has no VMX/SVM: hiding it from host $LAB_HOST (TCG only)"
		lab_nokvm_file
		script+="; mount --bind /run/kvm2-lab-nokvm /dev/kvm"
	fi
	unshare --mount="$LAB_NS_MNT" --uts="$LAB_NS_UTS" --propagation slave sh -c "$script" ||
		lab_die "could not set up host $LAB_HOST's namespaces"
}

# lab_drop_ns: unbinds the selected host's namespace files; processes still in
# the namespaces keep them until they exit.
lab_drop_ns() {
	[ -n "$LAB_NS_MNT" ] || return 0
	umount "$LAB_NS_MNT" 2>/dev/null || true
	umount "$LAB_NS_UTS" 2>/dev/null || true
}

libvirt_answers() { timeout 15 virsh -q -c "$LAB_URI" version >/dev/null 2>&1; }

# ---------------------------------------------------------------- wait budgets
# The lab scripts' waits follow the rule of internal/lab/budget (its unit test holds these two
# to it): a wait's budget on an idle machine is stretched by the one-minute load average per
# CPU (at least 1, at most 3), and a wait that fails states the load. LAB_LOADAVG and LAB_CPUS
# stand in for /proc/loadavg and nproc in that test.
# lab_budget SECONDS: SECONDS stretched by the load now.
lab_budget() {
	awk -v s="$1" -v n="${LAB_CPUS:-$(nproc)}" '{f = n > 0 ? $1 / n : 1; if (f < 1) f = 1; if (f > 3) f = 3; printf "%d", s * f + 0.5; exit}' "${LAB_LOADAVG:-/proc/loadavg}"
}
# lab_load: the load average as a failure states it, "load average 5.20 3.10 2.00 on 2 CPUs".
lab_load() {
	awk -v n="${LAB_CPUS:-$(nproc)}" '{printf "load average %.2f %.2f %.2f on %d CPUs", $1, $2, $3, n; exit}' "${LAB_LOADAVG:-/proc/loadavg}"
}
# lab_past T0 SECONDS: whether SECONDS have passed since T0 (an $EPOCHREALTIME).
lab_past() { awk -v a="$1" -v b="$EPOCHREALTIME" -v n="$2" 'BEGIN{exit !(b-a>n)}'; }


# mount_tiny: the small pool's tmpfs. Mounted before libvirtd starts, so a
# libvirtd in its own mount namespace (kvm_must_hide) sees it too.
mount_tiny() {
	[ -n "$LAB_TINY_DIR" ] || return 0
	mkdir -p "$LAB_TINY_DIR"
	mountpoint -q "$LAB_TINY_DIR" || mount -t tmpfs -o "size=$LAB_TINY_SIZE,mode=0711" kvm2lab-tiny "$LAB_TINY_DIR"
}

# lab_launch_libvirtd: starts libvirtd on a fresh log, waits for its PID file
# and records that the lab started it (down.sh stops only what it started).
lab_launch_libvirtd() {
	: >"$LAB_LIBVIRTD_LOG.tmp" && mv "$LAB_LIBVIRTD_LOG.tmp" "$LAB_LIBVIRTD_LOG"
	start_libvirtd
	for _ in $(seq 1 50); do lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd && break; sleep 0.1; done
	lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd || {
		tail -20 "$LAB_LIBVIRTD_LOG" >&2 || true
		lab_die "libvirtd did not start"
	}
	cat "$LAB_LIBVIRTD_PID" >"$LAB_HOST_STATE/libvirtd.started"
}

# lab_wait_libvirtd [SECONDS]: waits until libvirtd answers on $LAB_URI, at most
# SECONDS (default 60) stretched by the load (lab_budget). The first connection probes QEMU's
# capabilities (~6 s).
lab_wait_libvirtd() {
	local t0="$EPOCHREALTIME" bound
	bound="$(lab_budget "${1:-60}")"
	until libvirt_answers; do
		if ! lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd; then
			tail -20 "$LAB_LIBVIRTD_LOG" >&2 || true
			lab_die "libvirtd died while starting (log above: $LAB_LIBVIRTD_LOG)"
		fi
		if lab_past "$t0" "$bound"; then
			tail -20 "$LAB_LIBVIRTD_LOG" >&2 || true
			ps -eo pid,etimes,pcpu,args | grep -E '[q]emu-system|[l]ibvirtd' | cut -c1-200 >&2 || true
			lab_die "libvirtd did not answer on $LAB_URI within ${bound}s (${1:-60} s idle, stretched by the load; $(lab_load); log and its processes above: $LAB_LIBVIRTD_LOG)"
		fi
		sleep 0.5
	done
}

# ---------------------------------------------------------------- sshd
SSH_DIR="$LAB_STATE/ssh"
SSHD_PID="$LAB_STATE/sshd.pid"
# ssh_works: a login with the host's own known_hosts works and, for a host in
# a namespace of its own, its commands run in that namespace (that is what
# tells our sshd from another on the port).
ssh_works() {
	local probe=true want=""
	if [ -n "$LAB_NS_MNT" ]; then
		probe="readlink /proc/self/ns/mnt"
		want="$(lab_ns_id)"
	fi
	[ "$(timeout 10 ssh -q -i "$LAB_CLIENT_KEY" -o BatchMode=yes -o ConnectTimeout=5 \
		-o UserKnownHostsFile="$SSH_DIR/known_hosts" -o StrictHostKeyChecking=yes \
		-o GlobalKnownHostsFile=/dev/null -p "$SSH_PORT" root@127.0.0.1 "$probe" 2>/dev/null)" = "$want" ]
}
# lab_launch_sshd: starts the lab's sshd from $SSH_DIR/sshd_config (written by
# up.sh) on $SSH_PORT and waits until a login works.
lab_launch_sshd() {
	mkdir -p /run/sshd
	chmod 755 /run/sshd
	/usr/sbin/sshd -t -f "$SSH_DIR/sshd_config" || lab_die "sshd rejects $SSH_DIR/sshd_config"
	# In the host's namespace: what its sessions exec sees that host's socket.
	lab_reaped /usr/sbin/sshd -D -f "$SSH_DIR/sshd_config" -E "$LAB_HOST_STATE/sshd.log"
	local t0="$EPOCHREALTIME" bound
	bound="$(lab_budget 10)"
	until ssh_works; do
		lab_past "$t0" "$bound" && {
			tail -10 "$LAB_HOST_STATE/sshd.log" >&2 || true
			lab_die "ssh root@127.0.0.1:$SSH_PORT does not work after ${bound}s (10 s idle, stretched by the load; $(lab_load); log: $LAB_HOST_STATE/sshd.log)"
		}
		sleep 0.25
	done
}
