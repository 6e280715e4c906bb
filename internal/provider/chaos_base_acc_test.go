//go:build chaos

package provider

// The chaos walk's probes on the base images (chaos_ops_acc_test.go): their removal (baseDelete)
// and their replacement (baseReplace) while domains use them, and the refusal both must meet.

import (
	"regexp"
	"slices"
	"strings"
	"time"
)

// baseUsers are, by host, the domains whose disks back onto the walk's base image there: host 2's
// administrator's domain (makeBaseUser), the walk's VMs, and a swapped VM's copy (its overlay).
func (w *chaosWalk) baseUsers() map[string][]string {
	users := map[string][]string{w.hosts[1].key: {w.f.obj("buser")}}
	if sw := w.swapped; sw != nil && len(sw.keys) > 1 {
		users[sw.host] = append(users[sw.host], sw.name)
	}
	for i, vm := range w.vms {
		if vm.host != "" {
			users[vm.host] = append(users[vm.host], w.slotName(i))
		}
	}
	w.othersOnBase(users) // a multi-walker run's other walkers' VMs
	return users
}

// checkBaseRefusals: the removal of each host's base image (what: why it was removed) by apply
// r was refused exactly where users has a user of it, and the refusal names each of them.
func (w *chaosWalk) checkBaseRefusals(what string, users map[string][]string, r tfResult) {
	w.t.Helper()
	for _, h := range w.hosts {
		id := h.key + "/" + h.pool + "/" + w.f.obj("base") + ".qcow2"
		m := regexp.MustCompile(`base\s+image\s+` + regexp.QuoteMeta(id) + `\s+is\s+in\s+use:\s+the\s+disks\s+of\s+domain\(s\)\s+([^;]*?)\s+back\s+onto\s+it`).FindStringSubmatch(r.out)
		switch {
		case (m != nil) != (len(users[h.key]) > 0):
			w.violation("the %s of base image %s, used by %v: refused %v (exit %d)\n%s", what, id, users[h.key], m != nil, r.code, r.errors())
		case m != nil:
			named := strings.Fields(strings.ReplaceAll(m[1], ",", " "))
			for _, u := range users[h.key] {
				if !slices.Contains(named, u) {
					w.violation("the refused %s of base image %s does not name its user %s (it names %v)", what, id, u, named)
				}
			}
		}
	}
}

// baseReplace renames both base images in the configuration (a new name replaces the image:
// every input of kvm2_base_image forces replacement, and without create_before_destroy the old
// one is destroyed first) while the VMs keep naming the old images by id. The destroy of the old
// image must be refused on a host where a domain uses it, naming every such domain, and nothing
// be made there under the new name (the replacement stops at its destroy); on a host where
// nothing uses it the replacement is done. Then the old name is restored (an image replaced back).
func (w *chaosWalk) baseReplace() {
	users := w.baseUsers()
	w.noBase = map[string]bool{} // the VMs name the old images by id
	for _, h := range w.hosts {
		w.noBase[h.key] = true
	}
	w.extraHCL = w.baseHCL(w.f.obj("base2"), nil)
	w.write()
	r := w.d.apply(10 * time.Minute)
	w.t.Logf("step %d: base images renamed in the configuration (users %v): exit %d\n%s", w.step, users, r.code, r.errors())
	w.checkBaseRefusals("replacement", users, r)
	if inv, err := w.inventory(nil); err == nil {
		for _, h := range w.hosts {
			old, renamed := h.key+" volume "+h.pool+"/"+w.f.obj("base")+".qcow2", h.key+" volume "+h.pool+"/"+w.f.obj("base2")+".qcow2"
			_, hasOld := inv[old]
			_, hasNew := inv[renamed]
			inUse := len(users[h.key]) > 0
			switch {
			case inUse && !hasOld:
				w.violation("the refused replacement of the base image on %s, used by %v, removed it", h.key, users[h.key])
			case inUse && hasNew:
				w.violation("the replacement of the base image on %s, whose destroy was refused, made %s", h.key, renamed)
			case !inUse && (hasOld || !hasNew): // terraform goes on with what does not depend on a failure
				w.violation("the replacement of the unused base image on %s was not done: old on the host %v, new %v", h.key, hasOld, hasNew)
			}
		}
	}
	w.noBase, w.extraHCL = nil, ""
	w.applyOK("the base images' old name restored")
}
