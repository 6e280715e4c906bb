#!/usr/bin/env bash
# Builds the lab's cloud image: a Debian 12 (bookworm) root made by mmdebstrap
# from Debian packages (systemd, cloud-init, qemu-guest-agent, ifupdown,
# tinyproxy, linux-image-amd64) in a 2 GiB GPT disk that boots with BIOS and
# UEFI, written as a compressed qcow2. Nothing is mounted on the host: the
# ext4 root is made from the tree by mkfs.ext4 -d, the ESP is filled with
# mtools, and GRUB comes from grub-mkimage plus bios_setup below (the kernel
# here creates no partition devices on loop disks and has no vfat mount).
#
#   build-cloud-image.sh --key   prints the cache key (hash of this script and
#                                the candidate versions of every package the
#                                image installs, dependencies included)
#   build-cloud-image.sh OUTDIR  writes OUTDIR/kvm2-cloud.qcow2, its .sha256
#                                and packages.txt; returns at once when OUTDIR
#                                already holds them
#
# KVM2_LAB_CLOUD_SOURCES names the apt sources (one-line or deb822 file) the
# image is built from and keeps; default: the host's Debian sources.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SUITE=bookworm
# In the image. linux-image-amd64, not linux-image-cloud-amd64: the cloud
# kernel lacks AHCI, and the provider's seed is a SATA cdrom on q35.
IMAGE_PACKAGES=(
	linux-image-amd64 systemd systemd-sysv udev dbus
	cloud-init cloud-guest-utils fdisk e2fsprogs
	ifupdown isc-dhcp-client iproute2 netbase
	qemu-guest-agent tinyproxy sudo
	grub-pc-bin grub-efi-amd64-bin
)
# On the build host.
HOST_PACKAGES=(mmdebstrap grub-common grub-pc-bin grub-efi-amd64-bin e2fsprogs fdisk dosfstools mtools qemu-utils python3)
DISK_GIB=2
BIOS_START=2048  # sectors: 1 MiB BIOS boot partition (GRUB's core.img)
ESP_START=4096   # 32 MiB EFI system partition
ESP_SECTORS=65536
ROOT_START=69632 # ext4 root to the end of the disk (growpart extends it)
ROOT_LABEL=kvm2-root
CMDLINE="ro console=tty0 console=ttyS0,115200"
BUILD_TIMEOUT="${KVM2_LAB_CLOUD_TIMEOUT:-1200}" # seconds for mmdebstrap

sources_file() {
	local f
	if [ -n "${KVM2_LAB_CLOUD_SOURCES:-}" ]; then
		[ -r "$KVM2_LAB_CLOUD_SOURCES" ] || lab_die "KVM2_LAB_CLOUD_SOURCES=$KVM2_LAB_CLOUD_SOURCES is not readable"
		echo "$KVM2_LAB_CLOUD_SOURCES"
		return
	fi
	for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list; do
		[ -s "$f" ] && grep -q "$SUITE" "$f" && {
			echo "$f"
			return
		}
	done
	lab_die "no Debian $SUITE apt sources found (/etc/apt/sources.list.d/debian.sources or /etc/apt/sources.list); set KVM2_LAB_CLOUD_SOURCES"
}

# bios_setup DISK BOOT.IMG CORE.IMG START SECTORS: what grub-bios-setup does
# for a GPT disk with a BIOS boot partition at START: boot.img in the MBR
# (keeping the partition table), pointing at core.img in that partition, whose
# first sector (diskboot) loads the rest of it. grub-bios-setup itself cannot
# be used: it insists on resolving the host device under its -d directory,
# which fails on loop, overlay and unpartitioned host disks.
bios_setup() {
	python3 - "$@" <<'EOF'
import struct, sys
disk, boot_img, core_img, start, sectors = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
boot = bytearray(open(boot_img, "rb").read())
core = bytearray(open(core_img, "rb").read())
core += b"\0" * (-len(core) % 512)
n = len(core) // 512
if len(boot) != 512 or n > sectors:
    sys.exit("bios_setup: boot.img is not one sector or core.img (%d sectors) exceeds the BIOS boot partition" % n)
# grub-mkimage leaves diskboot's first blocklist as {start 2, len n-1, segment 0x820}.
_, length, segment = struct.unpack_from("<QHH", core, 0x1F4)
if length != n - 1 or segment != 0x820:
    sys.exit("bios_setup: unexpected diskboot blocklist (len %d, segment %#x)" % (length, segment))
struct.pack_into("<QHH", core, 0x1F4, start + 1, n - 1, 0x820)
struct.pack_into("<QHH", core, 0x1E8, 0, 0, 0)  # the list's terminator
with open(disk, "r+b") as f:
    mbr = f.read(512)
    boot[0x03:0x5A] = mbr[0x03:0x5A]  # the (DOS) BPB, as grub-bios-setup copies it
    boot[0x1B8:0x1FE] = mbr[0x1B8:0x1FE]  # disk signature and protective MBR entries
    struct.pack_into("<Q", boot, 0x5C, start)  # kernel_sector: diskboot
    boot[0x64] = 0xFF  # boot_drive: use the drive the BIOS booted from
    boot[0x66:0x68] = b"\x90\x90"  # boot_drive_check: a hard disk, not a floppy
    f.seek(0)
    f.write(boot)
    f.seek(start * 512)
    f.write(core)
EOF
}

cache_key() {
	local closure
	# Every package the image's packages pull in (alternatives included): a
	# point release that changes any of them changes the key.
	closure="$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances "${IMAGE_PACKAGES[@]}" 2>/dev/null | awk '/^[a-z0-9]/' | sort -u)"
	[ -n "$closure" ] || lab_die "cannot resolve ${IMAGE_PACKAGES[*]} with apt-cache (apt-get update?)"
	{
		cat "${BASH_SOURCE[0]}" "$LAB_SCRIPT_DIR"/cloud/*
		cat "$(sources_file)"
		# shellcheck disable=SC2086
		apt-cache policy $closure grub-common | awk '/^[^ ]/{p=$1} /Candidate:/{print p, $2}'
	} | sha256sum | cut -c1-16
}

if [ "${1:-}" = "--key" ]; then
	cache_key
	exit 0
fi
OUT="${1:?usage: build-cloud-image.sh --key | OUTDIR}"
if [ -s "$OUT/$LAB_CLOUD_IMAGE_NAME" ] && [ -s "$OUT/$LAB_CLOUD_IMAGE_NAME.sha256" ]; then
	lab_log "cloud image: cached in $OUT"
	exit 0
fi
[ "$(id -u)" -eq 0 ] || lab_die "build-cloud-image.sh must run as root (mmdebstrap --mode=root, chroot)"
T0="$EPOCHREALTIME"
lab_phase tools
lab_install_packages "${HOST_PACKAGES[@]}"

WORK="$(mktemp -d /var/tmp/kvm2-cloud.XXXXXX)"
ROOT="$WORK/root"
# mmdebstrap mounts /dev, /proc and /sys inside the tree; it runs in a mount
# namespace of its own so that even a killed build leaves no mount on the
# host. The rm below still refuses to run while anything is mounted under
# WORK: removing a tree with the host's /dev bound into it would remove the
# host's device nodes.
cleanup() {
	local rc=$? m
	trap - EXIT
	for m in $(awk -v w="$WORK/" 'index($2, w) == 1 {print $2}' /proc/mounts | sort -r); do
		umount -l "$m" 2>/dev/null || true
	done
	if awk -v w="$WORK/" 'index($2, w) == 1 {found=1} END {exit !found}' /proc/mounts; then
		lab_log "WARNING: mounts remain under $WORK; not removing it"
	else
		rm -rf "$WORK"
	fi
	rm -rf "$OUT.tmp"
	exit "$rc"
}
trap cleanup EXIT

lab_phase debootstrap
SOURCES="$(sources_file)"
INCLUDE="$(
	IFS=,
	echo "${IMAGE_PACKAGES[*]}"
)"
export DEBIAN_FRONTEND=noninteractive
# Docs, man pages and translations are left out (copyright files stay); apt
# lists and caches are removed by mmdebstrap's own cleanup, the sources stay
# so the guest can apt-get update.
if ! timeout --kill-after=30 "$BUILD_TIMEOUT" unshare -m --propagation private \
	mmdebstrap --mode=root --variant=minbase --include="$INCLUDE" \
	--aptopt='APT::Install-Recommends "false"' \
	--dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/info/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	--dpkgopt='path-exclude=/usr/share/doc/*' \
	--dpkgopt='path-include=/usr/share/doc/*/copyright' \
	"$SUITE" "$ROOT" "$SOURCES" >"$WORK/mmdebstrap.log" 2>&1; then
	tail -30 "$WORK/mmdebstrap.log" >&2 || true
	lab_die "mmdebstrap failed or exceeded ${BUILD_TIMEOUT}s (KVM2_LAB_CLOUD_TIMEOUT)"
fi
KVER="$(ls "$ROOT/lib/modules")"
[ -f "$ROOT/boot/vmlinuz-$KVER" ] && [ -f "$ROOT/boot/initrd.img-$KVER" ] ||
	lab_die "kernel or initramfs for $KVER missing in the tree"
lab_phase_end "kernel $KVER, $(du -sh "$ROOT" | cut -f1)"

lab_phase configure
ROOT_UUID="$(cat /proc/sys/kernel/random/uuid)"
install -m 644 "$LAB_SCRIPT_DIR/cloud/"*.cfg "$ROOT/etc/cloud/cloud.cfg.d/"
printf 'UUID=%s / ext4 errors=remount-ro 0 1\n' "$ROOT_UUID" >"$ROOT/etc/fstab"
echo debian >"$ROOT/etc/hostname"
# A system locale cloud-init's locale module accepts as is (it would otherwise
# run locale-gen for en_US.UTF-8 at first boot).
echo LANG=C.UTF-8 >"$ROOT/etc/default/locale"
printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$ROOT/etc/hosts"
# A NIC cloud-init has not configured (no seed yet) still gets DHCP.
printf 'auto lo\niface lo inet loopback\n\nsource /etc/network/interfaces.d/*\n' >"$ROOT/etc/network/interfaces"
# tinyproxy is the product: user data starts it, so a running proxy proves the
# user data ran.
chroot "$ROOT" systemctl disable tinyproxy.service >/dev/null 2>&1
chroot "$ROOT" systemctl is-enabled tinyproxy.service >/dev/null 2>&1 && lab_die "tinyproxy.service still enabled"
# The lab boots its guests under TCG on one vCPU (no KVM), where every byte the
# firmware and GRUB read, every module loaded (its signature checked) and every
# unit started costs the one vCPU seconds. The initramfs holds only what mounts
# the root, a virtio disk with ext4 (6 MiB instead of Debian's 35 MiB with every
# storage driver; the SATA seed's drivers load from the root, as any other).
# Drivers of devices no test uses are not loaded (KVM for the emulated CPU's
# SVM flag, the chipset's watchdog, SMBus and LPC, USB, PC speaker, PS/2
# mouse, the CCP), and units with nothing to do in a short-lived test guest are
# masked: e2scrub's reaper and timer (about 8 s of the vCPU a boot),
# binfmt_misc, the debug, tracing and config filesystems, the modules no one
# here uses (DRM, fuse, loop, dm_mod, configfs, efi_pstore), and the daily apt,
# man-db and fstrim timers. Nothing cloud-init, the network, the seed's cdrom,
# the ACPI power button or the agent uses is among them.
printf 'blacklist %s\n' kvm kvm_amd kvm_intel ccp iTCO_wdt iTCO_vendor_support intel_pmc_bxt lpc_ich \
	i2c_i801 i2c_smbus xhci_pci xhci_hcd pcspkr psmouse serio_raw >"$ROOT/etc/modprobe.d/kvm2-lab.conf"
printf 'MODULES=list\n' >"$ROOT/etc/initramfs-tools/conf.d/kvm2-lab"
printf '%s\n' virtio_pci virtio_blk ext4 >"$ROOT/etc/initramfs-tools/modules"
chroot "$ROOT" update-initramfs -u -k "$KVER" >/dev/null 2>&1 || lab_die "update-initramfs failed in the tree"
chroot "$ROOT" systemctl mask e2scrub_reap.service e2scrub_all.timer systemd-binfmt.service \
	proc-sys-fs-binfmt_misc.automount sys-kernel-debug.mount sys-kernel-tracing.mount sys-kernel-config.mount \
	sys-fs-fuse-connections.mount modprobe@drm.service modprobe@fuse.service modprobe@loop.service \
	modprobe@dm_mod.service modprobe@configfs.service modprobe@efi_pstore.service \
	apt-daily.timer apt-daily-upgrade.timer man-db.timer fstrim.timer >/dev/null 2>&1 || lab_die "systemctl mask failed in the tree"
# Each guest makes its own machine-id (DHCP client ids, journald) at first boot.
: >"$ROOT/etc/machine-id"
rm -f "$ROOT/var/lib/dbus/machine-id" "$ROOT/etc/resolv.conf"
rm -rf "$ROOT"/var/log/* "$ROOT"/var/cache/apt/* "$ROOT"/var/lib/apt/lists/* "$ROOT"/tmp/* "$ROOT"/var/tmp/*
mkdir -p "$ROOT/var/lib/apt/lists/partial" "$ROOT/var/cache/apt/archives/partial"
chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}\n' >"$WORK/packages.txt"
mkdir -p "$ROOT/boot/grub"
cat >"$ROOT/boot/grub/grub.cfg" <<EOF
# Written by tools/lab/build-cloud-image.sh; /vmlinuz and /initrd.img follow
# kernel upgrades.
serial --unit=0 --speed=115200
terminal_input serial console
terminal_output serial console
set timeout=0
menuentry 'Debian GNU/Linux 12 (kvm2 lab cloud image)' {
	search --no-floppy --fs-uuid --set=root $ROOT_UUID
	linux /vmlinuz root=UUID=$ROOT_UUID $CMDLINE
	initrd /initrd.img
}
EOF
[ -e "$ROOT/vmlinuz" ] && [ -e "$ROOT/initrd.img" ] || lab_die "/vmlinuz or /initrd.img symlink missing in the tree"
lab_phase_end "root UUID $ROOT_UUID"

lab_phase disk
IMG="$WORK/disk.raw"
truncate -s "${DISK_GIB}G" "$IMG"
sfdisk -q --no-reread --no-tell-kernel "$IMG" <<EOF
label: gpt
start=$BIOS_START, size=$((ESP_START - BIOS_START)), type=21686148-6449-6E6F-744E-656564454649, name=bios
start=$ESP_START, size=$ESP_SECTORS, type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name=esp
start=$ROOT_START, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, name=root
EOF
ROOT_SECTORS="$(sfdisk -q -l -o Start,Sectors "$IMG" | awk -v s="$ROOT_START" '$1==s{print $2}')"
[ -n "$ROOT_SECTORS" ] || lab_die "root partition not found in the new partition table"
# GRUB 2.06 cannot read ext4 with metadata_csum_seed or orphan_file.
mkfs.ext4 -q -F -L "$ROOT_LABEL" -U "$ROOT_UUID" -O ^metadata_csum_seed,^orphan_file \
	-E "offset=$((ROOT_START * 512))" -d "$ROOT" "$IMG" "$((ROOT_SECTORS / 2))k"

cat >"$WORK/early.cfg" <<EOF
search --no-floppy --fs-uuid --set=root $ROOT_UUID
set prefix=(\$root)/boot/grub
configfile \$prefix/grub.cfg
EOF
GRUB_MODS=(part_gpt ext2 search search_fs_uuid configfile normal linux serial terminal echo test)
mkdir -p "$WORK/grub-bios"
grub-mkimage -O i386-pc -d /usr/lib/grub/i386-pc -o "$WORK/grub-bios/core.img" -c "$WORK/early.cfg" \
	-p /boot/grub biosdisk "${GRUB_MODS[@]}"
cp /usr/lib/grub/i386-pc/boot.img "$WORK/grub-bios/"
grub-mkimage -O x86_64-efi -d /usr/lib/grub/x86_64-efi -o "$WORK/BOOTX64.EFI" -c "$WORK/early.cfg" \
	-p /boot/grub fat efi_gop efi_uga "${GRUB_MODS[@]}"
bios_setup "$IMG" "$WORK/grub-bios/boot.img" "$WORK/grub-bios/core.img" "$BIOS_START" "$((ESP_START - BIOS_START))"

# The ESP (FAT16) is made on its own and copied into its partition.
mkfs.vfat -F 16 -n ESP -C "$WORK/esp.img" "$((ESP_SECTORS / 2))" >/dev/null
export MTOOLS_SKIP_CHECK=1
mmd -i "$WORK/esp.img" ::/EFI ::/EFI/BOOT
mcopy -i "$WORK/esp.img" "$WORK/BOOTX64.EFI" ::/EFI/BOOT/BOOTX64.EFI
dd if="$WORK/esp.img" of="$IMG" bs=512 seek="$ESP_START" conv=notrunc,sparse status=none
lab_phase_end

lab_phase qcow2
rm -rf "$OUT.tmp"
mkdir -p "$OUT.tmp"
timeout 900 qemu-img convert -q -c -f raw -O qcow2 "$IMG" "$OUT.tmp/$LAB_CLOUD_IMAGE_NAME"
cp "$WORK/packages.txt" "$OUT.tmp/packages.txt"
(cd "$OUT.tmp" && sha256sum "$LAB_CLOUD_IMAGE_NAME" >"$LAB_CLOUD_IMAGE_NAME.sha256")
rm -rf "$OUT"
mv "$OUT.tmp" "$OUT"
lab_phase_end "$(du -h "$OUT/$LAB_CLOUD_IMAGE_NAME" | cut -f1)"
lab_log "cloud image: built $OUT/$LAB_CLOUD_IMAGE_NAME (kernel $KVER, $(wc -l <"$OUT/packages.txt") packages) in $(lab_elapsed "$T0")s"
