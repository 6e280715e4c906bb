// Package memory is the provider process's memory policy, in one place: the Go runtime's soft
// limit for every process (main), and a smaller heap goal for a process once it applies a change
// (the resources' and the action's apply methods). A user's GOGC or GOMEMLIMIT overrides both.
package memory

import (
	"os"
	"runtime/debug"
	"sync"
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

// ApplyGCPercent is the collector's target (GOGC) once the process applies a change: the heap
// may grow by half of what is live before the collector runs, instead of by all of it. An apply
// waits on its hosts, not on the provider's CPU, and each VM it creates uploads a seed through
// go-libvirt, which allocates a 4 MiB buffer per upload (DESIGN.md, "Upstream defects"): at the
// default target that garbage sets the process's peak resident size. A plan is the provider's
// CPU all along and keeps the default: 50 made a plan of 200 VMs about a quarter slower.
const ApplyGCPercent = 50

// userSet reports whether the user tuned the collector: then the runtime's settings are theirs.
func userSet(getenv func(string) string) bool {
	return getenv("GOMEMLIMIT") != "" || getenv("GOGC") != ""
}

// Bound applies SoftLimit unless GOMEMLIMIT or GOGC says otherwise. main calls it at start.
func Bound() {
	if !userSet(os.Getenv) {
		debug.SetMemoryLimit(SoftLimit)
	}
}

var applyOnce sync.Once

// Applying lowers the heap goal to ApplyGCPercent the first time the process applies a change,
// unless GOMEMLIMIT or GOGC says otherwise. Every apply method of a resource or action calls it.
func Applying() {
	applyOnce.Do(func() { applyTarget(os.Getenv) })
}

// applyTarget is Applying's work, without the once.
func applyTarget(getenv func(string) string) {
	if !userSet(getenv) {
		debug.SetGCPercent(ApplyGCPercent)
	}
}
