//go:build chaos

package provider

// Fault coverage that every walk pays (chaos_acc_test.go): with KVM2_CHAOS_COVER_FAULTS=1
// (`make chaos`, and the seeds of tools/ci/chaos-seeds marked so), each fault kind the walk draws
// must land once in the middle of a create and once in the middle of a delete (checkCoverage).
// Drawn at random, some landings are rare (a link cut while a VM is being destroyed lasts about
// a second), so late in a walk, the steps it still owes take them on purpose: the owed fault,
// on the host of the VM the step creates or destroys, the moment terraform prints that it began.

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"time"
)

// faultPair is a fault kind and where it must land: "create" or "delete".
type faultPair struct{ fault, at string }

// phaseLine is terraform beginning a create or a delete of a resource.
var phaseLine = map[string]*regexp.Regexp{
	"create": regexp.MustCompile(`(?m): Creating\.\.\.`),
	"delete": regexp.MustCompile(`(?m): Destroying\.\.\.`),
}

// coverFaults reports whether the walk must land every fault mid-create and mid-delete.
func coverFaults() bool { return os.Getenv("KVM2_CHAOS_COVER_FAULTS") == "1" }

// owedFaults are the pairs that have not landed yet, in a fixed order.
func (w *chaosWalk) owedFaults() []faultPair {
	if !coverFaults() {
		return nil
	}
	var out []faultPair
	for _, f := range slices.Sorted(maps.Keys(w.faultWeights())) {
		for _, at := range []string{"create", "delete"} {
			if w.counts["fault "+f+" mid-"+at] == 0 {
				out = append(out, faultPair{f, at})
			}
		}
	}
	return out
}

// spareSteps are the steps a walk keeps free between the faults it owes and the probes it owes
// (choose takes those in its last steps): a probe the fleet cannot take at once (a create into
// a full pool needs a free slot) then still finds a step.
const spareSteps = 6

// forcedStep is the step the fault coverage asks for now: an op ("create" or "destroy") and the
// pair it lands, or op "" when the walk is free to choose. It asks once the steps left are few
// for what is owed (two steps a pair, the probes owed and spareSteps), or past half of the budget: a
// pair the fleet cannot take now (a create with every slot taken, a delete of the last VM) makes
// the step the one that changes that, without a fault.
func (w *chaosWalk) forcedStep(probesOwed int) (string, *faultPair) {
	owed := w.owedFaults()
	if len(owed) == 0 {
		return "", nil
	}
	late := w.step+2*len(owed)+probesOwed+spareSteps >= w.steps || (w.budget > 0 && time.Since(w.start) > w.budget/2)
	if !late {
		return "", nil
	}
	free, taken := len(w.slots(false)) > 0, len(w.slots(true)) > 1
	for _, p := range owed {
		switch {
		case p.at == "create" && free:
			return "create", &p
		case p.at == "delete" && taken:
			return "destroy", &p
		}
	}
	if free {
		return "create", nil
	}
	return "destroy", nil
}

// forcedSlot picks the slot a forced step acts on and, for a create, its host: one where the
// fault can land (reboot only on a host whose guests the lab's script can kill, pool-full only
// where the walk has a pool of its own), else any.
func (w *chaosWalk) forcedSlot(op string, p *faultPair) (slot int, host string) {
	fits := func(h string) bool {
		if p == nil {
			return true
		}
		switch p.fault {
		case "reboot":
			return w.host(h).reboot
		case "pool-full":
			return w.host(h).poolDir != ""
		}
		return true
	}
	if op == "destroy" {
		cands := slices.DeleteFunc(w.slots(true), func(s int) bool { return !fits(w.vms[s].host) })
		if len(cands) == 0 {
			cands = w.slots(true)
		}
		return w.anyOf(cands), ""
	}
	for _, s := range w.slots(false) {
		for _, h := range w.hostsFor(s) {
			if fits(h) {
				return s, h
			}
		}
	}
	s := w.anyOf(w.slots(false))
	hs := w.hostsFor(s)
	return s, hs[w.rng.IntN(len(hs))]
}
