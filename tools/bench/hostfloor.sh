# shellcheck shell=bash
# The host floor of fleet.sh (sourced by it): the lab's hosts doing what kvm2's apply and destroy
# do, by virsh over the same SSH as the bench reaches each host, in PARALLELISM sessions at a time
# as Terraform's parallelism, with no provider.
#
#   hostfloor_prepare  while kvm2's fleet exists: on each host of the shape, one of kvm2's VMs is
#                      the template: its inactive definition (less its uuid, MACs and kvm2's mark),
#                      its volumes (name suffix, capacity, format, backing) and its seed's content;
#                      kvm2's base is cloned (<prefix>-hostbase.<format>) for the floor's overlays;
#                      every kvm2 VM <prefix>-NNN gets a copy <prefix>-host-NNN on the same host,
#                      and each of the PARALLELISM workers a virsh script per host for its share.
#   hostfloor_run      after kvm2's destroy: host-apply (per VM: every volume created, the seed's
#                      content uploaded, the domain defined, and started in a running shape), then
#                      host-destroy (destroy when running, undefine --nvram, every volume deleted);
#                      each worker one virsh session per host running its VMs one after another.
#   hostfloor_cleanup  the floor's domains and volumes, by their prefix (also from the EXIT trap).
hf_dir=""
hf_hosts=()

hostfloor_prepare() {
  hf_dir="$shape_dir/host"
  hf_hosts=("${host_keys[@]:0:$nhosts}")
  rm -rf "$hf_dir" && mkdir -p "$hf_dir"
  local key uri pool tmpl v suffix xml cap fmt backing base_path="" hf_base hf_base_path doms d hf i=0 w
  for key in "${hf_hosts[@]}"; do
    uri="${virsh_uri[$key]}" pool="${h_pool[$key]}" base_path=""
    mapfile -t doms < <(timeout 120 virsh -q -c "$uri" list --all --name | grep -E "^$NAME_PREFIX-[0-9]+$" | sort)
    [ ${#doms[@]} -gt 0 ] || continue
    tmpl=${doms[0]}
    : >"$hf_dir/$key.vols"
    while read -r v; do
      suffix=${v#"$tmpl."}
      xml=$(virsh -q -c "$uri" vol-dumpxml --pool "$pool" "$v" </dev/null)
      cap=$(sed -n "s/.*<capacity unit='bytes'>\([0-9]*\)<.*/\1/p" <<<"$xml" | head -1)
      fmt=$(sed -n "s/.*<format type='\([a-z0-9]*\)'.*/\1/p" <<<"$xml" | head -1)
      backing=$(awk '/<backingStore>/ {b = 1} b && /<path>/ {sub(/.*<path>/, ""); sub(/<\/path>.*/, ""); print; exit}' <<<"$xml")
      [ -z "$backing" ] || base_path=$backing
      # kvm2 makes the console logs empty; a running template's has grown since.
      case $suffix in *.console.log | *.console.log.*) cap=0 ;; esac
      echo "$suffix ${cap:-0} ${fmt:-raw} ${backing:+yes}" >>"$hf_dir/$key.vols"
      case $suffix in *.iso) virsh -q -c "$uri" vol-download --pool "$pool" "$v" "$hf_dir/$key.seed" </dev/null ;; esac
    done < <(timeout 120 virsh -q -c "$uri" vol-list "$pool" | awk -v p="$tmpl." 'index($1, p) == 1 {print $1}')
    [ -n "$base_path" ] || die "host floor: $tmpl on $key has no overlay on a base image"
    hf_base="$NAME_PREFIX-hostbase.${base_path##*.}"
    virsh -q -c "$uri" vol-delete --pool "$pool" "$hf_base" >/dev/null 2>&1 || true
    virsh -q -c "$uri" vol-clone --pool "$pool" "$base_path" "$hf_base" >/dev/null ||
      die "host floor: cannot clone $base_path on $key"
    hf_base_path=$(virsh -q -c "$uri" vol-path --pool "$pool" "$hf_base")
    virsh -q -c "$uri" dumpxml --inactive "$tmpl" |
      sed -e '/<uuid>/d' -e '/<mac address=/d' -e '/<metadata>/,/<\/metadata>/d' -e "s#$base_path#$hf_base_path#g" >"$hf_dir/$key.xml"
    mkdir -p "$hf_dir/$key"
    for d in "${doms[@]}"; do
      hf="$NAME_PREFIX-host-${d#"$NAME_PREFIX-"}"
      sed "s#$tmpl\([^0-9]\)#$hf\1#g" "$hf_dir/$key.xml" >"$hf_dir/$key/$hf.xml"
      w=$((i % PARALLELISM)) i=$((i + 1))
      {
        while read -r suffix cap fmt backing; do
          if [ -n "$backing" ]; then
            echo "vol-create-as --pool $pool --name $hf.$suffix --capacity $cap --format $fmt --backing-vol $hf_base_path --backing-vol-format ${base_path##*.}"
          else
            echo "vol-create-as --pool $pool --name $hf.$suffix --capacity $cap --format $fmt"
          fi
          case $suffix in *.iso) echo "vol-upload --pool $pool --vol $hf.$suffix --file $hf_dir/$key.seed" ;; esac
        done <"$hf_dir/$key.vols"
        echo "define --file $hf_dir/$key/$hf.xml"
        [ "$running" = false ] || echo "start $hf"
      } >>"$hf_dir/apply-$w-$key.virsh"
      {
        [ "$running" = false ] || echo "destroy $hf"
        echo "undefine $hf --nvram"
        while read -r suffix _; do echo "vol-delete --pool $pool $hf.$suffix"; done <"$hf_dir/$key.vols"
      } >>"$hf_dir/destroy-$w-$key.virsh"
    done
  done
  hf_vms=$i
}

# hostfloor_step <apply|destroy>: each worker's scripts, one virsh session per host, all workers
# at once; its time in host-<step>.
hostfloor_step() {
  local step="$1" w key t0 pids=() p
  t0=$(now_ms)
  for w in $(seq 0 $((PARALLELISM - 1))); do
    (
      for key in "${hf_hosts[@]}"; do
        [ -s "$hf_dir/$step-$w-$key.virsh" ] || continue
        virsh -q -c "${virsh_uri[$key]}" <"$hf_dir/$step-$w-$key.virsh" >>"$hf_dir/$step-$w.log" 2>&1
      done
    ) &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || true; done
  set_ms "host-$step" $(($(now_ms) - t0))
  if grep -q "error:" "$hf_dir/$step"-*.log 2>/dev/null; then
    grep -h "error:" "$hf_dir/$step"-*.log | head -5 >&2
    die "host floor: virsh $step failed (logs: $hf_dir/$step-*.log)"
  fi
  progress "host-$step ($hf_vms VMs, virsh, $PARALLELISM sessions at a time)" "$(ms "host-$step")"
}

hostfloor_run() {
  [ "${hf_vms:-0}" -gt 0 ] || return 0
  hostfloor_step apply
  hostfloor_step destroy
  hostfloor_cleanup
}

# hostfloor_cleanup: every domain and volume of the floor (<prefix>-host-*, <prefix>-hostbase.*)
# on the hosts it used.
hostfloor_cleanup() {
  local key uri d v
  for key in "${hf_hosts[@]}"; do
    uri="${virsh_uri[$key]}"
    for d in $(timeout 120 virsh -q -c "$uri" list --all --name 2>/dev/null | grep -E "^$NAME_PREFIX-host-[0-9]+$"); do
      virsh -q -c "$uri" destroy "$d" >/dev/null 2>&1 || true
      virsh -q -c "$uri" undefine "$d" --nvram >/dev/null 2>&1 || true
    done
    for v in $(timeout 120 virsh -q -c "$uri" vol-list "${h_pool[$key]}" 2>/dev/null | awk '{print $1}' | grep -E "^$NAME_PREFIX-host(-[0-9]+\.|base\.)"); do
      virsh -q -c "$uri" vol-delete --pool "${h_pool[$key]}" "$v" >/dev/null 2>&1 || true
    done
  done
  hf_hosts=()
}

# hostfloor_done_for <n> <running> <hosts>: the ms directory of a shape of this run with the same
# VMs on the same hosts whose host floor ran (a fleet split into states is the same work for the
# hosts), or nothing.
hostfloor_done_for() {
  local s
  for s in $SHAPES; do
    [ "$s" != "$shape" ] || break
    [[ $s == *:*s ]] && continue
    [ "${s%%:*}" = "$1" ] || continue
    [[ $s == *:running* ]] && [ "$2" = false ] && continue
    [[ $s == *:defined* ]] && [ "$2" = true ] && continue
    local h=1
    [[ $s =~ :([1-9])h ]] && h=${BASH_REMATCH[1]}
    [ "$h" = "$3" ] || continue
    [ -s "$bench_dir/${s//:/-}/ms/host-apply" ] && { echo "$bench_dir/${s//:/-}/ms"; return; }
  done
  return 0
}

# hostfloor_reuse <ms dir>: that shape's host floor as this shape's.
hostfloor_reuse() {
  [ -n "$1" ] || return 0
  cp "$1/host-apply" "$1/host-destroy" "$ms_dir/"
  echo "$1" >"$ms_dir/host-reused"
}
