//go:build chaos

package provider

// The chaos walk's recovery after a fault (chaos_acc_test.go), its imports, and its query.

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

// ownedErrRE is the provider's refusal of a domain with another UID: the create that terraform
// never recorded (it was killed first) finds it. importBlockRE is an import block in an error.
var (
	ownedErrRE    = regexp.MustCompile(`domain\s+(\S+)\s+on\s+host\s+(\S+)\s+(?:belongs\s+to\s+another\s+kvm2\s+configuration:\s+its\s+mark\s+has|carries\s+a\s+kvm2\s+mark\s+that\s+is\s+not\s+this\s+resource's:)\s+uid\s+([0-9a-zA-Z-]+)`)
	grownRE       = regexp.MustCompile(`The disk of (\S+) is \d+ GiB on the host: it was grown\s+outside\s+Terraform`)
	withAddrRE    = regexp.MustCompile(`with (kvm2_proxy_vm\.[^,\s]+),`)
	importBlockRE = regexp.MustCompile(`(?s)import\s*\{\s*to\s*=\s*(kvm2_proxy_vm\.\S+)\s+id\s*=\s*"([^"]+)"`)
)

// recover brings the configuration back after a fault: untracked objects must be named by the
// next plan or apply with an error that says how to recover; VMs the provider says belong to
// another configuration, that are not the foreign fleet's, are this walk's (made by an apply
// killed before it saved state) and are imported as the error says; then the apply converges.
func (w *chaosWalk) recover(first tfResult) {
	t := w.t
	inv, err := w.inventory(nil)
	if err != nil {
		t.Fatal(err)
	}
	st := w.state()
	untracked := w.untracked(inv, st)
	var plan tfResult
	if len(untracked) > 0 {
		plan = w.d.run(5*time.Minute, "plan", "-input=false", "-no-color")
		t.Logf("step %d: after the fault, not in state: %v; the plan exited %d", w.step, untracked, plan.code)
		w.counts["untracked after a fault"]++
	}
	reported := map[string]string{}
	for attempt := 1; ; attempt++ {
		r := w.d.apply(10 * time.Minute)
		if r.code == 0 {
			break
		}
		text := r.errors()
		for _, m := range ownedErrRE.FindAllStringSubmatch(text, -1) {
			reported[m[2]+" domain "+m[1]] = "apply"
			if strings.Contains(plan.errors(), m[1]) {
				reported[m[2]+" domain "+m[1]] = "plan"
			}
		}
		imported := w.importNamed(text)
		for _, m := range grownRE.FindAllStringSubmatch(text, -1) {
			// The walk asked for the smaller disk (a replace); the provider refuses because its
			// mark still records the size before a resize that an earlier fault interrupted.
			w.violation("after an interrupted resize, %s is refused as grown outside Terraform; tainting it as the error says", m[1])
			for i := range w.vms {
				if strings.HasSuffix(m[1], "/"+w.slotName(i)) {
					addr := fmt.Sprintf("kvm2_proxy_vm.s%d", i)
					if r := w.d.run(2*time.Minute, "taint", "-no-color", addr); r.code != 0 {
						w.violation("terraform taint %s: %s", addr, r.errors())
					}
					imported = append(imported, "taint "+addr)
				}
			}
		}
		t.Logf("step %d: recovery apply %d exited %d, imported %v\n%s", w.step, attempt, r.code, imported, text)
		if attempt >= 4 {
			w.violation("the configuration does not converge after %d applies:\n%s", attempt, text)
			return
		}
		if len(imported) == 0 && attempt >= 2 {
			w.violation("the apply fails with nothing to import:\n%s", text)
			return
		}
	}
	// A prefixed VM's create killed once its domain was defined: the apply above drew another
	// name, and the orphan is for the guide's recipe to report and remove.
	if orphans := w.orphans(); len(orphans) > 0 {
		w.removeOrphans(orphans)
		for _, o := range orphans {
			reported[o.key] = "the guide's recipe"
		}
	}
	for _, k := range untracked {
		if strings.Contains(k, " domain ") {
			if how, ok := reported[k]; ok {
				w.counts["untracked reported by "+how]++
			} else if _, still := inv[k]; still {
				w.counts["untracked adopted"]++ // taken back by its own UID: the state had it
			}
			continue
		}
		// A volume outside the state: only leaked if it is still there now.
		if now, err := w.inventory(nil); err == nil {
			if _, ok := now[k]; ok && slices.Contains(w.untracked(now, w.state()), k) {
				w.violation("volume %s is on the host, in no state and named by no error", k)
			}
		}
	}
}

// importNamed imports the VMs an error asks to import (an import block), or that it says belong
// to another configuration when their UID is not the foreign fleet's and the name is a slot's
// configured on that host. It returns what it imported.
func (w *chaosWalk) importNamed(text string) []string {
	var out []string
	for _, m := range importBlockRE.FindAllStringSubmatchIndex(text, -1) {
		addr, id := text[m[2]:m[3]], text[m[4]:m[5]]
		if addr == "kvm2_proxy_vm.RESOURCE_NAME" {
			// As the error says: the resource's name is the one Terraform prints after "with"
			// above it.
			withs := withAddrRE.FindAllStringSubmatch(text[:m[0]], -1)
			if len(withs) == 0 {
				w.violation("an import block for %s, but no resource address above it:\n%s", id, text)
				continue
			}
			addr = withs[len(withs)-1][1]
		}
		w.importVM(addr, id)
		out = append(out, id)
	}
	if len(out) > 0 {
		return out
	}
	for _, m := range ownedErrRE.FindAllStringSubmatch(text, -1) {
		name, host, uid := m[1], m[2], m[3]
		if w.foreignUID[uid] {
			continue
		}
		for i, vm := range w.vms {
			if !vm.prefix && w.fixedName(i) == name && vm.host == host {
				w.importVM(fmt.Sprintf("kvm2_proxy_vm.s%d", i), host+"/"+name)
				out = append(out, host+"/"+name)
			}
		}
	}
	return out
}

// importVM imports id into addr with terraform import.
func (w *chaosWalk) importVM(addr, id string) {
	w.t.Helper()
	r := w.d.run(5*time.Minute, "import", "-input=false", "-no-color", addr, id)
	w.counts["import"]++
	if r.code != 0 {
		w.violation("terraform import %s %s: exit %d\n%s", addr, id, r.code, r.errors())
	}
}

// query lists each host's VMs of the walk's tag "a" with terraform query: exactly the configured
// slots there with that tag, never the foreign fleet.
func (w *chaosWalk) query() {
	t := w.t
	for _, h := range w.hosts {
		hcl := fmt.Sprintf(`
list "kvm2_proxy_vm" "q" {
  provider         = kvm2
  include_resource = false
  config {
    host = %q
    tag  = %q
  }
}
`, h.key, w.tag("a"))
		if err := os.WriteFile(w.q.dir+"/q.tfquery.hcl", []byte(hcl), 0o600); err != nil {
			t.Fatal(err)
		}
		r := w.q.run(3*time.Minute, "query", "-no-color")
		if r.code != 0 {
			w.violation("terraform query on %s: exit %d\n%s", h.key, r.code, r.errors())
			continue
		}
		for i, vm := range w.vms {
			want := vm.host == h.key && vm.tag == w.tag("a")
			if got := regexp.MustCompile(regexp.QuoteMeta(h.key+"/"+w.slotName(i)) + `([^a-z0-9-]|$)`).MatchString(r.out); got != want {
				w.violation("terraform query on %s tag a lists %s: %v, want %v\n%s", h.key, w.slotName(i), got, want, r.out)
			}
		}
		if strings.Contains(r.out, w.f.obj("x1")) {
			w.violation("terraform query lists the other configuration's VM:\n%s", r.out)
		}
	}
}
