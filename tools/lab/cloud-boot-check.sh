#!/usr/bin/env bash
# Boots the lab's cloud image once through libvirt the way the provider does
# (q35, overlay on virtio, the provider's own NoCloud ISO on a SATA cdrom,
# vendor-data included, a version-2 network-config) and reports how long it
# takes until the console says "Cloud-init ... finished" and the guest agent
# reports an IPv4 address and the seed's hostname. Then checks from outside
# that cloud-init is done without errors, the root filesystem grew to the
# overlay's size and the user data's tinyproxy answers on port 8888.
#
#   cloud-boot-check.sh bios|uefi [IMAGE]
#
# IMAGE defaults to KVM2_TEST_CLOUD_IMAGE_PATH from .lab/env. KVM2_CHECK_PREFIX
# names the domain and volumes (default kvm2-cloudcheck); KVM2_CHECK_LOG=FILE
# keeps the serial console log; KVM2_CHECK_TIMEOUT bounds the boot (600 s).
# Cleans up after itself.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=tools/lab/bootcheck.sh
source "$(dirname "${BASH_SOURCE[0]}")/bootcheck.sh"

FW="${1:?usage: cloud-boot-check.sh bios|uefi [IMAGE]}"
IMAGE="${2:-}"
if [ -z "$IMAGE" ]; then
	# shellcheck disable=SC1091
	source "$LAB_STATE/env"
	IMAGE="${KVM2_TEST_CLOUD_IMAGE_PATH:?no cloud image in $LAB_STATE/env: run make lab-cloud-image}"
fi
[ -s "$IMAGE" ] || lab_die "cloud image $IMAGE not found"
NAME="${KVM2_CHECK_PREFIX:-kvm2-cloudcheck}-$FW-$$"
HOST="${NAME//[^a-z0-9-]/-}"
DISK_GIB=4
BOOT_TIMEOUT="${KVM2_CHECK_TIMEOUT:-600}" # seconds; TCG on a busy machine is slow
MAC="52:54:00:$(od -An -N3 -tx1 /dev/urandom | sed 's/^ //; s/ /:/g')"
WORK="$(mktemp -d)"
cleanup() {
	[ -z "${KVM2_CHECK_LOG:-}" ] || cp "$WORK/console.log" "$KVM2_CHECK_LOG" 2>/dev/null || true
	lab_virsh destroy "$NAME" >/dev/null 2>&1 || true
	lab_virsh undefine --nvram "$NAME" >/dev/null 2>&1 || true
	for v in "$NAME.qcow2" "$NAME-base.qcow2" "$NAME-seed.iso"; do
		lab_virsh vol-delete --pool "$LAB_POOL" "$v" >/dev/null 2>&1 || true
	done
	rm -rf "$WORK"
}
trap cleanup EXIT

OS="$(lab_check_os "$FW")"

# agent_exec CMD...: runs CMD in the guest through the agent (guest-exec),
# bounded, and prints its stdout; fails when it exits non-zero.
agent_exec() {
	local args pid out st
	args="$(printf '%s\n' "${@:2}" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read().splitlines()))')"
	out="$(lab_virsh qemu-agent-command "$NAME" "{\"execute\":\"guest-exec\",\"arguments\":{\"path\":\"$1\",\"arg\":$args,\"capture-output\":true}}")" || return 1
	pid="$(python3 -c 'import json,sys; print(json.load(sys.stdin)["return"]["pid"])' <<<"$out")"
	for _ in $(seq 1 60); do
		st="$(lab_virsh qemu-agent-command "$NAME" "{\"execute\":\"guest-exec-status\",\"arguments\":{\"pid\":$pid}}")" || return 1
		python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["return"]["exited"] else 1)' <<<"$st" && break
		sleep 0.5
	done
	python3 -c '
import base64, json, sys
r = json.load(sys.stdin)["return"]
if not r.get("exited"):
    sys.exit("guest-exec: still running after 30s")
sys.stdout.write(base64.b64decode(r.get("out-data", "")).decode(errors="replace"))
sys.stderr.write(base64.b64decode(r.get("err-data", "")).decode(errors="replace"))
sys.exit(r.get("exitcode", 1))' <<<"$st"
}

# The user data is the product's: open tinyproxy to the lab network and start it.
cat >"$WORK/user-data" <<'EOF'
#cloud-config
runcmd:
  - [sed, -i, 's/^Allow /#Allow /', /etc/tinyproxy/tinyproxy.conf]
  - [systemctl, start, tinyproxy]
EOF
cat >"$WORK/network-config" <<EOF
version: 2
ethernets:
  nic0:
    match:
      macaddress: "$MAC"
    dhcp4: true
EOF
(cd "$LAB_REPO" && timeout 300 go run ./internal/lab/seediso -instance-id "$NAME" -hostname "$HOST" \
	-user-data "$WORK/user-data" -network-config "$WORK/network-config" -o "$WORK/seed.iso") ||
	lab_die "could not build the seed ISO (go run ./internal/lab/seediso)"

cp "$IMAGE" "$LAB_POOL_DIR/$NAME-base.qcow2"
cp "$WORK/seed.iso" "$LAB_POOL_DIR/$NAME-seed.iso"
lab_virsh pool-refresh "$LAB_POOL" >/dev/null
lab_virsh vol-create-as "$LAB_POOL" "$NAME.qcow2" "${DISK_GIB}G" --format qcow2 \
	--backing-vol "$LAB_POOL_DIR/$NAME-base.qcow2" --backing-vol-format qcow2 >/dev/null

cat >"$WORK/domain.xml" <<XML
<domain type='qemu'>
  <name>$NAME</name>
  <memory unit='MiB'>512</memory>
  <vcpu>1</vcpu>
  $OS
  <features><acpi/></features>
  <devices>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='$LAB_POOL_DIR/$NAME.qcow2'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <disk type='file' device='cdrom'>
      <driver name='qemu' type='raw'/>
      <source file='$LAB_POOL_DIR/$NAME-seed.iso'/>
      <target dev='sda' bus='sata'/>
      <readonly/>
    </disk>
    <interface type='network'>
      <mac address='$MAC'/>
      <source network='$LAB_NET'/>
      <model type='virtio'/>
    </interface>
    <channel type='unix'>
      <target type='virtio' name='org.qemu.guest_agent.0'/>
    </channel>
    <serial type='file'><source path='$WORK/console.log'/><target port='0'/></serial>
    <rng model='virtio'><backend model='random'>/dev/urandom</backend></rng>
  </devices>
</domain>
XML
lab_virsh define "$WORK/domain.xml" >/dev/null
T0="$EPOCHREALTIME"
lab_virsh start "$NAME" >/dev/null
AGENT="" IP="" GOT_HOST="" FINISHED="" IP_AT=""
while awk -v a="$T0" -v b="$EPOCHREALTIME" -v t="$BOOT_TIMEOUT" 'BEGIN{exit !(b-a<t)}'; do
	if [ -z "$FINISHED" ] && grep -q 'Cloud-init v\. .* finished at' "$WORK/console.log" 2>/dev/null; then
		FINISHED="$(lab_elapsed "$T0")"
	fi
	if [ -z "$AGENT" ] && lab_virsh qemu-agent-command "$NAME" '{"execute":"guest-ping"}' >/dev/null 2>&1; then
		AGENT="$(lab_elapsed "$T0")"
	fi
	if [ -n "$AGENT" ] && [ -z "$IP_AT" ]; then
		IP="$(lab_agent_ipv4 "$NAME")"
		GOT_HOST="$(lab_virsh domhostname "$NAME" --source agent 2>/dev/null || true)"
		[ -n "$IP" ] && [ "$GOT_HOST" = "$HOST" ] && IP_AT="$(lab_elapsed "$T0")"
	fi
	[ -n "$FINISHED" ] && [ -n "$IP_AT" ] && break
	sleep 0.5
done
TOTAL="$(lab_elapsed "$T0")"
if [ -z "$FINISHED" ] || [ -z "$IP_AT" ]; then
	tail -30 "$WORK/console.log" >&2 || true
	lab_die "$FW boot: not done after ${TOTAL}s ($(lab_load); cloud-init finished: ${FINISHED:-no}, agent: ${AGENT:-never}, ip: ${IP:-none}, hostname: ${GOT_HOST:-none})"
fi
lab_log "$FW boot: agent after ${AGENT}s, IPv4 $IP and hostname $GOT_HOST after ${IP_AT}s, cloud-init finished after ${FINISHED}s"

# cloud-init's own verdict: done, and no errors (recoverable ones included).
STATUS="$(agent_exec /usr/bin/cloud-init status --long)" || {
	echo "$STATUS" >&2
	lab_die "$FW: cloud-init status reports a failure"
}
grep -q '^status: done' <<<"$STATUS" || lab_die "$FW: cloud-init status: $STATUS"
ERRORS="$(agent_exec /bin/sh -c 'grep -E " (WARNING|ERROR|CRITICAL)" /var/log/cloud-init.log || true')"
[ -z "$ERRORS" ] || lab_log "$FW: cloud-init.log warnings:"$'\n'"$ERRORS"
grep -q ' ERROR\| CRITICAL' <<<"$ERRORS" && lab_die "$FW: cloud-init logged errors (above)"

# growpart + resizefs: the root filesystem fills the overlay.
ROOT_BYTES="$(agent_exec /bin/findmnt -bno SIZE /)"
[ "$ROOT_BYTES" -gt $(((DISK_GIB - 1) * 1024 * 1024 * 1024)) ] ||
	lab_die "$FW: root filesystem is $ROOT_BYTES bytes; it did not grow to the ${DISK_GIB} GiB disk"

# The user data ran: tinyproxy answers the host on port 8888.
PROXY="$(timeout 10 python3 - "$IP" <<'PY' 2>&1
import socket, sys
s = socket.create_connection((sys.argv[1], 8888), timeout=5)
s.sendall(b"GET http://127.0.0.1:1/ HTTP/1.0\r\n\r\n")
print(s.recv(4096).decode(errors="replace").splitlines()[0])
PY
)" || lab_die "$FW: tinyproxy on $IP:8888 does not answer: $PROXY"
lab_log "$FW: cloud-init done, root $((ROOT_BYTES / 1024 / 1024)) MiB, tinyproxy: $PROXY"
# Where the boot time went, as the guest saw it.
agent_exec /bin/sh -c 'systemd-analyze; systemd-analyze blame | head -8' | sed 's/^/[guest] /' >&2 || true

# The ACPI power button powers the guest off.
lab_acpi_poweroff "$NAME" "$FW" 60
