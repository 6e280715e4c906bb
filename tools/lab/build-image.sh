#!/usr/bin/env bash
# Builds the lab's tiny guest image from Debian packages, without loop mounts
# or debootstrap: the Debian kernel, busybox-static, qemu-guest-agent and
# tinyproxy in an initramfs whose /init reads the NoCloud cidata disk, sets
# the hostname, runs DHCP, starts qemu-ga and an executable user-data script.
# The 64 MiB disk has one FAT partition that boots with BIOS (syslinux) and
# UEFI (a unified kernel image at EFI/BOOT/BOOTX64.EFI).
#
#   build-image.sh --key   prints the cache key (hash of this script, the
#                          guest files and the package versions it would use)
#   build-image.sh OUTDIR  writes OUTDIR/kvm2-tiny.qcow2 and its .sha256
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

GUEST_DIR="$LAB_SCRIPT_DIR/guest"
BASE_PACKAGES=(busybox-static qemu-guest-agent tinyproxy-bin systemd-boot-efi)
# Libraries qemu-ga and tinyproxy link against, unpacked so ldd can resolve
# them even when the build host lacks them.
LIB_PACKAGES=(libglib2.0-0 libnuma1 libudev1 liburing2 libpcre2-8-0 libffi8 libmount1 libblkid1 libselinux1 zlib1g)
MODULES=(virtio_pci virtio_blk virtio_net virtio_console virtio_rng ahci ata_piix sd_mod sr_mod isofs vfat nls_cp437 nls_ascii nls_iso8859-1 button evdev)
DISK_MIB=64
PART_START=2048 # sectors
CMDLINE="console=tty0 console=ttyS0,115200 quiet panic=10"

kernel_package() {
	apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'
}

cache_key() {
	local kpkg
	kpkg="$(kernel_package)"
	[ -n "$kpkg" ] || lab_die "cannot resolve the kernel package behind linux-image-amd64 (apt-get update?)"
	{
		cat "${BASH_SOURCE[0]}"
		cat "$GUEST_DIR"/*
		apt-cache policy "$kpkg" "${BASE_PACKAGES[@]}" "${LIB_PACKAGES[@]}" | awk '/^[^ ]/{p=$1} /Candidate:/{print p, $2}'
	} | sha256sum | cut -c1-16
}

if [ "${1:-}" = "--key" ]; then
	cache_key
	exit 0
fi
OUT="${1:?usage: build-image.sh --key | OUTDIR}"
T0="$EPOCHREALTIME"
WORK="$(mktemp -d /var/tmp/kvm2-image.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
KPKG="$(kernel_package)"
PKGROOT="$WORK/pkgroot"
RD="$WORK/initrd"
mkdir -p "$WORK/debs" "$PKGROOT" "$RD"

lab_log "image: downloading $KPKG ${BASE_PACKAGES[*]} ${LIB_PACKAGES[*]}"
(cd "$WORK/debs" && apt-get -q -o APT::Sandbox::User=root download "$KPKG" "${BASE_PACKAGES[@]}" "${LIB_PACKAGES[@]}" >/dev/null)
for deb in "$WORK"/debs/*.deb; do dpkg-deb -x "$deb" "$PKGROOT"; done
KVER="$(ls "$PKGROOT/lib/modules")"
VMLINUZ="$PKGROOT/boot/vmlinuz-$KVER"
[ -f "$VMLINUZ" ] || lab_die "kernel $VMLINUZ not found in $KPKG"

# --- initramfs tree, merged-/usr layout
mkdir -p "$RD"/usr/{bin,sbin,lib/x86_64-linux-gnu,lib64,share/udhcpc} "$RD"/{etc/tinyproxy,proc,sys,dev,run,tmp,root,mnt/cidata,var/log}
for d in bin sbin lib lib64; do ln -s "usr/$d" "$RD/$d"; done
ln -s ../run "$RD/var/run"
chmod 1777 "$RD/tmp"
# The kernel opens /dev/console before /init mounts devtmpfs.
mknod -m 600 "$RD/dev/console" c 5 1

cp "$PKGROOT/bin/busybox" "$RD/usr/bin/busybox"
for applet in $("$RD/usr/bin/busybox" --list); do
	[ -e "$RD/usr/bin/$applet" ] || ln -s busybox "$RD/usr/bin/$applet"
done

# Kernel modules in load order, dependencies first (modules.dep via depmod).
depmod -b "$PKGROOT" "$KVER"
mkdir -p "$RD/lib/modules"
: >"$RD/etc/modules.load"
for m in "${MODULES[@]}"; do
	modprobe -d "$PKGROOT" -S "$KVER" --show-depends "$m" | awk '$1=="insmod"{print $2}'
done | awk '!seen[$0]++' | while read -r ko; do
	cp "$ko" "$RD/lib/modules/"
	basename "$ko" >>"$RD/etc/modules.load"
done

# Dynamic binaries and the libraries ldd resolves from the unpacked packages
# (preferred) or the host.
copy_with_libs() { # src dest-in-initrd
	local lib
	cp "$1" "$RD$2"
	LD_LIBRARY_PATH="$PKGROOT/usr/lib/x86_64-linux-gnu:$PKGROOT/lib/x86_64-linux-gnu" ldd "$1" |
		awk '/not found/{print "MISSING " $1; next} /=>/{print $3; next} /^\t\//{print $1}' |
		while read -r lib rest; do
			[ "$lib" != MISSING ] || lab_die "image: $1 needs $rest, not found"
			case "$lib" in
			*/ld-linux-x86-64.so.2) cp -L "$lib" "$RD/usr/lib64/ld-linux-x86-64.so.2" ;;
			*) cp -L "$lib" "$RD/usr/lib/x86_64-linux-gnu/$(basename "$lib")" ;;
			esac
		done
}
copy_with_libs "$PKGROOT/usr/sbin/qemu-ga" /usr/sbin/qemu-ga
copy_with_libs "$PKGROOT/usr/bin/tinyproxy" /usr/bin/tinyproxy

install -m 755 "$GUEST_DIR/init" "$RD/init"
install -m 755 "$GUEST_DIR/udhcpc.script" "$RD/usr/share/udhcpc/default.script"
install -m 755 "$GUEST_DIR/shutdown" "$RD/usr/sbin/shutdown"
# busybox acpid runs /etc/acpi/PWRF/00000080 on the ACPI power button.
install -D -m 755 "$GUEST_DIR/shutdown" "$RD/etc/acpi/PWRF/00000080"
install -m 644 "$GUEST_DIR/tinyproxy.conf" "$RD/etc/tinyproxy/tinyproxy.conf"
ln -s tinyproxy/tinyproxy.conf "$RD/etc/tinyproxy.conf"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$RD/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$RD/etc/group"
printf 'hosts: files dns\npasswd: files\ngroup: files\n' >"$RD/etc/nsswitch.conf"
printf '127.0.0.1 localhost\n' >"$RD/etc/hosts"
echo kvm2-guest >"$RD/etc/hostname"
(cd "$RD" && find . -print0 | sort -z | cpio --null -o -H newc --quiet -R 0:0) | gzip -6 >"$WORK/initrd.gz"

# --- unified kernel image for UEFI (systemd-boot stub + kernel + initrd + cmdline)
printf '%s' "$CMDLINE" >"$WORK/cmdline"
printf 'NAME="kvm2 lab guest"\nID=kvm2-lab\n' >"$WORK/os-release"
# Sections packed right after the stub's own (ImageBase 0, ends below
# 0x20000): a sparse layout would make the loaded image tens of MiB larger,
# which small-memory guests cannot afford.
align64k() { echo $((($1 + 0xffff) & ~0xffff)); }
LINUX_VMA=0x40000
INITRD_VMA=$(align64k $((LINUX_VMA + $(stat -c %s "$VMLINUZ"))))
objcopy \
	--add-section .osrel="$WORK/os-release" --change-section-vma .osrel=0x20000 \
	--add-section .cmdline="$WORK/cmdline" --change-section-vma .cmdline=0x30000 \
	--add-section .linux="$VMLINUZ" --change-section-vma .linux=$LINUX_VMA \
	--add-section .initrd="$WORK/initrd.gz" --change-section-vma .initrd="$INITRD_VMA" \
	"$PKGROOT/usr/lib/systemd/boot/efi/linuxx64.efi.stub" "$WORK/BOOTX64.EFI"

# --- disk: MBR + one bootable FAT partition
cat >"$WORK/syslinux.cfg" <<EOF
SERIAL 0 115200
DEFAULT linux
PROMPT 0
TIMEOUT 0
LABEL linux
  KERNEL /vmlinuz
  INITRD /initrd.gz
  APPEND $CMDLINE
EOF
IMG="$WORK/disk.raw"
truncate -s "${DISK_MIB}M" "$IMG"
printf 'label: dos\nstart=%s, type=c, bootable\n' "$PART_START" | sfdisk -q --no-reread --no-tell-kernel "$IMG"
PART_KIB=$(((DISK_MIB * 1024 * 1024 / 512 - PART_START) / 2))
mkfs.vfat --invariant --offset "$PART_START" -h "$PART_START" -n KVM2BOOT "$IMG" "$PART_KIB" >/dev/null
FAT="$IMG@@$((PART_START * 512))"
export MTOOLS_SKIP_CHECK=1
mmd -i "$FAT" ::/EFI ::/EFI/BOOT
mcopy -i "$FAT" "$VMLINUZ" ::/vmlinuz
mcopy -i "$FAT" "$WORK/initrd.gz" ::/initrd.gz
mcopy -i "$FAT" "$WORK/syslinux.cfg" ::/syslinux.cfg
mcopy -i "$FAT" "$WORK/BOOTX64.EFI" ::/EFI/BOOT/BOOTX64.EFI
syslinux --offset "$((PART_START * 512))" --install "$IMG"
dd if=/usr/lib/syslinux/mbr/mbr.bin of="$IMG" bs=440 count=1 conv=notrunc status=none

mkdir -p "$OUT.tmp"
qemu-img convert -q -f raw -O qcow2 "$IMG" "$OUT.tmp/$LAB_IMAGE_NAME"
(cd "$OUT.tmp" && sha256sum "$LAB_IMAGE_NAME" >"$LAB_IMAGE_NAME.sha256")
rm -rf "$OUT"
mv "$OUT.tmp" "$OUT"
lab_log "image: built $OUT/$LAB_IMAGE_NAME ($(du -h "$OUT/$LAB_IMAGE_NAME" | cut -f1), kernel $KVER, initrd $(du -h "$WORK/initrd.gz" | cut -f1)) in $(lab_elapsed "$T0")s"
