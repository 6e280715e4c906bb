#!/usr/bin/env bash
# Fleet benchmark (make bench): for each shape N:running or N:defined of SHAPES (default
# "50:running 200:defined"), in one run and against the same lab host over the same sshd:
#
#   kvm2            apply N kvm2_proxy_vm on one small base image, plan PLANS times (default 5),
#                   destroy; and, for this provider only, plans with -refresh=false, one with the
#                   host unreachable and one logged plan that counts libvirt RPCs (every method);
#   libvirt v0.8.3  the same fleet on the peer provider dmacvicar/libvirt (built once per machine
#                   from the Go module proxy by tools/bench/peer.sh): a base volume from the same
#                   image URL, a qcow2 overlay per VM, a domain per VM, applied, planned PLANS
#                   times and destroyed;
#   floor           N floor_item of a no-op plugin-framework provider (internal/bench/floor: it only
#                   stores its configuration), applied, planned PLANS times and destroyed: what any
#                   plugin provider pays for N resources; and a second floor fleet planned right
#                   after each of kvm2's plans, while kvm2's fleet is on the lab (in the running
#                   shape its guests load this machine's CPUs, which terraform shares);
#   terraform_data  N of Terraform's built-in resource, planned PLANS times: Terraform's own share.
#
# and prints, per shape, apply, plan median, destroy and each provider's peak RSS, with the
# ratios kvm2/v0.8.3 and kvm2/floor. The VM shape is the same on both providers: 64 MiB, 1 vcpu,
# a 1 GiB qcow2 overlay on the lab's image, the host's libvirt network, running or only defined,
# no wait for an IP; every terraform command runs with -parallelism=$PARALLELISM (10).
#
# Peak RSS: each provider in the bench-only mirror is a wrapper that runs the real binary under
# GNU time, which records each process's maximum resident set size when it exits.
#
# Environment: SHAPES, PLANS, PARALLELISM, NAME_PREFIX (prefix of every VM and volume the run
# makes; default kvm2-bench), PEER_VERSION (v0.8.3), PEER=0 to leave the peer out, EXTRAS=0 to
# leave out the extra plans of kvm2 and of the floor, PROFILE=1 to run kvm2 built with -tags profile (main_profile.go),
# which writes each provider process's CPU and heap profile under $lab_dir/bench/profile/<shape>/<phase>
# (read them with go tool pprof <binary> <profile>; the figures of such a run include profiling);
# FLOOR_LIMITS, Go memory limits (GOMEMLIMIT values, e.g. "32MiB") to plan the floor under
# once more each (default: none; kvm2 sets no limit). N and RUNNING (true/false), when set and SHAPES is not, give one
# shape, as earlier versions of this script took them.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../demo/lib.sh"

if [ -z "${SHAPES:-}" ] && [ -n "${N:-}${RUNNING:-}" ]; then
  SHAPES="${N:-50}:$([ "${RUNNING:-false}" = true ] && echo running || echo defined)"
fi
SHAPES="${SHAPES:-50:running 200:defined}"
PLANS="${PLANS:-5}"
PARALLELISM="${PARALLELISM:-10}"
NAME_PREFIX="${NAME_PREFIX:-kvm2-bench}"
PEER="${PEER:-1}"
PEER_VERSION="${PEER_VERSION:-v0.8.3}"
EXTRAS="${EXTRAS:-1}"
# kvm2 sets no memory limit (internal/memory): the floor's extra plans under a limit run only
# when FLOOR_LIMITS names some.
FLOOR_LIMITS="${FLOOR_LIMITS:-}"
VERSION="${VERSION:-0.0.1}"
# A provider log line for one libvirt RPC (kvm2 subsystem, with the method name).
RPC_PATTERN="${RPC_PATTERN:-libvirt call:.*method=}"

for shape in $SHAPES; do
  case $shape in
  [1-9]*:running | [1-9]*:defined) [[ ${shape%%:*} =~ ^[0-9]+$ ]] || die "SHAPES: bad shape '$shape' (want N:running or N:defined)" ;;
  *) die "SHAPES: bad shape '$shape' (want N:running or N:defined)" ;;
  esac
done
case $NAME_PREFIX in [a-z]*) ;; *) die "NAME_PREFIX must start with a lowercase letter" ;; esac

load_lab_env
ensure_mirror
run_start=$(now_ms)
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
bench_dir="$lab_dir/bench"
mkdir -p "$bench_dir/bin"
platform="$(go env GOOS)_$(go env GOARCH)"

# --- the binaries: this provider, the peer, the floor -----------------------------------------
real_kvm2="$bench_dir/bin/terraform-provider-kvm2"
# The tags of every provider binary (tools/build-tags); the floor is built with them too.
build_tags=$("$repo/tools/build-tags")
if [ "${PROFILE:-0}" = 1 ]; then
  (cd "$repo" && CGO_ENABLED=0 go build -trimpath -tags "profile,$build_tags" -o "$real_kvm2.tmp" .)
else
  cp -f "$repo/.terraform-mirror/registry.terraform.io/egress-proxies/kvm2/$VERSION/$platform/terraform-provider-kvm2_v$VERSION" "$real_kvm2.tmp"
fi
mv -f "$real_kvm2.tmp" "$real_kvm2"
peer_version="v${PEER_VERSION#v}"
peer_bin=""
if [ "$PEER" = 1 ]; then
  log "peer: dmacvicar/libvirt $peer_version (tools/bench/peer.sh)"
  peer_bin=$(bash "$repo/tools/bench/peer.sh" "$peer_version")
  peer_build_s=$(cat "$(dirname "$peer_bin")/build-seconds" 2>/dev/null || echo '?')
fi
real_floor="$bench_dir/bin/terraform-provider-floor"
(cd "$repo" && CGO_ENABLED=0 go build -trimpath -tags "$build_tags" -o "$real_floor.tmp" ./internal/bench/floor)
mv -f "$real_floor.tmp" "$real_floor"

# --- a bench-only mirror whose plugins record their peak RSS ----------------------------------
gnu_time=""
if /usr/bin/time -V 2>&1 | grep -q GNU; then
  gnu_time=/usr/bin/time
else
  echo "GNU time not found (apt-get install time): peak RSS is not measured" >&2
fi
bench_mirror="$bench_dir/mirror"
rm -rf "$bench_mirror"
# install_plugin <namespace/type> <version> <real binary>
install_plugin() {
  local addr="$1" version="$2" real="$3" type dir
  type="${addr#*/}"
  dir="$bench_mirror/registry.terraform.io/$addr/$version/$platform"
  mkdir -p "$dir"
  if [ -n "$gnu_time" ]; then
    cat >"$dir/terraform-provider-${type}_v$version" <<WRAP
#!/bin/sh
# Appends "<max RSS KiB>" for this provider process to \$KVM2_BENCH_RSS_LOG when it exits.
exec $gnu_time -f '%M' -a -o "\${KVM2_BENCH_RSS_LOG:-/dev/null}" "$real" "\$@"
WRAP
    chmod +x "$dir/terraform-provider-${type}_v$version"
  else
    cp "$real" "$dir/terraform-provider-${type}_v$version"
  fi
}
install_plugin egress-proxies/kvm2 "$VERSION" "$real_kvm2"
install_plugin kvm2-bench/floor 0.0.1 "$real_floor"
mirrored='"registry.terraform.io/egress-proxies/kvm2", "registry.terraform.io/kvm2-bench/floor"'
if [ "$PEER" = 1 ]; then
  install_plugin dmacvicar/libvirt "${peer_version#v}" "$peer_bin"
  mirrored="$mirrored, \"registry.terraform.io/dmacvicar/libvirt\""
fi
export TF_CLI_CONFIG_FILE="$bench_dir/terraformrc"
cat >"$TF_CLI_CONFIG_FILE" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$bench_mirror"
    include = [$mirrored]
  }
  direct {
    exclude = [$mirrored]
  }
}
RC

# The peer over SSH to the same sshd, key and known_hosts as kvm2 (its own Go SSH client:
# keyfile, knownhosts and sshauth are its URI parameters; the remote socket is libvirt's default,
# or the lab's socket parameter).
peer_uri="qemu+ssh://$KVM2_TEST_SSH_USER@$KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT/system?keyfile=$KVM2_TEST_SSH_KEY&knownhosts=$KVM2_TEST_KNOWN_HOSTS&sshauth=privkey"
if [ -n "${KVM2_TEST_SOCKET:-}" ]; then peer_uri="$peer_uri&socket=$KVM2_TEST_SOCKET"; fi

# virsh over the lab's sshd, to check what a run leaves (libvirt's ssh transport runs the ssh
# binary, which ignores the known_hosts URI parameter; this wrapper makes it use the lab's file).
cat >"$bench_dir/bin/ssh" <<EOF
#!/bin/sh
exec ssh -o UserKnownHostsFile='$KVM2_TEST_KNOWN_HOSTS' -o StrictHostKeyChecking=yes -o BatchMode=yes "\$@"
EOF
chmod +x "$bench_dir/bin/ssh"
virsh_uri="qemu+ssh://$KVM2_TEST_SSH_USER@$KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT/system?keyfile=$KVM2_TEST_SSH_KEY&no_tty=1&command=$bench_dir/bin/ssh"
# The domain type the host offers (what kvm2 picks itself): kvm when libvirt can use /dev/kvm.
domain_type=qemu
if command -v virsh >/dev/null && timeout 60 virsh -q -c "$virsh_uri" capabilities 2>/dev/null | grep -q "<domain type='kvm'"; then
  domain_type=kvm
fi

# --- helpers: fleet-lib.sh ----------------------------------------------------------------------
# shellcheck source=tools/bench/fleet-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/fleet-lib.sh"

# --- the runs --------------------------------------------------------------------------------
for shape in $SHAPES; do
  n=${shape%%:*}
  running=false
  [ "${shape#*:}" = running ] && running=true
  shape_dir="$bench_dir/$n-${shape#*:}"
  rss_dir="$shape_dir/rss"
  mkdir -p "$shape_dir/kvm2" "$shape_dir/libvirt" "$shape_dir/floor" "$shape_dir/terraform_data" "$rss_dir"
  rm -f "$rss_dir"/*.log
  shape_start=$(now_ms)

  # A second floor fleet, planned beside kvm2's plans (see fleet_phases): in the running shape
  # the lab's guests share this machine's CPUs with terraform, and a floor planned later, on a
  # quiet machine, is not what any plugin provider pays while they run.
  beside_dir="$shape_dir/floor-beside"
  mkdir -p "$beside_dir"
  cp "$repo/tools/bench/fleet/noop/main.tf" "$beside_dir/main.tf"
  printf 'vm_count    = %s\nname_prefix = "%s"\nnetwork     = "%s"\nrunning     = %s\n' \
    "$n" "$NAME_PREFIX" "$KVM2_TEST_NETWORK" "$running" >"$beside_dir/terraform.tfvars"
  rm -f "$beside_dir/terraform.tfstate" "$beside_dir/terraform.tfstate.backup"
  tf_init "$beside_dir"
  timed floor-beside-apply "$beside_dir" apply -auto-approve

  log "$shape: kvm2, $n kvm2_proxy_vm (running=$running)"
  cp "$repo/tools/bench/fleet/kvm2/main.tf" "$shape_dir/kvm2/main.tf"
  cat >"$shape_dir/kvm2/terraform.tfvars" <<TFVARS
vm_count             = $n
name_prefix          = "$NAME_PREFIX"
running              = $running
ssh_host             = "$KVM2_TEST_SSH_HOST"
ssh_port             = $KVM2_TEST_SSH_PORT
ssh_user             = "$KVM2_TEST_SSH_USER"
ssh_private_key_file = "$KVM2_TEST_SSH_KEY"
ssh_known_hosts_file = "$KVM2_TEST_KNOWN_HOSTS"
pool                 = "$KVM2_TEST_POOL"
network              = "$KVM2_TEST_NETWORK"
image_url            = "$KVM2_TEST_IMAGE_URL"
image_sha256         = "${KVM2_TEST_IMAGE_SHA256:-}"
image_format         = "${KVM2_TEST_IMAGE_FORMAT:-qcow2}"
TFVARS
  fleet_phases "$shape_dir/kvm2" kvm2_proxy_vm

  if [ "$PEER" = 1 ]; then
    log "$shape: libvirt $peer_version, $n libvirt_domain (running=$running, type=$domain_type)"
    cp "$repo/tools/bench/fleet/libvirt/main.tf" "$shape_dir/libvirt/main.tf"
    cat >"$shape_dir/libvirt/terraform.tfvars" <<TFVARS
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
    fleet_phases "$shape_dir/libvirt" libvirt_domain
  fi

  log "$shape: floor, $n floor_item"
  cp "$repo/tools/bench/fleet/noop/main.tf" "$shape_dir/floor/main.tf"
  printf 'vm_count    = %s\nname_prefix = "%s"\nnetwork     = "%s"\nrunning     = %s\n' \
    "$n" "$NAME_PREFIX" "$KVM2_TEST_NETWORK" "$running" >"$shape_dir/floor/terraform.tfvars"
  rm -f "$shape_dir/floor/terraform.tfstate" "$shape_dir/floor/terraform.tfstate.backup"
  fleet_phases "$shape_dir/floor" floor_item

  log "$shape: terraform_data, $n resources"
  cp "$repo/tools/bench/fleet/floor/main.tf" "$shape_dir/terraform_data/main.tf"
  echo "vm_count = $n" >"$shape_dir/terraform_data/terraform.tfvars"
  rm -f "$shape_dir/terraform_data/terraform.tfstate" "$shape_dir/terraform_data/terraform.tfstate.backup"
  tf_init "$shape_dir/terraform_data"
  fleet_phases "$shape_dir/terraform_data" terraform_data
  shape_ms[$shape]=$(($(now_ms) - shape_start))
done
left=$(leftovers)

# --- report ----------------------------------------------------------------------------------
# ratio <a> <b>: a/b with two decimals, "-" when either is missing.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN {if (a == "" || b == "" || a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.2fx", a / b}'
}
# row <label> <kvm2> <peer> <floor> <unit: s|MiB>: values in ms or KiB.
row() {
  local label="$1" a="$2" b="$3" c="$4" unit="$5" fa fb fc
  fmt() {
    [ -z "$1" ] && { echo "-"; return; }
    if [ "$unit" = s ]; then echo "$(secs "$1") s"; else awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; fi
  }
  fa=$(fmt "$a") fb=$(fmt "$b") fc=$(fmt "$c")
  printf '  %-22s %14s %16s %14s %13s %12s\n' "$label" "$fa" "$fb" "$fc" "$(ratio "$a" "$b")" "$(ratio "$a" "$c")"
}
tf_version=$("$TERRAFORM" version | head -1)
echo
echo "fleet benchmark: $tf_version, -parallelism=$PARALLELISM, plans x$PLANS; $(nproc) CPUs, load average at start $load_at_start, at end $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews wall times); run took $(secs $(($(now_ms) - run_start))) s"
echo "  VM shape on both providers: 64 MiB, 1 vcpu, 1 GiB qcow2 overlay on $(basename "$KVM2_TEST_IMAGE_URL"), network $KVM2_TEST_NETWORK, domain type $domain_type, no IP wait; both over SSH to $KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT"
if [ "$PEER" = 1 ]; then
  echo "  peer: dmacvicar/libvirt $peer_version, $peer_bin (cold build: $peer_build_s s)"
fi
echo "  ratios are kvm2 / other: below 1.00x kvm2 is faster or smaller"
for shape in $SHAPES; do
  n=${shape%%:*}
  mapfile -t kp < <(plans_of kvm2)
  kpm=$(median "${kp[@]}")
  mapfile -t fp < <(plans_of floor)
  fpm=$(median "${fp[@]}")
  mapfile -t tp < <(plans_of terraform_data)
  tpm=$(median "${tp[@]}")
  lpm="" la="" ld="" lr=""
  if [ "$PEER" = 1 ]; then
    mapfile -t lp < <(plans_of libvirt)
    lpm=$(median "${lp[@]}")
    la=${ms_of[$shape/libvirt-apply]} ld=${ms_of[$shape/libvirt-destroy]}
  fi
  rss_dir="$bench_dir/$n-${shape#*:}/rss"
  rss_all() { # peak over apply, plans and destroy of one fleet
    local labels=("$1-apply" "$1-destroy") i
    for i in $(seq 1 "$PLANS"); do labels+=("$1-plan-$i"); done
    peak_rss "${labels[@]}"
  }
  kr="" fr=""
  if [ -n "$gnu_time" ]; then
    kr=$(rss_all kvm2) fr=$(rss_all floor)
    [ "$PEER" = 1 ] && lr=$(rss_all libvirt)
  fi
  echo
  echo "shape $shape: $n VMs, $([ "${shape#*:}" = running ] && echo "started" || echo "defined, not started") (took $(secs "${shape_ms[$shape]}") s)"
  printf '  %-22s %14s %16s %14s %13s %12s\n' "" kvm2 "libvirt $peer_version" "floor" "kvm2/$peer_version" "kvm2/floor"
  row apply "${ms_of[$shape/kvm2-apply]}" "$la" "${ms_of[$shape/floor-apply]}" s
  row "plan (median of $PLANS)" "$kpm" "$lpm" "$fpm" s
  mapfile -t bp < <(plans_of floor-beside)
  bpm=$(median "${bp[@]}")
  row "  floor beside fleet" "$kpm" "" "$bpm" s
  row destroy "${ms_of[$shape/kvm2-destroy]}" "$ld" "${ms_of[$shape/floor-destroy]}" s
  row "provider peak RSS" "$kr" "$lr" "$fr" MiB
  if [ -n "${ms_of[$shape/host-start]:-}" ]; then
    printf '  %-22s %14s %16s %14s %13s %12s\n' "" "host alone" "" "" "kvm2/host" "$peer_version/host"
    printf '  %-22s %14s %16s %14s %13s %12s\n' "start (apply)" "$(secs "${ms_of[$shape/host-start]}") s" "" "" \
      "$(ratio "${ms_of[$shape/kvm2-apply]}" "${ms_of[$shape/host-start]}")" "$(ratio "$la" "${ms_of[$shape/host-start]}")"
    printf '  %-22s %14s %16s %14s %13s %12s\n' "destroy" "$(secs "${ms_of[$shape/host-destroy]}") s" "" "" \
      "$(ratio "${ms_of[$shape/kvm2-destroy]}" "${ms_of[$shape/host-destroy]}")" "$(ratio "$ld" "${ms_of[$shape/host-destroy]}")"
    echo "  host alone              virsh start and destroy of kvm2's $n domains, $PARALLELISM sessions at a time, no provider: the host's own floor for apply and destroy (of which opening the $PARALLELISM sessions: $(secs "${ms_of[$shape/host-sessions]}") s)"
  fi
  echo "  first VM after apply    kvm2: ${first_vm[$shape/kvm2]:-?}"
  [ "$PEER" = 1 ] && echo "                          libvirt: ${first_vm[$shape/libvirt]:-?}"
  echo "  plans, each             kvm2 $(for m in "${kp[@]}"; do printf '%s ' "$(secs "$m")"; done)s; libvirt $([ "$PEER" = 1 ] && for m in "${lp[@]}"; do printf '%s ' "$(secs "$m")"; done)s; floor $(for m in "${fp[@]}"; do printf '%s ' "$(secs "$m")"; done)s"
  echo "  floor beside the fleet  plans $(for m in "${bp[@]}"; do printf '%s ' "$(secs "$m")"; done)s, each right after one of kvm2's, with kvm2's fleet $([ "${shape#*:}" = running ] && echo running || echo defined) on the lab (the row above: kvm2's plan against it)"
  echo "  terraform_data plan     median $(secs "$tpm") s ($n of Terraform's built-in resource, no plugin: kvm2 plan $(ratio "$kpm" "$tpm") of it)"
  if [ "$EXTRAS" = 1 ]; then
    mapfile -t nr < <(for i in $(seq 1 "$PLANS"); do echo "${ms_of[$shape/kvm2-plan-norefresh-$i]}"; done)
    nrm=$(median "${nr[@]}")
    refresh_ms=$((kpm - nrm))
    rpcs_file="$bench_dir/$n-${shape#*:}/kvm2/plan-rpcs.txt"
    rpcs=$(awk '{n += $1} END {print n + 0}' "$rpcs_file")
    connects=$(awk '$2 == "ConnectOpen" {n += $1} END {print n + 0}' "$rpcs_file")
    echo "  kvm2 plan -refresh=false  median $(secs "$nrm") s; refresh share $(secs "$((refresh_ms > 0 ? refresh_ms : 0))") s ($(awk -v r="$refresh_ms" -v n="$n" 'BEGIN {printf "%.1f", r / n}') ms per VM); host unreachable: ${offline[$shape]} in $(secs "${ms_of[$shape/kvm2-plan-offline]:-0}") s"
    for limit in $FLOOR_LIMITS; do
      mapfile -t fl < <(plans_of "floor-plan-limit-$limit")
      line="plans: peak RSS $(mib "$(peak_rss $(plan_labels "floor-plan-limit-$limit"))"), median $(secs "$(median "${fl[@]}")") s"
      line+="; kvm2's plans, at the runtime's defaults: $(mib "$(peak_rss $(plan_labels kvm2))")"
      [ "$PEER" = 1 ] && line+="; v0.8.3's plans: $(mib "$(peak_rss $(plan_labels libvirt))")"
      [ -n "$gnu_time" ] || line="plans: median $(secs "$(median "${fl[@]}")") s (no RSS: GNU time not found)"
      echo "  floor at GOMEMLIMIT=$limit  $line"
    done
    echo "  kvm2 libvirt RPCs, one plan  $rpcs in all, every method counted = $(awk -v r="$rpcs" -v n="$n" 'BEGIN {printf "%.2f", r / n}') per VM ($connects ConnectOpen among them); by method: $(awk '{printf "%s%s %d", sep, $2, $1; sep = ", "}' "$rpcs_file")"
  fi
done
echo
echo "  left on the lab with prefix $NAME_PREFIX-: $left"
if [ ${#changed_plans[@]} -gt 0 ]; then
  echo "  WARNING: plans that were not empty after apply: ${changed_plans[*]} (see their logs)"
fi
echo "  logs: $bench_dir"
