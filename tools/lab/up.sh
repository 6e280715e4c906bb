#!/usr/bin/env bash
# Brings the local lab host up on a Debian 12 machine, as root and without
# systemd: libvirtd (qemu driver, TCG), a dir pool, a small tmpfs-backed pool,
# a NAT network with DHCP, an sshd on 127.0.0.1 with its own keys, a tiny
# bootable guest image served over HTTP, and .lab/env describing all of it.
# Then the same for hosts 2 and 3 (each its own libvirtd, pool, networks and
# sshd in a namespace of its own; see lib.sh), and a jump host in front of
# host 2 (an sshd that only forwards TCP to host 2's sshd). Idempotent: with
# everything healthy a second run only checks and exits.
#
# Usage: up.sh [--host 1|2|3] [--cloud-image]
#   --host N        only host N (default: all; the images and HTTP server always)
#   --cloud-image   also the Debian 12 cloud image (build-cloud-image.sh,
#                   minutes when not cached); without it, a cloud image built
#                   before stays in .lab/env while it is cached under its
#                   current key
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=tools/lab/networks.sh
source "$(dirname "${BASH_SOURCE[0]}")/networks.sh"
# shellcheck source=tools/lab/sshd.sh
source "$(dirname "${BASH_SOURCE[0]}")/sshd.sh"
lab_serialize "$@"
lab_parse_hosts "$@"
WANT_CLOUD=0
for arg in "${LAB_ARGS[@]}"; do
	case "$arg" in
	--cloud-image) WANT_CLOUD=1 ;;
	*) lab_die "usage: up.sh [--host 1|2|3] [--cloud-image]" ;;
	esac
done

UP_START="$EPOCHREALTIME"
PACKAGES=(
	libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-x86 qemu-utils
	openssh-server ovmf dnsmasq-base iptables iproute2 tini
	# The exec fallback of an sshd that refuses forwarding (virt-ssh-helper
	# ships in libvirt-daemon).
	netcat-openbsd
	# The guest image build.
	kmod cpio fdisk dosfstools mtools syslinux syslinux-common binutils
	# The guides' scripts the acceptance tier runs as copied (the orphans recipe).
	jq
)

[ "$(id -u)" -eq 0 ] || lab_die "up.sh must run as root (it installs packages and starts libvirtd)"
mkdir -p "$LAB_STATE"
chmod 700 "$LAB_STATE"

# ---------------------------------------------------------------- packages
install_packages() {
	[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import http.server' 2>/dev/null || PACKAGES+=(python3)
	lab_install_packages "${PACKAGES[@]}"
}

# ------------------------------------------------------------------- users
ensure_group() { # name preferred-gid
	getent group "$1" >/dev/null && return 0
	if getent group "$2" >/dev/null; then groupadd -r "$1"; else groupadd -r -K SYS_GID_MAX=65000 -g "$2" "$1"; fi
}
ensure_users() {
	ensure_group kvm 64054
	ensure_group libvirt-qemu 64055
	if ! getent passwd libvirt-qemu >/dev/null; then
		local uid=()
		getent passwd 64055 >/dev/null || uid=(-u 64055)
		useradd -r -K SYS_UID_MAX=65000 "${uid[@]}" -g libvirt-qemu -G kvm -d /var/lib/libvirt -s /usr/sbin/nologin libvirt-qemu
	fi
	getent passwd libvirt-dnsmasq >/dev/null ||
		useradd -r -U -d /var/lib/libvirt/dnsmasq -s /usr/sbin/nologin libvirt-dnsmasq
	lab_phase_end
}

# ----------------------------------------------------------------- daemons
# set_conf FILE KEY VALUE: sets KEY = VALUE in a libvirt style config file;
# returns 0 when the file changed.
set_conf() {
	local want="$2 = $3"
	grep -qxF "$want" "$1" 2>/dev/null && return 1
	sed -i "/^[#[:space:]]*$2[[:space:]]*=/d" "$1"
	echo "$want" >>"$1"
	return 0
}
configure_libvirtd() {
	local f="$LAB_ETC/libvirtd.conf" changed=1
	# Debian ships libvirtd.conf with libvirt-daemon-system, which the lab avoids.
	mkdir -p "$LAB_ETC"
	[ -f "$f" ] || : >"$f"
	set_conf "$f" auth_unix_rw '"none"' && changed=0
	set_conf "$f" auth_unix_ro '"none"' && changed=0
	set_conf "$f" unix_sock_group '"root"' && changed=0
	set_conf "$f" unix_sock_rw_perms '"0770"' && changed=0
	set_conf "$f" log_outputs "\"3:file:$LAB_LIBVIRTD_LOG\"" && changed=0
	if [ -n "$LAB_HOST_UUID_FILE" ]; then
		# A host UUID of its own (this machine has no SMBIOS UUID to derive one).
		[ -s "$LAB_HOST_UUID_FILE" ] || cat /proc/sys/kernel/random/uuid >"$LAB_HOST_UUID_FILE"
		set_conf "$f" host_uuid "\"$(cat "$LAB_HOST_UUID_FILE")\"" && changed=0
	fi
	# No per-domain /dev namespace: it cannot carry the bind mount that hides
	# /dev/kvm (see kvm_must_hide), and the lab gains nothing from it.
	f="$LAB_ETC/qemu.conf"
	[ -f "$f" ] || : >"$f"
	set_conf "$f" namespaces '[ ]' && changed=0
	return $changed
}

# libvirtd_sees_tiny: true when the running libvirtd sees that tmpfs.
libvirtd_sees_tiny() {
	[ -n "$LAB_TINY_DIR" ] || return 0
	[ "$(stat -f -c %T "/proc/$(tr -dc '0-9' <"$LAB_LIBVIRTD_PID")/root$LAB_TINY_DIR" 2>/dev/null)" = tmpfs ]
}

start_daemons() {
	local conf_changed=0
	mount_tiny
	mkdir -p "$LAB_HOST_STATE"
	if [ -n "$LAB_NS_MNT" ]; then
		lab_ensure_ns
		mkdir -p "$LABN_ROOT"/lib/{qemu,dnsmasq}
	else
		mkdir -p /var/log/libvirt /var/lib/libvirt/qemu /var/lib/libvirt/dnsmasq /var/cache/libvirt
	fi
	configure_libvirtd && conf_changed=1
	# A daemon of ours left in an older namespace (dropped by down.sh while
	# it ran) serves directories this host no longer reaches: replace it.
	if lab_pid_alive "$LAB_VIRTLOGD_PID" virtlogd && ! lab_pid_in_ns "$LAB_VIRTLOGD_PID"; then
		lab_log "host $LAB_HOST's virtlogd runs outside its namespace: restarting it"
		lab_stop_pidfile "$LAB_VIRTLOGD_PID" virtlogd
	fi
	if lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd && ! lab_pid_in_ns "$LAB_LIBVIRTD_PID"; then
		lab_log "host $LAB_HOST's libvirtd runs outside its namespace: restarting it"
		lab_stop_pidfile "$LAB_LIBVIRTD_PID" libvirtd
	fi
	if ! lab_pid_alive "$LAB_VIRTLOGD_PID" virtlogd; then
		if [ -n "$LAB_NS_MNT" ]; then (lab_own_fds lab_in_ns virtlogd -d -p "$LAB_VIRTLOGD_PID"); else (lab_own_fds virtlogd -d); fi
		for _ in $(seq 1 50); do lab_pid_alive "$LAB_VIRTLOGD_PID" virtlogd && break; sleep 0.1; done
		lab_pid_alive "$LAB_VIRTLOGD_PID" virtlogd || lab_die "virtlogd did not start (see /var/log/libvirt)"
		cat "$LAB_VIRTLOGD_PID" >"$LAB_HOST_STATE/virtlogd.started"
	fi
	if lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd && [ "$conf_changed" = 1 ]; then
		if [ -f "$LAB_HOST_STATE/libvirtd.started" ]; then
			lab_log "libvirtd.conf changed: restarting the lab's libvirtd"
			lab_stop_pidfile "$LAB_LIBVIRTD_PID" libvirtd
		else
			lab_log "WARNING: libvirtd.conf changed but libvirtd was not started by the lab; not restarting it"
		fi
	fi
	if lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd && ! libvirtd_sees_tiny; then
		if [ -f "$LAB_HOST_STATE/libvirtd.started" ]; then
			lab_log "libvirtd does not see the $LAB_TINY_DIR tmpfs (mounted after it started): restarting it"
			lab_stop_pidfile "$LAB_LIBVIRTD_PID" libvirtd
		else
			lab_log "WARNING: libvirtd (not started by the lab) does not see the $LAB_TINY_DIR tmpfs"
		fi
	fi
	lab_pid_alive "$LAB_LIBVIRTD_PID" libvirtd || lab_launch_libvirtd
	lab_wait_libvirtd
	lab_phase_end "$(virsh -q -c "$LAB_URI" version | awk '/Running hypervisor/{print $3,$4}' | head -1)"
}

# ---------------------------------------------------------------- storage
ensure_pool() { # name dir
	local name="$1" dir="$2"
	mkdir -p "$dir"
	if grep -qxF "$name" <<<"$PERSISTENT_POOLS"; then
		:
	elif grep -qxF "$name" <<<"$ALL_POOLS"; then
		# Running but transient (e.g. restored from /run after its config was
		# lost): make it persistent with its own XML.
		lab_virsh pool-dumpxml "$name" >"$LAB_HOST_STATE/pool-$name.xml"
		lab_virsh pool-define "$LAB_HOST_STATE/pool-$name.xml" >/dev/null
	else
		lab_virsh pool-define-as "$name" dir --target "$dir" >/dev/null
	fi
	if ! grep -qxF "$name" <<<"$ACTIVE_POOLS"; then
		lab_virsh pool-start "$name" >/dev/null
	fi
	grep -qxF "$name" <<<"$AUTOSTART_POOLS" || lab_virsh pool-autostart "$name" >/dev/null
}
ensure_storage() {
	ALL_POOLS="$(lab_names pool-list --all --name)"
	PERSISTENT_POOLS="$(lab_names pool-list --all --persistent --name)"
	ACTIVE_POOLS="$(lab_names pool-list --name)"
	AUTOSTART_POOLS="$(lab_names pool-list --autostart --name)"
	ensure_pool "$LAB_POOL" "$LAB_POOL_DIR"
	[ -z "$LAB_TINY_POOL" ] || ensure_pool "$LAB_TINY_POOL" "$LAB_TINY_DIR"
	lab_phase_end
}

# ---------------------------------------------------------------- network
# ensure_network and ensure_network_b: networks.sh.

# -------------------------------------------------------- sshd and jump
# ensure_sshd and ensure_jump: sshd.sh.

# ------------------------------------------------------------------- image
# cached_key NAME SCRIPT INPUTS...: SCRIPT --key costs 1-2 s of apt-cache
# queries; reuse the last key while the inputs and the apt lists are unchanged.
cached_key() {
	local name="$1" script="$2" stamp
	shift 2
	stamp="$(cat "$script" "$@" | sha256sum | cut -c1-16) $(stat -c %Y /var/lib/apt/lists /var/cache/apt/pkgcache.bin 2>/dev/null | tr '\n' ' ')"
	if [ -s "$LAB_STATE/$name.key" ] && [ "$(cat "$LAB_STATE/$name.stamp" 2>/dev/null)" = "$stamp" ]; then
		cat "$LAB_STATE/$name.key"
		return
	fi
	bash "$script" --key >"$LAB_STATE/$name.key.new"
	mv "$LAB_STATE/$name.key.new" "$LAB_STATE/$name.key"
	echo "$stamp" >"$LAB_STATE/$name.stamp"
	cat "$LAB_STATE/$name.key"
}
image_key() { cached_key image "$LAB_SCRIPT_DIR/build-image.sh" "$LAB_SCRIPT_DIR"/guest/*; }
ensure_image() {
	local key
	key="$(image_key)"
	IMAGE_DIR="$LAB_CACHE/$key"
	IMAGE_PATH="$IMAGE_DIR/$LAB_IMAGE_NAME"
	if [ -s "$IMAGE_PATH" ] && [ -s "$IMAGE_PATH.sha256" ]; then
		IMAGE_SHA256="$(cut -d' ' -f1 "$IMAGE_PATH.sha256")"
		lab_phase_end "cached $key"
		return
	fi
	bash "$LAB_SCRIPT_DIR/build-image.sh" "$IMAGE_DIR"
	IMAGE_SHA256="$(cut -d' ' -f1 "$IMAGE_PATH.sha256")"
	lab_phase_end "built $key"
}

# ------------------------------------------------------------- cloud image
# The Debian 12 cloud image takes minutes to build, so only --cloud-image
# builds it. Once asked for (cloud.key exists), later runs keep it in .lab/env
# while the image of the current key is cached, and drop it otherwise.
cloud_key() {
	local f sources=()
	for f in ${KVM2_LAB_CLOUD_SOURCES:-} /etc/apt/sources.list /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && sources+=("$f")
	done
	cached_key cloud "$LAB_SCRIPT_DIR/build-cloud-image.sh" "$LAB_SCRIPT_DIR"/cloud/* "${sources[@]}"
}
ensure_cloud_image() {
	local key
	CLOUD_PATH="" CLOUD_SHA256=""
	if [ "$WANT_CLOUD" = 0 ] && [ ! -s "$LAB_STATE/cloud.key" ]; then
		lab_phase_end "not built (make lab-cloud-image)"
		return
	fi
	key="cloud-$(cloud_key)"
	CLOUD_DIR="$LAB_CACHE/$key"
	if [ ! -s "$CLOUD_DIR/$LAB_CLOUD_IMAGE_NAME.sha256" ]; then
		if [ "$WANT_CLOUD" = 0 ]; then
			lab_phase_end "$key not cached (make lab-cloud-image)"
			return
		fi
		# mmdebstrap took 6 min on the two cores at a load of 4-8 and over
		# 20 min at 9-10 (the build script's own default bound is 20 min).
		KVM2_LAB_CLOUD_TIMEOUT="${KVM2_LAB_CLOUD_TIMEOUT:-2700}" bash "$LAB_SCRIPT_DIR/build-cloud-image.sh" "$CLOUD_DIR"
	fi
	CLOUD_PATH="$CLOUD_DIR/$LAB_CLOUD_IMAGE_NAME"
	CLOUD_SHA256="$(cut -d' ' -f1 "$CLOUD_PATH.sha256")"
	lab_phase_end "$key"
}

# -------------------------------------------------------------------- http
# The server's root is a directory of symlinks into the image caches, so it
# serves both images and a new image needs no restart.
HTTP_PID="$LAB_STATE/http.pid"
HTTP_ROOT="$LAB_STATE/www"
# link_served NAME TARGET: HTTP_ROOT/NAME points at TARGET (replaced atomically).
link_served() {
	[ "$(readlink "$HTTP_ROOT/$1" 2>/dev/null)" = "$2" ] && return 0
	ln -sfn "$2" "$HTTP_ROOT/.$1.new"
	mv -T "$HTTP_ROOT/.$1.new" "$HTTP_ROOT/$1"
}
link_images() {
	mkdir -p "$HTTP_ROOT"
	link_served "$LAB_IMAGE_NAME" "$IMAGE_PATH"
	link_served "$LAB_IMAGE_NAME.sha256" "$IMAGE_PATH.sha256"
	if [ -n "$CLOUD_PATH" ]; then
		link_served "$LAB_CLOUD_IMAGE_NAME" "$CLOUD_PATH"
		link_served "$LAB_CLOUD_IMAGE_NAME.sha256" "$CLOUD_PATH.sha256"
	else
		rm -f "$HTTP_ROOT/$LAB_CLOUD_IMAGE_NAME" "$HTTP_ROOT/$LAB_CLOUD_IMAGE_NAME.sha256"
	fi
}
http_serves() { # NAME SHA256: fetches NAME.sha256 and compares
	local got
	got="$(timeout 5 /usr/bin/python3 - "$HTTP_PORT" "$1" <<'EOF' 2>/dev/null
import sys, urllib.request
print(urllib.request.urlopen("http://127.0.0.1:%s/%s.sha256" % (sys.argv[1], sys.argv[2]), timeout=4).read().decode().split()[0])
EOF
)" || return 1
	[ "$got" = "$2" ]
}
http_serves_fast() { # NAME SHA256; bash only: avoids a python start on the warm path
	local line
	{ exec 3<>"/dev/tcp/127.0.0.1/$HTTP_PORT"; } 2>/dev/null || return 1
	printf 'GET /%s.sha256 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' "$1" >&3
	line="$(timeout 5 cat <&3 | tail -1)" || true
	exec 3>&-
	[ "${line%% *}" = "$2" ]
}
# http_serves_all CHECK: CHECK (http_serves or http_serves_fast) for each image.
http_serves_all() {
	"$1" "$LAB_IMAGE_NAME" "$IMAGE_SHA256" || return 1
	[ -z "$CLOUD_PATH" ] || "$1" "$LAB_CLOUD_IMAGE_NAME" "$CLOUD_SHA256"
}
ensure_http() {
	HTTP_PORT="$(pick_port "$LAB_STATE/http.port" 8089 8189)"
	link_images
	if lab_pid_alive "$HTTP_PID" python3 && [ "$(cat "$LAB_STATE/http.dir" 2>/dev/null)" = "$HTTP_ROOT" ] && http_serves_all http_serves_fast; then
		lab_phase_end "127.0.0.1:$HTTP_PORT (running)"
		return
	fi
	lab_stop_pidfile "$HTTP_PID" python3
	if lab_port_busy "$HTTP_PORT"; then
		lab_die "port $HTTP_PORT (lab HTTP server) is taken by another process: $(lab_port_owner "$HTTP_PORT"); free it or remove $LAB_STATE/http.port to pick another"
	fi
	echo "$HTTP_ROOT" >"$LAB_STATE/http.dir"
	lab_own_fds setsid /usr/bin/python3 -m http.server --bind 127.0.0.1 --directory "$HTTP_ROOT" "$HTTP_PORT" \
		>"$LAB_STATE/http.log" 2>&1 </dev/null &
	echo $! >"$HTTP_PID"
	local t0="$EPOCHREALTIME" bound
	bound="$(lab_budget 10)"
	until http_serves_all http_serves; do
		lab_past "$t0" "$bound" && {
			tail -5 "$LAB_STATE/http.log" >&2 || true
			lab_die "HTTP server on 127.0.0.1:$HTTP_PORT does not serve the images after ${bound}s (10 s idle, stretched by the load; $(lab_load))"
		}
		sleep 0.25
	done
	lab_phase_end "127.0.0.1:$HTTP_PORT (started)"
}

# --------------------------------------------------------------------- env
write_env_host() { # N: host N's settings as KVM2_TEST_HOSTN_* (tools/lab/on-host maps them)
	lab_select_host "$1"
	cat <<EOF
# Host $1: its own libvirtd, pool, networks and sshd (no forwarding: exec only).
export KVM2_TEST_HOST$1_SSH_HOST=127.0.0.1
export KVM2_TEST_HOST$1_SSH_PORT=$(cat "$LAB_HOST_STATE/ssh.port")
export KVM2_TEST_HOST$1_SSH_USER=root
export KVM2_TEST_HOST$1_SSH_KEY=$LAB_CLIENT_KEY
export KVM2_TEST_HOST$1_KNOWN_HOSTS=$SSH_DIR/known_hosts
export KVM2_TEST_HOST$1_SOCKET=$LAB_SOCKET
export KVM2_TEST_HOST$1_POOL=$LAB_POOL
export KVM2_TEST_HOST$1_NETWORK=$LAB_NET
export KVM2_TEST_HOST$1_NETWORK_B=$LAB_NET_B
export KVM2_TEST_HOST$1_NETWORK_B_IPV6=$LAB_NET_B_IPV6
export KVM2_TEST_HOST$1_HOSTNAME=$LAB_HOSTNAME
export KVM2_TEST_HOST$1_LOCAL_URI='$LAB_URI'
EOF
	lab_select_host 1
}
write_env_jump() {
	cat <<JUMP
# The jump host in front of host 2: forwards TCP to host 2's sshd only.
export KVM2_TEST_JUMP_SSH_HOST=127.0.0.1
export KVM2_TEST_JUMP_SSH_PORT=$(cat "$LAB_JUMP_STATE/ssh.port")
export KVM2_TEST_JUMP_SSH_USER=root
export KVM2_TEST_JUMP_SSH_KEY=$LAB_CLIENT_KEY
export KVM2_TEST_JUMP_KNOWN_HOSTS=$LAB_JUMP_SSH_DIR/known_hosts
export KVM2_TEST_JUMP_HOST_KEY='$(cut -d' ' -f1,2 "$LAB_JUMP_SSH_DIR/host_ed25519.pub")'
export KVM2_TEST_JUMP_LOG=$LAB_JUMP_STATE/sshd.log
JUMP
}
write_env() {
	cat >"$LAB_STATE/env.new" <<EOF
# Local lab host (written by tools/lab/up.sh). Use: source .lab/env
export KVM2_TEST_SSH_HOST=127.0.0.1
export KVM2_TEST_SSH_PORT=$(cat "$LAB_STATE/ssh.port" 2>/dev/null)
export KVM2_TEST_SSH_USER=root
export KVM2_TEST_SSH_KEY=$SSH_DIR/id_ed25519
export KVM2_TEST_KNOWN_HOSTS=$SSH_DIR/known_hosts
export KVM2_TEST_SOCKET=$LAB_SOCKET
export KVM2_TEST_POOL=$LAB_POOL
export KVM2_TEST_TINY_POOL=$LAB_TINY_POOL
export KVM2_TEST_NETWORK=$LAB_NET
export KVM2_TEST_NETWORK_B=$LAB_NET_B
export KVM2_TEST_NETWORK_B_IPV6=$LAB_NET_B_IPV6
export KVM2_TEST_HTTP_PORT=$HTTP_PORT
export KVM2_TEST_HTTP_URL=http://127.0.0.1:$HTTP_PORT
export KVM2_TEST_IMAGE_URL=http://127.0.0.1:$HTTP_PORT/$LAB_IMAGE_NAME
export KVM2_TEST_IMAGE_SHA256=$IMAGE_SHA256
export KVM2_TEST_IMAGE_PATH=$IMAGE_PATH
export KVM2_TEST_PROXY_PORT=$LAB_PROXY_PORT
EOF
	if [ -n "$CLOUD_PATH" ]; then
		cat >>"$LAB_STATE/env.new" <<EOF
export KVM2_TEST_CLOUD_IMAGE_URL=http://127.0.0.1:$HTTP_PORT/$LAB_CLOUD_IMAGE_NAME
export KVM2_TEST_CLOUD_IMAGE_SHA256=$CLOUD_SHA256
export KVM2_TEST_CLOUD_IMAGE_PATH=$CLOUD_PATH
EOF
	fi
	for h in 2 3; do
		if [ -s "$LAB_STATE/host$h/ssh.port" ]; then write_env_host "$h" >>"$LAB_STATE/env.new"; fi
	done
	[ -s "$LAB_JUMP_STATE/ssh.port" ] && [ -s "$LAB_JUMP_SSH_DIR/host_ed25519.pub" ] && write_env_jump >>"$LAB_STATE/env.new"
	if cmp -s "$LAB_STATE/env.new" "$LAB_STATE/env"; then rm -f "$LAB_STATE/env.new"; else mv "$LAB_STATE/env.new" "$LAB_STATE/env"; fi
	lab_phase_end "$LAB_STATE/env"
}

lab_phase packages
install_packages
lab_phase users
ensure_users
for h in "${LAB_HOSTS[@]}"; do
	lab_select_host "$h"
	p=""
	[ "$h" = 1 ] || p="h$h "
	lab_phase "${p}libvirtd"
	start_daemons
	lab_phase "${p}storage"
	ensure_storage
	lab_phase "${p}network"
	ensure_network
	lab_phase "${p}network b"
	ensure_network_b
	lab_phase "${p}sshd"
	ensure_sshd
	if [ "$h" = 2 ]; then
		lab_phase "jump"
		ensure_jump
	fi
done
lab_select_host 1
lab_phase image
ensure_image
lab_phase cloud
ensure_cloud_image
lab_phase http
ensure_http
lab_phase env
write_env
lab_log "lab up in $(lab_elapsed "$UP_START")s; use: source $LAB_STATE/env"
