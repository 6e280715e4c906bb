#!/usr/bin/env bash
# Fleet benchmark (make bench): applies N kvm2_proxy_vm (default 50) on one small base image on
# the lab host, times `terraform plan` PLANS times (default 5) and destroys the fleet; in the
# same run it times `terraform plan` over N terraform_data resources, Terraform's own floor.
# Prints wall times, the plan/floor ratio, the provider's peak RSS and libvirt RPCs per VM.
#
# VMs are defined but not started (RUNNING=false): booting dozens of emulated guests on a small
# machine measures the CPU, not the provider. RUNNING=true starts them anyway.
#
# Peak RSS: the provider in a bench-only mirror is a wrapper that runs the real binary under
# GNU time, which records each process's maximum resident set size when it exits.
# RPCs: one DEBUG line per libvirt call from the provider's kvm2 log subsystem, counted in an
# extra, logged plan (so logging does not slow the timed ones).
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../demo/lib.sh"

N="${N:-50}"
PLANS="${PLANS:-5}"
RUNNING="${RUNNING:-false}"
VERSION="${VERSION:-0.0.1}"
# A provider log line for one libvirt RPC (kvm2 subsystem, with the method name).
RPC_PATTERN="${RPC_PATTERN:-libvirt call:.*method=}"

load_lab_env
ensure_mirror
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
bench_dir="$lab_dir/bench"
fleet_dir="$bench_dir/fleet"
floor_dir="$bench_dir/floor"
rss_dir="$bench_dir/rss"
mkdir -p "$bench_dir/bin" "$fleet_dir" "$floor_dir" "$rss_dir"
rm -f "$rss_dir"/*.log

# --- a bench-only mirror whose plugin records its peak RSS --------------------------------------
platform="$(go env GOOS)_$(go env GOARCH)"
real="$bench_dir/bin/terraform-provider-kvm2"
cp -f "$repo/.terraform-mirror/registry.terraform.io/egress-proxies/kvm2/$VERSION/$platform/terraform-provider-kvm2_v$VERSION" "$real.tmp"
mv -f "$real.tmp" "$real"
bench_mirror="$bench_dir/mirror"
plugin_dir="$bench_mirror/registry.terraform.io/egress-proxies/kvm2/$VERSION/$platform"
rm -rf "$bench_mirror"
mkdir -p "$plugin_dir"
gnu_time=""
if /usr/bin/time -V 2>&1 | grep -q GNU; then
  gnu_time=/usr/bin/time
fi
if [ -n "$gnu_time" ]; then
  cat >"$plugin_dir/terraform-provider-kvm2_v$VERSION" <<WRAP
#!/bin/sh
# Appends "<max RSS KiB>" for this provider process to \$KVM2_BENCH_RSS_LOG when it exits.
exec $gnu_time -f '%M' -a -o "\${KVM2_BENCH_RSS_LOG:-/dev/null}" "$real" "\$@"
WRAP
  chmod +x "$plugin_dir/terraform-provider-kvm2_v$VERSION"
else
  echo "GNU time not found (apt-get install time): peak RSS is not measured" >&2
  cp "$real" "$plugin_dir/terraform-provider-kvm2_v$VERSION"
fi
export TF_CLI_CONFIG_FILE="$bench_dir/terraformrc"
cat >"$TF_CLI_CONFIG_FILE" <<RC
provider_installation {
  filesystem_mirror {
    path    = "$bench_mirror"
    include = ["registry.terraform.io/egress-proxies/kvm2"]
  }
  direct {
    exclude = ["registry.terraform.io/egress-proxies/kvm2"]
  }
}
RC

# --- helpers ---------------------------------------------------------------------------------
declare -A ms_of
changed_plans=()

# timed <label> <dir> <terraform args...>: runs terraform in dir, output to <dir>/<label>.log,
# wall time in ms_of[label], provider peak RSS in $rss_dir/<label>.log.
timed() {
  local label="$1" dir="$2"
  shift 2
  local t0 rc=0
  t0=$(now_ms)
  KVM2_BENCH_RSS_LOG="$rss_dir/$label.log" "$TERRAFORM" -chdir="$dir" "$@" -input=false -no-color >"$dir/$label.log" 2>&1 || rc=$?
  ms_of[$label]=$(($(now_ms) - t0))
  # With -detailed-exitcode, 2 means "succeeded, with changes": after an apply that is a
  # finding to report, not a reason to stop the run.
  if [ "$rc" = 2 ]; then
    changed_plans+=("$label")
  elif [ "$rc" != 0 ]; then
    # soft=1: the caller reports the failure itself.
    [ "${soft:-0}" = 1 ] && return 1
    tail -30 "$dir/$label.log" >&2
    die "terraform $* failed in $dir (log: $dir/$label.log)"
  fi
  log "$label: $(secs "${ms_of[$label]}") s"
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

fleet_applied=0
cleanup() {
  if [ "$fleet_applied" = 1 ]; then
    log "destroying the fleet after a failure"
    "$TERRAFORM" -chdir="$fleet_dir" destroy -auto-approve -input=false -no-color >"$fleet_dir/cleanup.log" 2>&1 ||
      echo "destroy failed; see $fleet_dir/cleanup.log" >&2
  fi
}
trap cleanup EXIT

# --- the fleet -------------------------------------------------------------------------------
cp "$repo/tools/bench/fleet/kvm2/main.tf" "$fleet_dir/main.tf"
cat >"$fleet_dir/terraform.tfvars" <<TFVARS
vm_count             = $N
running              = $RUNNING
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
tf_init "$fleet_dir"
if [ -s "$fleet_dir/terraform.tfstate" ] && grep -q '"kvm2_proxy_vm"' "$fleet_dir/terraform.tfstate"; then
  log "destroying what an earlier, interrupted run left"
  timed stale-destroy "$fleet_dir" destroy -auto-approve
fi

log "fleet: apply $N kvm2_proxy_vm (running=$RUNNING)"
fleet_applied=1
timed fleet-apply "$fleet_dir" apply -auto-approve
fleet_plans=()
for i in $(seq 1 "$PLANS"); do
  timed "fleet-plan-$i" "$fleet_dir" plan -detailed-exitcode -lock=false
  fleet_plans+=("${ms_of[fleet-plan-$i]}")
done
norefresh_plans=()
for i in $(seq 1 "$PLANS"); do
  timed "fleet-plan-norefresh-$i" "$fleet_dir" plan -refresh=false -detailed-exitcode -lock=false
  norefresh_plans+=("${ms_of[fleet-plan-norefresh-$i]}")
done
# The same plan with the host unreachable (nothing listens on port 1): configuring the provider
# must not connect, so it still succeeds, quickly.
offline=ok
soft=1 timed fleet-plan-offline "$fleet_dir" plan -refresh=false -detailed-exitcode -lock=false -var ssh_port=1 ||
  offline=failed
log "fleet: one more plan with provider DEBUG logs, to count RPCs"
rm -f "$bench_dir/plan-debug.log"
TF_LOG_PROVIDER=DEBUG TF_LOG_PATH="$bench_dir/plan-debug.log" \
  timed fleet-plan-logged "$fleet_dir" plan -detailed-exitcode -lock=false
grep -E "$RPC_PATTERN" "$bench_dir/plan-debug.log" | grep -oE 'method=[A-Za-z0-9]+' | cut -d= -f2 |
  sort | uniq -c | sort -rn >"$bench_dir/plan-rpcs.txt" || true
rpcs=$(awk '{n += $1} END {print n + 0}' "$bench_dir/plan-rpcs.txt")
# Domain calls are the VMs' share; the rest is the base image's refresh and connection setup.
domain_rpcs=$(awk '$2 ~ /^Domain/ {n += $1} END {print n + 0}' "$bench_dir/plan-rpcs.txt")
connects=$(awk '$2 == "ConnectOpen" {n += $1} END {print n + 0}' "$bench_dir/plan-rpcs.txt")
timed fleet-destroy "$fleet_dir" destroy -auto-approve
fleet_applied=0

# --- the floor -------------------------------------------------------------------------------
cp "$repo/tools/bench/fleet/floor/main.tf" "$floor_dir/main.tf"
echo "vm_count = $N" >"$floor_dir/terraform.tfvars"
rm -f "$floor_dir/terraform.tfstate" "$floor_dir/terraform.tfstate.backup"
"$TERRAFORM" -chdir="$floor_dir" init -input=false -no-color >"$floor_dir/init.log" 2>&1 || die "terraform init failed in $floor_dir"
log "floor: apply $N terraform_data"
timed floor-apply "$floor_dir" apply -auto-approve
floor_plans=()
for i in $(seq 1 "$PLANS"); do
  timed "floor-plan-$i" "$floor_dir" plan -detailed-exitcode -lock=false
  floor_plans+=("${ms_of[floor-plan-$i]}")
done
timed floor-destroy "$floor_dir" destroy -auto-approve

# --- report ----------------------------------------------------------------------------------
fleet_median=$(median "${fleet_plans[@]}")
floor_median=$(median "${floor_plans[@]}")
norefresh_median=$(median "${norefresh_plans[@]}")
plan_labels=()
for i in $(seq 1 "$PLANS"); do plan_labels+=("fleet-plan-$i"); done
echo
echo "fleet benchmark: N=$N kvm2_proxy_vm (64-128 MiB, 1 vcpu, 1 GiB overlay, running=$RUNNING, wait_for_ip=false), $("$TERRAFORM" version | head -1)"
echo "  machine                     $(nproc) CPUs, load average at start $load_at_start (other work on the machine skews wall times)"
echo "  fleet apply                 $(secs "${ms_of[fleet-apply]}") s"
echo "  fleet plan x$PLANS               $(for m in "${fleet_plans[@]}"; do printf '%s ' "$(secs "$m")"; done)s; median $(secs "$fleet_median") s"
echo "  fleet plan -refresh=false   $(for m in "${norefresh_plans[@]}"; do printf '%s ' "$(secs "$m")"; done)s; median $(secs "$norefresh_median") s"
echo "  ... with the host unreachable  $offline in $(secs "${ms_of[fleet-plan-offline]:-0}") s"
echo "  fleet destroy               $(secs "${ms_of[fleet-destroy]}") s"
echo "  floor plan x$PLANS               $(for m in "${floor_plans[@]}"; do printf '%s ' "$(secs "$m")"; done)s; median $(secs "$floor_median") s ($N terraform_data)"
echo "  plan / floor (medians)      $(awk -v a="$fleet_median" -v b="$floor_median" 'BEGIN {printf "%.2fx", a / b}')"
refresh_ms=$((fleet_median - norefresh_median))
echo "  refresh share of the plan   $(secs "$((refresh_ms > 0 ? refresh_ms : 0))") s (median plan minus median -refresh=false plan; $(awk -v r="$refresh_ms" -v n="$N" 'BEGIN {printf "%.1f", r / n}') ms per VM); the rest needs no host: plugin start-ups and the per-resource validate/upgrade/plan calls"
if [ -n "$gnu_time" ]; then
  echo "  provider peak RSS           apply $(($(peak_rss fleet-apply) / 1024)) MiB, plan $(($(peak_rss "${plan_labels[@]}") / 1024)) MiB, destroy $(($(peak_rss fleet-destroy) / 1024)) MiB"
fi
echo "  libvirt RPCs in one plan    $rpcs in all; $domain_rpcs Domain* calls = $(awk -v r="$domain_rpcs" -v n="$N" 'BEGIN {printf "%.2f", r / n}') per VM; $connects ConnectOpen (libvirt connections opened)"
echo "  RPCs by method              $(awk '{printf "%s%s %d", sep, $2, $1; sep = ", "}' "$bench_dir/plan-rpcs.txt")"
if [ ${#changed_plans[@]} -gt 0 ]; then
  echo "  WARNING: plans that were not empty after apply: ${changed_plans[*]} (see their logs)"
fi
echo "  logs: $bench_dir"
