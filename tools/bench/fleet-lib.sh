# shellcheck shell=bash disable=SC2034
# The helpers of fleet.sh (sourced by it, after its settings and binaries): timing, medians and
# peak RSS, the cleanup of what a run made, the host-alone floor, and the shapes of the fleets.
# --- helpers ---------------------------------------------------------------------------------
declare -A ms_of shape_ms
changed_plans=()
rss_dir=""

# timed <label> <dir> <terraform command> [args...]: runs terraform in dir with -parallelism,
# output to <dir>/<label>.log, wall time in ms_of[<shape>/<label>], provider peak RSS in
# $rss_dir/<label>.log.
timed() {
  local label="$1" dir="$2" cmd="$3"
  shift 3
  local t0 rc=0 profile_dir=""
  if [ "${PROFILE:-0}" = 1 ]; then
    profile_dir="$bench_dir/profile/${shape/:/-}/$label"
    rm -rf "$profile_dir" && mkdir -p "$profile_dir"
  fi
  t0=$(now_ms)
  KVM2_PROFILE_DIR="$profile_dir" KVM2_BENCH_RSS_LOG="$rss_dir/$label.log" "$TERRAFORM" -chdir="$dir" "$cmd" -parallelism="$PARALLELISM" "$@" -input=false -no-color >"$dir/$label.log" 2>&1 || rc=$?
  ms_of[$shape/$label]=$(($(now_ms) - t0))
  # With -detailed-exitcode, 2 means "succeeded, with changes": after an apply that is a
  # finding to report, not a reason to stop the run.
  if [ "$rc" = 2 ]; then
    changed_plans+=("$shape/$label")
  elif [ "$rc" != 0 ]; then
    # soft=1: the caller reports the failure itself.
    [ "${soft:-0}" = 1 ] && return 1
    tail -30 "$dir/$label.log" >&2
    die "terraform $cmd $* failed in $dir (log: $dir/$label.log)"
  fi
  log "$shape $label: $(secs "${ms_of[$shape/$label]}") s"
}

secs() {
  printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000))
}

# median of the given integers
median() {
  printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'
}

# peak_rss <label...>: the largest max-RSS in KiB any provider process reported in those phases.
peak_rss() {
  local f files=()
  for f in "$@"; do files+=("$rss_dir/$f.log"); done
  cat "${files[@]}" 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $1 > m {m=$1} END {print m+0}'
}

# The fleets applied and not yet destroyed, destroyed by the EXIT trap after a failure.
applied=()
cleanup() {
  local dir
  for dir in "${applied[@]}"; do
    [ -n "$dir" ] || continue
    log "destroying $dir after a failure"
    "$TERRAFORM" -chdir="$dir" destroy -auto-approve -input=false -no-color >"$dir/cleanup.log" 2>&1 ||
      echo "destroy failed; see $dir/cleanup.log" >&2
  done
}
trap cleanup EXIT
mark_applied() { applied+=("$1"); }
mark_destroyed() {
  local i
  for i in "${!applied[@]}"; do [ "${applied[$i]}" = "$1" ] && applied[i]=""; done
  return 0
}

# fleet_phases <dir> <state type>: destroys what an interrupted run left, then apply, PLANS plans
# (labels plan-1..), destroy. Labels are prefixed with the directory's base name.
fleet_phases() {
  local dir="$1" type="$2" p i
  p=$(basename "$dir")
  tf_init "$dir"
  if [ -s "$dir/terraform.tfstate" ] && grep -q "\"$type\"" "$dir/terraform.tfstate"; then
    log "$shape $p: destroying what an earlier, interrupted run left"
    timed "$p-stale-destroy" "$dir" destroy -auto-approve
  fi
  mark_applied "$dir"
  timed "$p-apply" "$dir" apply -auto-approve
  case $p in
  kvm2) first_vm[$shape/$p]=$(vm_shape "$NAME_PREFIX-000") ;;
  libvirt) first_vm[$shape/$p]=$(vm_shape "$NAME_PREFIX-peer-000") ;;
  esac
  [ "$p" = kvm2 ] && [ "$running" = true ] && host_floor
  for i in $(seq 1 "$PLANS"); do
    timed "$p-plan-$i" "$dir" plan -detailed-exitcode -lock=false
    # The floor's plan right after each of kvm2's, on the machine as kvm2's fleet leaves it.
    if [ "$p" = kvm2 ]; then timed "floor-beside-plan-$i" "$beside_dir" plan -detailed-exitcode -lock=false; fi
  done
  [ "$p" = kvm2 ] && [ "$EXTRAS" = 1 ] && kvm2_extras "$dir"
  [ "$p" = floor ] && [ "$EXTRAS" = 1 ] && floor_limited "$dir"
  timed "$p-destroy" "$dir" destroy -auto-approve
  mark_destroyed "$dir"
}

# host_floor: what the host itself takes to stop and start kvm2's fleet, with no provider: every
# domain of it destroyed (virsh destroy), then started again (virsh start), $PARALLELISM at a
# time as Terraform's parallelism, each worker one virsh session on libvirtd's local socket (no
# SSH: the host's own cost) running its share of the domains one after another. Labels host-destroy and host-start. The fleet is
# running again afterwards, as the apply left it (guests booting), before kvm2's plans.
host_floor() {
  command -v virsh >/dev/null || return 0
  local doms w s cmds verb pids pid
  local uri="qemu:///system?socket=${KVM2_TEST_SOCKET:-/var/run/libvirt/libvirt-sock}"
  mapfile -t doms < <(timeout 60 virsh -q -c "$uri" list --name | grep -E "^$NAME_PREFIX-[0-9]+$")
  # What the sessions themselves cost (SSH, virsh start-up): the same workers running "uri" only.
  s=$(now_ms) pids=()
  for w in $(seq 1 "$PARALLELISM"); do
    virsh -q -c "$uri" uri >/dev/null 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || die "host floor: virsh cannot reach the lab"; done
  ms_of[$shape/host-sessions]=$(($(now_ms) - s))
  for verb in destroy start; do
    s=$(now_ms) pids=()
    for w in $(seq 0 $((PARALLELISM - 1))); do
      cmds=""
      for i in "${!doms[@]}"; do
        [ $((i % PARALLELISM)) = "$w" ] && cmds+="$verb ${doms[$i]}; "
      done
      [ -n "$cmds" ] || continue
      virsh -q -c "$uri" "$cmds" >"$shape_dir/host-$verb-$w.log" 2>&1 &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do
      wait "$pid" || die "host floor: virsh $verb failed; see $shape_dir/host-$verb-*.log"
    done
    ms_of[$shape/host-$verb]=$(($(now_ms) - s))
    log "$shape host-$verb (${#doms[@]} domains, virsh, $PARALLELISM at a time): $(secs "${ms_of[$shape/host-$verb]}") s"
  done
}

# kvm2 only: plans without refresh, one with the host unreachable, and a logged one for RPCs.
kvm2_extras() {
  local dir="$1" i
  for i in $(seq 1 "$PLANS"); do
    timed "kvm2-plan-norefresh-$i" "$dir" plan -refresh=false -detailed-exitcode -lock=false
  done
  # Nothing listens on port 1: configuring the provider must not connect, so this plan still
  # succeeds, quickly.
  offline[$shape]=ok
  soft=1 timed kvm2-plan-offline "$dir" plan -refresh=false -detailed-exitcode -lock=false -var ssh_port=1 ||
    offline[$shape]=failed
  rm -f "$rss_dir/kvm2-plan-logged.log" "$dir/plan-debug.log"
  TF_LOG_PROVIDER=DEBUG TF_LOG_PATH="$dir/plan-debug.log" \
    timed kvm2-plan-logged "$dir" plan -detailed-exitcode -lock=false
  grep -E "$RPC_PATTERN" "$dir/plan-debug.log" | grep -oE 'method=[A-Za-z0-9]+' | cut -d= -f2 |
    sort | uniq -c | sort -rn >"$dir/plan-rpcs.txt" || true
}
declare -A offline

# floor_limited: the floor's plans again, PLANS times under each Go memory limit of FLOOR_LIMITS
# (default none: kvm2 sets no limit, internal/memory): what any plugin-framework provider keeps
# resident for N resources, and how long it plans, with the collector held to that limit. Labels
# floor-plan-limit-<limit>-plan-<i>.
floor_limited() {
  local dir="$1" limit i
  for limit in $FLOOR_LIMITS; do
    for i in $(seq 1 "$PLANS"); do
      GOMEMLIMIT=$limit timed "floor-plan-limit-$limit-plan-$i" "$dir" plan -detailed-exitcode -lock=false
    done
  done
}

# plans_of <prefix>: the plan wall times of that fleet in this shape.
plans_of() {
  local i
  for i in $(seq 1 "$PLANS"); do echo "${ms_of[$shape/$1-plan-$i]}"; done
}

# plan_labels <prefix>: the labels of that fleet's plans in this shape.
plan_labels() {
  local i
  for i in $(seq 1 "$PLANS"); do echo "$1-plan-$i"; done
}

# mib <KiB>: "N.N MiB".
mib() {
  awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'
}

# leftovers: domains and volumes named with NAME_PREFIX on the lab host ("?" without virsh).
leftovers() {
  command -v virsh >/dev/null || { echo "? (no virsh)"; return; }
  local d v
  d=$(timeout 60 virsh -q -c "$virsh_uri" list --all --name 2>/dev/null | grep -c "^$NAME_PREFIX-" || true)
  v=$(timeout 60 virsh -q -c "$virsh_uri" vol-list "$KVM2_TEST_POOL" 2>/dev/null | awk '{print $1}' | grep -c "^$NAME_PREFIX-" || true)
  echo "$d domains, $v volumes"
}

# vm_shape <domain>: what the host holds for that domain after an apply (state, memory, vcpus,
# domain type, interface source, disk format), to show both fleets have the same shape.
declare -A first_vm
vm_shape() {
  command -v virsh >/dev/null || { echo "? (no virsh)"; return; }
  local xml
  xml=$(timeout 60 virsh -q -c "$virsh_uri" dumpxml "$1" 2>/dev/null) || { echo "? (dumpxml $1 failed)"; return; }
  printf '%s, %s, %s KiB, %s vcpu, network %s, disks %s' \
    "$(timeout 60 virsh -q -c "$virsh_uri" domstate "$1" 2>/dev/null | head -1)" \
    "$(sed -n "s/^<domain type='\([a-z]*\)'.*/\1/p" <<<"$xml")" \
    "$(sed -n "s/.*<memory unit='KiB'>\([0-9]*\)<.*/\1/p" <<<"$xml")" \
    "$(sed -n "s/.*<vcpu[^>]*>\([0-9]*\)<.*/\1/p" <<<"$xml")" \
    "$(sed -n "s/.*<source network='\([^']*\)'.*/\1/p" <<<"$xml" | head -1)" \
    "$(grep -o "<driver name='qemu' type='[a-z0-9]*'" <<<"$xml" | sed "s/.*type='//; s/'//" | paste -sd+ -)"
}
