#!/usr/bin/env bash
# Upload benchmark: pushes one random file of SIZE_MIB MiB (default 512) into the lab pool and
# prints the rate of
#   - the image cache: EnsureBaseImage downloads it over HTTP from 127.0.0.1 and streams it
#     through sha256 into StorageVolUpload over SSH (a Go test, TestBenchImageUpload);
#   - `virsh -c qemu+ssh://... vol-upload` of the same file into the same pool;
#   - the SSH line rate, `cat file | ssh lab 'cat > /dev/null'`;
# then, for each of ROUNDS rounds (default 5; both uploads, alternating which goes first), the
# ratio cache/virsh of that round, and the Go process's peak RSS. The last lines say whether
# every round reached 1.0x and stayed within 40 MiB. Every volume it creates is deleted.
set -euo pipefail
shopt -s inherit_errexit

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
env_file="${KVM2_LAB_ENV:-$repo/.lab/env}"
if [ ! -f "$env_file" ]; then
  echo "no $env_file: start the lab with tools/lab/up.sh" >&2
  exit 1
fi
# shellcheck disable=SC1090
. "$env_file"

SIZE_MIB="${SIZE_MIB:-512}"
ROUNDS="${ROUNDS:-5}"
RSS_LIMIT_MIB="${RSS_LIMIT_MIB:-40}"
pool="$KVM2_TEST_POOL"
user="${KVM2_TEST_SSH_USER:-root}"
work="$(mktemp -d)"
virsh_vol="kvm2-bench-virsh-$$.img"
http_pid=""

# libvirt's ssh transport runs the ssh binary, which ignores the known_hosts URI parameter (that
# one is for the libssh transports); this wrapper makes ssh verify the lab's key from that file.
cat >"$work/ssh" <<EOF
#!/bin/sh
exec ssh -o UserKnownHostsFile='$KVM2_TEST_KNOWN_HOSTS' -o StrictHostKeyChecking=yes -o BatchMode=yes "\$@"
EOF
chmod +x "$work/ssh"
uri="qemu+ssh://$user@$KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT/system?keyfile=$KVM2_TEST_SSH_KEY&known_hosts=$KVM2_TEST_KNOWN_HOSTS&no_tty=1&command=$work/ssh"

cleanup() {
  if [ -n "$http_pid" ]; then kill "$http_pid" 2>/dev/null || true; fi
  virsh -q -c "$uri" vol-delete --pool "$pool" "$virsh_vol" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
# rate BYTES SECONDS -> MiB/s
rate() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.1f", b / 1048576 / s }'; }

file="$work/bench.img"
bytes=$((SIZE_MIB * 1024 * 1024))
echo "writing $SIZE_MIB MiB of random data" >&2
head -c "$bytes" /dev/urandom >"$file"
sha="$(sha256sum "$file" | cut -d' ' -f1)"

# The HTTP source runs in its own process so the Go side's RSS is the client's alone.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
python3 -m http.server --bind 127.0.0.1 --directory "$work" "$port" >/dev/null 2>&1 &
http_pid=$!
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.1
done

echo "building the Go side" >&2
(cd "$repo" && go test -c -tags integration -o "$work/kvm2.test" ./internal/kvm2/)

cache_run() {
  KVM2_BENCH_IMAGE_URL="http://127.0.0.1:$port/bench.img" KVM2_BENCH_IMAGE_SHA256="$sha" \
    "$work/kvm2.test" -test.run '^TestBenchImageUpload$' -test.count=1 -test.v | tee "$work/cache.out" >&2
  grep '^BENCH cache ' "$work/cache.out" | tail -1
}

virsh_run() {
  virsh -q -c "$uri" vol-create-as "$pool" "$virsh_vol" "${bytes}b" --format raw >/dev/null
  local t0 t1
  t0="$(now)"
  virsh -q -c "$uri" vol-upload --pool "$pool" "$virsh_vol" "$file"
  t1="$(now)"
  virsh -q -c "$uri" vol-delete --pool "$pool" "$virsh_vol" >/dev/null
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

# One round: the cache's upload and virsh's, in the order given (rounds alternate it, so neither
# side always meets the other's write-back).
round_cache() {
  sync
  line="$(cache_run)"
  secs="$(sed -E 's/.* seconds=([0-9.]+).*/\1/' <<<"$line")"
  rss="$(sed -E 's/.* peak_rss_kib=([0-9]+).*/\1/' <<<"$line")"
  c="$(rate "$bytes" "$secs")"
  echo "round $round: image cache $c MiB/s (${secs}s, peak RSS $((rss / 1024)) MiB)" >&2
  best_cache="$(awk -v a="$best_cache" -v b="$c" 'BEGIN { print (b > a ? b : a) }')"
  rss_kib=$((rss > rss_kib ? rss : rss_kib))
  cache_rate[$round]="$c"
  cache_rss[$round]="$rss"
}
round_virsh() {
  sync
  vsecs="$(virsh_run)"
  v="$(rate "$bytes" "$vsecs")"
  echo "round $round: virsh vol-upload $v MiB/s (${vsecs}s)" >&2
  best_virsh="$(awk -v a="$best_virsh" -v b="$v" 'BEGIN { print (b > a ? b : a) }')"
  virsh_rate[$round]="$v"
}

declare -A cache_rate cache_rss virsh_rate
best_cache=0 best_virsh=0 rss_kib=0
for round in $(seq "$ROUNDS"); do
  if ((round % 2)); then
    round_cache
    round_virsh
  else
    round_virsh
    round_cache
  fi
done

t0="$(now)"
ssh -p "$KVM2_TEST_SSH_PORT" -i "$KVM2_TEST_SSH_KEY" -o UserKnownHostsFile="$KVM2_TEST_KNOWN_HOSTS" \
  -o StrictHostKeyChecking=yes -o BatchMode=yes "$user@$KVM2_TEST_SSH_HOST" 'cat > /dev/null' <"$file"
t1="$(now)"
line_rate="$(rate "$bytes" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')")"

echo
echo "upload of $SIZE_MIB MiB into pool $pool on $KVM2_TEST_SSH_HOST:$KVM2_TEST_SSH_PORT, $ROUNDS rounds"
printf '  %-6s %14s %14s %8s %10s\n' round "cache MiB/s" "virsh MiB/s" ratio "RSS MiB"
all_ratio=yes all_rss=yes min_ratio=""
for round in $(seq "$ROUNDS"); do
  r="$(awk -v a="${cache_rate[$round]}" -v b="${virsh_rate[$round]}" 'BEGIN { printf "%.2f", a / b }')"
  m="$(awk -v k="${cache_rss[$round]}" 'BEGIN { printf "%.1f", k / 1024 }')"
  printf '  %-6s %14s %14s %7sx %10s\n' "$round" "${cache_rate[$round]}" "${virsh_rate[$round]}" "$r" "$m"
  awk -v r="$r" 'BEGIN { exit !(r < 1.0) }' && all_ratio=no
  awk -v m="$m" -v l="$RSS_LIMIT_MIB" 'BEGIN { exit !(m > l) }' && all_rss=no
  min_ratio="$(awk -v a="${min_ratio:-$r}" -v b="$r" 'BEGIN { print (b < a ? b : a) }')"
done
printf '  %-50s %8s MiB/s\n' "ssh line rate (cat > /dev/null)" "$line_rate"
printf '  %-50s %8s MiB/s\n' "best image cache (HTTP -> sha256 -> StorageVolUpload)" "$best_cache"
printf '  %-50s %8s MiB/s\n' "best virsh qemu+ssh vol-upload" "$best_virsh"
printf '  %-50s %8sx\n' "lowest ratio cache/virsh of one round" "$min_ratio"
printf '  %-50s %8s MiB\n' "peak RSS of the Go process" "$(awk -v k="$rss_kib" 'BEGIN { printf "%.1f", k / 1024 }')"
echo "every round at least 1.0x virsh: $all_ratio"
echo "every round within $RSS_LIMIT_MIB MiB: $all_rss"
