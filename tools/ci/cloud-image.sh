#!/usr/bin/env bash
# Builds the lab's Debian cloud image into the cache directory `up.sh --cloud-image` looks in
# ($LAB_CACHE/cloud-KEY, KEY from build-cloud-image.sh --key: up.sh's ensure_cloud_image), and
# nothing else: no daemon is started or restarted, so it can run while lab tiers use the lab.
# .ci/run starts it in the background once the lab is up; `make lab-cloud-image` waits for it
# and then finds the image cached. Should the two ever name different directories, the cloud
# tier builds the image itself, as without this.
set -euo pipefail
# shellcheck source=tools/lab/lib.sh
source "$(dirname "$0")/../lab/lib.sh"
key=$(bash "$LAB_SCRIPT_DIR/build-cloud-image.sh" --key)
# up.sh's own bound on a build (mmdebstrap), which a background build at the lowest priority
# may need.
KVM2_LAB_CLOUD_TIMEOUT="${KVM2_LAB_CLOUD_TIMEOUT:-2700}" bash "$LAB_SCRIPT_DIR/build-cloud-image.sh" "$LAB_CACHE/cloud-$key"
