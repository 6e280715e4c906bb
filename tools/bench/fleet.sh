#!/usr/bin/env bash
# Fleet benchmark (make bench). For each shape of SHAPES, in one run, against the lab's hosts:
#
#   kvm2          N kvm2_proxy_vm applied, planned PLANS times (default 5), destroyed; with the
#                 extras, plans with -refresh=false, one with the hosts unreachable (ssh port 1)
#                 and one logged plan whose libvirt RPCs are counted;
#   schema floor  N floor_proxy_vm of a no-op framework provider whose resource has kvm2_proxy_vm's
#                 own schema (internal/bench/floor), configured as kvm2's fleet is: applied before
#                 kvm2's fleet, planned right after each of kvm2's plans (beside kvm2's fleet, on the
#                 machine as it leaves it), destroyed after kvm2's; with the extras, planned again
#                 under each Go memory limit of FLOOR_LIMITS;
#   host floor    the hosts doing what kvm2's apply and destroy do, by virsh over the same SSH, in
#                 PARALLELISM sessions at a time (hostfloor.sh): every volume of each kvm2 VM made
#                 again (overlay, seed with its content, console logs), the domain defined from
#                 kvm2's definition and started in a running shape; then destroyed, undefined
#                 (--nvram) and every volume deleted;
#   v0.8.3        the same N VMs on the peer provider dmacvicar/libvirt (built once per machine by
#                 tools/bench/peer.sh), on the first lab host, in a one-state shape;
#   the four-state bar: with a shape of one state's share alone in SHAPES (e.g. 250:defined:3h
#                 beside 1000:defined:3h:4s), the table gives the slowest state against it;
#   terraform_data  N of Terraform's built-in resource planned, for N <= TFDATA_MAX (200).
#
# A shape is N:running or N:defined, optionally :Hh (over the first H lab hosts, each VM placed
# by provider::kvm2::place) and :Ss (the fleet split into S states of consecutive VMs, each
# applied, planned and destroyed by its own terraform process, all S at once). Default SHAPES:
# "50:running 200:defined $BENCH_N:defined:3h $BENCH_N:defined:3h:4s", BENCH_N=1000.
#
# A line per phase while it runs; a table per shape at the end, ratios kvm2 / floor, kvm2 / host
# floor and kvm2 / v0.8.3 in the same run; BENCH_JSON=file writes the figures as JSON too.
# Peak RSS: each provider in the bench-only mirror is a wrapper that runs the real binary under
# GNU time, which records each process's maximum resident set size when it exits.
#
# Environment: SHAPES, BENCH_N, PLANS, PARALLELISM (10), NAME_PREFIX (prefix of every VM and
# volume the run makes; default kvm2-bench), PEER_VERSION (v0.8.3), PEER=0 to leave the peer out,
# PEER_MAX_N (1000: the peer runs shapes of at most that many VMs; its 1,000 take about 17 minutes),
# HOSTFLOOR=0 to leave the host floor out, EXTRAS=0 to leave out the extra plans, TFDATA_MAX,
# PROFILE=1 to run kvm2 built with -tags profile (main_profile.go; profiles under
# $lab_dir/bench/profile/<shape>/<phase>), FLOOR_LIMITS (GOMEMLIMIT values of the floor's extra
# plans; default kvm2's own, SoftLimit in internal/memory, if it sets one), BENCH_JSON. N and RUNNING, when set
# and SHAPES is not, give one one-host shape, as earlier versions of this script took them.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/../demo/lib.sh"

BENCH_N="${BENCH_N:-1000}"
if [ -z "${SHAPES:-}" ] && [ -n "${N:-}${RUNNING:-}" ]; then
  SHAPES="${N:-50}:$([ "${RUNNING:-false}" = true ] && echo running || echo defined)"
fi
SHAPES="${SHAPES:-50:running 200:defined $BENCH_N:defined:3h $BENCH_N:defined:3h:4s}"
PLANS="${PLANS:-5}"
PARALLELISM="${PARALLELISM:-10}"
NAME_PREFIX="${NAME_PREFIX:-kvm2-bench}"
PEER="${PEER:-1}"
PEER_VERSION="${PEER_VERSION:-v0.8.3}"
PEER_MAX_N="${PEER_MAX_N:-1000}"
HOSTFLOOR="${HOSTFLOOR:-1}"
EXTRAS="${EXTRAS:-1}"
TFDATA_MAX="${TFDATA_MAX:-200}"
BENCH_JSON="${BENCH_JSON:-}"
# kvm2's default soft memory limit, from the one place it is set, if it sets one (the floor's
# extra plans run under it; none when kvm2 keeps the runtime's defaults).
kvm2_limit_mib=$(sed -n 's/^const SoftLimit = \([0-9][0-9]*\) << 20$/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../../internal/memory/memory.go" 2>/dev/null || true)
FLOOR_LIMITS="${FLOOR_LIMITS-${kvm2_limit_mib:+${kvm2_limit_mib}MiB}}"
VERSION="${VERSION:-0.0.1}"
# A provider log line for one libvirt RPC (kvm2 subsystem, with the method name).
RPC_PATTERN="${RPC_PATTERN:-libvirt call:.*method=}"

for shape in $SHAPES; do
  [[ $shape =~ ^[1-9][0-9]*:(running|defined)(:[1-3]h)?(:[1-9]s)?$ ]] ||
    die "SHAPES: bad shape '$shape' (want N:running or N:defined, then :Hh for H of the lab's 3 hosts, :Ss for S states)"
done
case $NAME_PREFIX in [a-z]*) ;; *) die "NAME_PREFIX must start with a lowercase letter" ;; esac
[ -z "$BENCH_JSON" ] || : >"$BENCH_JSON" || die "BENCH_JSON: cannot write $BENCH_JSON"

load_lab_env
ensure_mirror
run_start=$(now_ms)
load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
bench_dir="$lab_dir/bench"
mkdir -p "$bench_dir/bin"
platform="$(go env GOOS)_$(go env GOARCH)"

# --- the binaries: this provider, the peer, the schema floor -----------------------------------
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

# --- the lab's hosts: lab (the env's first host), lab2, lab3 ------------------------------------
# shellcheck source=tools/bench/fleet-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/fleet-lib.sh"
# shellcheck source=tools/bench/hostfloor.sh
source "$(dirname "${BASH_SOURCE[0]}")/hostfloor.sh"
# shellcheck source=tools/bench/report.sh
source "$(dirname "${BASH_SOURCE[0]}")/report.sh"
lab_hosts

# The peer over SSH to the first host's sshd, key and known_hosts as kvm2 (its own Go SSH client:
# keyfile, knownhosts and sshauth are its URI parameters; the remote socket is libvirt's default,
# or the lab's socket parameter).
peer_uri="qemu+ssh://$KVM2_TEST_SSH_USER@$KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT/system?keyfile=$KVM2_TEST_SSH_KEY&knownhosts=$KVM2_TEST_KNOWN_HOSTS&sshauth=privkey"
if [ -n "${KVM2_TEST_SOCKET:-}" ]; then peer_uri="$peer_uri&socket=$KVM2_TEST_SOCKET"; fi
# The domain type the host offers (what kvm2 picks itself): kvm when libvirt can use /dev/kvm.
domain_type=qemu
if timeout 60 virsh -q -c "${virsh_uri[lab]}" capabilities 2>/dev/null | grep -q "<domain type='kvm'"; then
  domain_type=kvm
fi

# --- the runs --------------------------------------------------------------------------------
for shape in $SHAPES; do
  run_shape "$shape"
done
left=$(leftovers)
report
