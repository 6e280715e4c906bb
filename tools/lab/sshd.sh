# shellcheck shell=bash
# The lab's sshd on the selected host and the jump host in front of host 2 (sourced by up.sh).
# Each host's sshd listens on 127.0.0.1 with a host key of its own and runs in the host's
# namespaces, so what its sessions exec reaches that host's libvirtd.
# -------------------------------------------------------------------- sshd
# pick_port STATEFILE PREFERRED LAST: the port recorded in STATEFILE, else the
# first free one from PREFERRED to LAST (recorded for later runs).
pick_port() {
	local p
	if [ -s "$1" ]; then
		cat "$1"
		return
	fi
	for p in $(seq "$2" "$3"); do
		if ! lab_port_busy "$p"; then
			echo "$p" >"$1"
			echo "$p"
			return
		fi
	done
	lab_die "no free TCP port in $2-$3"
}
# sshd_base_config PORT DIR PIDFILE: what every lab sshd's config starts with: 127.0.0.1:PORT,
# the host key and authorized_keys in DIR, root by key alone. SHLVL=1 in a session keeps the
# remote bash from sourcing root's ~/.bashrc, which bash does for a command run by sshd only at
# the first shell level: on these machines that file starts pyenv (1.6 s and about 1 s of CPU
# for every command a test runs on a host over SSH, such as virsh). The provider's own
# connections run no shell (they forward libvirt's socket).
sshd_base_config() {
	cat <<EOF
Port $1
ListenAddress 127.0.0.1
HostKey $2/host_ed25519
PidFile $3
AuthorizedKeysFile $2/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
SetEnv SHLVL=1
EOF
}
ensure_sshd() {
	mkdir -p "$SSH_DIR"
	chmod 700 "$SSH_DIR"
	SSH_PORT="$(pick_port "$LAB_HOST_STATE/ssh.port" "$LAB_SSH_PORT_FIRST" 2299)"
	[ -f "$SSH_DIR/host_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C kvm2-lab-host -f "$SSH_DIR/host_ed25519"
	# One client key for every host, as one operator's.
	[ -f "$LAB_CLIENT_KEY" ] || ssh-keygen -q -t ed25519 -N '' -C kvm2-lab-client -f "$LAB_CLIENT_KEY"
	cp "$LAB_CLIENT_KEY.pub" "$SSH_DIR/authorized_keys"
	echo "[127.0.0.1]:$SSH_PORT $(cut -d' ' -f1,2 "$SSH_DIR/host_ed25519.pub")" >"$SSH_DIR/known_hosts"
	{
		echo "# sshd of the kvm2 local lab host (written by tools/lab/up.sh)."
		sshd_base_config "$SSH_PORT" "$SSH_DIR" "$SSHD_PID"
		cat <<EOF
AllowTcpForwarding $LAB_SSH_FORWARDING
AllowStreamLocalForwarding $LAB_SSH_FORWARDING
MaxStartups 100:30:200
MaxSessions 100
Subsystem sftp internal-sftp
EOF
	} >"$SSH_DIR/sshd_config.new"
	if ! cmp -s "$SSH_DIR/sshd_config.new" "$SSH_DIR/sshd_config"; then
		mv "$SSH_DIR/sshd_config.new" "$SSH_DIR/sshd_config"
		lab_stop_pidfile "$SSHD_PID" sshd
	else
		rm -f "$SSH_DIR/sshd_config.new"
	fi
	if lab_pid_alive "$SSHD_PID" sshd && ssh_works; then
		lab_phase_end "127.0.0.1:$SSH_PORT (running)"
		return
	fi
	lab_stop_pidfile "$SSHD_PID" sshd
	if lab_port_busy "$SSH_PORT"; then
		lab_die "port $SSH_PORT (lab sshd of host $LAB_HOST) is taken by another process: $(lab_port_owner "$SSH_PORT"); free it or remove $LAB_HOST_STATE/ssh.port to pick another"
	fi
	lab_launch_sshd
	lab_phase_end "127.0.0.1:$SSH_PORT (started)"
}

# -------------------------------------------------------------------- jump
# ensure_jump: the jump host in front of host 2 (lib.sh): an sshd on
# 127.0.0.1 with its own host key whose only use is a TCP forward to host 2's
# sshd: no shell, no TTY, no other destination, no stream-local forwarding.
ensure_jump() {
	local target
	target="$(cat "$LAB_STATE/host2/ssh.port")"
	mkdir -p "$LAB_JUMP_SSH_DIR"
	chmod 700 "$LAB_JUMP_STATE" "$LAB_JUMP_SSH_DIR"
	JUMP_PORT="$(pick_port "$LAB_JUMP_STATE/ssh.port" "$LAB_JUMP_PORT_FIRST" 2299)"
	[ -f "$LAB_JUMP_SSH_DIR/host_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C kvm2-lab-jump -f "$LAB_JUMP_SSH_DIR/host_ed25519"
	cp "$LAB_CLIENT_KEY.pub" "$LAB_JUMP_SSH_DIR/authorized_keys"
	echo "[127.0.0.1]:$JUMP_PORT $(cut -d' ' -f1,2 "$LAB_JUMP_SSH_DIR/host_ed25519.pub")" >"$LAB_JUMP_SSH_DIR/known_hosts"
	{
		echo "# sshd of the kvm2 lab's jump host in front of host 2 (written by tools/lab/up.sh)."
		sshd_base_config "$JUMP_PORT" "$LAB_JUMP_SSH_DIR" "$LAB_JUMP_PID"
		cat <<SSHD
LogLevel VERBOSE
AllowTcpForwarding local
PermitOpen 127.0.0.1:$target
PermitListen none
AllowStreamLocalForwarding no
AllowAgentForwarding no
X11Forwarding no
PermitTunnel no
PermitTTY no
PermitUserRC no
ForceCommand /bin/false
MaxStartups 100:30:200
MaxSessions 100
SSHD
	} >"$LAB_JUMP_SSH_DIR/sshd_config.new"
	if ! cmp -s "$LAB_JUMP_SSH_DIR/sshd_config.new" "$LAB_JUMP_SSH_DIR/sshd_config"; then
		mv "$LAB_JUMP_SSH_DIR/sshd_config.new" "$LAB_JUMP_SSH_DIR/sshd_config"
		lab_stop_pidfile "$LAB_JUMP_PID" sshd
	else
		rm -f "$LAB_JUMP_SSH_DIR/sshd_config.new"
	fi
	if lab_pid_alive "$LAB_JUMP_PID" sshd && lab_jump_forwards "$JUMP_PORT" "$target"; then
		lab_phase_end "127.0.0.1:$JUMP_PORT -> 127.0.0.1:$target (running)"
		return
	fi
	lab_stop_pidfile "$LAB_JUMP_PID" sshd
	if lab_port_busy "$JUMP_PORT"; then
		lab_die "port $JUMP_PORT (lab jump host) is taken by another process: $(lab_port_owner "$JUMP_PORT"); free it or remove $LAB_JUMP_STATE/ssh.port to pick another"
	fi
	mkdir -p /run/sshd
	chmod 755 /run/sshd
	/usr/sbin/sshd -t -f "$LAB_JUMP_SSH_DIR/sshd_config" || lab_die "sshd rejects $LAB_JUMP_SSH_DIR/sshd_config"
	/usr/sbin/sshd -f "$LAB_JUMP_SSH_DIR/sshd_config" -E "$LAB_JUMP_STATE/sshd.log"
	local t0="$EPOCHREALTIME" bound
	bound="$(lab_budget 10)"
	until lab_jump_forwards "$JUMP_PORT" "$target"; do
		lab_past "$t0" "$bound" && {
			tail -10 "$LAB_JUMP_STATE/sshd.log" >&2 || true
			lab_die "the jump host 127.0.0.1:$JUMP_PORT does not forward to host 2 (127.0.0.1:$target) after ${bound}s (10 s idle, stretched by the load; $(lab_load); log: $LAB_JUMP_STATE/sshd.log)"
		}
		sleep 0.25
	done
	if lab_jump_runs_commands "$JUMP_PORT"; then
		lab_die "the jump host 127.0.0.1:$JUMP_PORT runs commands; it must only forward ($LAB_JUMP_SSH_DIR/sshd_config)"
	fi
	lab_phase_end "127.0.0.1:$JUMP_PORT -> 127.0.0.1:$target (started)"
}
