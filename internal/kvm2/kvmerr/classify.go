package kvmerr

import (
	"context"
	"errors"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
)

// table is the one place that decides the class of a libvirt error code or a dial stage. Keys
// are libvirt.ErrorNumber or Stage values. Codes not listed fall to Transient: a retry that
// cannot succeed only costs time, while a retryable failure reported as Permanent fails a
// create for good.
var table = map[any]Class{
	// Only a missing object is NotFound; an object that exists but is unusable is not.
	libvirt.ErrNoDomain:         NotFound,
	libvirt.ErrNoStorageVol:     NotFound,
	libvirt.ErrNoStoragePool:    NotFound,
	libvirt.ErrNoNetwork:        NotFound,
	libvirt.ErrNoDomainMetadata: NotFound, // a domain without our mark

	// The request itself is wrong or refused: asking again gets the same answer.
	libvirt.ErrNoSupport:            Permanent,
	libvirt.ErrInvalidArg:           Permanent,
	libvirt.ErrXMLError:             Permanent,
	libvirt.ErrXMLDetail:            Permanent,
	libvirt.ErrXMLInvalidSchema:     Permanent,
	libvirt.ErrDomExist:             Permanent,
	libvirt.ErrNetworkExist:         Permanent,
	libvirt.ErrStorageVolExist:      Permanent,
	libvirt.ErrOperationDenied:      Permanent,
	libvirt.ErrAccessDenied:         Permanent,
	libvirt.ErrAuthFailed:           Permanent,
	libvirt.ErrAuthCancelled:        Permanent,
	libvirt.ErrAuthUnavailable:      Permanent,
	libvirt.ErrOperationInvalid:     Permanent,
	libvirt.ErrConfigUnsupported:    Permanent,
	libvirt.ErrArgumentUnsupported:  Permanent,
	libvirt.ErrOperationUnsupported: Permanent,
	libvirt.ErrInvalidMac:           Permanent,
	libvirt.ErrInvalidDomain:        Permanent,
	libvirt.ErrInvalidNetwork:       Permanent,
	libvirt.ErrInvalidStoragePool:   Permanent,
	libvirt.ErrInvalidStorageVol:    Permanent,
	libvirt.ErrCPUIncompatible:      Permanent,
	libvirt.ErrOsType:               Permanent,
	libvirt.ErrOverflow:             Permanent,

	// The daemon, the link or the guest was busy or broken this time; later may work.
	libvirt.ErrInternalError:       Transient,
	libvirt.ErrNoMemory:            Transient,
	libvirt.ErrNoConnect:           Transient,
	libvirt.ErrInvalidConn:         Transient,
	libvirt.ErrOperationFailed:     Transient,
	libvirt.ErrSystemError:         Transient,
	libvirt.ErrRPC:                 Transient,
	libvirt.ErrOperationTimeout:    Transient,
	libvirt.ErrOperationAborted:    Transient,
	libvirt.ErrResourceBusy:        Transient,
	libvirt.ErrAgentUnresponsive:   Transient,
	libvirt.ErrAgentUnsynced:       Transient,
	libvirt.ErrAgentCommandTimeout: Transient,
	libvirt.ErrSSH:                 Transient,
	libvirt.ErrLibssh:              Transient,
	libvirt.ErrNoServer:            Transient,
	libvirt.ErrNoClient:            Transient,

	// Dial stages. Credentials, host identity, the host's name and its algorithms are
	// configuration: retrying with the same key against the same host key, name or sshd
	// cannot succeed. Reaching the host can, and so can a libvirtd that is restarting. A
	// refused TCP connection is Transient here (sshd may be restarting); the pool decides when
	// a host has refused long enough to be reported as down.
	StageKey:       Permanent,
	StageResolve:   Permanent, // the resolver answered that the name does not exist
	StageTCP:       Transient,
	StageHandshake: Transient,
	StageNegotiate: Permanent,
	StageHostKey:   Permanent,
	StageAuth:      Permanent,
	StageForward:   Permanent, // forwarding prohibited by sshd
	StageSocket:    Transient, // libvirtd not (yet) listening on its socket
	StageLibvirt:   Transient, // a libvirt.Error cause is classified by its code first
}

// Classify returns the class of err. It returns 0 (no class) for a nil error. The order of the
// checks matters: an explicit classification made by our own code wins, then a context that
// ended (whatever stage it interrupted), then libvirt's code (a Transient one whose text says
// the host's disk is full is QuotaExceeded: noSpaceLeft), then the dial stage, then the
// generic connection failures. Anything else is Transient.
func Classify(err error) Class {
	if err == nil {
		return 0
	}
	if c, ok := explicitClass(err); ok {
		return c
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, ErrAbandoned) {
		return Transient
	}
	if code, ok := libvirtCode(err); ok {
		c := lookup(code)
		switch {
		case c != Transient:
			return c
		case noSpaceLeft(err):
			return QuotaExceeded
		case trafficControlRefused(err):
			return Permanent
		}
		return c
	}
	var dial *DialError
	if errors.As(err, &dial) {
		return lookup(dial.Stage)
	}
	if errors.Is(err, libvirt.ErrUnsupported) {
		return Permanent // the daemon does not implement the procedure; it will not learn it
	}
	// io.EOF, io.ErrUnexpectedEOF, libvirt.ErrInterrupted, net.ErrClosed and any net.Error
	// mean the link broke, which says nothing about the request; anything unknown is Transient
	// for the reason given on the table.
	return Transient
}

// explicitClass finds a classification our own code already made: an *Error, a *QuotaError or a
// class sentinel wrapped with %w.
func explicitClass(err error) (Class, bool) {
	var e *Error
	if errors.As(err, &e) && e.Class.valid() {
		return e.Class, true
	}
	var q *QuotaError
	if errors.As(err, &q) {
		return QuotaExceeded, true
	}
	for _, c := range []Class{NotFound, QuotaExceeded, Permanent, Transient} {
		if errors.Is(err, c.Sentinel()) {
			return c, true
		}
	}
	return 0, false
}

// libvirtCode extracts the code of a go-libvirt error, returned by value (as go-libvirt does) or
// by pointer.
func libvirtCode(err error) (libvirt.ErrorNumber, bool) {
	var v libvirt.Error
	if errors.As(err, &v) {
		return libvirt.ErrorNumber(v.Code), true
	}
	var p *libvirt.Error
	if errors.As(err, &p) && p != nil {
		return libvirt.ErrorNumber(p.Code), true
	}
	return 0, false
}

// noSpaceLeft reports whether err's text carries ENOSPC's message. A host's full disk reaches us
// only as text (qemu-img or the kernel quoted in an internal or system error), under codes that
// are otherwise Transient; a full disk does not empty itself, so retrying it is no use.
func noSpaceLeft(err error) bool {
	return strings.Contains(strings.ToLower(err.Error()), "no space left on device")
}

// trafficControlRefused reports whether err is the host's traffic control (tc, which libvirt runs
// to apply a NIC's bandwidth) refusing the limit, which libvirt reports as an internal error
// quoting tc: a kernel without the queueing discipline or action it needs ("Specified qdisc kind
// is unknown": no sch_sfq) refuses it every time.
func trafficControlRefused(err error) bool {
	return strings.Contains(err.Error(), "Child process (tc ")
}

// lookup returns the table's class for key, Transient when absent.
func lookup(key any) Class {
	if c, ok := table[key]; ok {
		return c
	}
	return Transient
}
