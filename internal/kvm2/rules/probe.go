package rules

import (
	"math"
	"slices"
	"strings"
)

// The values just inside and just outside what a rule states, for the tests that hold every
// validator, and the core, to the rule's words: each stated bound, each refused class of
// characters, each listed value.

// Inside are values the rule states it accepts: its bounds themselves.
func (r Ints) Inside() []int64 { return []int64{r.Min, r.Max} }

// Outside are values the rule states it refuses: one below the minimum, one above the maximum,
// zero and a negative value when below the minimum, and the extremes of int64.
func (r Ints) Outside() []int64 {
	var out []int64
	if r.Min > math.MinInt64 {
		out = append(out, r.Min-1, math.MinInt64)
		if r.Min > 0 {
			out = append(out, 0)
		}
		if r.Min > -1 {
			out = append(out, -1)
		}
	}
	if r.Max < math.MaxInt64 {
		out = append(out, r.Max+1, math.MaxInt64)
	}
	return out
}

// Controls are control characters of each kind: C0 (NUL, tab, line feed, carriage return,
// escape, unit separator), DEL and C1 (its first, NEL, its last).
var Controls = []string{"\x00", "\t", "\n", "\r", "\x1b", "\x1f", "\x7f", "\u0080", "\u0085", "\u009f"}

// Inside are values the rule states it accepts: its example, at its longest, each listed value
// and its Accepted values; with NoControlButLineBreaks, tab, line feed and carriage return.
func (r Text) Inside() []string {
	out := []string{r.Example}
	if r.MaxLen > len(r.Example) {
		out = append(out, r.Example+strings.Repeat("a", r.MaxLen-len(r.Example)))
	}
	if r.Control == NoControlButLineBreaks {
		out = append(out, r.Example+"\t", r.Example+"\n", r.Example+"\r")
	}
	out = append(out, r.Values...)
	return append(out, r.Accepted...)
}

// Outside are values the rule states it refuses: the empty string below MinLen, one byte past
// MaxLen, each control character it refuses, white space, each forbidden character, a value
// beside each listed one, and its Refused values. Each is the example with one thing wrong.
func (r Text) Outside() []string {
	var out []string
	if r.MinLen > 0 {
		out = append(out, "", r.Example[:min(len(r.Example), r.MinLen-1)])
	}
	if r.MaxLen > 0 {
		out = append(out, r.Example+strings.Repeat("a", r.MaxLen+1-len(r.Example)))
	}
	for _, c := range Controls {
		for _, at := range []string{r.Example + c, c + r.Example} {
			for _, ch := range at {
				if r.Control.refuses(ch) {
					out = append(out, at)
					break
				}
			}
		}
	}
	if r.Space {
		out = append(out, r.Example+" ", " "+r.Example, r.Example+"\u00a0", r.Example+"\u3000")
	}
	for _, c := range r.Forbid {
		out = append(out, r.Example+string(c))
	}
	for _, v := range r.Values {
		out = append(out, v+"a", strings.ToUpper(v), " "+v)
	}
	out = append(out, r.Refused...)
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(s string) bool {
		dup := seen[s]
		seen[s] = true
		return dup
	})
}
