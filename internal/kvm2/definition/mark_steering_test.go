package definition

import (
	"strings"
	"testing"
)

// TestMark_steering: the settings that only steer the caller round-trip through the mark, and a
// mark of an earlier version, without them, reads as the caller's defaults (wait for an
// address, no write-only user data version).
func TestMark_steering(t *testing.T) {
	m := Mark{UID: "u", Steering: Steering{NoIPWait: true, UserDataWOVersion: "3", NamePrefix: "proxy-"}}
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

// The port an apply waits for round-trips, and is written only when set: a mark of an earlier
// version, without it, reads it as unset.
func TestMark_portWaitOnlyWhenSet(t *testing.T) {
	m := Mark{UID: "u", Steering: Steering{PortWait: "8888"}}
	x, err := MarshalMarkForSetMetadata(m)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ParseMark(x); err != nil || got != m {
		t.Fatalf("read back %+v, %v; want %+v", got, err, m)
	}
	if !strings.Contains(x, "<wait-for-port>8888</wait-for-port>") {
		t.Fatalf("mark %s", x)
	}
	unset, err := MarshalMarkForSetMetadata(Mark{UID: "u"})
	if err != nil || strings.Contains(unset, "wait-for-port") {
		t.Fatalf("a mark without it writes %s, %v", unset, err)
	}
	old := `<instance><uid>u</uid><tag>t</tag><wait-for-ip-family>ipv6</wait-for-ip-family></instance>`
	if got, err := ParseMark(old); err != nil || got.PortWait != "" {
		t.Fatalf("mark of an earlier version read as %+v, %v", got, err)
	}
}

// The family and interface an apply waits for round-trip, and are written only when set: a mark
// without them is the one earlier versions wrote, and an earlier mark reads them as unset.
func TestMark_ipWaitSteeringOnlyWhenSet(t *testing.T) {
	m := Mark{UID: "u", Steering: Steering{IPWaitFamily: "ipv6", IPWaitInterface: "1"}}
	x, err := MarshalMarkForSetMetadata(m)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ParseMark(x); err != nil || got != m {
		t.Fatalf("read back %+v, %v; want %+v", got, err, m)
	}
	if !strings.Contains(x, "<wait-for-ip-family>ipv6</wait-for-ip-family>") || !strings.Contains(x, "<wait-for-ip-interface>1</wait-for-ip-interface>") {
		t.Fatalf("mark %s", x)
	}
	unset, err := MarshalMarkForSetMetadata(Mark{UID: "u"})
	if err != nil || strings.Contains(unset, "wait-for-ip-") {
		t.Fatalf("a mark without them writes %s, %v", unset, err)
	}
	old := `<instance><uid>u</uid><tag>t</tag></instance>`
	if got, err := ParseMark(old); err != nil || got.IPWaitFamily != "" || got.IPWaitInterface != "" {
		t.Fatalf("mark of an earlier version read as %+v, %v", got, err)
	}
}
