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

// The policy never sets a memory limit, in a process that plans or one that creates: a fixed
// limit costs a large fleet's plan its time (issue 39: 2.6 times at 1,000 items under 32 MiB).
// The only setting is GOGC=50 once a create begins, a goal that moves with what is live.
func TestArm_setsNoMemoryLimitAndArmsTheCreateTarget(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	arm(func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Fatalf("memory limit after Arm = %d, want none (%d)", got, int64(math.MaxInt64))
	}
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC before any create = %d, want the default 100", got)
	}
	Creating()
	if got := gcPercent(); got != CreateGCPercent {
		t.Fatalf("GOGC after a create began = %d, want %d", got, CreateGCPercent)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Fatalf("memory limit after a create began = %d, want none", got)
	}
	debug.SetGCPercent(100)
	Creating()
	if got := gcPercent(); got != 100 {
		t.Fatalf("a second create set GOGC again (%d), want it set once per process", got)
	}
}

func TestArm_leavesAUsersSettingAlone(t *testing.T) {
	restore(t)
	for _, v := range []string{"GOGC", "GOMEMLIMIT"} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		arm(func(k string) string {
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

func TestCreating_withoutArmLeavesTheCollectorAlone(t *testing.T) {
	restore(t)
	debug.SetGCPercent(100)
	Creating()
	if got := gcPercent(); got != 100 {
		t.Fatalf("GOGC after a create in a process main did not start = %d, want 100", got)
	}
}
