package definition

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestDomainXML_consoleLog(t *testing.T) {
	s := validSpec()
	s.ConsoleLogPath = "/var/lib/libvirt/images/vm.uid.console.log"
	x, err := DomainXML(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(x, `<log file="/var/lib/libvirt/images/vm.uid.console.log" append="on"></log>`) {
		t.Fatalf("the serial port is not logged to the path, append off:\n%s", x)
	}
	if strings.Count(x, "<log ") != 1 {
		t.Fatalf("want one log element (on the serial port; the console is its alias):\n%s", x)
	}
	f, err := ParseDomain(x)
	if err != nil || f.ConsoleLogPath != s.ConsoleLogPath {
		t.Fatalf("ParseDomain: ConsoleLogPath %q, %v; want %q", f.ConsoleLogPath, err, s.ConsoleLogPath)
	}

	// A domain of an earlier version has no log, and reads none.
	x, err = DomainXML(validSpec())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(x, "<log") {
		t.Fatalf("no ConsoleLogPath, yet a log:\n%s", x)
	}
	if f, _ := ParseDomain(x); f.ConsoleLogPath != "" {
		t.Fatalf("ConsoleLogPath %q from a domain without a log", f.ConsoleLogPath)
	}

	s.ConsoleLogPath = "relative.log"
	if _, err := DomainXML(s); err == nil || !strings.Contains(err.Error(), "console log path") {
		t.Fatalf("a relative console log path: %v, want refused", err)
	}
}

func TestParseCloudInitResult(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
		ds       string
		bad      string
	}{
		{name: "done", in: `{"v1": {"datasource": "DataSourceNoCloud [seed=/dev/sr0]", "errors": []}}`, ds: "DataSourceNoCloud [seed=/dev/sr0]"},
		{name: "runcmd failed", in: `{"v1": {"datasource": "DataSourceNoCloud", "errors": ["('scripts_user', RuntimeError('Runparts: 1 failures (runcmd) in 1 attempted commands'))"]}}`,
			ds: "DataSourceNoCloud", want: []string{"('scripts_user', RuntimeError('Runparts: 1 failures (runcmd) in 1 attempted commands'))"}},
		{name: "null datasource", in: `{"v1": {"datasource": null, "errors": ["x"]}}`, want: []string{"x"}},
		{name: "control characters", in: `{"v1": {"errors": ["a\u001b[2Jb\u0007c\u202ed\r\ne"]}}`, want: []string{"a[2Jbcd\ne"}},
		{name: "not a string", in: `{"v1": {"errors": [{"k": 1}]}}`, want: []string{`{"k": 1}`}},
		{name: "garbage", in: "\x00\xff not json", bad: "not the JSON"},
		{name: "truncated", in: `{"v1": {"errors": ["a`, bad: "not the JSON"},
		{name: "no v1", in: `{"v2": {}}`, bad: `no "v1"`},
		{name: "errors not a list", in: `{"v1": {"errors": "x"}}`, bad: "not the JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseCloudInitResult([]byte(tc.in))
			if tc.bad != "" {
				if err == nil || !strings.Contains(err.Error(), tc.bad) {
					t.Fatalf("err %v, want one saying %q", err, tc.bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Datasource != tc.ds || strings.Join(r.Errors, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("got %q %q, want %q %q", r.Datasource, r.Errors, tc.ds, tc.want)
			}
		})
	}
}

func TestCloudInitFinished(t *testing.T) {
	got, ok := CloudInitFinished([]byte(`{"v1": {"modules-final": {"errors": [], "finished": 1764860000.25, "start": 1764859990.0}}}`))
	if !ok || !got.Equal(time.Unix(1764860000, 250_000_000)) {
		t.Fatalf("got %v %v", got, ok)
	}
	for _, in := range []string{`{}`, `{"v1": {"modules-final": {"finished": null}}}`, `{"v1": {"modules-final": {"finished": -1}}}`, `x`,
		`{"v1": {"modules-final": {"finished": 1e300}}}`} {
		if _, ok := CloudInitFinished([]byte(in)); ok {
			t.Errorf("%s: a finish time", in)
		}
	}
}

func TestConsoleTail(t *testing.T) {
	var b strings.Builder
	for i := range 100 {
		b.WriteString("line " + strings.Repeat("x", i%7) + "\r\n")
	}
	b.WriteString("\x1b[0;32m  OK  \x1b[0m Reached target \x1b]0;title\x07Cloud-init.\r\n\x1bc\r\n\r\n")
	got := ConsoleTail([]byte(b.String()), false, 30, 4096)
	lines := strings.Split(got, "\n")
	if len(lines) != 30 {
		t.Fatalf("%d lines, want 30:\n%s", len(lines), got)
	}
	if last := lines[len(lines)-1]; last != "  OK   Reached target Cloud-init." {
		t.Fatalf("last line %q: escapes not stripped, or blank lines kept", last)
	}
	for _, r := range got {
		if r < 0x20 && r != '\n' && r != '\t' {
			t.Fatalf("control character %U in %q", r, got)
		}
	}

	// Byte bound, cut at a line; one long line is cut at a rune.
	long := strings.Repeat("é", 5000)
	if got := ConsoleTail([]byte("a\n"+long+"\nb\n"), false, 30, 4096); len(got) > 4096 || !strings.HasSuffix(got, "\nb") || !utf8.ValidString(got) {
		t.Fatalf("long line: %d bytes, valid %v, ends %q", len(got), utf8.ValidString(got), got[max(0, len(got)-3):])
	}
	many := strings.Repeat(strings.Repeat("y", 200)+"\n", 25)
	if got := ConsoleTail([]byte(many), false, 30, 4096); len(got) > 4096 || strings.Count(got, "\n") != 19 {
		t.Fatalf("byte bound: %d bytes, %d lines", len(got), strings.Count(got, "\n")+1)
	}

	// A read that began mid-log drops its first, cut line.
	if got := ConsoleTail([]byte("t line\nwhole\n"), true, 30, 4096); got != "whole" {
		t.Fatalf("partial: %q", got)
	}
	if got := ConsoleTail([]byte("no newline at all"), true, 30, 4096); got != "" {
		t.Fatalf("partial without a newline: %q", got)
	}
	if got := ConsoleTail(nil, false, 30, 4096); got != "" {
		t.Fatalf("empty: %q", got)
	}
	if got := ConsoleTail([]byte("bad \xff\xfe utf8\x1b"), false, 30, 4096); got != "bad \uFFFD utf8" {
		t.Fatalf("invalid UTF-8 / trailing ESC: %q", got)
	}
}

// FuzzConsoleTail holds the tail to its bounds and to text without control characters,
// whatever the guest printed.
func FuzzConsoleTail(f *testing.F) {
	f.Add([]byte("a\x1b[1mb\r\nc\x1b]0;t\x07d"), false)
	f.Add([]byte("\x1b[\x1b"), true)
	f.Fuzz(func(t *testing.T, raw []byte, partial bool) {
		got := ConsoleTail(raw, partial, 30, 4096)
		if len(got) > 4096 || strings.Count(got, "\n") >= 30 || !utf8.ValidString(got) {
			t.Fatalf("out of bounds: %d bytes, %d newlines", len(got), strings.Count(got, "\n"))
		}
		for _, r := range got {
			if (r < 0x20 && r != '\n' && r != '\t') || r == 0x7f || r == 0x1b {
				t.Fatalf("control character %U", r)
			}
		}
	})
}

// wait_for_cloud_init is recorded as given (true, false or unset) and read back so; unset writes
// no element, so the mark is the earlier version's.
func TestMark_cloudInitWaitRoundTrips(t *testing.T) {
	for _, v := range []string{"", "true", "false"} {
		x, err := MarshalMark(Mark{UID: "u", Steering: Steering{CloudInitWait: v}})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(x, "wait-for-cloud-init") != (v != "") {
			t.Fatalf("%q: %s", v, x)
		}
		m, err := ParseMark(x)
		if err != nil || m.CloudInitWait != v {
			t.Fatalf("%q: read back %q, %v", v, m.CloudInitWait, err)
		}
	}
}
