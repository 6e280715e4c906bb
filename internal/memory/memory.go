// Package memory is the provider process's memory policy, in one place: the Go runtime's
// defaults for every process, and a smaller heap goal for a process once it creates a VM or a
// base image (the two resources' Create). A user's GOGC or GOMEMLIMIT overrides it.
// It is the provider binary's: a test process that serves the provider in process keeps the
// runtime's defaults.
//
// No memory limit is set. A fixed soft limit bounds a small fleet's resident size but makes the
// collector run without pause once what a process keeps nears it, and what a plan keeps grows
// with the number of resources: the 32 MiB limit kvm2 ran under made a plan of 1,000 items 2.6
// times slower (DESIGN.md, "Memory"). The heap goal of GOGC grows with what is live instead, so
// no fleet is too large for it.
package memory

import (
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// CreateGCPercent is the collector's target (GOGC) once the process creates a VM or a base
// image: the heap may grow by half of what is live before the collector runs, instead of by all
// of it. Each such create streams an upload through go-libvirt, whose 4 MiB buffer per upload is
// garbage that otherwise sets an apply's peak resident size. Its cost is a share of the CPU that
// does not grow with the fleet: the goal moves with what is live. Plans, which are the
// provider's CPU all along, keep the default (DESIGN.md, "Memory").
const CreateGCPercent = 50

// armed is set by Arm when the policy is the process's own: main calls Arm, and a provider
// server run in a test process never does, so Creating leaves such a process's collector alone.
var armed atomic.Bool

// Arm makes Creating take effect in this process, unless GOMEMLIMIT or GOGC is set: then the
// runtime's settings are the user's. It sets no memory limit. main calls it at start.
func Arm() {
	arm(os.Getenv)
}

func arm(getenv func(string) string) {
	if getenv("GOMEMLIMIT") != "" || getenv("GOGC") != "" {
		return
	}
	armed.Store(true)
}

var createOnce sync.Once

// Creating lowers the heap goal to CreateGCPercent the first time the process creates a VM or a
// base image, if Arm armed it. The Create of kvm2_proxy_vm and of kvm2_base_image call it.
func Creating() {
	if armed.Load() {
		createOnce.Do(func() { debug.SetGCPercent(CreateGCPercent) })
	}
}
