#!/usr/bin/env bash
# Boots the lab image once through libvirt on the lab network and reports how
# long it takes until the guest agent answers and reports an IPv4 address and
# the hostname from the seed. Usage: boot-check.sh bios|uefi [IMAGE]
# (IMAGE defaults to KVM2_TEST_IMAGE_PATH from .lab/env). Cleans up after itself.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=tools/lab/bootcheck.sh
source "$(dirname "${BASH_SOURCE[0]}")/bootcheck.sh"

FW="${1:?usage: boot-check.sh bios|uefi [IMAGE]}"
IMAGE="${2:-}"
if [ -z "$IMAGE" ]; then
	# shellcheck disable=SC1091
	source "$LAB_STATE/env"
	IMAGE="$KVM2_TEST_IMAGE_PATH"
fi
NAME="kvm2-bootcheck-$FW-$$"
HOST="kvm2-check-$RANDOM"
WORK="$(mktemp -d)"
cleanup() {
	lab_virsh destroy "$NAME" >/dev/null 2>&1 || true
	lab_virsh undefine --nvram "$NAME" >/dev/null 2>&1 || true
	for v in "$NAME.qcow2" "$NAME-base.qcow2" "$NAME-seed.img"; do
		lab_virsh vol-delete --pool "$LAB_POOL" "$v" >/dev/null 2>&1 || true
	done
	rm -rf "$WORK"
}
trap cleanup EXIT

OS="$(lab_check_os "$FW")"

# A NoCloud seed on a small FAT disk labelled cidata.
printf 'instance-id: %s\nlocal-hostname: %s\n' "$NAME" "$HOST" >"$WORK/meta-data"
printf '#!/bin/sh\ntinyproxy -c /etc/tinyproxy.conf\n' >"$WORK/user-data"
truncate -s 2M "$WORK/seed.img"
mkfs.vfat -n CIDATA "$WORK/seed.img" >/dev/null
MTOOLS_SKIP_CHECK=1 mcopy -i "$WORK/seed.img" "$WORK/meta-data" "$WORK/user-data" ::/

cp "$IMAGE" "$LAB_POOL_DIR/$NAME-base.qcow2"
cp "$WORK/seed.img" "$LAB_POOL_DIR/$NAME-seed.img"
lab_virsh pool-refresh "$LAB_POOL" >/dev/null
lab_virsh vol-create-as "$LAB_POOL" "$NAME.qcow2" 1G --format qcow2 \
	--backing-vol "$LAB_POOL_DIR/$NAME-base.qcow2" --backing-vol-format qcow2 >/dev/null

cat >"$WORK/domain.xml" <<XML
<domain type='qemu'>
  <name>$NAME</name>
  <memory unit='MiB'>192</memory>
  <vcpu>1</vcpu>
  $OS
  <features><acpi/></features>
  <devices>
    <disk type='file' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source file='$LAB_POOL_DIR/$NAME.qcow2'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <disk type='file' device='disk'>
      <driver name='qemu' type='raw'/>
      <source file='$LAB_POOL_DIR/$NAME-seed.img'/>
      <target dev='sda' bus='sata'/>
    </disk>
    <interface type='network'>
      <source network='$LAB_NET'/>
      <model type='virtio'/>
    </interface>
    <channel type='unix'>
      <target type='virtio' name='org.qemu.guest_agent.0'/>
    </channel>
    <serial type='file'><source path='$WORK/console.log'/><target port='0'/></serial>
  </devices>
</domain>
XML
lab_virsh define "$WORK/domain.xml" >/dev/null
T0="$EPOCHREALTIME"
lab_virsh start "$NAME" >/dev/null
AGENT="" IP="" GOT_HOST=""
# internal/lab/budget's LabGuestBoot: 60 s idle, stretched by the load.
BOUND="$(lab_budget 60)"
until lab_past "$T0" "$BOUND"; do
	if [ -z "$AGENT" ] && lab_virsh qemu-agent-command "$NAME" '{"execute":"guest-ping"}' >/dev/null 2>&1; then
		AGENT="$(lab_elapsed "$T0")"
	fi
	if [ -n "$AGENT" ]; then
		IP="$(lab_agent_ipv4 "$NAME")"
		GOT_HOST="$(lab_virsh domhostname "$NAME" --source agent 2>/dev/null || true)"
		[ -n "$IP" ] && [ "$GOT_HOST" = "$HOST" ] && break
	fi
	sleep 0.5
done
TOTAL="$(lab_elapsed "$T0")"
if [ -z "$IP" ] || [ "$GOT_HOST" != "$HOST" ]; then
	tail -20 "$WORK/console.log" >&2 || true
	lab_die "$FW boot: no agent IPv4/hostname after ${TOTAL}s (budget ${BOUND}s; $(lab_load); agent: ${AGENT:-never}, ip: ${IP:-none}, hostname: ${GOT_HOST:-none})"
fi
lab_log "$FW boot: agent after ${AGENT}s, IPv4 $IP and hostname $GOT_HOST after ${TOTAL}s"

# The ACPI power button must power the guest off.
lab_acpi_poweroff "$NAME" "$FW" 30
