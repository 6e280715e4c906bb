#!/usr/bin/env bash
# Rebuilds third_party/go-libvirt (tools/third_party/module.sh): go-libvirt without its tests,
# code generator and CI scripts (its libvirttest fake is kept: the backend tests use it), with
# the patches under tools/third_party/go-libvirt/. Run it after moving to another go-libvirt
# version, and drop a patch once upstream carries it.
exec "$(dirname "$0")/module.sh" github.com/digitalocean/go-libvirt go-libvirt './internal/lvgen/*' './scripts/*'
