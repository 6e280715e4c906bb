# shellcheck shell=bash
# Helpers of boot-check.sh and cloud-boot-check.sh (sourced after lib.sh).
# ---------------------------------------------------------- boot checks
# Shared by boot-check.sh and cloud-boot-check.sh.

# lab_check_os FW: the <os> element of a q35 guest booting with bios or uefi
# (UEFI without secure boot), as the provider defines it.
lab_check_os() {
	case "$1" in
	bios) echo "<os><type arch='x86_64' machine='q35'>hvm</type><boot dev='hd'/></os>" ;;
	uefi) echo "<os firmware='efi'><type arch='x86_64' machine='q35'>hvm</type><firmware><feature enabled='no' name='secure-boot'/></firmware><boot dev='hd'/></os>" ;;
	*) lab_die "firmware must be bios or uefi" ;;
	esac
}

# lab_agent_ipv4 NAME: the first non-loopback IPv4 the guest agent reports.
lab_agent_ipv4() {
	lab_virsh domifaddr "$1" --source agent 2>/dev/null | awk '$3=="ipv4" && $4 !~ /^127\./ {sub("/.*","",$4); print $4; exit}'
}

# lab_acpi_poweroff NAME FW SECONDS: presses the ACPI power button and fails
# unless the guest is shut off within SECONDS, stretched by the load (lab_budget).
lab_acpi_poweroff() {
	local t1="$EPOCHREALTIME" bound
	bound="$(lab_budget "$3")"
	lab_virsh shutdown "$1" >/dev/null
	until [ "$(lab_virsh domstate "$1" 2>/dev/null)" = "shut off" ]; do
		lab_past "$t1" "$bound" && lab_die "$2: guest ignored the ACPI power button for ${bound}s ($3 s idle, stretched by the load; $(lab_load))"
		sleep 0.5
	done
	lab_log "$2 shutdown (ACPI): $(lab_elapsed "$t1")s"
}
