// Package budget is where the lab tiers' waits take their time from: every wait of a test or a
// lab tool on a guest (boot, agent, DHCP lease, user data), on a daemon (libvirtd, sshd) or on
// a proxy answering names a Budget of this package, which says what it waits for, how long that
// takes on a machine that runs only the tier, and where that figure comes from.
//
// A lab guest runs under TCG, so it boots as fast as the machine's cores let it: on a two-core
// machine that also runs other work, a boot takes several times as long. A wait therefore
// stretches its budget by the machine's load (the one-minute load average over the CPUs, the
// highest seen during the wait, capped at MaxFactor), and a wait that fails says the load at
// that moment, so that a reader tells a busy machine from a hung guest.
package budget

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// MaxFactor caps the stretch: past three times its idle budget, a wait no longer waits for a
// slow machine but hides a hang (and the tiers must stay inside CI's time).
const MaxFactor = 3.0

// Load is the machine's load average at one moment.
type Load struct {
	Avg  [3]float64 // over 1, 5 and 15 minutes
	CPUs int
	Err  error // /proc/loadavg unreadable: no stretch, and the text says so
}

// ReadLoad reads the load average now.
func ReadLoad() Load {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return Load{CPUs: runtime.NumCPU(), Err: err}
	}
	return parseLoad(string(data), runtime.NumCPU())
}

// parseLoad reads the first three fields of /proc/loadavg.
func parseLoad(text string, cpus int) Load {
	l := Load{CPUs: cpus}
	f := strings.Fields(text)
	if len(f) < 3 {
		l.Err = fmt.Errorf("/proc/loadavg %q: want three load averages", text)
		return l
	}
	for i := range l.Avg {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			l.Err = fmt.Errorf("/proc/loadavg %q: %w", text, err)
			return Load{CPUs: cpus, Err: l.Err}
		}
		l.Avg[i] = v
	}
	return l
}

// Factor is how much longer a CPU-bound wait takes under this load: the one-minute load
// average per CPU, at least 1 (a machine with a CPU to spare runs a guest at full speed) and
// at most MaxFactor.
func (l Load) Factor() float64 {
	if l.Err != nil || l.CPUs < 1 {
		return 1
	}
	return min(MaxFactor, max(1, l.Avg[0]/float64(l.CPUs)))
}

// String is the load as a failure states it: "load average 5.20 3.10 2.00 on 2 CPUs".
func (l Load) String() string {
	if l.Err != nil {
		return fmt.Sprintf("load average unknown (%v) on %d CPUs", l.Err, l.CPUs)
	}
	return fmt.Sprintf("load average %.2f %.2f %.2f on %d CPUs", l.Avg[0], l.Avg[1], l.Avg[2], l.CPUs)
}

// Now is the load average now, as text: for a failure that is not the end of a Wait (a
// terraform run killed after its bound, a tier that failed).
func Now() string { return ReadLoad().String() }

// Budget is the time one kind of wait may take.
type Budget struct {
	What string        // what the wait waits for, as its failure names it
	Idle time.Duration // the bound on a machine that runs only the tier
	Why  string        // the measurement behind Idle and its margin
	Most time.Duration // the stretch never passes it; 0: Idle × MaxFactor
}

func (b Budget) scaled(factor float64) time.Duration {
	d := time.Duration(float64(b.Idle) * factor).Round(time.Second)
	if b.Most > 0 {
		d = min(d, max(b.Most, b.Idle))
	}
	return d
}

// Start begins a wait on b now.
func (b Budget) Start() *Wait { return b.start(time.Now, ReadLoad, time.Time{}) }

// From begins a wait on b that counts from t0, an earlier moment (an apply's start).
func (b Budget) From(t0 time.Time) *Wait { return b.start(time.Now, ReadLoad, t0) }

func (b Budget) start(now func() time.Time, read func() Load, t0 time.Time) *Wait {
	w := &Wait{b: b, now: now, read: read, begun: t0, sampled: now()}
	if t0.IsZero() {
		w.begun = w.sampled
	}
	w.peak = read()
	return w
}

// Wait is one wait on a Budget. It reads the load when it begins and, once past the idle
// budget, at most once a second; its limit is the idle budget times the factor of the highest
// load seen.
type Wait struct {
	b       Budget
	now     func() time.Time
	read    func() Load
	begun   time.Time
	sampled time.Time
	peak    Load // the load with the highest one-minute average seen
}

// Limit is how long the wait may take, given the highest load seen so far.
func (w *Wait) Limit() time.Duration { return w.b.scaled(w.peak.Factor()) }

// Elapsed is the time since the wait began.
func (w *Wait) Elapsed() time.Duration { return w.now().Sub(w.begun) }

// Over reports whether the wait has used its limit; a poll loop ends when it does.
func (w *Wait) Over() bool {
	el := w.Elapsed()
	if el <= w.b.Idle {
		return false
	}
	if t := w.now(); t.Sub(w.sampled) >= time.Second {
		w.sampled = t
		if l := w.read(); l.Err == nil && (w.peak.Err != nil || l.Avg[0] > w.peak.Avg[0]) {
			w.peak = l
		}
	}
	return el > w.Limit()
}

// Note is a line for the test log when the wait took longer than its idle budget (empty
// otherwise): a passing run then shows that the load stretched it.
func (w *Wait) Note() string {
	el := w.Elapsed()
	if el <= w.b.Idle {
		return ""
	}
	return fmt.Sprintf("%s took %s, over its idle budget of %s, within the %s the load allows (peak %s)",
		w.b.What, el.Round(100*time.Millisecond), w.b.Idle, w.Limit(), w.peak)
}

// Errorf is the failure of a wait that ran out: what it waited for, how long, the budget and
// its stretch, the caller's detail, and the load average now.
func (w *Wait) Errorf(format string, args ...any) error {
	return fmt.Errorf("%s: not within %s (budget %s: %s idle, stretched for the highest load seen, %s): %s; at the failure, %s",
		w.b.What, w.Elapsed().Round(100*time.Millisecond), w.Limit(), w.b.Idle, w.peak,
		fmt.Sprintf(format, args...), w.read())
}
