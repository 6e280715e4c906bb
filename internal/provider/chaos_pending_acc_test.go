//go:build chaos

package provider

// The pool-stop probe of the chaos walk (chaos_ops_acc_test.go): the walk's pool on a VM's host
// stopped (virsh pool-destroy), then the VM destroyed: the destroy must either be refused with
// nothing of the VM removed, or remove it whole; once the pool runs again, nothing of the VM may
// be left. The provider before the inactive-pool refusal (kvm2.InactivePoolError) failed it: the
// destroy succeeded and left the VM's volumes in no state. Every walk owes it once;
// KVM2_CHAOS_PENDING=0 leaves it out (to walk a build from before that fix).

import (
	"os"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// pendingProbes are the probes of this file possible now, unless KVM2_CHAOS_PENDING=0.
func (w *chaosWalk) pendingProbes() map[string]int {
	out := map[string]int{}
	if os.Getenv("KVM2_CHAOS_PENDING") == "0" {
		return out
	}
	for _, s := range w.slots(true) {
		if w.host(w.vms[s].host).poolDir != "" {
			out["pool-stop"] = 1
		}
	}
	return out
}

// poolStop stops the walk's pool under a VM, destroys the VM (-refresh=false), starts the pool
// again and applies again: checkConverged then finds anything of the VM that the destroy left.
func (w *chaosWalk) poolStop() {
	var cands []int
	for _, s := range w.slots(true) {
		if w.host(w.vms[s].host).poolDir != "" {
			cands = append(cands, s)
		}
	}
	s := w.anyOf(cands)
	h := w.host(w.vms[s].host)
	setPool := func(active bool) {
		w.onHost(h.key, func(l *libvirt.Libvirt) error {
			p, err := l.StoragePoolLookupByName(h.pool)
			if err != nil {
				return err
			}
			if active {
				return l.StoragePoolCreate(p, 0)
			}
			return l.StoragePoolDestroy(p)
		})
	}
	setPool(false)
	before := w.vms
	w.vms[s] = chaosVM{}
	w.write()
	// Without a refresh: the base image in the same pool cannot be read while it is stopped,
	// and the destroy is what this probe is about.
	r := w.d.run(10*time.Minute, "apply", "-auto-approve", "-input=false", "-no-color", "-refresh=false")
	w.t.Logf("step %d: pool-stop: pool %s on %s stopped, %s destroyed: exit %d\n%s", w.step, h.pool, h.key, w.slotName(s), r.code, r.errors())
	setPool(true)
	if r.code != 0 {
		if inv, err := w.inventory(nil); err == nil {
			if _, ok := inv[h.key+" domain "+w.slotName(s)]; !ok {
				w.violation("the destroy of %s, refused while its pool was stopped, removed its domain", w.slotName(s))
			}
		}
		w.vms = before
	}
	w.applyOK("the apply once the pool runs again")
}
