# shellcheck shell=bash disable=SC2034
# The helpers of fleet.sh (sourced by it, after its settings and binaries): the lab's hosts,
# timing, medians and peak RSS, fleets of one or several states run at once, the cleanup of
# what a run made, and one shape's run.
declare -A shape_ms first_vm offline fleet_dirs
rss_dir="" ms_dir="" shape="" shape_dir=""

# --- the lab's hosts -----------------------------------------------------------------------------
# lab_hosts: host_keys (lab, lab2, lab3 as the env has them) and, per key, what kvm2's provider
# block and virsh need: h_address h_port h_user h_key h_known h_socket h_pool h_network, and
# virsh_uri (libvirt's ssh transport runs the ssh binary, which ignores the known_hosts URI
# parameter: a wrapper per host makes it use the lab's file).
declare -A h_address h_port h_user h_key h_known h_socket h_pool h_network virsh_uri
host_keys=()
lab_hosts() {
  local key env
  for key in lab lab2 lab3; do
    case $key in lab) env=KVM2_TEST ;; lab2) env=KVM2_TEST_HOST2 ;; lab3) env=KVM2_TEST_HOST3 ;; esac
    local p="${env}_SSH_PORT"
    [ -n "${!p:-}" ] || continue
    local a="${env}_SSH_HOST" u="${env}_SSH_USER" k="${env}_SSH_KEY" kh="${env}_KNOWN_HOSTS" s="${env}_SOCKET" pl="${env}_POOL" n="${env}_NETWORK"
    h_address[$key]=${!a} h_port[$key]=${!p} h_user[$key]=${!u} h_key[$key]=${!k}
    h_known[$key]=${!kh} h_socket[$key]=${!s:-} h_pool[$key]=${!pl} h_network[$key]=${!n}
    cat >"$bench_dir/bin/ssh-$key" <<EOF
#!/bin/sh
exec ssh -o UserKnownHostsFile='${h_known[$key]}' -o StrictHostKeyChecking=yes -o BatchMode=yes "\$@"
EOF
    chmod +x "$bench_dir/bin/ssh-$key"
    virsh_uri[$key]="qemu+ssh://${h_user[$key]}@${h_address[$key]}:${h_port[$key]}/system?keyfile=${h_key[$key]}&no_tty=1&command=$bench_dir/bin/ssh-$key"
    [ -z "${h_socket[$key]}" ] || virsh_uri[$key]+="&socket=${h_socket[$key]}"
    host_keys+=("$key")
  done
}

# hosts_hcl <H> [full]: the first H hosts as the fleets' `hosts` variable (kvm2's with full).
hosts_hcl() {
  local key out="{"
  for key in "${host_keys[@]:0:$1}"; do
    if [ "${2:-}" = full ]; then
      out+=" $key = { address = \"${h_address[$key]}\", port = ${h_port[$key]}, user = \"${h_user[$key]}\", private_key_file = \"${h_key[$key]}\", known_hosts_file = \"${h_known[$key]}\", socket = \"${h_socket[$key]}\", pool = \"${h_pool[$key]}\", network = \"${h_network[$key]}\" },"
    else
      out+=" $key = { pool = \"${h_pool[$key]}\", network = \"${h_network[$key]}\" },"
    fi
  done
  echo "${out%,} }"
}

# --- timing --------------------------------------------------------------------------------------
# timed <label> <dir> <terraform command> [args...]: runs terraform in dir with -parallelism,
# output to <dir>/<label>.log, wall time in ms in $ms_dir/<label>, provider peak RSS in
# $rss_dir/<label>.log. Safe to run in the background (it only writes files).
timed() {
  local label="$1" dir="$2" cmd="$3"
  shift 3
  local t0 rc=0 profile_dir=""
  if [ "${PROFILE:-0}" = 1 ]; then
    profile_dir="$bench_dir/profile/${shape//:/-}/$label"
    rm -rf "$profile_dir" && mkdir -p "$profile_dir"
  fi
  t0=$(now_ms)
  KVM2_PROFILE_DIR="$profile_dir" KVM2_BENCH_RSS_LOG="$rss_dir/$label.log" "$TERRAFORM" -chdir="$dir" "$cmd" -parallelism="$PARALLELISM" "$@" -input=false -no-color >"$dir/$label.log" 2>&1 || rc=$?
  echo $(($(now_ms) - t0)) >"$ms_dir/$label"
  # With -detailed-exitcode, 2 means "succeeded, with changes": after an apply that is a
  # finding to report, not a reason to stop the run.
  if [ "$rc" = 2 ]; then
    echo "$shape/$label" >>"$bench_dir/changed-plans"
  elif [ "$rc" != 0 ]; then
    [ "${soft:-0}" = 1 ] && return 1 # the caller reports the failure itself
    tail -30 "$dir/$label.log" >&2
    die "terraform $cmd $* failed in $dir (log: $dir/$label.log)"
  fi
  progress "$label" "$(ms "$label")"
}

# progress <label> <ms>: the line a run prints per phase.
progress() {
  log "[$(secs $(($(now_ms) - run_start)) | cut -d. -f1) s] $shape $1: $(secs "$2") s"
}

# ms <label>: the wall time of that phase of the current shape in ms, empty if it did not run.
ms() { cat "$ms_dir/$1" 2>/dev/null || true; }
set_ms() { echo "$2" >"$ms_dir/$1"; }

secs() {
  printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000))
}

# median of the given integers (empty without any)
median() {
  [ $# -gt 0 ] || return 0
  printf '%s\n' "$@" | grep . | sort -n | awk '{a[NR]=$1} END {if (NR == 0) exit; if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'
}

# peak_rss <label glob...>: the largest max-RSS in KiB any provider process reported in those
# phases (empty without GNU time).
peak_rss() {
  [ -n "$gnu_time" ] || return 0
  local g
  for g in "$@"; do cat "$rss_dir"/$g.log 2>/dev/null || true; done | awk '$1 ~ /^[0-9]+$/ && $1 > m {m=$1} END {if (m) print m}'
}

# --- fleets: one directory per state, run at once -------------------------------------------------
# phase <fleet> <phase> <terraform command> [args...]: the command in every state directory of
# the fleet at once. Labels <fleet>-<phase>, or <fleet>-<k>-<phase> for state k of several; then
# <fleet>-<phase> is the slowest state's time and <fleet>-<phase>-sum the sum of all of them.
phase() {
  local fleet="$1" ph="$2" d k=0 pids=() failed=0 label max=0 sum=0 t
  shift 2
  local dirs=(${fleet_dirs[$fleet]})
  if [ ${#dirs[@]} = 1 ]; then
    timed "$fleet-$ph" "${dirs[0]}" "$@"
    return
  fi
  for d in "${dirs[@]}"; do
    k=$((k + 1))
    timed "$fleet-$k-$ph" "$d" "$@" &
    pids+=($!)
  done
  for t in "${pids[@]}"; do wait "$t" || failed=1; done
  [ "$failed" = 0 ] || { [ "${soft:-0}" = 1 ] && return 1; die "$fleet $ph failed in a state (logs: $shape_dir/$fleet-*/)"; }
  for k in $(seq 1 ${#dirs[@]}); do
    t=$(ms "$fleet-$k-$ph")
    sum=$((sum + t))
    [ "$t" -gt "$max" ] && max=$t
  done
  set_ms "$fleet-$ph" "$max"
  set_ms "$fleet-$ph-sum" "$sum"
  progress "$fleet-$ph (slowest of ${#dirs[@]} states; sum $(secs "$sum") s)" "$max"
}

# The fleets applied and not yet destroyed, destroyed by the EXIT trap after a failure, and the
# host floor's objects.
applied=()
cleanup() {
  local dir
  for dir in "${applied[@]}"; do
    [ -n "$dir" ] || continue
    log "destroying $dir after a failure"
    "$TERRAFORM" -chdir="$dir" destroy -auto-approve -input=false -no-color >"$dir/cleanup.log" 2>&1 ||
      echo "destroy failed; see $dir/cleanup.log" >&2
  done
  hostfloor_cleanup
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mark_applied() { applied+=(${fleet_dirs[$1]}); }
mark_destroyed() {
  local i d
  for d in ${fleet_dirs[$1]}; do
    for i in "${!applied[@]}"; do [ "${applied[$i]}" = "$d" ] && applied[i]=""; done
  done
  return 0
}

# fleet_init <fleet> <type in state>: terraform init in each state directory, and a destroy of
# what an interrupted run left there.
fleet_init() {
  local d
  for d in ${fleet_dirs[$1]}; do
    tf_init "$d"
    if [ -s "$d/terraform.tfstate" ] && grep -q "\"$2\"" "$d/terraform.tfstate"; then
      log "$shape $1: destroying what an earlier, interrupted run left in $d"
      timed "$1-stale-destroy" "$d" destroy -auto-approve
    fi
  done
}

# plans <fleet> [beside fleet]: PLANS plans, each followed by one of the beside fleet.
plans() {
  local i
  for i in $(seq 1 "$PLANS"); do
    phase "$1" "plan-$i" plan -detailed-exitcode -lock=false
    [ -z "${2:-}" ] || phase "$2" "plan-$i" plan -detailed-exitcode -lock=false
  done
}

# kvm2_extras: plans without refresh, one with the hosts unreachable, and a logged one whose
# libvirt RPCs are counted (per state directory, in plan-rpcs.txt).
kvm2_extras() {
  local i d pids=()
  for i in $(seq 1 "$PLANS"); do
    phase kvm2 "plan-norefresh-$i" plan -refresh=false -detailed-exitcode -lock=false
  done
  # Nothing listens on port 1: configuring the provider must not connect, so this plan still
  # succeeds, quickly.
  offline[$shape]=ok
  soft=1 phase kvm2 plan-offline plan -refresh=false -detailed-exitcode -lock=false -var port_override=1 ||
    offline[$shape]=failed
  for d in ${fleet_dirs[kvm2]}; do
    rm -f "$d/plan-debug.log"
    (TF_LOG_PROVIDER=DEBUG TF_LOG_PATH="$d/plan-debug.log" timed "kvm2-plan-logged-$(basename "$d")" "$d" plan -detailed-exitcode -lock=false) &
    pids+=($!)
  done
  for i in "${pids[@]}"; do wait "$i"; done
  for d in ${fleet_dirs[kvm2]}; do
    grep -E "$RPC_PATTERN" "$d/plan-debug.log" | grep -oE 'method=[A-Za-z0-9]+' | cut -d= -f2 |
      sort | uniq -c | sort -rn >"$d/plan-rpcs.txt" || true
  done
}

# floor_limited: the floor's plans again, PLANS times under each Go memory limit of FLOOR_LIMITS
# (default: kvm2's own soft limit): the floor by default runs under none.
floor_limited() {
  local limit i
  for limit in $FLOOR_LIMITS; do
    for i in $(seq 1 "$PLANS"); do
      GOMEMLIMIT=$limit phase floor "plan-limit-$limit-$i" plan -detailed-exitcode -lock=false
    done
  done
}

# plans_of <fleet> [kind]: the times of that fleet's plans in this shape (kind: "" or norefresh-
# or limit-<limit>-).
plans_of() {
  local i
  for i in $(seq 1 "$PLANS"); do ms "$1-plan-${2:-}$i"; done
}

# --- one shape -------------------------------------------------------------------------------------
# run_shape <N:running|defined[:Hh][:Ss]>
run_shape() {
  shape="$1"
  n=${shape%%:*}
  running=false
  [[ $shape == *:running* ]] && running=true
  nhosts=1 nstates=1
  [[ $shape =~ :([1-9])h ]] && nhosts=${BASH_REMATCH[1]}
  [[ $shape =~ :([1-9])s ]] && nstates=${BASH_REMATCH[1]}
  [ "$nhosts" -le ${#host_keys[@]} ] || die "$shape: the lab has ${#host_keys[@]} hosts"
  shape_dir="$bench_dir/${shape//:/-}"
  rss_dir="$shape_dir/rss" ms_dir="$shape_dir/ms"
  rm -rf "$rss_dir" "$ms_dir"
  mkdir -p "$rss_dir" "$ms_dir"
  local shape_start k first count d fleet
  shape_start=$(now_ms)

  # One directory per state of kvm2's fleet and of the schema floor's.
  fleet_dirs[kvm2]="" fleet_dirs[floor]=""
  for k in $(seq 1 "$nstates"); do
    first=$(((k - 1) * n / nstates)) count=$((k * n / nstates - (k - 1) * n / nstates))
    for fleet in kvm2 floor; do
      d="$shape_dir/$fleet"
      [ "$nstates" = 1 ] || d="$shape_dir/$fleet-$k"
      mkdir -p "$d"
      cp "$repo/tools/bench/fleet/$([ $fleet = kvm2 ] && echo kvm2 || echo noop)/main.tf" "$d/main.tf"
      fleet_dirs[$fleet]+="$d "
    done
    d="$shape_dir/kvm2"
    [ "$nstates" = 1 ] || d="$shape_dir/kvm2-$k"
    cat >"$d/terraform.tfvars" <<TFVARS
hosts        = $(hosts_hcl "$nhosts" full)
first        = $first
vm_count     = $count
name_prefix  = "$NAME_PREFIX"
base_suffix  = "$([ "$nstates" = 1 ] || echo "-s$k")"
running      = $running
image_url    = "$KVM2_TEST_IMAGE_URL"
image_sha256 = "${KVM2_TEST_IMAGE_SHA256:-}"
image_format = "${KVM2_TEST_IMAGE_FORMAT:-qcow2}"
TFVARS
    printf 'hosts       = %s\nfirst       = %s\nvm_count    = %s\nname_prefix = "%s"\nrunning     = %s\n' \
      "$(hosts_hcl "$nhosts")" "$first" "$count" "$NAME_PREFIX" "$running" >"$(dirname "$d")/floor${d##*/kvm2}/terraform.tfvars"
  done

  log "$shape: schema floor, $n floor_proxy_vm in $nstates state(s)"
  fleet_init floor floor_proxy_vm
  mark_applied floor
  phase floor apply apply -auto-approve

  log "$shape: kvm2, $n kvm2_proxy_vm (running=$running) over $nhosts host(s) in $nstates state(s)"
  fleet_init kvm2 kvm2_proxy_vm
  mark_applied kvm2
  phase kvm2 apply apply -auto-approve
  first_vm[$shape/kvm2]=$(vm_shape "$NAME_PREFIX-000" "${host_keys[@]:0:$nhosts}")
  plans kvm2 floor
  if [ "$EXTRAS" = 1 ]; then
    kvm2_extras
    floor_limited
  fi
  # The host floor's copies of kvm2's VMs, taken while they exist.
  local hf=0
  [ "$HOSTFLOOR" = 1 ] && { [ "$nstates" = 1 ] || [ -z "$(hostfloor_done_for "$n" "$running" "$nhosts")" ]; } && hf=1
  [ "$hf" = 1 ] && hostfloor_prepare
  phase kvm2 destroy destroy -auto-approve
  mark_destroyed kvm2
  phase floor destroy destroy -auto-approve
  mark_destroyed floor
  if [ "$hf" = 1 ]; then
    hostfloor_run
  elif [ "$HOSTFLOOR" = 1 ]; then
    hostfloor_reuse "$(hostfloor_done_for "$n" "$running" "$nhosts")"
  fi

  if [ "$PEER" = 1 ] && [ "$nstates" = 1 ] && [ "$n" -le "$PEER_MAX_N" ]; then
    log "$shape: libvirt $peer_version, $n libvirt_domain (running=$running, type=$domain_type) on ${host_keys[0]}"
    d="$shape_dir/libvirt"
    fleet_dirs[libvirt]="$d"
    mkdir -p "$d"
    cp "$repo/tools/bench/fleet/libvirt/main.tf" "$d/main.tf"
    cat >"$d/terraform.tfvars" <<TFVARS
vm_count     = $n
name_prefix  = "$NAME_PREFIX"
running      = $running
uri          = "$peer_uri"
pool         = "$KVM2_TEST_POOL"
network      = "$KVM2_TEST_NETWORK"
image_url    = "$KVM2_TEST_IMAGE_URL"
image_format = "${KVM2_TEST_IMAGE_FORMAT:-qcow2}"
domain_type  = "$domain_type"
TFVARS
    fleet_init libvirt libvirt_domain
    mark_applied libvirt
    phase libvirt apply apply -auto-approve
    first_vm[$shape/libvirt]=$(vm_shape "$NAME_PREFIX-peer-000" "${host_keys[0]}")
    plans libvirt
    phase libvirt destroy destroy -auto-approve
    mark_destroyed libvirt
  fi

  if [ "$nstates" = 1 ] && [ "$n" -le "$TFDATA_MAX" ]; then
    log "$shape: terraform_data, $n resources"
    d="$shape_dir/terraform_data"
    fleet_dirs[terraform_data]="$d"
    mkdir -p "$d"
    cp "$repo/tools/bench/fleet/floor/main.tf" "$d/main.tf"
    echo "vm_count = $n" >"$d/terraform.tfvars"
    rm -f "$d/terraform.tfstate" "$d/terraform.tfstate.backup"
    tf_init "$d"
    phase terraform_data apply apply -auto-approve
    plans terraform_data
    phase terraform_data destroy destroy -auto-approve
  fi
  shape_ms[$shape]=$(($(now_ms) - shape_start))
  shape_summary
}

# leftovers: domains and volumes named with NAME_PREFIX on the lab's hosts.
leftovers() {
  local key d v out=""
  for key in "${host_keys[@]}"; do
    d=$(timeout 60 virsh -q -c "${virsh_uri[$key]}" list --all --name 2>/dev/null | grep -c "^$NAME_PREFIX-" || true)
    v=$(timeout 60 virsh -q -c "${virsh_uri[$key]}" vol-list "${h_pool[$key]}" 2>/dev/null | awk '{print $1}' | grep -c "^$NAME_PREFIX-" || true)
    out+="$key: $d domains, $v volumes; "
  done
  echo "${out%; }"
}

# vm_shape <domain> <host...>: what the first of the hosts that has that domain holds for it after
# an apply (host, state, domain type, memory, vcpus, interface source, disk formats), to show the
# fleets have the same shape.
vm_shape() {
  local xml key uri dom="$1"
  shift
  for key in "$@"; do
    uri="${virsh_uri[$key]}"
    xml=$(timeout 60 virsh -q -c "$uri" dumpxml "$dom" 2>/dev/null) || continue
    printf '%s on %s: %s, %s, %s KiB, %s vcpu, network %s, disks %s\n' "$dom" "$key" \
      "$(timeout 60 virsh -q -c "$uri" domstate "$dom" 2>/dev/null | head -1)" \
      "$(sed -n "s/^<domain type='\([a-z]*\)'.*/\1/p" <<<"$xml")" \
      "$(sed -n "s/.*<memory unit='KiB'>\([0-9]*\)<.*/\1/p" <<<"$xml")" \
      "$(sed -n "s/.*<vcpu[^>]*>\([0-9]*\)<.*/\1/p" <<<"$xml")" \
      "$(sed -n "s/.*<source network='\([^']*\)'.*/\1/p" <<<"$xml" | head -1)" \
      "$(grep -o "<driver name='qemu' type='[a-z0-9]*'" <<<"$xml" | sed "s/.*type='//; s/'//" | paste -sd+ -)"
    return
  done
  echo "? ($dom not found)"
}
