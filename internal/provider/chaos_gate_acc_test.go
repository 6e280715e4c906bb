//go:build chaos

package provider

// The gate that lets several chaos walks share the lab's hosts (chaos_walkers_acc_test.go),
// whether they run in one process (make chaos-walkers) or in several (make chaos, more than
// once at the same time): files in $TMPDIR/kvm2-chaos-gate, locked with flock(2), which the
// kernel releases when a process dies.
//
//   - quiet: the faults that reach every client of a host (sshd killed, libvirtd restarted, the
//     link cut, host 1 rebooted) land only while no other walk is checking. A walk holds it
//     shared while it checks, probes and recovers, and exclusively for an apply that carries
//     such a fault. Nobody holds it while applying: another walk's apply may be hit, as a real
//     run on the host would be, and the journal excuses its failure.
//   - intent: a walk about to fault takes it exclusively before quiet, and a walk about to check
//     passes through it shared first, so a fault waits only for the checks already running
//     (flock alone would let a stream of checks hold it off for good).
//   - the journal: two lines per host-wide fault, with its walk's run, its kind, when it began,
//     and when it ended (its hosts answered again; 0 in the line written as it began), so a walk
//     that looks while another's fault is under way sees it.
//
// A walk alone takes the same locks, uncontended.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// faultRecord is a host-wide fault of one walk: from before it landed until its hosts answered.
type faultRecord struct {
	run      string
	kind     string
	from, to time.Time
}

// hostWide are the faults every client of the host meets, and the probe that stops a walk's
// pool (another walk's delete then cannot follow the disks of a domain in it, and refuses).
var hostWide = map[string]bool{"sshd-kill": true, "libvirtd-restart": true, "link-cut": true, "reboot": true, "pool-stop": true}

// gatePath is the file name of the gate in $TMPDIR/kvm2-chaos-gate.
func gatePath(name string) string { return filepath.Join(os.TempDir(), "kvm2-chaos-gate", name) }

// lockGate opens the gate's file name and flocks it (how: syscall.LOCK_SH or LOCK_EX); closing
// the file releases it.
func (w *chaosWalk) lockGate(name string, how int) *os.File {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Dir(gatePath(name)), 0o700); err != nil {
		w.t.Fatal(err)
	}
	f, err := os.OpenFile(gatePath(name), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		w.t.Fatal(err)
	}
	for {
		if err = syscall.Flock(int(f.Fd()), how); err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		_ = f.Close()
		w.t.Fatalf("flock %s: %v", gatePath(name), err)
	}
	return f
}

// checking holds quiet shared while w checks, probes or recovers; it returns the release.
func (w *chaosWalk) checking() func() {
	intent := w.lockGate("intent", syscall.LOCK_SH)
	quiet := w.lockGate("quiet", syscall.LOCK_SH)
	_ = intent.Close()
	return func() { _ = quiet.Close() }
}

// faulting holds quiet exclusively for an apply carrying a host-wide fault and journals it as
// begun; the release it returns, called once the hosts answer again, journals its end.
func (w *chaosWalk) faulting(fault string) func() {
	if !hostWide[fault] {
		return func() {}
	}
	intent := w.lockGate("intent", syscall.LOCK_EX)
	quiet := w.lockGate("quiet", syscall.LOCK_EX)
	from := time.Now()
	w.journal(fault, from, time.Time{})
	return func() {
		w.journal(fault, from, time.Now())
		_ = quiet.Close()
		_ = intent.Close()
	}
}

// journal appends a line for w's fault that began at from and ended at to (zero: not yet).
func (w *chaosWalk) journal(fault string, from, to time.Time) {
	end := int64(0)
	if !to.IsZero() {
		end = to.UnixNano()
	}
	line := fmt.Sprintf("%s %s %d %d\n", w.f.run, fault, from.UnixNano(), end)
	j, err := os.OpenFile(gatePath("journal"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err == nil {
		_, err = j.WriteString(line) // one write of a short line: appended whole
		_ = j.Close()
	}
	if err != nil {
		w.t.Errorf("fault journal: %v", err)
	}
}

// hitByOthers is the last host-wide fault of another walk that overlapped [from, to], if any; a
// fault journaled as begun and not yet as ended lasts until now.
func (w *chaosWalk) hitByOthers(from, to time.Time) *faultRecord {
	j, err := os.Open(gatePath("journal"))
	if err != nil {
		return nil // no walk has faulted yet
	}
	defer j.Close()
	faults := map[string]*faultRecord{} // by run and start
	var order []string
	for sc := bufio.NewScanner(j); sc.Scan(); {
		f := strings.Fields(sc.Text())
		if len(f) != 4 || f[0] == w.f.run {
			continue
		}
		a, err1 := strconv.ParseInt(f[2], 10, 64)
		b, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		k := f[0] + " " + f[2]
		r, ok := faults[k]
		if !ok {
			r = &faultRecord{run: f[0], kind: f[1], from: time.Unix(0, a), to: time.Now()}
			faults[k] = r
			order = append(order, k)
		}
		if b != 0 {
			r.to = time.Unix(0, b)
		}
	}
	var hit *faultRecord
	for _, k := range order {
		if r := faults[k]; r.from.Before(to) && r.to.After(from) {
			hit = r
		}
	}
	return hit
}
