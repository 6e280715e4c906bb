# shellcheck shell=bash
# The lab's second network on the selected host (sourced by up.sh): network B, dual stack, for
# VMs with several NICs and IPv6. IPv4 by DHCP as network A, IPv6 by router advertisements
# alone (SLAAC: libvirt's dnsmasq answers no DHCPv6, so only the guest agent knows a guest's
# IPv6 address, the path the provider takes for such networks). Isolated (no <forward>): the
# host reaches its guests through the bridge's addresses, nothing routes further. The network
# namespace is shared by both hosts, so each host's bridge, subnet and prefix are its own.

# ensure_network_b defines, starts and autostarts network B of the selected host.
ensure_network_b() {
	local xml="$LAB_HOST_STATE/network-b.xml" users
	if ! lab_names net-list --all --persistent --name | grep -qxF "$LAB_NET_B"; then
		users="$(ip -4 -o addr show | awk -v p="$LAB_NET_B_PREFIX." -v b="$LAB_BRIDGE_B" 'index($4,p)==1 && $2!=b {print $2}')"
		[ -z "$users" ] || lab_die "subnet $LAB_NET_B_PREFIX.0/24 is already used by interface(s): $users"
		users="$(ip -6 -o addr show | awk -v p="$LAB_NET_B_IPV6" -v b="$LAB_BRIDGE_B" 'index($4,p)==1 && $2!=b {print $2}')"
		[ -z "$users" ] || lab_die "prefix ${LAB_NET_B_IPV6}/64 is already used by interface(s): $users"
		cat >"$xml" <<XML
<network>
  <name>$LAB_NET_B</name>
  <bridge name='$LAB_BRIDGE_B' stp='on' delay='0'/>
  <ip address='$LAB_NET_B_PREFIX.1' netmask='255.255.255.0'>
    <dhcp>
      <range start='$LAB_NET_B_PREFIX.10' end='$LAB_NET_B_PREFIX.250'/>
    </dhcp>
  </ip>
  <ip family='ipv6' address='${LAB_NET_B_IPV6}1' prefix='64'/>
</network>
XML
		lab_virsh net-define "$xml" >/dev/null
	fi
	lab_names net-list --name | grep -qxF "$LAB_NET_B" || lab_virsh net-start "$LAB_NET_B" >/dev/null
	lab_names net-list --autostart --name | grep -qxF "$LAB_NET_B" || lab_virsh net-autostart "$LAB_NET_B" >/dev/null
	lab_phase_end "$LAB_BRIDGE_B $LAB_NET_B_PREFIX.0/24 ${LAB_NET_B_IPV6}/64"
}
