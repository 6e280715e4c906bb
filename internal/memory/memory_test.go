package memory

import (
	"runtime/debug"
	"testing"
)

// gcPercent reads the runtime's GOGC target without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestApplyTarget_lowersTheHeapGoal(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	debug.SetGCPercent(100)
	applyTarget(func(string) string { return "" })
	if got := gcPercent(); got != ApplyGCPercent {
		t.Fatalf("GOGC after an apply began = %d, want %d", got, ApplyGCPercent)
	}
}

func TestApplyTarget_leavesAUsersSettingAlone(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	for _, v := range []string{"GOGC", "GOMEMLIMIT"} {
		debug.SetGCPercent(100)
		applyTarget(func(k string) string {
			if k == v {
				return "200"
			}
			return ""
		})
		if got := gcPercent(); got != 100 {
			t.Fatalf("with %s set, GOGC after an apply began = %d, want it left at 100", v, got)
		}
	}
}

func TestApplying_onceOnly(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	Applying()
	if got := gcPercent(); got != ApplyGCPercent {
		t.Fatalf("GOGC after the first apply = %d, want %d", got, ApplyGCPercent)
	}
	debug.SetGCPercent(100)
	Applying()
	if got := gcPercent(); got != 100 {
		t.Fatalf("a second apply set GOGC again (%d), want it set once per process", got)
	}
}
