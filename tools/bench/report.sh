# shellcheck shell=bash
# The report of fleet.sh (sourced by it): per shape, the figures (shape_figures), a table printed
# when the shape is done and again at the end (report), and BENCH_JSON's document.
declare -A fig
shape_json=()

# shape_figures: fig[<name>] of the current shape, in ms, KiB or counts ("" when not measured).
shape_figures() {
  local f
  fig=()
  for f in kvm2 floor libvirt terraform_data; do
    fig[$f-apply]=$(ms "$f-apply") fig[$f-destroy]=$(ms "$f-destroy")
    fig[$f-plan]=$(median $(plans_of "$f"))
    fig[$f-apply-sum]=$(ms "$f-apply-sum") fig[$f-destroy-sum]=$(ms "$f-destroy-sum")
    fig[$f-plan-sum]=$(median $(for i in $(seq 1 "$PLANS"); do ms "$f-plan-$i-sum"; done))
    # Peak RSS of any one provider process of the fleet, by phase and over the three.
    fig[$f-rss-apply]=$(peak_rss "$f-apply" "$f-[0-9]-apply")
    fig[$f-rss-plan]=$(peak_rss "$f-plan-[0-9]*" "$f-[0-9]-plan-[0-9]*")
    fig[$f-rss-destroy]=$(peak_rss "$f-destroy" "$f-[0-9]-destroy")
    fig[$f-rss]=$(peak_rss "$f-apply" "$f-[0-9]-apply" "$f-plan-[0-9]*" "$f-[0-9]-plan-[0-9]*" "$f-destroy" "$f-[0-9]-destroy")
  done
  fig[kvm2-plan-norefresh]=$(median $(plans_of kvm2 norefresh-))
  fig[kvm2-plan-norefresh-sum]=$(median $(for i in $(seq 1 "$PLANS"); do ms "kvm2-plan-norefresh-$i-sum"; done))
  fig[host-apply]=$(ms host-apply) fig[host-destroy]=$(ms host-destroy)
  local limit=${FLOOR_LIMITS%% *}
  fig[floor-plan-limited]=$(median $(plans_of floor "limit-$limit-"))
  # libvirt RPCs of one logged plan, summed over the states' plans, every method counted.
  local files=() d
  for d in ${fleet_dirs[kvm2]}; do [ -s "$d/plan-rpcs.txt" ] && files+=("$d/plan-rpcs.txt"); done
  fig[rpcs]="" fig[rpcs-connects]="" fig[rpcs-methods]=""
  if [ ${#files[@]} -gt 0 ]; then
    fig[rpcs]=$(cat "${files[@]}" | awk '{n += $1} END {print n + 0}')
    fig[rpcs-connects]=$(cat "${files[@]}" | awk '$2 == "ConnectOpen" {n += $1} END {print n + 0}')
    fig[rpcs-methods]=$(cat "${files[@]}" | awk '{m[$2] += $1} END {for (k in m) print m[k], k}' | sort -rn | awk '{printf "%s%s %d", sep, $2, $1; sep = ", "}')
  fi
}

# ratio <a> <b>: a/b with two decimals, "-" when either is missing.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (a == "" || b == "" || b + 0 == 0) print "-"; else printf "%.2fx", a / b}'
}
# fmt_s <ms> / fmt_mib <KiB>: "-" when missing.
fmt_s() { if [ -n "$1" ]; then echo "$(secs "$1") s"; else echo -; fi; }
fmt_mib() { if [ -n "$1" ] && [ "$1" != 0 ]; then awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; else echo -; fi; }
per_vm() { if [ -n "$1" ]; then awk -v r="$1" -v n="$n" 'BEGIN {printf "%.2f", r / n}'; else echo -; fi; }

# sum_ms <ms> <ms>: their sum, "" when either is missing.
sum_ms() { if [ -n "$1" ] && [ -n "$2" ]; then echo $(($1 + $2)); fi; }

# row <label> <unit s|MiB> <kvm2> <floor> <host> <peer>
row() {
  local f=fmt_s
  [ "$2" = MiB ] && f=fmt_mib
  printf '  %-24s %11s %13s %11s %15s %11s %10s %12s\n' "$1" "$($f "$3")" "$($f "$4")" "$($f "$5")" "$($f "$6")" \
    "$(ratio "$3" "$4")" "$(ratio "$3" "$5")" "$(ratio "$3" "$6")"
}

# shape_summary: the current shape's table (printed now and kept for the end) and JSON object.
shape_summary() {
  shape_figures
  local out desc
  desc="$n VMs $([ "$running" = true ] && echo started || echo "defined, not started") on $nhosts host(s)"
  [ "$nstates" = 1 ] || desc+=", in $nstates states applied, planned and destroyed at once"
  out=$(
    echo
    echo "shape $shape: $desc (took $(secs "${shape_ms[$shape]}") s)"
    printf '  %-24s %11s %13s %11s %15s %11s %10s %12s\n' "" kvm2 "schema floor" "host floor" "libvirt $peer_version" \
      "kvm2/floor" "kvm2/host" "kvm2/$peer_version"
    row apply s "${fig[kvm2-apply]}" "${fig[floor-apply]}" "${fig[host-apply]}" "${fig[libvirt-apply]}"
    row "plan (median of $PLANS)" s "${fig[kvm2-plan]}" "${fig[floor-plan]}" "" "${fig[libvirt-plan]}"
    row "plan -refresh=false" s "${fig[kvm2-plan-norefresh]}" "${fig[floor-plan]}" "" ""
    echo "  (the floor's column in the row above is its plan: its refresh reads nothing)"
    row destroy s "${fig[kvm2-destroy]}" "${fig[floor-destroy]}" "${fig[host-destroy]}" "${fig[libvirt-destroy]}"
    [ -z "${fig[host-apply]}" ] || echo "  kvm2 / (floor + host)    apply $(ratio "${fig[kvm2-apply]}" "$(sum_ms "${fig[floor-apply]}" "${fig[host-apply]}")"), destroy $(ratio "${fig[kvm2-destroy]}" "$(sum_ms "${fig[floor-destroy]}" "${fig[host-destroy]}")") (Terraform's own work, the schema floor's, beside the hosts')"
    row "peak RSS, one process" MiB "${fig[kvm2-rss]}" "${fig[floor-rss]}" "" "${fig[libvirt-rss]}"
    echo "  peak RSS by phase        kvm2 apply $(fmt_mib "${fig[kvm2-rss-apply]}"), plan $(fmt_mib "${fig[kvm2-rss-plan]}"), destroy $(fmt_mib "${fig[kvm2-rss-destroy]}"); floor $(fmt_mib "${fig[floor-rss-apply]}"), $(fmt_mib "${fig[floor-rss-plan]}"), $(fmt_mib "${fig[floor-rss-destroy]}")"
    if [ -n "${fig[rpcs]}" ]; then
      echo "  libvirt RPCs, one plan   ${fig[rpcs]} in all = $(per_vm "${fig[rpcs]}") per VM, every method counted (${fig[rpcs-connects]} ConnectOpen among them); by method: ${fig[rpcs-methods]}"
    fi
    if [ "$nstates" != 1 ]; then
      alone_shape_line
      echo "  $nstates states: slowest / sum  apply $(fmt_s "${fig[kvm2-apply]}") / $(fmt_s "${fig[kvm2-apply-sum]}"), plan $(fmt_s "${fig[kvm2-plan]}") / $(fmt_s "${fig[kvm2-plan-sum]}"), plan -refresh=false $(fmt_s "${fig[kvm2-plan-norefresh]}") / $(fmt_s "${fig[kvm2-plan-norefresh-sum]}"), destroy $(fmt_s "${fig[kvm2-destroy]}") / $(fmt_s "${fig[kvm2-destroy-sum]}")"
    fi
    [ ! -s "$ms_dir/host-reused" ] || echo "  host floor               the same VMs' host floor from $(basename "$(dirname "$(cat "$ms_dir/host-reused")")") (the hosts' work does not depend on the states)"
    [ -z "${fig[host-apply]}" ] || echo "  host floor               virsh over SSH, $PARALLELISM sessions: every volume of each VM created (seed content uploaded), defined$([ "$running" = true ] && echo ", started"); then $([ "$running" = true ] && echo "destroyed, ")undefined (--nvram), every volume deleted"
    [ -z "${fig[floor-plan-limited]}" ] || echo "  floor at GOMEMLIMIT=${FLOOR_LIMITS%% *}  plans: median $(fmt_s "${fig[floor-plan-limited]}") (FLOOR_LIMITS; the floor above runs at the runtime's defaults)"
    [ -z "${fig[terraform_data-plan]}" ] || echo "  terraform_data plan      median $(fmt_s "${fig[terraform_data-plan]}") ($n of Terraform's built-in resource, no plugin)"
    [ -z "${offline[$shape]:-}" ] || echo "  kvm2 plan, hosts unreachable: ${offline[$shape]} in $(fmt_s "$(ms kvm2-plan-offline)")"
    echo "  first VM after apply     kvm2: ${first_vm[$shape/kvm2]:-?}"
    [ -z "${first_vm[$shape/libvirt]:-}" ] || echo "                           libvirt: ${first_vm[$shape/libvirt]}"
    echo "  plans, each              kvm2 $(for m in $(plans_of kvm2); do printf '%s ' "$(secs "$m")"; done)s; floor $(for m in $(plans_of floor); do printf '%s ' "$(secs "$m")"; done)s"
  )
  echo "$out" >"$shape_dir/summary.txt"
  echo "$out" >&2
  shape_json+=("$(shape_json_object)")
}

# alone_shape_line: with S states, when the run had the shape of one state's share alone (N/S
# VMs on the same hosts, in one state), the slowest state against it.
alone_shape_line() {
  local share=$((n / nstates)) s kind=defined
  [ "$running" = true ] && kind=running
  for s in "$share:$kind:${nhosts}h" "$share:$kind"; do
    [ "$nhosts" = 1 ] || [ "$s" != "$share:$kind" ] || continue
    local d="$bench_dir/${s//:/-}/ms"
    [ -s "$d/kvm2-apply" ] || continue
    local pa pp pd
    pa=$(cat "$d/kvm2-apply") pd=$(cat "$d/kvm2-destroy")
    pp=$(median $(for i in $(seq 1 "$PLANS"); do cat "$d/kvm2-plan-$i" 2>/dev/null || true; done))
    echo "  slowest state / $s alone  apply $(ratio "${fig[kvm2-apply]}" "$pa"), plan $(ratio "${fig[kvm2-plan]}" "$pp"), destroy $(ratio "${fig[kvm2-destroy]}" "$pd") (one state of $share VMs, same run)"
    return
  done
}

# jnum <ms> [scale]: seconds (or value/scale) as a JSON number, null when missing.
jnum() { if [ -n "$1" ]; then awk -v v="$1" -v s="${2:-1000}" 'BEGIN {printf "%.3f\n", v / s}'; else echo null; fi; }
jratio() { local r; r=$(ratio "$1" "$2"); if [ "$r" = - ]; then echo null; else echo "${r%x}"; fi; }

shape_json_object() {
  local f o
  o="{\"shape\": \"$shape\", \"vms\": $n, \"running\": $running, \"hosts\": $nhosts, \"states\": $nstates, \"seconds\": $(jnum "${shape_ms[$shape]}")"
  for f in kvm2 floor libvirt terraform_data; do
    o+=", \"$f\": {\"apply_s\": $(jnum "${fig[$f-apply]}"), \"plan_median_s\": $(jnum "${fig[$f-plan]}"), \"destroy_s\": $(jnum "${fig[$f-destroy]}")"
    o+=", \"plans_s\": [$(plans_of "$f" | while read -r m; do jnum "$m"; done | paste -sd, -)]"
    o+=", \"peak_rss_mib\": {\"all\": $(jnum "${fig[$f-rss]}" 1024), \"apply\": $(jnum "${fig[$f-rss-apply]}" 1024), \"plan\": $(jnum "${fig[$f-rss-plan]}" 1024), \"destroy\": $(jnum "${fig[$f-rss-destroy]}" 1024)}"
    [ "$nstates" = 1 ] || o+=", \"sum_of_states\": {\"apply_s\": $(jnum "${fig[$f-apply-sum]}"), \"plan_median_s\": $(jnum "${fig[$f-plan-sum]}"), \"destroy_s\": $(jnum "${fig[$f-destroy-sum]}")}"
    [ "$f" != kvm2 ] || o+=", \"plan_norefresh_median_s\": $(jnum "${fig[kvm2-plan-norefresh]}"), \"plan_norefresh_sum_median_s\": $(jnum "${fig[kvm2-plan-norefresh-sum]}"), \"plan_rpcs\": ${fig[rpcs]:-null}, \"plan_rpcs_per_vm\": $(jnum "${fig[rpcs]}" "$n"), \"plan_connect_opens\": ${fig[rpcs-connects]:-null}"
    [ "$f" != floor ] || o+=", \"plan_median_at_kvm2_limit_s\": $(jnum "${fig[floor-plan-limited]}")"
    o+="}"
  done
  o+=", \"host\": {\"apply_s\": $(jnum "${fig[host-apply]}"), \"destroy_s\": $(jnum "${fig[host-destroy]}")}"
  o+=", \"ratios\": {\"plan_kvm2_floor\": $(jratio "${fig[kvm2-plan]}" "${fig[floor-plan]}"), \"plan_norefresh_kvm2_floor\": $(jratio "${fig[kvm2-plan-norefresh]}" "${fig[floor-plan]}")"
  o+=", \"apply_kvm2_host\": $(jratio "${fig[kvm2-apply]}" "${fig[host-apply]}"), \"destroy_kvm2_host\": $(jratio "${fig[kvm2-destroy]}" "${fig[host-destroy]}")"
  o+=", \"apply_kvm2_floor_plus_host\": $(jratio "${fig[kvm2-apply]}" "$(sum_ms "${fig[floor-apply]}" "${fig[host-apply]}")"), \"destroy_kvm2_floor_plus_host\": $(jratio "${fig[kvm2-destroy]}" "$(sum_ms "${fig[floor-destroy]}" "${fig[host-destroy]}")")"
  o+=", \"rss_kvm2_floor\": $(jratio "${fig[kvm2-rss]}" "${fig[floor-rss]}"), \"apply_kvm2_peer\": $(jratio "${fig[kvm2-apply]}" "${fig[libvirt-apply]}")"
  o+=", \"plan_kvm2_peer\": $(jratio "${fig[kvm2-plan]}" "${fig[libvirt-plan]}"), \"destroy_kvm2_peer\": $(jratio "${fig[kvm2-destroy]}" "${fig[libvirt-destroy]}")}}"
  echo "$o"
}

# report: the run's header, every shape's table, what was left; BENCH_JSON.
report() {
  local tf_version s changed=""
  tf_version=$("$TERRAFORM" version | head -1)
  [ ! -s "$bench_dir/changed-plans" ] || changed=$(paste -sd' ' "$bench_dir/changed-plans")
  rm -f "$bench_dir/changed-plans"
  echo
  echo "fleet benchmark: $tf_version, -parallelism=$PARALLELISM, plans x$PLANS; $(nproc) CPUs, load average at start $load_at_start, at end $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews wall times); run took $(secs $(($(now_ms) - run_start))) s"
  echo "  VM shape: 64 MiB, 1 vcpu, 1 GiB qcow2 overlay on $(basename "$KVM2_TEST_IMAGE_URL"), each host's libvirt network, domain type $domain_type, no IP wait; every provider and virsh over SSH to the lab's hosts (${host_keys[*]})"
  [ "$PEER" != 1 ] || echo "  peer: dmacvicar/libvirt $peer_version, $peer_bin (cold build: $peer_build_s s), on ${host_keys[0]} only, one-state shapes only"
  echo "  schema floor: floor_proxy_vm, kvm2_proxy_vm's own schema with no kvm2 code (internal/bench/floor), at the runtime's default memory settings"
  echo "  ratios are kvm2 / other: below 1.00x kvm2 is faster or smaller"
  for s in $SHAPES; do cat "$bench_dir/${s//:/-}/summary.txt"; done
  echo
  echo "  left on the lab with prefix $NAME_PREFIX-: $left"
  [ -z "$changed" ] || echo "  WARNING: plans that were not empty after apply: $changed (see their logs)"
  echo "  logs: $bench_dir"
  if [ -n "$BENCH_JSON" ]; then
    {
      echo "{\"terraform\": \"$tf_version\", \"parallelism\": $PARALLELISM, \"plans\": $PLANS, \"cpus\": $(nproc), \"load_at_start\": \"$load_at_start\", \"domain_type\": \"$domain_type\", \"peer\": \"$([ "$PEER" = 1 ] && echo "dmacvicar/libvirt $peer_version")\","
      echo " \"left_on_lab\": \"$left\", \"changed_plans\": \"$changed\", \"seconds\": $(jnum $(($(now_ms) - run_start))),"
      echo " \"shapes\": ["
      local i
      for i in "${!shape_json[@]}"; do
        [ "$i" = 0 ] || echo ","
        printf '  %s' "${shape_json[$i]}"
      done
      echo
      echo " ]}"
    } >"$BENCH_JSON"
    echo "  JSON: $BENCH_JSON"
  fi
}
