package kvmerr

import (
	"context"
	"fmt"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

func libvirtErr(code libvirt.ErrorNumber) error {
	return fmt.Errorf("rpc: %w", libvirt.Error{Code: uint32(code), Message: "test"})
}

// The one not-found list is the table: every code it classes NotFound, and nothing else, is
// "not found" to the core, and an ended context never is.
func TestIsNotFound_isTheTable(t *testing.T) {
	notFound := 0
	for key, class := range table {
		code, ok := key.(libvirt.ErrorNumber)
		if !ok {
			continue
		}
		if got := IsNotFound(libvirtErr(code)); got != (class == NotFound) {
			t.Errorf("IsNotFound(code %d) = %v, table class %v", code, got, class)
		}
		if class == NotFound {
			notFound++
			if IgnoreNotFound(libvirtErr(code)) != nil {
				t.Errorf("IgnoreNotFound kept code %d", code)
			}
		}
	}
	if notFound != 5 {
		t.Errorf("%d NotFound codes in the table, want 5 (domain, volume, pool, network, metadata)", notFound)
	}
	for _, err := range []error{context.DeadlineExceeded, ErrAbandoned, libvirtErr(libvirt.ErrOperationTimeout), nil} {
		if IsNotFound(err) {
			t.Errorf("IsNotFound(%v) = true", err)
		}
	}
	if err := libvirtErr(libvirt.ErrInternalError); IgnoreNotFound(err) != err {
		t.Error("IgnoreNotFound dropped an error that is not not-found")
	}
}

func TestHasCodeAndFlagRejected(t *testing.T) {
	err := libvirtErr(libvirt.ErrNoSupport)
	if !HasCode(err, libvirt.ErrNoSupport) || HasCode(err, libvirt.ErrNoDomain) || HasCode(context.Canceled, libvirt.ErrNoSupport) {
		t.Error("HasCode does not match the code alone")
	}
	if !IsLibvirtError(err) || IsLibvirtError(context.Canceled) {
		t.Error("IsLibvirtError is not libvirt's answers alone")
	}
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		if !FlagRejected(libvirtErr(code)) {
			t.Errorf("FlagRejected(code %d) = false", code)
		}
	}
	if FlagRejected(libvirtErr(libvirt.ErrOperationInvalid)) {
		t.Error("FlagRejected(ErrOperationInvalid) = true")
	}
}
