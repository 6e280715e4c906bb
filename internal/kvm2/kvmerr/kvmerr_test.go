package kvmerr

import (
	"errors"
	"fmt"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

var allClasses = []Class{Transient, Permanent, NotFound, QuotaExceeded}

func TestClass_StringAndSentinel(t *testing.T) {
	cases := []struct {
		class    Class
		name     string
		sentinel error
	}{
		{Transient, "Transient", ErrTransient},
		{Permanent, "Permanent", ErrPermanent},
		{NotFound, "NotFound", ErrNotFound},
		{QuotaExceeded, "QuotaExceeded", ErrQuotaExceeded},
		{0, "Class(0)", nil},
		{9, "Class(9)", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.class.String(); got != tc.name {
				t.Errorf("String() = %q, want %q", got, tc.name)
			}
			if got := tc.class.Sentinel(); got != tc.sentinel {
				t.Errorf("Sentinel() = %v, want %v", got, tc.sentinel)
			}
		})
	}
}

func TestNew_isClassAndCause(t *testing.T) {
	cause := libvirt.Error{Code: uint32(libvirt.ErrInternalError), Message: "internal"}
	for _, class := range allClasses {
		t.Run(class.String(), func(t *testing.T) {
			err := New(class, "define", "lab", cause)
			for _, other := range allClasses {
				if got := errors.Is(err, other.Sentinel()); got != (other == class) {
					t.Errorf("errors.Is(err, %v) = %v", other, got)
				}
			}
			if !errors.Is(err, cause) {
				t.Error("errors.Is(err, cause) = false")
			}
			var lerr libvirt.Error
			if !errors.As(err, &lerr) || lerr.Code != cause.Code {
				t.Errorf("errors.As(libvirt.Error) = %v", lerr)
			}
			if got := Classify(err); got != class {
				t.Errorf("Classify = %v, want %v", got, class)
			}
		})
	}
}

func TestNew_invalidClassFallsBackToClassify(t *testing.T) {
	cases := []struct {
		name  string
		class Class
		err   error
		want  Class
	}{
		{"zero class, missing domain", 0, libvirt.Error{Code: uint32(libvirt.ErrNoDomain)}, NotFound},
		{"out of range, xml error", 42, libvirt.Error{Code: uint32(libvirt.ErrXMLError)}, Permanent},
		{"valid class kept", Permanent, libvirt.Error{Code: uint32(libvirt.ErrNoDomain)}, Permanent},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var e *Error
			if !errors.As(New(tc.class, "op", "h", tc.err), &e) {
				t.Fatal("New did not return *Error")
			}
			if e.Class != tc.want {
				t.Errorf("Class = %v, want %v", e.Class, tc.want)
			}
		})
	}
}

func TestError_Error(t *testing.T) {
	cause := errors.New("Domain not found")
	cases := []struct {
		name string
		err  *Error
		want string
	}{
		{"op and host", &Error{Class: NotFound, Op: "lookup web1", Host: "lab", Err: cause}, "lookup web1 on lab: Domain not found"},
		{"op only", &Error{Class: NotFound, Op: "lookup", Err: cause}, "lookup: Domain not found"},
		{"host only", &Error{Class: NotFound, Host: "lab", Err: cause}, "on lab: Domain not found"},
		{"cause only", &Error{Class: NotFound, Err: cause}, "Domain not found"},
		{"no cause names the class", &Error{Class: Permanent, Op: "create", Host: "lab"}, "create on lab: permanent"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestError_unwrapWithoutCause(t *testing.T) {
	err := &Error{Class: Permanent, Op: "create"}
	if !errors.Is(err, ErrPermanent) {
		t.Error("an *Error without cause must still match its class")
	}
	if got := len(err.Unwrap()); got != 1 {
		t.Errorf("Unwrap() has %d entries, want 1", got)
	}
	if got := len((&Error{}).Unwrap()); got != 0 {
		t.Errorf("Unwrap() of an empty Error has %d entries, want 0", got)
	}
}

// countErrors counts *Error values anywhere in err's tree.
func countErrors(err error) int {
	if err == nil {
		return 0
	}
	n := 0
	if _, ok := err.(*Error); ok {
		n = 1
	}
	switch u := err.(type) {
	case interface{ Unwrap() []error }:
		for _, inner := range u.Unwrap() {
			n += countErrors(inner)
		}
	case interface{ Unwrap() error }:
		n += countErrors(u.Unwrap())
	}
	return n
}

func TestWrap(t *testing.T) {
	noDomain := libvirt.Error{Code: uint32(libvirt.ErrNoDomain), Message: "Domain not found"}
	quota := &QuotaError{Host: "lab", Pool: "kvm2lab", Available: 1024, Needed: 2048}
	cases := []struct {
		name      string
		op, host  string
		err       error
		wantClass Class
		wantMsg   string
		wantDepth int // *Error values in the result's tree
	}{
		{"plain cause is classified", "lookup", "lab", noDomain, NotFound, "lookup on lab: Domain not found", 1},
		{"inner class kept over cause",
			"create", "lab", New(Permanent, "", "", noDomain), Permanent, "create on lab: Domain not found", 1},
		{"ops merged, host not repeated",
			"create", "lab", Wrap("lookup", "lab", noDomain), NotFound, "create: lookup on lab: Domain not found", 1},
		{"host filled in when inner had none",
			"create", "lab", Wrap("lookup", "", noDomain), NotFound, "create: lookup on lab: Domain not found", 1},
		{"different host nests",
			"check", "other", Wrap("lookup", "lab", noDomain), NotFound, "check on other: lookup on lab: Domain not found", 2},
		{"class of an *Error behind fmt wrapping kept",
			"create", "lab", fmt.Errorf("step: %w", New(Permanent, "define", "lab", noDomain)), Permanent,
			"create on lab: step: define on lab: Domain not found", 2},
		{"quota error kept", "create", "lab", quota, QuotaExceeded,
			`create on lab: pool "kvm2lab" on host "lab" has 1.0 KiB (1024 bytes) free, needs 2.0 KiB (2048 bytes)`, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := Wrap(tc.op, tc.host, tc.err)
			if got := Classify(err); got != tc.wantClass {
				t.Errorf("class = %v, want %v", got, tc.wantClass)
			}
			if !errors.Is(err, tc.wantClass.Sentinel()) {
				t.Errorf("errors.Is(err, %v) = false", tc.wantClass)
			}
			if got := err.Error(); got != tc.wantMsg {
				t.Errorf("Error() = %q, want %q", got, tc.wantMsg)
			}
			if got := countErrors(err); got != tc.wantDepth {
				t.Errorf("%d *Error values in the tree, want %d", got, tc.wantDepth)
			}
		})
	}
}

func TestWrap_nilAndIdempotent(t *testing.T) {
	if err := Wrap("op", "lab", nil); err != nil {
		t.Fatalf("Wrap(nil) = %v, want nil", err)
	}
	first := Wrap("lookup", "lab", libvirt.Error{Code: uint32(libvirt.ErrNoDomain), Message: "gone"})
	cases := []struct{ name, op, host string }{
		{"same op and host", "lookup", "lab"},
		{"empty op and host", "", ""},
		{"same op, empty host", "lookup", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if again := Wrap(tc.op, tc.host, first); again != first {
				t.Errorf("Wrap(%q, %q, e) = %v, want e itself", tc.op, tc.host, again)
			}
		})
	}
}

func TestQuotaError(t *testing.T) {
	cases := []struct {
		name string
		err  *QuotaError
		want string
	}{
		{"GiB", &QuotaError{Host: "lab", Pool: "kvm2lab", Available: 1 << 30, Needed: 2 << 30},
			`pool "kvm2lab" on host "lab" has 1.0 GiB (1073741824 bytes) free, needs 2.0 GiB (2147483648 bytes)`},
		{"bytes and MiB", &QuotaError{Host: "h", Pool: "tiny", Available: 512, Needed: 3 << 19},
			`pool "tiny" on host "h" has 512 bytes free, needs 1.5 MiB (1572864 bytes)`},
		{"nothing free", &QuotaError{Host: "h", Pool: "p", Available: 0, Needed: 5 << 40},
			`pool "p" on host "h" has 0 bytes free, needs 5.0 TiB (5497558138880 bytes)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
			if !errors.Is(tc.err, ErrQuotaExceeded) {
				t.Error("errors.Is(err, ErrQuotaExceeded) = false")
			}
			if errors.Is(tc.err, ErrPermanent) {
				t.Error("a quota error must not match ErrPermanent")
			}
			wrapped := fmt.Errorf("precheck: %w", tc.err)
			var q *QuotaError
			if !errors.As(wrapped, &q) || q.Needed != tc.err.Needed {
				t.Error("errors.As(*QuotaError) failed through wrapping")
			}
		})
	}
}

func TestFormatBytes(t *testing.T) {
	cases := []struct {
		n    uint64
		want string
	}{
		{0, "0 bytes"},
		{1023, "1023 bytes"},
		{1024, "1.0 KiB (1024 bytes)"},
		{1536, "1.5 KiB (1536 bytes)"},
		{10 << 20, "10.0 MiB (10485760 bytes)"},
		{1 << 60, "1.0 EiB (1152921504606846976 bytes)"},
		{^uint64(0), "16.0 EiB (18446744073709551615 bytes)"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			if got := formatBytes(tc.n); got != tc.want {
				t.Errorf("formatBytes(%d) = %q, want %q", tc.n, got, tc.want)
			}
		})
	}
}
