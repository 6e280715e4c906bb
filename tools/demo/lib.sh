# shellcheck shell=bash
# Shared by the demo, destroy, example-validation and bench scripts: repository paths, the lab
# env file, the provider mirror and the terraform binary. Sourced, not executed.

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
lab_dir="$repo/.lab"
export CHECKPOINT_DISABLE=1
export TF_IN_AUTOMATION=1
export TF_CLI_CONFIG_FILE="$lab_dir/terraformrc"
TERRAFORM="${TERRAFORM:-terraform}"
# Colours only on a terminal, so CI logs stay readable.
# shellcheck disable=SC2034 # used by the scripts that source this file
if [ -t 1 ]; then no_color=(); else no_color=(-no-color); fi

die() {
  echo "error: $*" >&2
  exit 1
}

log() {
  echo "==> $*" >&2
}

# Loads .lab/env (written by tools/lab/up.sh) into the environment.
load_lab_env() {
  [ -f "$lab_dir/env" ] || die "$lab_dir/env not found: bring the lab up first (make lab-up)"
  set -a
  # shellcheck disable=SC1091
  . "$lab_dir/env"
  set +a
  # The env file names the known_hosts file KVM2_TEST_KNOWN_HOSTS.
  KVM2_TEST_KNOWN_HOSTS="${KVM2_TEST_KNOWN_HOSTS:-${KVM2_TEST_SSH_KNOWN_HOSTS:-}}"
  local v
  for v in KVM2_TEST_SSH_HOST KVM2_TEST_SSH_PORT KVM2_TEST_SSH_USER KVM2_TEST_SSH_KEY \
    KVM2_TEST_KNOWN_HOSTS KVM2_TEST_POOL KVM2_TEST_NETWORK KVM2_TEST_IMAGE_URL; do
    [ -n "${!v:-}" ] || die "$v is missing from $lab_dir/env"
  done
}

# Builds the provider into the filesystem mirror unless the CLI config and binary already exist.
ensure_mirror() {
  local version="${VERSION:-0.0.1}"
  if ! grep -qs filesystem_mirror "$TF_CLI_CONFIG_FILE" ||
    ! compgen -G "$repo/.terraform-mirror/registry.terraform.io/egress-proxies/kvm2/$version/*/terraform-provider-kvm2_v$version" >/dev/null; then
    VERSION="$version" bash "$repo/tools/mirror.sh" >/dev/null
  fi
}

# terraform init from the mirror. The lock file and the provider cache are dropped first: the
# mirror's binary is rebuilt under the same version, so its hash changes from build to build.
tf_init() {
  local dir="$1"
  rm -rf "$dir/.terraform.lock.hcl" "$dir/.terraform/providers"
  "$TERRAFORM" -chdir="$dir" init -input=false -upgrade -no-color >"$dir/init.log" 2>&1 ||
    { cat "$dir/init.log" >&2; die "terraform init failed in $dir"; }
}

# Milliseconds since the epoch.
now_ms() {
  date +%s%3N
}
