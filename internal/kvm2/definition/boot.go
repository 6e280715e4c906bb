package definition

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// What a guest tells about its boot, parsed from bytes the guest wrote: its serial console and
// cloud-init's result and status files. Every parser here takes untrusted bytes: it allocates
// only in proportion to its input (which the caller caps) and returns text with no control
// character but newline and tab, so a guest cannot move a terminal's cursor or rewrite what an
// error shows around it.

// CloudInitResult is cloud-init's result.json: the datasource it used and the errors of every
// stage, as cloud-init words them (control characters removed).
type CloudInitResult struct {
	Datasource string
	Errors     []string
}

// ParseCloudInitResult reads result.json ({"v1": {"datasource": ..., "errors": [...]}}). An
// error that is not a string (no cloud-init writes one) is kept as its JSON text. Anything else
// than that shape is an error.
func ParseCloudInitResult(data []byte) (CloudInitResult, error) {
	var doc struct {
		V1 *struct {
			Datasource json.RawMessage   `json:"datasource"`
			Errors     []json.RawMessage `json:"errors"`
		} `json:"v1"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return CloudInitResult{}, fmt.Errorf("cloud-init result is not the JSON cloud-init writes: %w", err)
	}
	if doc.V1 == nil {
		return CloudInitResult{}, errors.New(`cloud-init result has no "v1" object`)
	}
	var r CloudInitResult
	var ds string
	if json.Unmarshal(doc.V1.Datasource, &ds) == nil {
		r.Datasource = CleanText(ds)
	}
	for _, raw := range doc.V1.Errors {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		r.Errors = append(r.Errors, CleanText(s))
	}
	return r, nil
}

// CloudInitFinished is when cloud-init's last stage (modules-final) finished by the guest's
// clock, from status.json; false when the status does not say.
func CloudInitFinished(status []byte) (time.Time, bool) {
	var doc struct {
		V1 struct {
			Final struct {
				Finished *float64 `json:"finished"`
			} `json:"modules-final"`
		} `json:"v1"`
	}
	if json.Unmarshal(status, &doc) != nil || doc.V1.Final.Finished == nil {
		return time.Time{}, false
	}
	f := *doc.V1.Final.Finished
	if f <= 0 || f > 1<<40 || math.IsNaN(f) {
		return time.Time{}, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC(), true
}

// ConsoleTail is the end of a serial console log as text an error can show: escape sequences and
// control characters removed (a carriage return ends nothing: CRLF is a newline, a lone CR is
// dropped), invalid UTF-8 replaced, trailing blank lines dropped, then the last maxLines lines,
// cut at the front to at most maxBytes. partial says raw begins mid-log: its first line, likely
// cut, is dropped.
func ConsoleTail(raw []byte, partial bool, maxLines, maxBytes int) string {
	if partial {
		if i := strings.IndexByte(string(raw), '\n'); i >= 0 {
			raw = raw[i+1:]
		} else {
			raw = nil
		}
	}
	text := strings.TrimRight(CleanText(stripEscapes(string(raw))), "\n\t ")
	if text == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	if len(lines) > maxLines {
		lines = lines[len(lines)-maxLines:]
	}
	text = strings.Join(lines, "\n")
	for len(text) > maxBytes {
		i := strings.IndexByte(text, '\n')
		if i < 0 || len(text)-i-1 < maxBytes/2 {
			// One long line: keep its end, from a rune boundary.
			text = text[len(text)-maxBytes:]
			for len(text) > 0 && !utf8.RuneStart(text[0]) {
				text = text[1:]
			}
			break
		}
		text = text[i+1:]
	}
	return text
}

// CleanText replaces invalid UTF-8 and removes every control character but newline and tab
// (C0, DEL, C1 and the Unicode format characters that reorder text); CRLF becomes a newline.
func CleanText(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\r\n", "\n"), "\uFFFD")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

// stripEscapes removes terminal escape sequences: CSI (ESC [ ... final byte), OSC and the other
// string controls (ESC ] P X ^ _ ... BEL or ESC \), and any other ESC with the byte after it.
func stripEscapes(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			b.WriteByte(s[i])
			i++
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		switch s[i] {
		case '[':
			i++
			for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
				i++
			}
			i++ // the final byte
		case ']', 'P', 'X', '^', '_':
			i++
			for i < len(s) && s[i] != 0x07 && !stringTerminator(s, i) {
				i++
			}
			if i < len(s) && s[i] == 0x1b {
				i++
			}
			i++
		default:
			i++
		}
	}
	return b.String()
}

// stringTerminator reports whether s holds ST (ESC and a backslash) at i.
func stringTerminator(s string, i int) bool { return s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\' }
