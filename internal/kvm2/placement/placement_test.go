package placement

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// fleetNames are the 1,000 names the figures are measured on.
func fleetNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("egress-%d", i)
	}
	return names
}

// equalHosts are n hosts kvm-0 ... kvm-(n-1) of weight 1 and no zone.
func equalHosts(n int) []Host {
	hosts := make([]Host, n)
	for i := range hosts {
		hosts[i] = Host{Name: fmt.Sprintf("kvm-%d", i), Weight: DefaultWeight}
	}
	return hosts
}

// placeAll is Place of every name, failing the test on an error.
func placeAll(t *testing.T, names []string, hosts []Host) map[string]string {
	t.Helper()
	out := make(map[string]string, len(names))
	for _, n := range names {
		h, err := Place(n, hosts)
		if err != nil {
			t.Fatalf("Place(%q): %v", n, err)
		}
		out[n] = h
	}
	return out
}

// binomialBound is the bound every count is held to: 4 standard deviations of the number of
// n names a host of share p takes, were each name placed at random. Placement is
// deterministic, so a count outside it is a flaw of the hash, not bad luck (the chance of a
// random count outside is 6e-5).
func binomialBound(n int, p float64) float64 { return 4 * math.Sqrt(float64(n)*p*(1-p)) }

// TestPlace_distribution: over 1,000 names, each of N equal hosts holds 1/N of them, within
// binomialBound.
func TestPlace_distribution(t *testing.T) {
	names := fleetNames(1000)
	for _, n := range []int{3, 5, 10} {
		t.Run(fmt.Sprintf("%d hosts", n), func(t *testing.T) {
			got := placeAll(t, names, equalHosts(n))
			counts := map[string]int{}
			for _, h := range got {
				counts[h]++
			}
			want, bound := 1000.0/float64(n), binomialBound(1000, 1/float64(n))
			lo, hi := 1000, 0
			for _, h := range equalHosts(n) {
				c := counts[h.Name]
				lo, hi = min(lo, c), max(hi, c)
				if math.Abs(float64(c)-want) > bound {
					t.Errorf("%s holds %d names, want %.1f ± %.1f", h.Name, c, want, bound)
				}
			}
			t.Logf("spread: 1000 names over %d hosts: fewest %d, most %d per host (ideal %.1f; bound ± %.1f); largest deviation %.1f%% of 1/N",
				n, lo, hi, want, bound, 100*max(want-float64(lo), float64(hi)-want)/want)
		})
	}
}

// TestPlace_movement: adding one host to N moves about 1/(N+1) of the names, every one of
// them to the new host; removing one moves exactly the names it held, about 1/N, and no name
// whose host stays.
func TestPlace_movement(t *testing.T) {
	names := fleetNames(1000)
	for _, n := range []int{3, 5, 10} {
		t.Run(fmt.Sprintf("%d hosts", n), func(t *testing.T) {
			hosts := equalHosts(n)
			before := placeAll(t, names, hosts)

			added := append(slices.Clone(hosts), Host{Name: "kvm-new", Weight: DefaultWeight})
			after := placeAll(t, names, added)
			moved := 0
			for _, nm := range names {
				if after[nm] == before[nm] {
					continue
				}
				moved++
				if after[nm] != "kvm-new" {
					t.Errorf("adding kvm-new moved %s from %s to %s, a host that was there before", nm, before[nm], after[nm])
				}
			}
			want, bound := 1000.0/float64(n+1), binomialBound(1000, 1/float64(n+1))
			if math.Abs(float64(moved)-want) > bound {
				t.Errorf("adding a host to %d moved %d of 1000 names, want %.1f ± %.1f", n, moved, want, bound)
			}
			t.Logf("movement: adding one host to %d moves %d of 1000 names (%.1f%%; 1/(N+1) = %.1f%%), all to the new host",
				n, moved, float64(moved)/10, 100/float64(n+1))

			gone := hosts[n/2].Name
			removed := slices.DeleteFunc(slices.Clone(hosts), func(h Host) bool { return h.Name == gone })
			after = placeAll(t, names, removed)
			moved = 0
			for _, nm := range names {
				switch {
				case before[nm] == gone:
					moved++
				case after[nm] != before[nm]:
					t.Errorf("removing %s moved %s from %s, which stays, to %s", gone, nm, before[nm], after[nm])
				}
			}
			want, bound = 1000.0/float64(n), binomialBound(1000, 1/float64(n))
			if math.Abs(float64(moved)-want) > bound {
				t.Errorf("removing a host of %d moved %d of 1000 names, want %.1f ± %.1f", n, moved, want, bound)
			}
			t.Logf("movement: removing one host of %d moves %d of 1000 names (%.1f%%; 1/N = %.1f%%), only those it held",
				n, moved, float64(moved)/10, 100/float64(n))
		})
	}
}

// TestPlace_weights: a host of weight w takes w/Σw of the names.
func TestPlace_weights(t *testing.T) {
	names := fleetNames(10000)
	for _, tt := range []struct {
		name    string
		weights []float64
	}{
		{"one of weight 2 among two of 1", []float64{2, 1, 1}},
		{"weights 4, 2, 1, 1", []float64{4, 2, 1, 1}},
		{"fractional weights", []float64{0.5, 1.5}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hosts := equalHosts(len(tt.weights))
			var sum float64
			for i, w := range tt.weights {
				hosts[i].Weight = w
				sum += w
			}
			counts := map[string]int{}
			for _, h := range placeAll(t, names, hosts) {
				counts[h]++
			}
			var parts []string
			for i, h := range hosts {
				p := tt.weights[i] / sum
				want, bound := p*float64(len(names)), binomialBound(len(names), p)
				if math.Abs(float64(counts[h.Name])-want) > bound {
					t.Errorf("%s (weight %v) holds %d of %d names, want %.0f ± %.0f", h.Name, tt.weights[i], counts[h.Name], len(names), want, bound)
				}
				parts = append(parts, fmt.Sprintf("weight %v: %d", tt.weights[i], counts[h.Name]))
			}
			t.Logf("%d names: %s", len(names), strings.Join(parts, ", "))
		})
	}
	// Doubling one host's weight only moves names to it.
	hosts := equalHosts(4)
	before := placeAll(t, names[:1000], hosts)
	hosts[0].Weight = 2
	for nm, h := range placeAll(t, names[:1000], hosts) {
		if h != before[nm] && h != "kvm-0" {
			t.Errorf("raising kvm-0's weight moved %s from %s to %s", nm, before[nm], h)
		}
	}
}

// TestPlace_deterministic: golden hosts and scores, so a change of the hash, its inputs or the
// score is caught (it would move VMs of every fleet); the order of hosts does not matter. The
// golden values were checked against a separate implementation of the rule (Python's hashlib:
// SHA-256 of each part's 8-byte big-endian length and bytes, the first 53 bits as a fraction
// plus half a step, score -weight/ln).
func TestPlace_deterministic(t *testing.T) {
	hosts := []Host{
		{Name: "kvm-a1", Zone: "a", Weight: 1},
		{Name: "kvm-a2", Zone: "a", Weight: 1},
		{Name: "kvm-b1", Zone: "b", Weight: 2},
		{Name: "kvm-c1", Zone: "c", Weight: 1},
	}
	golden := map[string]string{
		"egress-0": "kvm-a1", "egress-1": "kvm-b1", "egress-2": "kvm-a2", "egress-3": "kvm-b1", "egress-4": "kvm-a2", "proxy-eu": "kvm-b1",
	}
	for name, want := range golden {
		got, err := Place(name, hosts)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("Place(%q) = %s, want %s", name, got, want)
		}
		for i := range hosts {
			rotated := append(slices.Clone(hosts[i:]), hosts[:i]...)
			slices.Reverse(rotated)
			if again, _ := Place(name, rotated); again != got {
				t.Errorf("Place(%q) over hosts in another order = %s, want %s", name, again, got)
			}
		}
	}
	if got, want := Score("kvm-a1", 1, "egress-0"), 2.6354386443391395; got != want {
		t.Errorf("Score(kvm-a1, 1, egress-0) = %v, want %v", got, want)
	}
	if got, want := unit("kvm2/place/v1", "kvm-a1", "egress-0"), 0.684242100419451; got != want {
		t.Errorf("unit(kvm2/place/v1, kvm-a1, egress-0) = %v, want %v", got, want)
	}
}

// TestPlace_badInput: each rule's refusal, by Place and by the check the function calls.
func TestPlace_badInput(t *testing.T) {
	ok := []Host{{Name: "kvm-a", Weight: 1}}
	for _, tt := range []struct {
		name  string
		vm    string
		hosts []Host
		want  string
	}{
		{"empty name", "", ok, "the name to place is empty"},
		{"no hosts", "egress-0", nil, "no hosts to place on"},
		{"duplicate host", "egress-0", []Host{{Name: "kvm-a", Weight: 1}, {Name: "kvm-a", Weight: 2}}, `host "kvm-a" is given twice`},
		{"invalid host name", "egress-0", []Host{{Name: "kvm/a", Weight: 1}}, `host name "kvm/a" must be`},
		{"empty host name", "egress-0", []Host{{Name: "", Weight: 1}}, `host name "" must be`},
		{"zero weight", "egress-0", []Host{{Name: "kvm-a", Weight: 0}}, `host "kvm-a" has weight 0; a weight is a finite number above zero`},
		{"negative weight", "egress-0", []Host{{Name: "kvm-a", Weight: -1}}, `has weight -1;`},
		{"infinite weight", "egress-0", []Host{{Name: "kvm-a", Weight: math.Inf(1)}}, `has weight +Inf;`},
		{"NaN weight", "egress-0", []Host{{Name: "kvm-a", Weight: math.NaN()}}, `has weight NaN;`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Place(tt.vm, tt.hosts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Place = %v, want an error containing %q", err, tt.want)
			}
			// The same refusal from the checks the provider function calls.
			check := ValidateName(tt.vm)
			if check == nil {
				check = ValidateHosts(tt.hosts)
			}
			if check == nil || check.Error() != err.Error() {
				t.Errorf("the checks say %v, Place says %v", check, err)
			}
		})
	}
}
