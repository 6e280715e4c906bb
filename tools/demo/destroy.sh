#!/usr/bin/env bash
# Destroys what tools/demo/demo.sh created (the proxy VM and the base image) from .lab/demo.
set -euo pipefail
# shellcheck source=tools/demo/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

demo_dir="$lab_dir/demo"
if [ ! -f "$demo_dir/terraform.tfstate" ]; then
  echo "nothing to destroy: no demo state in $demo_dir"
  exit 0
fi
ensure_mirror
tf_init "$demo_dir"
start_ms=$(now_ms)
"$TERRAFORM" -chdir="$demo_dir" destroy -auto-approve -input=false "${no_color[@]}"
ms=$(($(now_ms) - start_ms))
echo "destroyed in $((ms / 1000)).$(printf %03d $((ms % 1000))) s"
