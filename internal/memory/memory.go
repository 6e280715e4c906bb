// Package memory is the provider process's memory policy, in one place: the Go runtime's soft
// limit for every process (main), and a smaller heap goal for a process once it creates a VM or
// a base image (the two resources' Create). A user's GOGC or GOMEMLIMIT overrides both.
// Both are the provider binary's: a test process that serves the provider in process keeps the
// runtime's defaults.
package memory

import (
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// SoftLimit is the Go runtime's soft memory limit when the user sets none. A plan or apply over
// hundreds of resources allocates a little per RPC and keeps almost nothing, so with only GOGC
// the heap goal, and the process's resident size, grew with the number of resources; under this
// limit the collector runs before the heap passes it, and the resident size stays flat. It is
// soft: a provider that needs more (a large image download keeps bounded buffers, but a huge
// definition list may not) gets it, with the collector's CPU capped by the runtime. Much lower,
// a plan of hundreds of VMs stays over it throughout and the collector never stops (24 MiB made
// such a plan twice as slow); higher, the peak resident size grows (DESIGN.md, "Memory").
const SoftLimit = 32 << 20

// CreateGCPercent is the collector's target (GOGC) once the process creates a VM or a base
// image: the heap may grow by half of what is live before the collector runs, instead of by all
// of it. Each such create streams an upload through go-libvirt, whose 4 MiB buffer per upload is
// garbage that otherwise sets an apply's peak resident size; plans, which are the provider's CPU
// all along, keep the default (DESIGN.md, "Memory").
const CreateGCPercent = 50

// armed is set by Bound when the policy is the process's own: main calls Bound, and a provider
// server run in a test process never does, so Creating leaves such a process's collector alone.
var armed atomic.Bool

// Bound applies SoftLimit and arms Creating, unless GOMEMLIMIT or GOGC is set: then the runtime's
// settings are the user's. main calls it at start.
func Bound() {
	bound(os.Getenv)
}

func bound(getenv func(string) string) {
	if getenv("GOMEMLIMIT") != "" || getenv("GOGC") != "" {
		return
	}
	debug.SetMemoryLimit(SoftLimit)
	armed.Store(true)
}

var createOnce sync.Once

// Creating lowers the heap goal to CreateGCPercent the first time the process creates a VM or a
// base image, if Bound armed it. The Create of kvm2_proxy_vm and of kvm2_base_image call it.
func Creating() {
	if armed.Load() {
		createOnce.Do(func() { debug.SetGCPercent(CreateGCPercent) })
	}
}
