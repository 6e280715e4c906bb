package memory

import (
	"math"
	"runtime/debug"
	"sync"
	"testing"
)

// gcPercent reads the runtime's GOGC target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// restore puts back the runtime's settings and the package's state after a test.
func restore(t *testing.T) {
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	t.Cleanup(func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
		armed.Store(false)
		createOnce = sync.Once{}
	})
}

func TestBound_setsTheLimitAndArmsTheCreateTarget(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	bound(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != SoftLimit {
		t.Fatalf("memory limit = %d, want %d", got, SoftLimit)
	}
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC before any create = %d, want the default 100", got)
	}
	Creating()
	if got := gcPercent(); got != CreateGCPercent {
		t.Fatalf("GOGC after a create began = %d, want %d", got, CreateGCPercent)
	}
	debug.SetGCPercent(100)
	Creating()
	if got := gcPercent(); got != 100 {
		t.Fatalf("a second create set GOGC again (%d), want it set once per process", got)
	}
}

func TestBound_leavesAUsersSettingAlone(t *testing.T) {
	restore(t)
	for _, v := range []string{"GOGC", "GOMEMLIMIT"} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		bound(func(k string) string {
			if k == v {
				return "200"
			}
			return ""
		})
		Creating()
		if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
			t.Fatalf("with %s set, memory limit = %d, want it left alone", v, got)
		}
		if got := gcPercent(); got != 100 {
			t.Fatalf("with %s set, GOGC after a create began = %d, want it left at 100", v, got)
		}
	}
}

func TestCreating_withoutBoundLeavesTheCollectorAlone(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	Creating()
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC after a create in a process main did not start = %d, want 100", got)
	}
}
