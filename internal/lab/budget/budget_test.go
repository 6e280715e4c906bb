package budget

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseLoad(t *testing.T) {
	l := parseLoad("5.20 3.10 2.00 8/245 4777\n", 2)
	if l.Err != nil || l.Avg != [3]float64{5.2, 3.1, 2} || l.CPUs != 2 {
		t.Fatalf("parseLoad: %+v", l)
	}
	if got, want := l.String(), "load average 5.20 3.10 2.00 on 2 CPUs"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, bad := range []string{"", "1.0 2.0", "1.0 x 2.0 1/2 3"} {
		if l := parseLoad(bad, 2); l.Err == nil || l.Factor() != 1 || !strings.Contains(l.String(), "unknown") {
			t.Errorf("parseLoad(%q) = %+v (%s): want an error, factor 1 and an unknown load", bad, l, l)
		}
	}
}

func TestFactor(t *testing.T) {
	for _, tc := range []struct {
		load1 float64
		cpus  int
		want  float64
	}{
		{0.3, 2, 1},   // idle: no stretch
		{2, 2, 1},     // one runnable task per CPU: still full speed
		{3, 2, 1.5},   // the lab tier's three guests on two cores
		{5.2, 2, 2.6}, // other work beside it
		{11, 2, MaxFactor},
		{11, 0, 1}, // no CPU count: no stretch
	} {
		l := Load{Avg: [3]float64{tc.load1}, CPUs: tc.cpus}
		if got := l.Factor(); got != tc.want {
			t.Errorf("Factor() at load %.2f on %d CPUs = %.2f, want %.2f", tc.load1, tc.cpus, got, tc.want)
		}
	}
}

// fakeMachine is a clock and a load average a test sets.
type fakeMachine struct {
	t     time.Time
	load1 float64
	reads int
}

func (m *fakeMachine) now() time.Time { return m.t }
func (m *fakeMachine) read() Load {
	m.reads++
	return Load{Avg: [3]float64{m.load1, 1, 0.5}, CPUs: 2}
}

// poll advances the clock step by step until the wait is over, and returns when that was.
func poll(m *fakeMachine, w *Wait, step, upTo time.Duration, during func(elapsed time.Duration)) time.Duration {
	for el := time.Duration(0); el <= upTo; el += step {
		m.t = w.begun.Add(el)
		if during != nil {
			during(el)
		}
		if w.Over() {
			return el
		}
	}
	return -1
}

func TestWaitStretchesWithLoad(t *testing.T) {
	b := Budget{What: "a test guest", Idle: 60 * time.Second}
	for _, tc := range []struct {
		name   string
		load   func(elapsed time.Duration) float64
		overAt time.Duration
	}{
		{"idle machine", func(time.Duration) float64 { return 0.5 }, 61 * time.Second},
		{"loaded from the start", func(time.Duration) float64 { return 5 }, 151 * time.Second},
		// The one-minute average lags: load that comes mid-wait still stretches it.
		{"load arriving mid-wait", func(el time.Duration) float64 {
			if el < 50*time.Second {
				return 1
			}
			return 4
		}, 121 * time.Second},
		// The highest load seen holds: a guest slowed early stays behind.
		{"load that went away", func(el time.Duration) float64 {
			if el < 70*time.Second {
				return 4
			}
			return 0.2
		}, 121 * time.Second},
		{"capped", func(time.Duration) float64 { return 40 }, 181 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &fakeMachine{t: time.Unix(1e9, 0), load1: tc.load(0)}
			w := b.start(m.now, m.read, time.Time{})
			got := poll(m, w, time.Second, 10*time.Minute, func(el time.Duration) { m.load1 = tc.load(el) })
			if got != tc.overAt {
				t.Errorf("over after %v, want %v (limit %v)", got, tc.overAt, w.Limit())
			}
		})
	}
}

func TestWaitReadsLoadSparingly(t *testing.T) {
	m := &fakeMachine{t: time.Unix(1e9, 0), load1: 0.1}
	w := Budget{What: "x", Idle: 10 * time.Second}.start(m.now, m.read, time.Time{})
	poll(m, w, 10*time.Millisecond, time.Minute, nil)
	// One read at the start, then at most one a second past the idle budget (about one).
	if m.reads > 3 {
		t.Errorf("%d reads of the load in an 11 s wait polled every 10 ms, want at most 3", m.reads)
	}
}

func TestMostCapsTheStretch(t *testing.T) {
	b := Budget{What: "x", Idle: 10 * time.Minute, Most: 12 * time.Minute}
	if got := b.scaled(MaxFactor); got != 12*time.Minute {
		t.Errorf("scaled(%v) = %v, want Most (12m)", MaxFactor, got)
	}
	if got := b.scaled(1); got != 10*time.Minute {
		t.Errorf("scaled(1) = %v, want Idle (10m)", got)
	}
}

func TestFailureSaysLoadAndBudget(t *testing.T) {
	m := &fakeMachine{t: time.Unix(1e9, 0), load1: 5}
	w := Budget{What: "the agent's IPv4 address", Idle: 60 * time.Second}.start(m.now, m.read, time.Time{})
	poll(m, w, time.Second, 10*time.Minute, nil)
	m.load1 = 5.5
	err := w.Errorf("IPv4 %q, hostname %q", "", "g1")
	for _, want := range []string{
		"the agent's IPv4 address: not within 2m31s",
		"budget 2m30s: 1m0s idle",
		"highest load seen, load average 5.00 1.00 0.50 on 2 CPUs",
		`IPv4 "", hostname "g1"`,
		"at the failure, load average 5.50 1.00 0.50 on 2 CPUs",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("failure %q\nlacks %q", err, want)
		}
	}
	if n := w.Note(); !strings.Contains(n, "over its idle budget of 1m0s, within the 2m30s the load allows") {
		t.Errorf("Note() = %q", n)
	}
}

// TestScriptsShareTheRule checks that tools/lab/lib.sh's lab_budget and lab_load, which the
// lab scripts' waits use, follow this package's rule and text.
func TestScriptsShareTheRule(t *testing.T) {
	lib, err := filepath.Abs("../../../tools/lab/lib.sh")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	for _, text := range []string{"0.42 0.30 0.10 1/99 7", "3.00 2.00 1.00 1/99 7", "5.24 2.22 0.85 8/245 4777", "17.5 9 4 3/300 9"} {
		file := filepath.Join(t.TempDir(), "loadavg")
		if err := os.WriteFile(file, []byte(text+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, cpus := range []int{1, 2, 8} {
			cmd := exec.Command("bash", "-c", `. "$1" && lab_budget 60 && echo && lab_load`, "bash", lib)
			cmd.Env = append(os.Environ(), "LAB_LOADAVG="+file, fmt.Sprintf("LAB_CPUS=%d", cpus))
			out, err := cmd.CombinedOutput()
			if err != nil {
				var exit *exec.ExitError
				if errors.As(err, &exit) {
					t.Fatalf("lib.sh: %v\n%s", err, out)
				}
				t.Fatal(err)
			}
			l := parseLoad(text, cpus)
			want := fmt.Sprintf("%d\n%s", int((Budget{Idle: 60 * time.Second}).scaled(l.Factor())/time.Second), l)
			if got := strings.TrimSpace(string(out)); got != want {
				t.Errorf("load %q on %d CPUs: lib.sh says %q, this package %q", text, cpus, got, want)
			}
		}
	}
}
