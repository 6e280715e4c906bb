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
		applyOnce = sync.Once{}
	})
}

func TestBound_setsTheLimitAndArmsTheApplyTarget(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	bound(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != SoftLimit {
		t.Fatalf("memory limit = %d, want %d", got, SoftLimit)
	}
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC before any apply = %d, want the default 100", got)
	}
	Applying()
	if got := gcPercent(); got != ApplyGCPercent {
		t.Fatalf("GOGC after an apply began = %d, want %d", got, ApplyGCPercent)
	}
	debug.SetGCPercent(100)
	Applying()
	if got := gcPercent(); got != 100 {
		t.Fatalf("a second apply set GOGC again (%d), want it set once per process", got)
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
		Applying()
		if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
			t.Fatalf("with %s set, memory limit = %d, want it left alone", v, got)
		}
		if got := gcPercent(); got != 100 {
			t.Fatalf("with %s set, GOGC after an apply began = %d, want it left at 100", v, got)
		}
	}
}

func TestApplying_withoutBoundLeavesTheCollectorAlone(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	Applying()
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC after an apply in a process main did not start = %d, want 100", got)
	}
}
