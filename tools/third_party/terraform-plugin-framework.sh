#!/usr/bin/env bash
# Rebuilds third_party/terraform-plugin-framework (tools/third_party/module.sh): the plugin
# framework without its tests, with the patches under tools/third_party/terraform-plugin-framework/
# (two allocations per resource the framework repeats on every read and plan). Run it after
# moving to another framework version, and drop a patch once upstream carries it.
exec "$(dirname "$0")/module.sh" github.com/hashicorp/terraform-plugin-framework terraform-plugin-framework './website/*' './.github/*'
