package rules

import (
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A documented rule is one value: the words a schema description uses and the check that the
// validator, the plan and the core call. It states its bounds and character classes as fields,
// so that its words can be held to them and a test can try the values just outside each.

// Ints is a rule of a whole number: Min to Max, in Unit.
type Ints struct {
	Name     string // the value's name in errors: "port", "vcpus"
	Min, Max int64
	Unit     string // said after the bounds: "MiB", "KiB/s", "jump hosts"; "" for a plain number
	Note     string // said after the unit: "(1 TiB)"
	// AtMost words the rule "at most Max" (Min is what the value cannot go below anyway, as a
	// list's length); AtLeast words it "at least Min" and Max is the largest int64.
	AtMost, AtLeast bool
}

// Text is the rule in words, as descriptions and errors say it.
func (r Ints) Text() string {
	var s string
	switch {
	case r.AtMost:
		s = fmt.Sprintf("at most %d", r.Max)
	case r.AtLeast:
		s = fmt.Sprintf("at least %d", r.Min)
	default:
		s = fmt.Sprintf("%d to %d", r.Min, r.Max)
	}
	for _, w := range []string{r.Unit, r.Note} {
		if w != "" {
			s += " " + w
		}
	}
	return s
}

// Check refuses a value outside Min to Max.
func (r Ints) Check(n int64) error {
	if n < r.Min || n > r.Max {
		unit := "" // a measure (MiB, KiB/s) follows the number; a count (jump hosts) does not
		if r.Unit != "" && unicode.IsUpper(rune(r.Unit[0])) {
			unit = " " + r.Unit
		}
		return fmt.Errorf("%s is %d%s; it must be %s", r.Name, n, unit, r.Text())
	}
	return nil
}

// atLeast is Ints from min with no bound above.
func atLeast(name string, min int64, unit string) Ints {
	return Ints{Name: name, Min: min, Max: math.MaxInt64, Unit: unit, AtLeast: true}
}

// Control is which control characters a Text rule refuses. A control character is one of
// Unicode's category Cc (unicode.IsControl): the C0 controls U+0000 to U+001F, DEL (U+007F) and
// the C1 controls U+0080 to U+009F. Format characters (category Cf, such as U+200B or U+FEFF)
// are not control characters, and no rule's words say they are refused.
type Control int

const (
	// AnyControl: the rule says nothing of control characters.
	AnyControl Control = iota
	// NoControl refuses every control character.
	NoControl
	// NoControlButLineBreaks refuses every control character but tab, line feed and carriage
	// return.
	NoControlButLineBreaks
)

// refuses reports whether c refuses rune r.
func (c Control) refuses(r rune) bool {
	switch c {
	case NoControl:
		return unicode.IsControl(r)
	case NoControlButLineBreaks:
		return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r'
	}
	return false
}

// firstRefused is the first rune of s that c refuses, and whether there is one.
func (c Control) firstRefused(s string) (int, rune, bool) {
	for i, r := range s {
		if c.refuses(r) {
			return i, r, true
		}
	}
	return 0, 0, false
}

// Text is a rule of a string value: its words, what they state (a length, the character classes
// refused, the values allowed) and the check that enforces them. The stated fields are what the
// words say; the check may refuse more (a regular expression), never less.
type Text struct {
	Words   string   // the phrase descriptions use
	MinLen  int      // bytes; 1 when the empty string is refused
	MaxLen  int      // bytes; 0 when the words state no length
	Control Control  // the control characters refused
	Space   bool     // white space (unicode.IsSpace) refused
	Forbid  string   // further characters refused, each named by the words
	Values  []string // the only values accepted, when the words list them
	// Example is a value the rule accepts that stays accepted when letters 'a' are appended
	// (up to MaxLen), the base of the values a test tries.
	Example string
	// Refused are values the words forbid beyond the classes above ("host:22" for an address
	// "without port"); Accepted are values they allow that look close to those.
	Refused, Accepted []string

	check func(string) error
}

// Text is the rule in words.
func (r Text) Text() string { return r.Words }

// Check refuses what the rule refuses.
func (r Text) Check(s string) error { return r.check(s) }

// checkChars refuses s when it holds a control character c refuses or, with space, white space;
// what names the value in the error.
func checkChars(what, s string, c Control, space bool) error {
	if len(s) <= 64 {
		what = fmt.Sprintf("%s %q", what, s)
	}
	if i, r, ok := c.firstRefused(s); ok {
		return fmt.Errorf("%s contains the control character %U at byte %d", what, r, i)
	}
	if space {
		if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return fmt.Errorf("%s contains the white space %U at byte %d", what, r, i)
		}
	}
	return nil
}
