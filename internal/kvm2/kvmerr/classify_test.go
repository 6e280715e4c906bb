package kvmerr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// codeRows is the expected class of every libvirt code the table lists, written out by hand so
// that a change to the table must be mirrored here on purpose.
var codeRows = []struct {
	code libvirt.ErrorNumber
	want Class
}{
	{libvirt.ErrNoDomain, NotFound},
	{libvirt.ErrNoStorageVol, NotFound},
	{libvirt.ErrNoStoragePool, NotFound},
	{libvirt.ErrNoNetwork, NotFound},
	{libvirt.ErrNoDomainMetadata, NotFound},
	{libvirt.ErrNoSupport, Permanent},
	{libvirt.ErrInvalidArg, Permanent},
	{libvirt.ErrXMLError, Permanent},
	{libvirt.ErrXMLDetail, Permanent},
	{libvirt.ErrXMLInvalidSchema, Permanent},
	{libvirt.ErrDomExist, Permanent},
	{libvirt.ErrNetworkExist, Permanent},
	{libvirt.ErrStorageVolExist, Permanent},
	{libvirt.ErrOperationDenied, Permanent},
	{libvirt.ErrAccessDenied, Permanent},
	{libvirt.ErrAuthFailed, Permanent},
	{libvirt.ErrAuthCancelled, Permanent},
	{libvirt.ErrAuthUnavailable, Permanent},
	{libvirt.ErrOperationInvalid, Permanent},
	{libvirt.ErrConfigUnsupported, Permanent},
	{libvirt.ErrArgumentUnsupported, Permanent},
	{libvirt.ErrOperationUnsupported, Permanent},
	{libvirt.ErrInvalidMac, Permanent},
	{libvirt.ErrInvalidDomain, Permanent},
	{libvirt.ErrInvalidNetwork, Permanent},
	{libvirt.ErrInvalidStoragePool, Permanent},
	{libvirt.ErrInvalidStorageVol, Permanent},
	{libvirt.ErrCPUIncompatible, Permanent},
	{libvirt.ErrOsType, Permanent},
	{libvirt.ErrOverflow, Permanent},
	{libvirt.ErrInternalError, Transient},
	{libvirt.ErrNoMemory, Transient},
	{libvirt.ErrNoConnect, Transient},
	{libvirt.ErrInvalidConn, Transient},
	{libvirt.ErrOperationFailed, Transient},
	{libvirt.ErrSystemError, Transient},
	{libvirt.ErrRPC, Transient},
	{libvirt.ErrOperationTimeout, Transient},
	{libvirt.ErrOperationAborted, Transient},
	{libvirt.ErrResourceBusy, Transient},
	{libvirt.ErrAgentUnresponsive, Transient},
	{libvirt.ErrAgentUnsynced, Transient},
	{libvirt.ErrAgentCommandTimeout, Transient},
	{libvirt.ErrSSH, Transient},
	{libvirt.ErrLibssh, Transient},
	{libvirt.ErrNoServer, Transient},
	{libvirt.ErrNoClient, Transient},
}

// stageRows is the expected class of every dial stage.
var stageRows = []struct {
	stage Stage
	want  Class
}{
	{StageKey, Permanent},
	{StageResolve, Permanent},
	{StageTCP, Transient},
	{StageHandshake, Transient},
	{StageNegotiate, Permanent},
	{StageHostKey, Permanent},
	{StageAuth, Permanent},
	{StageForward, Permanent},
	{StageSocket, Transient},
	{StageLibvirt, Transient},
}

func TestClassify_libvirtCodes(t *testing.T) {
	for _, row := range codeRows {
		t.Run(fmt.Sprintf("%d", row.code), func(t *testing.T) {
			lerr := libvirt.Error{Code: uint32(row.code), Message: "from libvirtd"}
			forms := map[string]error{
				"value":   lerr,
				"pointer": &lerr,
				"wrapped": fmt.Errorf("domain lookup: %w", lerr),
			}
			for form, err := range forms {
				if got := Classify(err); got != row.want {
					t.Errorf("%s: Classify(code %d) = %v, want %v", form, row.code, got, row.want)
				}
			}
		})
	}
}

func TestClassify_dialStages(t *testing.T) {
	for _, row := range stageRows {
		t.Run(string(row.stage), func(t *testing.T) {
			err := &DialError{Host: "lab", Stage: row.stage, Err: errors.New("refused")}
			if got := Classify(err); got != row.want {
				t.Errorf("Classify(stage %s) = %v, want %v", row.stage, got, row.want)
			}
			if got := Classify(fmt.Errorf("connect: %w", err)); got != row.want {
				t.Errorf("Classify(wrapped stage %s) = %v, want %v", row.stage, got, row.want)
			}
		})
	}
}

// TestClassify_everyTableEntryHasARow keeps codeRows and stageRows complete: a table entry
// without a test row fails here.
func TestClassify_everyTableEntryHasARow(t *testing.T) {
	tested := map[any]Class{}
	for _, row := range codeRows {
		tested[row.code] = row.want
	}
	for _, row := range stageRows {
		tested[row.stage] = row.want
	}
	for key, class := range table {
		want, ok := tested[key]
		if !ok {
			t.Errorf("table entry %v (%T) -> %v has no test row", key, key, class)
			continue
		}
		if want != class {
			t.Errorf("table entry %v: table says %v, test row says %v", key, class, want)
		}
	}
	if len(tested) != len(table) {
		t.Errorf("test rows name %d keys, table has %d", len(tested), len(table))
	}
}

// timeoutError is a net.Error that is not a *net.OpError.
type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

func TestClassify_other(t *testing.T) {
	noDomain := libvirt.Error{Code: uint32(libvirt.ErrNoDomain), Message: "Domain not found"}
	authFailed := libvirt.Error{Code: uint32(libvirt.ErrAuthFailed), Message: "authentication failed"}
	cases := []struct {
		name string
		err  error
		want Class
	}{
		{"nil has no class", nil, 0},
		{"context canceled", context.Canceled, Transient},
		{"context deadline", context.DeadlineExceeded, Transient},
		{"wrapped deadline", fmt.Errorf("rpc: %w", context.DeadlineExceeded), Transient},
		{"abandoned", ErrAbandoned, Transient},
		{"wrapped abandoned", fmt.Errorf("DomainCreate: %w", ErrAbandoned), Transient},
		{"io.EOF", io.EOF, Transient},
		{"unexpected EOF", io.ErrUnexpectedEOF, Transient},
		{"libvirt interrupted", libvirt.ErrInterrupted, Transient},
		{"libvirt unsupported procedure", libvirt.ErrUnsupported, Permanent},
		{"net closed", net.ErrClosed, Transient},
		{"net op error", &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset")}, Transient},
		{"net timeout", timeoutError{}, Transient},
		{"unknown error", errors.New("something odd"), Transient},
		{"unlisted libvirt code", libvirt.Error{Code: uint32(libvirt.ErrNoDomainSnapshot)}, Transient},
		{"file not found is not NotFound", os.ErrNotExist, Transient},
		{"ctx end wins over auth stage", &DialError{Host: "lab", Stage: StageAuth, Err: context.DeadlineExceeded}, Transient},
		{"ctx end wins over hostkey stage", &DialError{Host: "lab", Stage: StageHostKey, Err: context.Canceled}, Transient},
		{"libvirt code wins over libvirt stage", &DialError{Host: "lab", Stage: StageLibvirt, Err: authFailed}, Permanent},
		{"sentinel permanent", fmt.Errorf("bad spec: %w", ErrPermanent), Permanent},
		{"sentinel not found", fmt.Errorf("gone: %w", ErrNotFound), NotFound},
		{"sentinel quota", fmt.Errorf("full: %w", ErrQuotaExceeded), QuotaExceeded},
		{"sentinel transient", fmt.Errorf("later: %w", ErrTransient), Transient},
		{"quota error", &QuotaError{Host: "lab", Pool: "p", Available: 1, Needed: 2}, QuotaExceeded},
		{"wrapped quota error", fmt.Errorf("precheck: %w", &QuotaError{Host: "lab", Pool: "p"}), QuotaExceeded},
		{"explicit class beats cause", &Error{Class: Permanent, Err: context.Canceled}, Permanent},
		{"explicit class beats code", fmt.Errorf("x: %w", &Error{Class: Transient, Err: noDomain}), Transient},
		{"zero class falls through to cause", &Error{Err: noDomain}, NotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Classify(tc.err); got != tc.want {
				t.Errorf("Classify(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}

func TestDialError_perStage(t *testing.T) {
	cause := errors.New("boom")
	for _, row := range stageRows {
		t.Run(string(row.stage), func(t *testing.T) {
			err := error(&DialError{Host: "lab", Stage: row.stage, Err: cause})
			want := "dial lab: " + string(row.stage) + ": boom"
			if err.Error() != want {
				t.Errorf("Error() = %q, want %q", err.Error(), want)
			}
			if !errors.Is(err, cause) {
				t.Error("errors.Is(err, cause) = false")
			}
			wrapped := Wrap("check", "lab", err)
			var de *DialError
			if !errors.As(wrapped, &de) || de.Stage != row.stage {
				t.Errorf("errors.As through Wrap lost the stage: %v", wrapped)
			}
			if !errors.Is(wrapped, row.want.Sentinel()) {
				t.Errorf("wrapped dial error at %s is not %v", row.stage, row.want)
			}
		})
	}
}

func TestIsNotFoundAndIsTransient(t *testing.T) {
	cases := []struct {
		name                  string
		err                   error
		notFound, isTransient bool
	}{
		{"nil", nil, false, false},
		{"no domain", libvirt.Error{Code: uint32(libvirt.ErrNoDomain)}, true, false},
		{"wrapped no volume", Wrap("delete", "lab", libvirt.Error{Code: uint32(libvirt.ErrNoStorageVol)}), true, false},
		{"dom exists", libvirt.Error{Code: uint32(libvirt.ErrDomExist)}, false, false},
		{"eof", io.EOF, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsNotFound(tc.err); got != tc.notFound {
				t.Errorf("IsNotFound = %v, want %v", got, tc.notFound)
			}
			if got := IsTransient(tc.err); got != tc.isTransient {
				t.Errorf("IsTransient = %v, want %v", got, tc.isTransient)
			}
		})
	}
}

// A host whose disk is full says so only in the text of libvirt's error (an internal error
// quoting qemu-img, a system error quoting the kernel), under codes that are otherwise
// Transient. Retrying a full disk only waits out the timeout and then blames the link (found by
// the chaos run: a disk grow into a full pool, retried for 5 minutes): it is QuotaExceeded.
func TestClassify_noSpaceLeftIsQuotaExceeded(t *testing.T) {
	enospc := []libvirt.Error{
		{Code: uint32(libvirt.ErrInternalError), Message: "internal error: Child process (/usr/bin/qemu-img resize /p/v.qcow2 2147483648) " +
			"unexpected exit status 1: qemu-img: Failed to grow the L1 table: No space left on device"},
		{Code: uint32(libvirt.ErrSystemError), Message: "cannot write to '/var/lib/libvirt/images/x.iso': No space left on device"},
		{Code: uint32(libvirt.ErrOperationFailed), Message: "operation failed: no space left on device"},
	}
	for _, e := range enospc {
		if got := Classify(fmt.Errorf("resize: %w", e)); got != QuotaExceeded {
			t.Errorf("Classify(%q) = %v, want QuotaExceeded", e.Message, got)
		}
	}
	// Other texts keep their code's class; a NotFound about a file does not become a full disk.
	if got := Classify(libvirt.Error{Code: uint32(libvirt.ErrInternalError), Message: "internal error: qemu-img died"}); got != Transient {
		t.Errorf("an internal error without ENOSPC: %v, want Transient", got)
	}
	if got := Classify(libvirt.Error{Code: uint32(libvirt.ErrNoStorageVol), Message: "no space left on device"}); got != NotFound {
		t.Errorf("a missing volume: %v, want NotFound", got)
	}
}

// The host's traffic control refusing a NIC's limit, as libvirt 9.0 reports it on a kernel
// without sch_sfq, refuses it every time: Permanent, not retried for the operation's timeout.
// Another internal error stays Transient.
func TestClassify_trafficControlRefusalIsPermanent(t *testing.T) {
	tc := libvirt.Error{Code: uint32(libvirt.ErrInternalError), Message: "internal error: Child process (tc qdisc add dev vnet8 " +
		"parent 1:1 handle 2: sfq perturb 10) unexpected exit status 2: Error: Specified qdisc kind is unknown."}
	if got := Classify(tc); got != Permanent {
		t.Fatalf("Classify(tc refusal) = %v, want Permanent", got)
	}
	if got := Classify(libvirt.Error{Code: uint32(libvirt.ErrInternalError), Message: "internal error: qemu unexpectedly closed the monitor"}); got != Transient {
		t.Fatalf("Classify(another internal error) = %v, want Transient", got)
	}
}
