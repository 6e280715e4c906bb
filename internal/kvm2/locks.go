package kvm2

import (
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// lockKey is the per-name lock of an instance.
func lockKey(host, name string) string { return "instance:" + rules.FormatID(host, name) }

// macLockKey is the lock creates with a fixed MAC address on one host take.
func macLockKey(host, mac string) string { return "mac:" + host + "/" + mac }
