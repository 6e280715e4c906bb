//go:build chaos

package provider

// The chaos walk's probes (chaos_acc_test.go): steps in which an administrator works on the
// hosts beside the walk and the provider must refuse, or leave alone, what is not its own. Each
// runs without a fault and says what it expects: a VM swapped for a foreign domain of its name
// (its destroy leaves that domain alone), the base images removed while domains use them
// (refused), a foreign domain, stopped or running, attaching a VM's disk for its next boot or
// live (the VM's destroy refused: chaos_attach_acc_test.go), an import of a foreign name
// (refused), a create into a pool with room for the base's size but not for the VM (refused by
// the create's own check, nothing written), and out-of-band stop, removal and resize (the next
// apply brings the VM back).

import (
	"context"
	"fmt"
	"maps"
	"os"
	"regexp"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// chaosSwap is a VM the administrator swapped for a domain of its own under the same name.
type chaosSwap struct {
	slot       int
	host, name string
	keys       []string // the foreign objects it left: its domain, and the disks a copy names
}

// probes are the probe steps possible now, with their weights.
func (w *chaosWalk) probes() map[string]int {
	out := map[string]int{"swap": 1, "import-foreign": 1}
	if w.owner() { // the images are walker 0's in a multi-walker run
		out["base-delete"], out["base-replace"] = 1, 1
	}
	if len(w.slots(true)) > 0 {
		out["attach"], out["oob"] = 1, 2
	}
	for _, s := range w.slots(false) {
		for _, h := range w.hostsFor(s) {
			if w.host(h).poolDir != "" {
				out["create-full"] = 1
			}
		}
	}
	maps.Copy(out, w.pendingProbes())
	return out
}

// owed is how many probe steps the walk still owes its coverage (every probe once, swap once
// with each kind of foreign domain, attach once with each of attachKinds, oob once as a memory
// change and once as a disk growth, and a create of every VM shape not made yet: shapeSteps),
// and the probes (or ops) that pay it.
func (w *chaosWalk) owed() (int, map[string]bool) {
	kinds := map[string]bool{}
	n := 0
	for _, k := range []string{"base-delete", "base-replace", "import-foreign", "create-full", "collide"} {
		if w.counts["op "+k] == 0 && (w.owner() || !strings.HasPrefix(k, "base-")) {
			kinds[k] = true
			n++
		}
	}
	for k := range w.pendingProbes() { // pool-stop, unless KVM2_CHAOS_PENDING=0
		if w.counts["op "+k] == 0 {
			kinds[k] = true
			n++
		}
	}
	for _, k := range []string{"oob resize", "oob disk"} {
		if w.counts[k] == 0 {
			kinds["oob"] = true
			n++
		}
	}
	for _, k := range []string{"swap copy", "swap unmarked"} {
		if w.counts[k] == 0 {
			kinds["swap"] = true
			n++
		}
	}
	for _, k := range attachKinds {
		if w.counts[k] == 0 {
			kinds["attach"] = true
			n++
		}
	}
	if k, op := w.shapeSteps(); k > 0 { // a create of the shapes owed (chaos_shape_acc_test.go)
		kinds[op] = true
		n += k
	}
	return n, kinds
}

// choose picks the step's operation from ops: by weight, unless the steps left are only as
// many as the probes still owed, then one of those.
func (w *chaosWalk) choose(ops map[string]int) string {
	n, kinds := w.owed()
	if w.step+n > w.steps {
		forced := map[string]int{}
		for k := range kinds {
			if _, ok := ops[k]; ok {
				forced[k] = 1
			}
		}
		if len(forced) > 0 {
			return w.pick(forced)
		}
	}
	return w.pick(ops)
}

// probe runs op when it is a probe and reports whether it was.
func (w *chaosWalk) probe(op string) bool {
	f := map[string]func(){"swap": w.swap, "base-delete": w.baseDelete, "base-replace": w.baseReplace, "attach": w.attach,
		"import-foreign": w.importForeign, "create-full": w.createFull, "oob": w.outOfBand, "pool-stop": w.poolStop}[op]
	if f == nil {
		return false
	}
	w.counts["op "+op]++
	f()
	return true
}

// applyOK is a fault-free apply that must succeed.
func (w *chaosWalk) applyOK(what string) tfResult {
	w.write()
	r := w.d.apply(10 * time.Minute)
	if r.code != 0 {
		w.violation("%s: the apply failed:\n%s", what, r.errors())
		w.recover(r)
	}
	return r
}

// onHost runs fn on a fresh connection to host's libvirtd; an error ends the test.
func (w *chaosWalk) onHost(host string, fn func(l *libvirt.Libvirt) error) {
	w.t.Helper()
	l, err := w.host(host).conn()
	if err != nil {
		w.t.Fatal(err)
	}
	defer l.Disconnect()
	if err := fn(l); err != nil {
		w.t.Fatalf("step %d: on %s: %v", w.step, host, err)
	}
}

// swap: the administrator removes one of the walk's VMs and defines a domain of its own under
// the name: every other swap a copy of the VM's definition (its mark, its disks) under a new
// UUID, else an unmarked domain. The VM is then left out of the configuration: its destroy
// must leave that domain (and the disks a copy names) alone, and remove the rest of the VM.
// An earlier swap is undone first (the administrator removes its domain).
func (w *chaosWalk) swap() {
	if w.swapped != nil {
		sw := w.swapped
		w.removeAdmin(sw.keys...)
		delete(w.blocked, slotHost{sw.slot, sw.host})
		w.swapped = nil
	}
	s := -1
	for _, i := range w.slots(true) {
		if len(w.hostsFor(i)) > 1 {
			s = i
		}
	}
	if s < 0 { // none configured: the first free slot that may live on both hosts, made first
		for _, i := range w.slots(false) {
			if len(w.hostsFor(i)) > 1 && s < 0 {
				s = i
				w.vms[s] = w.newVM(w.hostsFor(i)[w.rng.IntN(2)])
				w.applyOK("the create before a swap")
			}
		}
	}
	if s < 0 {
		w.t.Logf("step %d: swap: no slot may live on both hosts", w.step)
		return
	}
	st := w.state()[s]
	copyMark := w.counts["swap copy"] <= w.counts["swap unmarked"]
	kind := map[bool]string{true: "swap copy", false: "swap unmarked"}[copyMark]
	w.counts[kind]++
	host, name := st.Host, st.Name
	sw := &chaosSwap{slot: s, host: host, name: name, keys: []string{host + " domain " + name}}
	why := "not managed by kvm2"
	w.onHost(host, func(l *libvirt.Libvirt) error {
		d, err := l.DomainLookupByName(name)
		if err != nil {
			return err
		}
		x, err := l.DomainGetXMLDesc(d, libvirt.DomainXMLInactive)
		if err != nil {
			return err
		}
		_ = l.DomainDestroy(d)
		if err := l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram); err != nil {
			return err
		}
		if copyMark {
			x = regexp.MustCompile(`(?s)<uuid>.*?</uuid>`).ReplaceAllString(x, "")
			why = "belongs to another kvm2 configuration"
		} else {
			x = adminDomainXML(name)
		}
		_, err = l.DomainDefineXML(x)
		return err
	})
	if copyMark { // the copy names the VM's disks: they are the administrator's now
		pool := w.host(host).pool
		for _, n := range chaosOwnedNames(name, st.UID)[:2] {
			sw.keys = append(sw.keys, host+" volume "+pool+"/"+n)
		}
		w.foreignUID[st.UID] = true
	}
	w.adoptForeign(sw.keys...)
	w.swapped = sw
	w.blocked[slotHost{s, host}] = why
	w.t.Logf("step %d: %s: %s/%s (uid %s) replaced by the administrator's domain; the VM is left out of the configuration", w.step, kind, host, name, st.UID)
	w.vms[s] = chaosVM{}
	w.applyOK("the destroy of a VM whose name holds a foreign domain")
}

// baseDelete leaves both base images out of the configuration (the VMs name them by id): the
// removal must be refused on a host where a domain uses the image, naming every such domain
// (host 2's administrator's domain, whose disk backs onto it, always; the walk's VMs there),
// and done elsewhere; then the configuration is restored (a removed image cached again).
func (w *chaosWalk) baseDelete() {
	users := w.baseUsers()
	w.noBase = map[string]bool{}
	for _, h := range w.hosts {
		w.noBase[h.key] = true
	}
	w.write()
	r := w.d.apply(10 * time.Minute)
	w.t.Logf("step %d: base images left out of the configuration (users %v): exit %d\n%s", w.step, users, r.code, r.errors())
	w.checkBaseRefusals("removal", users, r)
	w.noBase = nil
	w.applyOK("the base images restored")
}

// importForeign imports a name that holds a domain which is not the walk's (no mark, or a copied
// one), in a directory of its own: the import must fail saying so.
func (w *chaosWalk) importForeign() {
	var cands []slotHost
	for _, sh := range sortedBlocked(w.blocked) {
		if !strings.Contains(w.blocked[sh], "another kvm2 configuration") || w.swapped != nil && w.swapped.slot == sh.slot {
			cands = append(cands, sh)
		}
	}
	sh := cands[w.rng.IntN(len(cands))]
	name := w.blockedName(sh)
	vm := w.newVM(sh.host)
	vm.prefix = false // an import names the domain
	base := fmt.Sprintf("%q", sh.host+"/"+w.host(sh.host).pool+"/"+w.f.obj("base")+".qcow2")
	if !w.owner() {
		base = w.baseRef(sh.host) // walker 0's image, by id
	}
	if err := os.WriteFile(w.probeDir.dir+"/main.tf", []byte(w.providerHCL()+vmHCL("probe", name, base, vm)), 0o600); err != nil {
		w.t.Fatal(err)
	}
	r := w.probeDir.run(5*time.Minute, "import", "-input=false", "-no-color", "kvm2_proxy_vm.probe", sh.host+"/"+name)
	w.t.Logf("step %d: import of %s/%s (%s): exit %d\n%s", w.step, sh.host, name, w.blocked[sh], r.code, r.errors())
	if r.code == 0 {
		w.violation("terraform import of %s/%s, a domain that is not the walk's (%s), succeeded", sh.host, name, w.blocked[sh])
		w.probeDir.run(2*time.Minute, "state", "rm", "-no-color", "kvm2_proxy_vm.probe")
	} else if !regexp.MustCompile(`not\s+managed\s+by\s+kvm2|copy\s+of\s+a\s+kvm2\s+mark`).MatchString(r.out) {
		w.violation("terraform import of %s/%s failed without saying the domain is not kvm2's:\n%s", sh.host, name, r.errors())
	}
}

// createFull creates a VM into a pool that fills between the apply's plan of it and its create:
// the create's own space check must refuse it, with nothing written. The plan asks the same
// figure but reads a host's free space once per command, so the apply creates first another VM
// on the host (pa, whose plan reads it), then terraform_data.fill, during whose local-exec the
// administrator fills the pool until the base image's size plus 8 MiB is free (a create asks the
// base's size, the seed and a 16 MiB margin), then the slot's VM (depends_on fill). Once the
// administrator frees the space, the next apply makes the VM and removes pa.
func (w *chaosWalk) createFull() {
	type cand struct {
		slot int
		host string
	}
	var cs []cand
	for _, s := range w.slots(false) {
		for _, h := range w.hostsFor(s) {
			if w.host(h).poolDir != "" {
				cs = append(cs, cand{s, h})
			}
		}
	}
	c := cs[w.rng.IntN(len(cs))]
	h := *w.host(c.host)
	var size int64
	for _, b := range w.stBases {
		if b.Host == c.host {
			size = b.SizeBytes
		}
	}
	flag := w.d.dir + "/filled"
	w.extraHCL = vmHCL("pa", w.f.obj("pa"), w.baseRef(c.host), w.newVM(c.host)) + fmt.Sprintf(`
resource "terraform_data" "fill" {
  depends_on = [kvm2_proxy_vm.pa]
  provisioner "local-exec" {
    command = "for i in $(seq 1200); do [ -e %s ] && exit 0; sleep 0.1; done; exit 1"
  }
}
`, flag)
	w.dependsOn = map[int]string{c.slot: "terraform_data.fill"}
	w.vms[c.slot] = w.newVM(c.host)
	w.write()
	p := w.d.start("apply", "-auto-approve", "-input=false", "-no-color")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	_, werr := p.waitOutput(ctx, regexp.MustCompile(`terraform_data\.fill: (Creating|Provisioning)`), 1)
	cancel()
	filled := werr == nil
	if filled {
		out, err := h.inMounts(fmt.Sprintf("a=$(df -B1 --output=avail %[1]s | tail -1); n=$(( (a - %[2]d) / 4096 )); [ $n -gt 0 ] && dd if=/dev/zero of=%[1]s/%[3]s bs=4096 count=$n 2>&1 | tail -1; df -B1 --output=avail %[1]s | tail -1",
			h.poolDir, size+8<<20, w.filler()))
		if err == nil {
			err = h.refreshPool()
		}
		if err != nil {
			w.t.Fatal(err)
		}
		w.t.Logf("step %d: create-full: pool %s on %s filled to the base's %d bytes + 8 MiB free: %s", w.step, h.pool, h.key, size, strings.ReplaceAll(out, "\n", "; "))
		if err := os.WriteFile(flag, nil, 0o600); err != nil {
			w.t.Fatal(err)
		}
	}
	r := p.wait(w.t, 10*time.Minute)
	_ = os.Remove(flag)
	quota := regexp.MustCompile(`pool\s+"` + regexp.QuoteMeta(h.pool) + `"\s+on\s+host\s+"` + h.key + `"\s+has\s+(?:[^,]+\s+free,\s+needs|\d+\s+bytes\s+free,\s+but)`)
	w.t.Logf("step %d: create-full of %s into the filled pool: exit %d\n%s", w.step, w.slotName(c.slot), r.code, r.errors())
	switch {
	case !filled:
		w.violation("create-full: terraform_data.fill never began (%v):\n%s", werr, r.errors())
	case r.code == 0 || !quota.MatchString(r.out):
		w.violation("a create into pool %s on %s, filled after its plan, was not refused by the create's space check (exit %d):\n%s", h.pool, h.key, r.code, r.errors())
	}
	if inv, err := w.inventory(nil); err == nil && r.code != 0 {
		for k := range inv {
			host, _, _, n := splitKey(k)
			if _, foreign := w.foreign[k]; !foreign && host == c.host && (namedLike(n, w.createName(c.slot)) || volumeOfName(n, w.createName(c.slot))) {
				w.violation("the create refused for lack of space left %s", k)
			}
		}
	}
	w.freePool(h)
	w.extraHCL, w.dependsOn = "", nil
	w.applyOK("the create once the administrator freed the space")
}

// outOfBand: the administrator stops a running VM, removes a VM's domain (its volumes stay),
// changes a VM's memory for its next boot (stopping it first if it runs), or grows a VM's disk
// (outOfBandDisk); the next apply brings it back to its configuration (a removed VM made again).
// The first out-of-band change of a walk is a memory change, the second a disk growth.
func (w *chaosWalk) outOfBand() {
	s := w.anyOf(w.slots(true))
	st := w.state()[s]
	what := []string{"removal", "resize", "stop", "disk"}[w.rng.IntN(4)]
	switch {
	case w.counts["oob resize"] == 0:
		what = "resize"
	case w.counts["oob disk"] == 0:
		what = "disk"
	}
	if what == "stop" && !st.Running {
		what = "resize"
	}
	w.counts["oob "+what]++
	if what == "disk" {
		w.outOfBandDisk(s, st)
		return
	}
	w.onHost(st.Host, func(l *libvirt.Libvirt) error {
		d, err := l.DomainLookupByName(st.Name)
		if err != nil {
			return err
		}
		switch what {
		case "stop":
			return l.DomainDestroy(d)
		case "resize":
			if st.Running {
				if err := l.DomainDestroy(d); err != nil {
					return err
				}
			}
			mem := uint64(otherMemory(st.Firmware, st.MemoryMiB)) << 10
			if err := l.DomainSetMemoryFlags(d, mem, uint32(libvirt.DomainMemConfig|libvirt.DomainMemMaximum)); err != nil {
				return err
			}
			return l.DomainSetMemoryFlags(d, mem, uint32(libvirt.DomainMemConfig))
		}
		_ = l.DomainDestroy(d)
		return l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram)
	})
	w.t.Logf("step %d: out-of-band %s of %s on %s", w.step, what, st.Name, st.Host)
	w.applyOK("the apply after an out-of-band " + what)
}
