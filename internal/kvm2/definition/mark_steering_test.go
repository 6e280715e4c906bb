package definition

import (
	"strings"
	"testing"
)

// TestMark_steering: the settings that only steer the caller round-trip through the mark, and a
// mark of an earlier version, without them, reads as the caller's defaults (wait for an
// address, no write-only user data version).
func TestMark_steering(t *testing.T) {
	m := Mark{UID: "u", NoIPWait: true, UserDataWOVersion: "3", NamePrefix: "proxy-"}
	x, err := MarshalMarkForSetMetadata(m)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ParseMark(x); err != nil || got != m {
		t.Fatalf("read back %+v, %v; want %+v", got, err, m)
	}
	old := `<instance><uid>u</uid><tag>t</tag><vcpus>1</vcpus><memory-mib>512</memory-mib><disk-gib>10</disk-gib></instance>`
	got, err := ParseMark(old)
	if err != nil || got.NoIPWait || got.UserDataWOVersion != "" || got.NamePrefix != "" {
		t.Fatalf("mark of an earlier version read as %+v, %v", got, err)
	}
	if !strings.Contains(x, "<wait-for-ip>false</wait-for-ip>") || !strings.Contains(x, "<name-prefix>proxy-</name-prefix>") {
		t.Fatalf("mark %s", x)
	}
}
