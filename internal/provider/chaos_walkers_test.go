package provider

import (
	"fmt"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// The chaos walk's pure parts, tested in the unit tier: the verdict of a wait for a host, and
// the walkers' seeds.

// walkerSeed is walker i's seed: the run's seed plus i << 32, so that runs whose seeds are close
// (2026120631, 2026120632: seed + i made walker 1 of one walker 0 of the next) share no walk.
func walkerSeed(seed uint64, i int) uint64 { return seed + uint64(i)<<32 }

// answersWithin polls answers every 500 ms until it answers (true) or wait is over (false). The
// probe that ends the loop is the verdict: probing again after it would judge a host down after
// one failed probe, without waiting, when another walk's fault lands between the two.
func answersWithin(wait *budget.Wait, answers func() bool) bool {
	for !answers() {
		if wait.Over() {
			return false
		}
		time.Sleep(500 * time.Millisecond)
	}
	return true
}

// A host that answers the first probe and fails the next (another walk's libvirtd restart
// landing between them, as walker 2 of run 2026120650 met at its step 108) is up: one failed
// probe, without waiting, must not make waitHosts fail the walk.
func TestChaosAnswersWithin_verdictIsTheLastProbe(t *testing.T) {
	t.Parallel()
	probes := []bool{true, false}
	n := 0
	answers := func() bool { n++; return probes[min(n, len(probes))-1] }
	if !answersWithin(budget.DaemonBack.Start(), answers) || n != 1 {
		t.Fatalf("answersWithin: a host that answered was judged down (%d probes)", n)
	}
}

// Walker seeds of runs whose seeds are consecutive never coincide.
func TestChaosWalkerSeed_runsApart(t *testing.T) {
	t.Parallel()
	seen := map[uint64]string{}
	for run := uint64(2026120630); run < 2026120640; run++ {
		for i := range 8 {
			s := walkerSeed(run, i)
			if prev, ok := seen[s]; ok {
				t.Fatalf("run %d walker %d has the seed %d of %s", run, i, s, prev)
			}
			seen[s] = fmt.Sprintf("run %d walker %d", run, i)
		}
	}
	if walkerSeed(42, 0) != 42 {
		t.Fatal("walker 0's seed is the run's seed (its REPLAY line names it)")
	}
}
