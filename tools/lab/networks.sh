# shellcheck shell=bash
# The lab's networks on the selected host (sourced by up.sh). Network A is NAT, IPv4 by DHCP, the
# one every VM of the tests is on. Network B is dual stack, for
# VMs with several NICs and IPv6. IPv4 by DHCP as network A, IPv6 by router advertisements
# alone (SLAAC: libvirt's dnsmasq answers no DHCPv6, so only the guest agent knows a guest's
# IPv6 address, the path the provider takes for such networks). Isolated (no <forward>): the
# host reaches its guests through the bridge's addresses, nothing routes further. The network
# namespace is shared by both hosts, so each host's bridge, subnet and prefix are its own.

# lab_subnet_free PREFIX BRIDGE: fails, naming them, when interfaces other than BRIDGE hold
# addresses under the IPv4 PREFIX (three octets and a dot) or IPv6 PREFIX (ending in "::").
lab_subnet_free() {
	local users
	case "$1" in
	*::) users="$(ip -6 -o addr show | awk -v p="$1" -v b="$2" 'index($4,p)==1 && $2!=b {print $2}')" ;;
	*) users="$(ip -4 -o addr show | awk -v p="$1." -v b="$2" 'index($4,p)==1 && $2!=b {print $2}')" ;;
	esac
	[ -z "$users" ] || lab_die "addresses under $1 are already used by interface(s): $users"
}

# ensure_network defines, starts and autostarts network A of the selected host (NAT, IPv4 by DHCP).
ensure_network() {
	local all persistent active autostart xml="$LAB_HOST_STATE/network.xml"
	all="$(lab_names net-list --all --name)"
	persistent="$(lab_names net-list --all --persistent --name)"
	active="$(lab_names net-list --name)"
	autostart="$(lab_names net-list --autostart --name)"
	if grep -qxF "$LAB_NET" <<<"$persistent"; then
		:
	elif grep -qxF "$LAB_NET" <<<"$all"; then
		# Running but transient: make it persistent with its own XML.
		lab_virsh net-dumpxml "$LAB_NET" >"$xml"
		lab_virsh net-define "$xml" >/dev/null
	else
		# The subnet must not be in use by anything but our own bridge.
		lab_subnet_free "$LAB_NET_PREFIX" "$LAB_BRIDGE"
		cat >"$xml" <<EOF
<network>
  <name>$LAB_NET</name>
  <forward mode='nat'/>
  <bridge name='$LAB_BRIDGE' stp='on' delay='0'/>
  <ip address='$LAB_NET_PREFIX.1' netmask='255.255.255.0'>
    <dhcp>
      <range start='$LAB_NET_PREFIX.10' end='$LAB_NET_PREFIX.250'/>
    </dhcp>
  </ip>
</network>
EOF
		lab_virsh net-define "$xml" >/dev/null
	fi
	grep -qxF "$LAB_NET" <<<"$active" || lab_virsh net-start "$LAB_NET" >/dev/null
	grep -qxF "$LAB_NET" <<<"$autostart" || lab_virsh net-autostart "$LAB_NET" >/dev/null
	lab_phase_end "$LAB_BRIDGE $LAB_NET_PREFIX.0/24"
}

# ensure_network_b defines, starts and autostarts network B of the selected host.
ensure_network_b() {
	local xml="$LAB_HOST_STATE/network-b.xml"
	if ! lab_names net-list --all --persistent --name | grep -qxF "$LAB_NET_B"; then
		lab_subnet_free "$LAB_NET_B_PREFIX" "$LAB_BRIDGE_B"
		lab_subnet_free "$LAB_NET_B_IPV6" "$LAB_BRIDGE_B"
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
	# The bridge has no carrier until a guest's NIC joins it, and until then duplicate address
	# detection leaves libvirt's IPv6 address on it tentative: nothing on the host can bind it (a
	# test's server for the guests). Nothing else is on the bridge: the address goes back without DAD.
	if ip -6 -o addr show dev "$LAB_BRIDGE_B" | grep -F "${LAB_NET_B_IPV6}1/64" | grep -qw tentative; then
		ip -6 addr del "${LAB_NET_B_IPV6}1/64" dev "$LAB_BRIDGE_B"
		ip -6 addr add "${LAB_NET_B_IPV6}1/64" dev "$LAB_BRIDGE_B" nodad
	fi
	lab_phase_end "$LAB_BRIDGE_B $LAB_NET_B_PREFIX.0/24 ${LAB_NET_B_IPV6}/64"
}
