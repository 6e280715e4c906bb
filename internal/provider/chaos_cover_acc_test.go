//go:build chaos

package provider

// What a chaos walk must have covered (chaos_acc_test.go): every probe of chaos_ops_acc_test.go
// once (swap once with each kind of foreign domain), in a walk that took all its steps; and,
// with KVM2_CHAOS_COVER_FAULTS=1 (`make chaos`), every fault it draws landed at least once
// while terraform was creating a VM or a base image and once while it was destroying one.

import (
	"os"
	"slices"
	"strings"

	"maps"
)

// checkCoverage fails the test when the walk did not cover what it must; complete is whether
// it took all its steps (a walk stopped by its budget owes no probe).
func (w *chaosWalk) checkCoverage(complete bool) {
	w.t.Helper()
	if n, kinds := w.owed(); complete && n > 0 {
		w.t.Errorf("coverage: the walk took all its %d steps but never took the probe(s) %v (%d owed): give it more steps (KVM2_CHAOS_STEPS)",
			w.steps, slices.Sorted(maps.Keys(kinds)), n)
	}
	if os.Getenv("KVM2_CHAOS_COVER_FAULTS") != "1" {
		return
	}
	var missing []string
	for _, f := range slices.Sorted(maps.Keys(w.faultWeights())) {
		for _, at := range []string{"create", "delete"} {
			if w.counts["fault "+f+" mid-"+at] == 0 {
				missing = append(missing, f+" mid-"+at)
			}
		}
	}
	if len(missing) > 0 {
		w.t.Errorf("coverage: these faults never landed where they must (KVM2_CHAOS_COVER_FAULTS=1): %s; run more steps or another seed",
			strings.Join(missing, ", "))
	}
}
