//go:build chaos

package provider

// The multi-walker chaos run: KVM2_CHAOS_WALKERS walks (chaos_acc_test.go) at the same time on
// the shared lab hosts, each with its own state, run name, pool, foreign fleet and seed
// (KVM2_CHAOS_SEED + its number << 32: walkerSeed), as several Terraform runs on the same hosts are (Terragrunt
// run --all, parallel CI jobs, two operators). Walker 0 owns the base images; the others' VMs
// name them by id (base_image_id as a string, as a state of VMs beside a state of images does),
// so walker 0's probes on its images (removal, replacement, its pool stopped) meet the others'
// VMs as users. Every invariant of the single walk holds for each walker, which is also "nothing
// of one walker's is touched by another": each checks its own VMs, volumes and foreign fleet
// exactly, from the hosts.
//
// What the walkers share, besides the gate every walk takes (chaos_gate_acc_test.go: faults
// that reach every client of a host land while no other walk checks, and excuse the applies of
// others they hit): bases, which walker 0's steps that remove, replace or stop its images' pool
// hold exclusively and the others hold shared for every step, so the users walker 0 expects to
// be refused for are the VMs the others' states hold. The race of an image delete against a
// create of another process has its own tests (TestIntegrationRace_*).
//
//	KVM2_CHAOS_WALKERS=3 KVM2_CHAOS_SEED=1 KVM2_CHAOS_BUDGET=30m make chaos-walkers

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// walkers is what the walkers of one run share.
type walkers struct {
	bases  sync.RWMutex // shared: a walker's step; exclusive: walker 0 on its images
	mu     sync.Mutex
	owner  *chaosWalk    // walker 0, once it made its base images
	ready  chan struct{} // closed once walker 0's base images are made (or it stopped)
	all    []*chaosWalk
	others sync.WaitGroup // the walkers other than 0, until they end
}

// TestAccChaos_walkers runs KVM2_CHAOS_WALKERS (two or more) walks at once; each takes
// KVM2_CHAOS_STEPS steps within KVM2_CHAOS_BUDGET, as TestAccChaos_walk does. Without
// KVM2_CHAOS_WALKERS it is skipped (and TestAccChaos_walk is skipped with it).
func TestAccChaos_walkers(t *testing.T) {
	if os.Getenv("KVM2_CHAOS_WALKERS") == "" {
		t.Skip("set KVM2_CHAOS_WALKERS (make chaos-walkers) to run several walks at once")
	}
	n := envInt(t, "KVM2_CHAOS_WALKERS", 3)
	if n < 2 {
		t.Fatalf("KVM2_CHAOS_WALKERS=%d: two or more (one walk is TestAccChaos_walk)", n)
	}
	// go test runs at most -parallel (GOMAXPROCS by default) parallel subtests at once.
	if p := flag.Lookup("test.parallel"); p == nil || atoi(p.Value.String()) < n {
		t.Fatalf("KVM2_CHAOS_WALKERS=%d needs go test -parallel %d or more (make chaos-walkers passes it)", n, n)
	}
	seed := chaosSeed(t)
	sh := &walkers{ready: make(chan struct{})}
	sh.all = make([]*chaosWalk, n)
	sh.others.Add(n - 1)
	for i := range n {
		t.Run(fmt.Sprintf("walker%d", i), func(t *testing.T) {
			t.Parallel()
			runWalk(t, walkerSeed(seed, i), sh, i)
		})
	}
}

// owner reports whether w owns the base images: a single walk, or walker 0.
func (w *chaosWalk) owner() bool { return w.shared == nil || w.idx == 0 }

// baseOp reports whether op is a step of walker 0 on its base images or their pool.
func baseOp(op string) bool { return op == "base-delete" || op == "base-replace" || op == "pool-stop" }

// holdBases takes the bases lock for a step doing op; it returns the release.
func (w *chaosWalk) holdBases(op string) func() {
	sh := w.shared
	switch {
	case sh == nil:
		return func() {}
	case w.owner() && baseOp(op):
		sh.bases.Lock()
		return sh.bases.Unlock
	case w.owner():
		return func() {}
	}
	sh.bases.RLock()
	return sh.bases.RUnlock
}

// othersOnBase are, by host, the VMs of the other walkers (their models: they hold bases shared
// for every step, so between steps their state is their model), users of walker 0's images.
func (w *chaosWalk) othersOnBase(users map[string][]string) {
	if w.shared == nil {
		return
	}
	w.shared.mu.Lock()
	all := slices.Clone(w.shared.all)
	w.shared.mu.Unlock()
	for _, o := range all {
		if o == nil || o == w {
			continue
		}
		if sw := o.swapped; sw != nil && len(sw.keys) > 1 {
			users[sw.host] = append(users[sw.host], sw.name)
		}
		for i, vm := range o.vms {
			if vm.host != "" {
				users[vm.host] = append(users[vm.host], o.slotName(i))
			}
		}
	}
}

// ownerBaseID is the id of walker 0's base image on host, which the other walkers' VMs name.
func (w *chaosWalk) ownerBaseID(host string) string {
	o := w.shared.owner
	return host + "/" + o.host(host).pool + "/" + o.f.obj("base") + ".qcow2"
}

// waitOwner waits until walker 0 made its base images; false when it stopped first.
func (w *chaosWalk) waitOwner() bool {
	<-w.shared.ready
	return w.shared.owner != nil
}

// chaosSeed is KVM2_CHAOS_SEED, else a random one.
func chaosSeed(t *testing.T) uint64 {
	s := os.Getenv("KVM2_CHAOS_SEED")
	if s == "" {
		return uint64(time.Now().UnixNano())
	}
	var seed uint64
	if _, err := fmt.Sscan(s, &seed); err != nil {
		t.Fatalf("KVM2_CHAOS_SEED: %v", err)
	}
	return seed
}

// joinWalkers enters w in its run and registers what lets the others go on when it ends:
// walker 0's images counted as made (or never to be), a walker's end once its sweep is done.
func (w *chaosWalk) joinWalkers() {
	sh := w.shared
	if sh == nil {
		return
	}
	sh.mu.Lock()
	sh.all[w.idx] = w
	sh.mu.Unlock()
	if w.owner() {
		w.t.Cleanup(sh.closeReady)
		return
	}
	w.t.Cleanup(sh.others.Done) // registered first, so it runs after the sweep
}

// closeReady lets the other walkers start: walker 0 made its images, or stopped.
func (sh *walkers) closeReady() {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	select {
	case <-sh.ready:
	default:
		close(sh.ready)
	}
}

// setupShared is setup holding the locks a step holds; in a multi-walker run, after walker 0's
// images (the other walkers' VMs back onto them).
func (w *chaosWalk) setupShared() {
	if w.shared == nil {
		defer w.checking()()
		w.setup()
		return
	}
	if !w.owner() {
		if !w.waitOwner() {
			w.t.Fatal("walker 0 stopped before it made its base images")
		}
		defer w.holdBases("")()
	}
	func() {
		defer w.checking()()
		w.setup()
	}()
	if w.owner() {
		w.shared.mu.Lock()
		w.shared.owner = w
		w.shared.mu.Unlock()
		w.shared.closeReady()
	}
}

// finishShared is finish; walker 0's comes after every other walker's (its images go last).
func (w *chaosWalk) finishShared() {
	if w.shared != nil {
		w.waitOthers()
		defer w.holdBases("")()
	}
	defer w.checking()()
	w.finish()
}

// waitOthers makes walker 0 wait until the other walkers ended.
func (w *chaosWalk) waitOthers() {
	if w.shared != nil && w.owner() {
		w.shared.others.Wait()
	}
}

// atoi is s as a number, or 0.
func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
