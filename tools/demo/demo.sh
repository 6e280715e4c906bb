#!/usr/bin/env bash
# The demo: applies examples/quickstart against the lab host (one base image from the lab's HTTP
# server, one proxy VM running tinyproxy), then proves the proxy works by fetching a page served
# on the host through it. Expects the provider mirror (tools/mirror.sh) and the lab
# (tools/lab/up.sh); `make demo` runs both first. State lives in .lab/demo; tools/demo/destroy.sh
# removes it all.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

start_ms=$(now_ms)
load_lab_env
ensure_mirror
proxy_port="${KVM2_TEST_PROXY_PORT:-8888}"
demo_dir="$lab_dir/demo"
mkdir -p "$demo_dir"

# The configuration is copied so the example stays free of state and provider caches.
cp "$repo"/examples/quickstart/*.tf "$repo"/examples/quickstart/*.tftpl "$demo_dir/"
cat >"$demo_dir/terraform.tfvars" <<TFVARS
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
proxy_port           = $proxy_port
TFVARS

log "terraform init (offline, from the local mirror)"
tf_init "$demo_dir"

log "terraform apply"
apply_start=$(now_ms)
"$TERRAFORM" -chdir="$demo_dir" apply -auto-approve -input=false "${no_color[@]}"
apply_ms=$(($(now_ms) - apply_start))

vm_ip=$("$TERRAFORM" -chdir="$demo_dir" output -raw ipv4_address)
[ -n "$vm_ip" ] || die "the proxy VM reported no IPv4 address"
log "outputs"
"$TERRAFORM" -chdir="$demo_dir" output "${no_color[@]}"

# A server on the host side of the lab network: reachable from the guest, and from the host
# only through the proxy's forwarding (the request names the bridge address, not localhost).
bridge_ip=$(virsh -q -c qemu:///system net-dumpxml "$KVM2_TEST_NETWORK" | sed -n "s/.*<ip [^>]*address=['\"]\([0-9.]*\)['\"].*/\1/p" | head -1)
[ -n "$bridge_ip" ] || die "could not read the host address of network $KVM2_TEST_NETWORK"
serve_dir=$(mktemp -d)
token="kvm2 demo $(date -u +%Y%m%dT%H%M%SZ) $$"
echo "$token" >"$serve_dir/index.html"
serve_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind "$bridge_ip" --directory "$serve_dir" "$serve_port" >"$demo_dir/http.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$serve_dir"' EXIT

target="http://$bridge_ip:$serve_port/"
log "proving the proxy: curl -x http://$vm_ip:$proxy_port $target"
# tinyproxy may still be starting when the guest first reports its address.
proxy_start=$(now_ms)
deadline=$(($(date +%s) + ${DEMO_PROXY_WAIT_S:-60}))
body=""
attempts=0
while :; do
  attempts=$((attempts + 1))
  if body=$(curl -sS --max-time 20 -D "$demo_dir/curl.headers" -x "http://$vm_ip:$proxy_port" "$target" 2>"$demo_dir/curl.err") &&
    [ "$body" = "$token" ]; then
    break
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "last curl error: $(cat "$demo_dir/curl.err")" >&2
    echo "last body: $body" >&2
    die "no proxied response through http://$vm_ip:$proxy_port after $attempts attempts"
  fi
  sleep 2
done
proxy_ms=$(($(now_ms) - proxy_start))

echo
echo "proxied response: $body"
# tinyproxy adds a Via header: the answer came through the guest, not straight from the host.
via=$(tr -d '\r' <"$demo_dir/curl.headers" | sed -n 's/^[Vv]ia: //p' | head -1)
echo "via:              ${via:-(no Via header)}"
echo "proxy:            http://$vm_ip:$proxy_port (attempts: $attempts, $((proxy_ms / 1000)).$(printf %03d $((proxy_ms % 1000))) s after apply)"
echo "apply:            $((apply_ms / 1000)).$(printf %03d $((apply_ms % 1000))) s"
total_ms=$(($(now_ms) - start_ms))
echo "demo total:       $((total_ms / 1000)).$(printf %03d $((total_ms % 1000))) s (this script; make demo also builds and brings the lab up)"
echo "remove it all:    make demo-destroy"
