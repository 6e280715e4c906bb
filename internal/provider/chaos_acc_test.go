//go:build chaos

package provider

// The chaos run (issue 22): a seeded random walk over both lab hosts of create, update in place,
// replace, import, `terraform query`, power actions and destroy on a small fleet of VMs drawn in
// several shapes (user data, two NICs, UEFI, name_prefix: chaos_shape_acc_test.go), through the
// real terraform CLI, with a foreign fleet beside it (another configuration's VM under the name
// of one of ours, an administrator's unmarked domain under another, an image and volumes), while
// faults land at random points: sshd killed with its sessions, libvirtd restarted, the link to a
// host cut mid-stream, terraform SIGINTed and SIGKILLed mid-apply, the walk's pool filled, a host
// rebooted with its guests (chaos_faults_acc_test.go has the link cut and the pool). After every step the
// invariants of chaos_check_acc_test.go hold, the next fault-free apply converges and the plan
// after it is empty; after the final destroy nothing of the walk is left.
//
//	set -a; . .lab/env; set +a; KVM2_CHAOS_SEED=42 KVM2_CHAOS_STEPS=10 TF_ACC=1 \
//	  tools/ci/on-cli terraform:v1.14.9 go test -tags chaos -count=1 -run TestAccChaos_walk -v ./internal/provider/
//
// The walk's choices follow from the seed alone; the moment a fault lands in an apply depends on
// timing, so a replay takes the same steps and faults at about the same points.

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// chaosSlots is the fleet: resource kvm2_proxy_vm.s<i> named fl-c<i>-<run> when configured.
const chaosSlots = 3

type slotHost struct {
	slot int
	host string
}

// chaosWalk is one run of the walk.
type chaosWalk struct {
	t          *testing.T
	f          *faultLab
	rng        *rand.Rand
	seed       uint64
	hosts      []chaosHost
	d, q       *tfDir // the walk's configuration; the query directory
	vms        [chaosSlots]chaosVM
	blocked    map[slotHost]string // a name held by a foreign object: the refusal expected there
	foreign    map[string]hostObj  // the foreign fleet as first seen
	foreignUID map[string]bool     // UIDs of the other configuration's VMs
	sums       map[string]bool
	actions    bool // the CLI has actions and list resources (Terraform 1.14)
	step       int
	violations int
	counts     map[string]int  // steps and faults by kind
	fillFirst  bool            // this step's pool-full lands before its apply
	stBases    []chaosBase     // the base images in state, as the last state() read them
	noBase     map[string]bool // hosts whose base image this step leaves out of the configuration
	probeDir   *tfDir          // where imports of foreign names are tried (chaos_ops_acc_test.go)
	swapped    *chaosSwap      // the slot whose domain an administrator swapped, if any
	steps      int
	budget     time.Duration      // KVM2_CHAOS_BUDGET, or 0
	start      time.Time          // when the walk began its steps
	faultAt    *regexp.Regexp     // where this step's fault lands (forcedStep), or nil: anywhere
	extraHCL   string             // more of the configuration, for this step only
	dependsOn  map[int]string     // a slot's depends_on, for this step only
	names      [chaosSlots]string // each slot's VM's name, as the last state() read it
	seenUID    map[string]bool    // the VMs whose shapes countShapes counted
	shared     *walkers           // the other walkers of a multi-walker run (chaos_walkers_acc_test.go), or nil
	idx        int                // this walker's number there (0 owns the base images)
	keptStep   int                // the step whose logs keepLogs last kept
}

// TestAccChaos_walk: KVM2_CHAOS_STEPS steps (default 10) from KVM2_CHAOS_SEED (default random),
// stopping early after KVM2_CHAOS_BUDGET (a Go duration) when set; KVM2_CHAOS_FAULTS limits the
// faults drawn (a comma list of sshd-kill, libvirtd-restart, link-cut, sigint, sigkill,
// pool-full, reboot).
func TestAccChaos_walk(t *testing.T) {
	if os.Getenv("KVM2_CHAOS_WALKERS") != "" {
		t.Skip("KVM2_CHAOS_WALKERS is set: the walkers run (TestAccChaos_walkers), not one walk")
	}
	runWalk(t, chaosSeed(t), nil, 0)
}

// runWalk is one walk from seed: alone (sh nil), or walker idx of a multi-walker run.
func runWalk(t *testing.T, seed uint64, sh *walkers, idx int) {
	f := newFaultLab(t)
	steps := envInt(t, "KVM2_CHAOS_STEPS", 10)
	var budget time.Duration
	if s := os.Getenv("KVM2_CHAOS_BUDGET"); s != "" {
		var err error
		if budget, err = time.ParseDuration(s); err != nil {
			t.Fatalf("KVM2_CHAOS_BUDGET: %v", err)
		}
	}
	t.Logf("chaos seed %d, %d steps, run %s", seed, steps, f.run)
	w := &chaosWalk{t: t, f: f, seed: seed, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), hosts: chaosHosts(f),
		blocked: map[slotHost]string{}, foreignUID: map[string]bool{}, counts: map[string]int{},
		actions: mustCLI(t).atLeast(1, 14), steps: steps, budget: budget, shared: sh, idx: idx}
	w.joinWalkers() // in a multi-walker run: the cleanups that let the others go on
	w.makePools()   // removed after the sweep below
	failedAt := 0   // the first step after which the test had failed; 0: none (or a t.Fatal mid-step)
	t.Cleanup(func() {
		if t.Failed() {
			at := w.step // a t.Fatal stops the walk in its step; steps+1 is the final destroy
			if failedAt > 0 {
				at = failedAt
			}
			replay := fmt.Sprintf("KVM2_CHAOS_SEED=%d KVM2_CHAOS_STEPS=%d KVM2_CHAOS_FAULTS=%s make chaos", seed, steps, os.Getenv("KVM2_CHAOS_FAULTS"))
			if sh != nil { // a walker walks only beside the others: replay the run
				replay = fmt.Sprintf("KVM2_CHAOS_SEED=%d KVM2_CHAOS_WALKERS=%d KVM2_CHAOS_STEPS=%d KVM2_CHAOS_FAULTS=%s make chaos-walkers   (walker %d)",
					seed-uint64(idx)<<32, len(sh.all), steps, os.Getenv("KVM2_CHAOS_FAULTS"), idx)
			}
			t.Logf("REPLAY: %s   (failed at step %d, %d violations)", replay, at, w.violations)
		}
		w.waitOthers() // walker 0's images go last
		defer w.checking()()
		for _, h := range w.hosts {
			w.sweepHost(h)
		}
	})
	t.Cleanup(func() { w.waitHosts(t) })
	start := time.Now()
	w.start = start
	w.setupShared()
	for w.step = 1; w.step <= steps; w.step++ {
		if budget > 0 && time.Since(start) > budget {
			t.Logf("budget %v spent after %d steps", budget, w.step-1)
			break
		}
		w.walkStep()
		if t.Failed() && failedAt == 0 {
			failedAt = w.step
		}
		if t.Failed() && w.violations == 0 {
			t.Logf("step %d: the walk broke (an error above, not a violation): it stops here", w.step)
			w.step++ // this step was taken
			break
		}
	}
	walked := w.step - 1 // the steps taken: all of them, or as many as the budget allowed
	w.step = steps + 1
	w.finishShared()
	t.Logf("chaos seed %d: %d of %d steps in %v; %s; %d violations", seed, walked, steps, time.Since(start).Round(time.Second), w.summary(), w.violations)
	if failedAt > 0 && w.violations == 0 {
		return // a broken walk's coverage says nothing: the error above is the failure
	}
	w.checkCoverage(walked == steps)
	w.checkShapes(walked == steps)
}

func envInt(t *testing.T, key string, def int) int {
	s := os.Getenv(key)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q is not a count", key, s)
	}
	return n
}

func (w *chaosWalk) tag(ab string) string { return "ch" + ab + "-" + w.f.run }

// setup makes the foreign fleet, snapshots it, and applies the walk's first fleet: slot 0 on
// host 1, slot 2 on host 2.
func (w *chaosWalk) setup() {
	t := w.t
	// Another configuration of this provider: a VM under slot 0's name on host 2, one more on
	// host 1, each with its own base image.
	other := chaosVM{host: "lab2", memory: 64, disk: 1, vcpus: 1, tag: "other-" + w.f.run, firmware: "bios"}
	otherHCL := w.providerHCL() + w.baseHCL(w.f.obj("fbase"), nil) + vmHCL("x0", w.fixedName(0), "kvm2_base_image.lab2.id", other)
	other.host = "lab"
	otherHCL += vmHCL("x1", w.f.obj("x1"), "kvm2_base_image.lab.id", other)
	fd := w.f.workdir(t, otherHCL)
	fd.mustApply("the other configuration's fleet")
	for _, vm := range fd.vms() {
		w.foreignUID[vm.UID] = true
	}
	w.blocked[slotHost{0, "lab2"}] = "belongs to another kvm2 configuration"
	w.makeAdminObjects()
	w.snapshotForeign()

	w.vms[0] = w.newVM("lab")
	w.vms[2] = w.newVM("lab2")
	w.d = w.f.workdir(t, w.config())
	if w.actions {
		w.q = w.f.workdir(t, w.providerHCL())
	}
	w.probeDir = w.f.workdir(t, w.providerHCL())
	w.d.mustApply("the walk's first fleet")
	if w.owner() {
		w.makeBaseUser() // an administrator's domain whose disk backs onto the walk's base image
	}
	w.d.assertPlanEmpty()
	w.checkConverged()
}

// finish destroys the walk's fleet: nothing of it is left, and the foreign fleet is as it was.
func (w *chaosWalk) finish() {
	w.t.Helper()
	w.vms = [chaosSlots]chaosVM{}
	w.releaseForeignUsers() // the administrator lets go of the walk's disks and base image
	w.d.destroy()
	inv, err := w.inventory(nil)
	if err != nil {
		w.t.Fatal(err)
	}
	var left []string
	for k := range inv {
		if _, foreign := w.foreign[k]; !foreign {
			left = append(left, k)
		}
	}
	slices.Sort(left)
	w.t.Logf("left on the hosts after the final destroy, the foreign fleet aside: %d %v", len(left), left)
	if len(left) > 0 {
		w.violation("left on the hosts after the final destroy: %v", left)
	}
	w.checkNVRAM(inv)
	w.checkForeign(inv)
}

func (w *chaosWalk) summary() string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(w.counts)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, w.counts[k]))
	}
	return strings.Join(parts, ", ")
}

// pick returns one of the choices, each with its weight.
func (w *chaosWalk) pick(weights map[string]int) string {
	keys := slices.Sorted(maps.Keys(weights))
	total := 0
	for _, k := range keys {
		total += weights[k]
	}
	n := w.rng.IntN(total)
	for _, k := range keys {
		if n -= weights[k]; n < 0 {
			return k
		}
	}
	return keys[len(keys)-1]
}

// slots lists the configured slots (in) or the free ones.
func (w *chaosWalk) slots(in bool) []int {
	var out []int
	for i, vm := range w.vms {
		if (vm.host != "") == in {
			out = append(out, i)
		}
	}
	return out
}

// hostsFor lists the hosts where slot may live: those whose name is not held by a foreign object.
func (w *chaosWalk) hostsFor(slot int) []string {
	var out []string
	for _, h := range w.hosts {
		if _, b := w.blocked[slotHost{slot, h.key}]; !b {
			out = append(out, h.key)
		}
	}
	return out
}

func (w *chaosWalk) anyOf(xs []int) int { return xs[w.rng.IntN(len(xs))] }

// walkStep takes one step: an operation on the model, perhaps with a fault in its apply, then
// recovery and the invariants.
func (w *chaosWalk) walkStep() {
	t := w.t
	ops := map[string]int{"update": 4, "replace": 3, "power": 2, "import": 2, "collide": 1}
	if len(w.slots(false)) > 0 {
		ops["create"] = 3
	}
	if len(w.slots(true)) > 1 {
		ops["destroy"] = 2
	}
	if w.actions {
		ops["query"], ops["invoke"] = 1, 2
	}
	maps.Copy(ops, w.probes())
	if len(w.slots(true)) == 0 {
		ops = map[string]int{"create": 1}
	}
	probesOwed, _ := w.owed()
	late := w.step+probesOwed > w.steps // the steps left are those owed (choose)
	forced, pair := "", (*faultPair)(nil)
	if w.step+probesOwed <= w.steps { // else the probes owed take the step (choose)
		forced, pair = w.forcedStep(probesOwed)
	}
	op := w.choose(ops)
	if forced != "" {
		op = forced
	}
	defer w.holdBases(op)()
	// Until the apply, and again after it. Stopping a pool reaches other walks as a host-wide
	// fault does (their deletes cannot follow a disk in it: chaos_gate_acc_test.go), so that
	// probe holds the gate as such a fault.
	hold := w.checking
	if op == "pool-stop" {
		hold = func() func() { return w.faulting(op) }
	}
	checks := sync.OnceFunc(hold())
	defer checks()
	if w.probe(op) {
		t.Logf("step %d: probe %s done; fleet %s", w.step, op, w.fleet())
		w.d.assertPlanEmpty()
		w.checkConverged()
		return
	}
	before := w.vms
	args := []string{"apply", "-auto-approve", "-input=false", "-no-color"}
	expectRefusal := ""
	switch op {
	case "create":
		s := w.anyOf(w.slots(false))
		hs := w.hostsFor(s)
		h := hs[w.rng.IntN(len(hs))]
		if forced != "" {
			s, h = w.forcedSlot(op, pair)
		}
		w.vms[s] = w.newVM(h)
	case "destroy":
		s := w.anyOf(w.slots(true))
		if forced != "" {
			s, _ = w.forcedSlot(op, pair)
		}
		w.vms[s] = chaosVM{}
	case "update": // in place: memory, tag, a larger disk, vCPUs or autostart
		s := w.anyOf(w.slots(true))
		switch w.rng.IntN(5) {
		case 3:
			w.vms[s].vcpus = 3 - w.vms[s].vcpus // 1 <-> 2
		case 4:
			w.vms[s].autostart = !w.vms[s].autostart
		case 0:
			w.vms[s].memory = otherMemory(w.vms[s].firmware, w.vms[s].memory) // 64 <-> 96 (UEFI: 96 <-> 128)
		case 1:
			w.vms[s].tag = map[bool]string{true: w.tag("b"), false: w.tag("a")}[w.vms[s].tag == w.tag("a")]
		default:
			if w.vms[s].disk == 1 {
				w.vms[s].disk = 2
			} else {
				w.vms[s].memory = otherMemory(w.vms[s].firmware, w.vms[s].memory)
			}
		}
	case "replace": // new user data, else to the other host where its name is free, else a smaller disk
		s := w.anyOf(w.slots(true))
		if w.rng.IntN(3) == 0 { // a change of the user data's sha256 replaces the VM
			w.vms[s].userData = w.otherUserData(w.vms[s].userData)
			w.counts["replace: user data"]++
		} else if hs := w.hostsFor(s); len(hs) > 1 {
			w.vms[s].host = map[bool]string{true: "lab2", false: "lab"}[w.vms[s].host == "lab"]
			if h := w.host(w.vms[s].host); w.vms[s].nets != "" { // the new host's two networks
				w.vms[s].nets = map[bool]string{true: h.network + "," + h.netB, false: ""}[h.netB != ""]
			}
		} else if w.vms[s].disk > 1 {
			w.vms[s].disk = 1 // a smaller disk replaces the VM
		} else {
			w.vms[s].disk, op = 2, "update" // a larger one is an update in place
		}
	case "power": // at most one guest runs on the shared cores
		s := w.anyOf(w.slots(true))
		for i := range w.vms {
			if i != s {
				w.vms[i].running = false
			}
		}
		w.vms[s].running = !w.vms[s].running
	case "collide": // a slot onto the host where its name is foreign: refused, and reverted below
		for _, sh := range sortedBlocked(w.blocked) {
			if why := w.blocked[sh]; w.vms[sh.slot].host != sh.host && w.blockedName(sh) == w.fixedName(sh.slot) {
				if w.vms[sh.slot].host == "" {
					w.vms[sh.slot] = w.newVM("")
				}
				// Under its fixed name, the one the foreign object holds (a prefix draws another).
				w.vms[sh.slot].host, w.vms[sh.slot].prefix, w.vms[sh.slot].nets, expectRefusal = sh.host, false, "", why
				break
			}
		}
	case "import": // forget a VM and import it again by its id
		s := w.anyOf(w.slots(true))
		addr, name := fmt.Sprintf("kvm2_proxy_vm.s%d", s), w.slotName(s) // its name as in state
		if r := w.d.run(2*time.Minute, "state", "rm", "-no-color", addr); r.code != 0 {
			t.Fatalf("state rm %s: %s", addr, r.out)
		}
		w.importVM(addr, w.vms[s].host+"/"+name)
	case "invoke": // a power action; the next apply brings the VM back to its configuration
		s := w.anyOf(w.slots(true))
		action := map[bool]string{true: "stop", false: "start"}[w.vms[s].running]
		args = append(args, fmt.Sprintf("-invoke=action.kvm2_proxy_vm_power.s%d_%s", s, action))
	case "query":
		w.query()
	}
	w.counts["op "+op]++
	w.write()
	fault := ""
	if op != "query" && op != "import" && op != "collide" && w.rng.IntN(100) < 60 {
		fault = w.pick(w.faultWeights())
	}
	faultHost := w.hosts[w.rng.IntN(len(w.hosts))]
	changed := w.vmsSlot(before, w.vms)
	w.faultAt = nil
	if forced != "" {
		fault = ""
		if pair != nil { // on the host of the VM created or destroyed, as it begins
			fault, w.faultAt = pair.fault, phaseLine[pair.at]
			faultHost = *w.host(map[bool]string{true: w.vms[changed].host, false: before[changed].host}[pair.at == "create"])
			w.counts["forced fault "+pair.fault+" mid-"+pair.at]++
		}
	}
	switch {
	case fault == "pool-full":
		// On the host of the slot this step changes, where the walk has a pool of its own;
		// half the time filled before the apply, so its plan sees the pool full.
		hs := w.poolHosts()
		if w.faultAt != nil { // forced: filled as the create or delete begins, on its host
			if faultHost.poolDir == "" {
				faultHost = hs[0]
			}
			w.fillFirst = false
			break
		}
		faultHost = hs[w.rng.IntN(len(hs))]
		for _, h := range hs {
			if h.key == w.vms[changed].host {
				faultHost = h
			}
		}
		w.fillFirst = w.rng.IntN(2) == 0
	case fault == "link-cut" && w.vms[changed].host != "":
		faultHost = *w.host(w.vms[changed].host)
	}
	// A walk that still owes an orphan kills, late, a prefixed VM's create the moment its domain
	// is defined (below): the orphan it leaves is for the guide's recipe to find (recover).
	orphan := op == "create" && forced == "" && late && w.vms[changed].prefix && slices.Contains(w.shapesOwed(), orphanShape)
	if orphan {
		fault, faultHost = "sigkill", *w.host(w.vms[changed].host)
		w.counts["forced sigkill of a prefixed create"]++
	}
	delay := time.Duration(w.rng.IntN(1200)) * time.Millisecond // applies here take 1 to 5 s
	if fault == "sigint" || fault == "sigkill" {
		delay /= 4 // after terraform's first change: a VM's change takes about a second
	}
	if w.faultAt != nil {
		delay = 0
	}
	t.Logf("step %d: %s%s; fleet %s", w.step, op, map[bool]string{true: " + " + fault + " on " + faultHost.key, false: ""}[fault != ""], w.fleet())
	// Half the SIGKILLs of a step that makes a domain land the moment it is defined: the
	// window in which terraform dies before it saves what it made.
	// Half the link cuts of such a step land when its seed volume appears: mid-upload.
	var appears *chaosHost
	if (fault == "sigkill" || fault == "link-cut") && w.faultAt == nil && (orphan || w.rng.IntN(2) == 0) {
		if s := changed; w.vms[s].host != "" && w.vms[s].host != before[s].host {
			appears = w.host(w.vms[s].host)
			delay = 0
			w.counts[map[bool]string{true: "sigkill when the domain appears", false: "link-cut when the seed appears"}[fault == "sigkill"]]++
		}
	}
	checks()
	endFault := w.faulting(fault)
	applied := time.Now()
	r := w.applyWithFault(args, fault, faultHost, delay, appears, w.createName(changed))
	endFault()
	defer w.checking()() // before hitByOthers: a fault that hit the apply has been journaled whole
	hit := w.hitByOthers(applied, time.Now())
	if hit != nil {
		w.counts["apply hit by another walk's "+hit.kind]++
		t.Logf("step %d: the apply ran while run %s's %s landed (exit %d)", w.step, hit.run, hit.kind, r.code)
	}
	if expectRefusal != "" {
		if r.code == 0 || !strings.Contains(r.out, w.fixedName(changed)) || !strings.Contains(r.out, expectRefusal) {
			if fault == "" && hit == nil {
				w.violation("an apply onto a foreign name did not fail with %q (exit %d):\n%s", expectRefusal, r.code, r.errors())
			}
		}
		w.vms = before
		w.write()
	} else if fault == "" && hit == nil && r.code != 0 && !grownRE.MatchString(r.out) {
		w.violation("the apply failed without a fault:\n%s", r.errors())
	}
	if fault != "" || r.code != 0 || op == "invoke" || hit != nil {
		w.recover(r)
	}
	w.d.assertPlanEmpty()
	w.checkConverged()
}
