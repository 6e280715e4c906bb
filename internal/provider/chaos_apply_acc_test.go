//go:build chaos

package provider

// The chaos walk's applies (chaos_acc_test.go): a fault injected into a running apply, the
// lock file an sshd kill can leave behind, and which faults are drawn.

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// actionLine is terraform starting work on a resource: where a fault can land mid-apply.
var (
	actionLine = regexp.MustCompile(`(?m): (Creating|Modifying|Destroying|Invoking|Refreshing state)`)
	workLine   = regexp.MustCompile(`(?m): (Creating|Modifying|Destroying|Invoking)`)
)

// applyWithFault runs the apply and, with a fault, injects it once terraform has begun work on a
// resource plus delay (or after delay when the apply has no such work).
func (w *chaosWalk) applyWithFault(args []string, fault string, h chaosHost, delay time.Duration, appears *chaosHost, name string) tfResult {
	t := w.t
	filled := false
	if fault == "pool-full" && w.fillFirst {
		if err := w.fillPool(h); err != nil {
			t.Fatal(err)
		}
		filled = true
	}
	p := w.d.start(args...)
	if fault == "" {
		return p.wait(t, 10*time.Minute)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	at := actionLine
	if fault == "sigint" || fault == "sigkill" {
		at = workLine // terraform dies while it changes something, not while it reads
	}
	if w.faultAt != nil {
		at = w.faultAt // a fault the coverage owes (forcedStep)
	}
	_, _ = p.waitOutput(ctx, at, 1)
	cancel()
	if appears != nil && fault == "link-cut" {
		if !appears.waitSeed(name, p) {
			w.counts["link-cut: no seed seen"]++
		}
	} else if appears != nil {
		appears.waitDomain(name, p)
	}
	time.Sleep(delay)
	mid := p.running()
	doing := ""
	if ms := workLine.FindAllStringSubmatch(p.out.String(), -1); mid && len(ms) > 0 {
		doing = ms[len(ms)-1][1] // what terraform began last when the fault landed
	}
	after := time.Since(p.start).Round(time.Millisecond)
	var err error
	switch fault {
	case "sigint":
		if err = p.interrupt(); errors.Is(err, syscall.ESRCH) {
			err = nil // terraform had exited: the fault lands after the apply
		}
	case "sigkill":
		if err = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL); errors.Is(err, syscall.ESRCH) {
			err = nil
		}
	case "sshd-kill":
		err = withRestartLock(t.Name(), func() error {
			stop := clearStaleShellLock(t)
			defer stop()
			return w.f.script(t, "restart-sshd.sh", "--host", h.num, "--kill")
		})
	case "link-cut":
		var n int
		if n, err = cutLink(h); err == nil {
			t.Logf("step %d: link-cut on %s: %d established sockets of its sshd cut", w.step, h.key, n)
			if n == 0 {
				w.counts["link-cut: no live connection"]++
			}
		}
	case "pool-full":
		if !filled {
			err = w.fillPool(h)
		}
	case "libvirtd-restart":
		err = withRestartLock(t.Name(), func() error { return w.f.script(t, "restart-libvirtd.sh", "--host", h.num) })
	case "reboot":
		if !h.reboot {
			h = w.hosts[0] // only host 1's guests can be killed by the script
		}
		// Only this walk's guests die: each is named (guestNames: prefixed ones as drawn).
		rargs := []string{"--kill", "--kill-guests"}
		for _, n := range w.guestNames() {
			rargs = append(rargs, "--guest", n)
		}
		err = withRestartLock(t.Name(), func() error { return w.f.script(t, "restart-libvirtd.sh", rargs...) })
	}
	if err != nil {
		// The lab's script did not see the daemon back in time (a loaded machine): waitHosts
		// below restarts it; the walk goes on.
		t.Logf("step %d: fault %s: %v", w.step, fault, err)
		w.counts["fault script failed"]++
	}
	r := p.wait(t, 10*time.Minute)
	kind := "fault " + fault
	if !mid && !filled {
		kind += " (after the apply)"
	}
	if fault == "pool-full" {
		if hit := w.hitByOthers(p.start, time.Now()); hit != nil && r.code != 0 {
			// Another walk's fault may be why it failed: what it says is no proof either way.
			w.counts["pool-full: not judged, another walk's "+hit.kind+" landed too"]++
		} else {
			w.checkNoSpace(r, h, mid || filled)
		}
		w.freePool(h) // the administrator frees the space; the walk then recovers
	}
	w.counts[kind]++
	if doing == "Creating" || doing == "Destroying" {
		w.counts[fmt.Sprintf("fault %s mid-%s", fault, map[string]string{"Creating": "create", "Destroying": "delete"}[doing])]++
	}
	t.Logf("step %d: %s on %s %v into the apply (mid-apply: %v, pool filled before the apply: %v); the apply exited %d in %v, %d transient retries\n%s%s",
		w.step, fault, h.key, after, mid, filled, r.code, r.took.Round(time.Millisecond), r.retries, r.retriesText(), r.errors())
	w.waitHosts(t)
	return r
}

// clearStaleShellLock watches, until stop is called and for 20 s after, for the lock file that
// root's shell takes at every SSH login on this machine (pyenv's rehash, run from ~/.bashrc by
// each session's bash), and removes it when it is older than 5 s: an sshd --kill that lands
// while a session holds it leaves it behind, and every later session (the restart script's own
// check among them) would wait 60 s for it, so the shared lab's hosts would seem down to
// everyone. A live holder lets go within a second.
func clearStaleShellLock(t *testing.T) (stop func()) {
	home, err := os.UserHomeDir()
	if err != nil {
		return func() {}
	}
	lock := filepath.Join(home, ".pyenv", "shims", ".pyenv-shim")
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		var until time.Time
		for {
			if fi, err := os.Stat(lock); err == nil && time.Since(fi.ModTime()) > 5*time.Second {
				t.Logf("removing %s, %v old: the sshd fault killed the session that held it", lock, time.Since(fi.ModTime()).Round(time.Second))
				_ = os.Remove(lock)
			}
			select {
			case <-done:
				if until.IsZero() {
					until = time.Now().Add(20 * time.Second)
				}
			default:
			}
			if !until.IsZero() && time.Now().After(until) {
				return
			}
			time.Sleep(time.Second)
		}
	}()
	return func() { close(done); <-ended }
}

// host is the host of key.
func (w *chaosWalk) host(key string) *chaosHost {
	for i := range w.hosts {
		if w.hosts[i].key == key {
			return &w.hosts[i]
		}
	}
	w.t.Fatalf("no host %s", key)
	return nil
}

// waitDomain polls the host every 20 ms, up to a minute or until terraform exits, for a
// domain named like name (namedLike: a fixed name, or a prefix) to exist.
func (h chaosHost) waitDomain(name string, p *tfProc) {
	l, err := h.conn()
	if err != nil {
		return
	}
	defer l.Disconnect()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && p.running(); time.Sleep(20 * time.Millisecond) {
		if domainNamed(l, name) {
			return
		}
	}
}

// faultWeights is how often each fault is drawn: of those KVM2_CHAOS_FAULTS names (a comma
// list, to focus a walk), else of all.
func (w *chaosWalk) faultWeights() map[string]int {
	all := map[string]int{"sshd-kill": 3, "libvirtd-restart": 3, "link-cut": 3, "sigint": 2, "sigkill": 3, "pool-full": 2, "reboot": 2}
	if len(w.poolHosts()) == 0 {
		delete(all, "pool-full") // the walk has no pool of its own to fill (makePools)
	}
	only := os.Getenv("KVM2_CHAOS_FAULTS")
	if only == "" {
		return all
	}
	out := map[string]int{}
	for _, k := range strings.Split(only, ",") {
		if _, ok := all[k]; !ok {
			w.t.Fatalf("KVM2_CHAOS_FAULTS: no fault %q here (%v; pool-full needs a pool of the walk's own, see makePools)", k, slices.Sorted(maps.Keys(all)))
		}
		out[k] = all[k]
	}
	return out
}
