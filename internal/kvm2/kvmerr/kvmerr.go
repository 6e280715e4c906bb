// Package kvmerr sorts every failure the kvm2 core can meet into four classes: Transient (retry
// later), Permanent (retrying cannot help), NotFound (the object is gone) and QuotaExceeded (the
// host lacks room). Callers test the class with errors.Is against the class sentinels, and the
// original cause stays reachable through the same error.
//
// Classification lives in one table (classify.go) keyed by libvirt error code and SSH dial stage,
// so a reader can see every decision in one place.
package kvmerr

import (
	"errors"
	"fmt"
	"strings"
)

// Class sentinels: errors.Is(err, ErrNotFound) reports whether err was classified NotFound.
var (
	ErrTransient     = errors.New("transient failure")
	ErrPermanent     = errors.New("permanent failure")
	ErrNotFound      = errors.New("not found")
	ErrQuotaExceeded = errors.New("quota exceeded")
)

// ErrAbandoned is returned when an RPC outlived its context or per-call budget and the link it
// ran on was closed. The operation may or may not have happened on the host, so it is Transient:
// the next call redials and observes the real state.
var ErrAbandoned = errors.New("rpc abandoned (its context ended first); connection closed")

// ErrHostKeyUnknown is wrapped by a dial refused because the host has no entry in the known_hosts
// file: not a changed key (no sign of interception), but a host never trusted yet.
var ErrHostKeyUnknown = errors.New("host key unknown")

// Class is the retry-relevant category of a failure.
type Class int

// The classes. The zero value is deliberately not a class so that an unset Class is detectable.
const (
	Transient Class = iota + 1
	Permanent
	NotFound
	QuotaExceeded
)

// String names the class for logs and diagnostics.
func (c Class) String() string {
	switch c {
	case Transient:
		return "Transient"
	case Permanent:
		return "Permanent"
	case NotFound:
		return "NotFound"
	case QuotaExceeded:
		return "QuotaExceeded"
	}
	return fmt.Sprintf("Class(%d)", int(c))
}

// Sentinel returns the sentinel error errors.Is matches for this class, or nil for a value that
// is not a class.
func (c Class) Sentinel() error {
	switch c {
	case Transient:
		return ErrTransient
	case Permanent:
		return ErrPermanent
	case NotFound:
		return ErrNotFound
	case QuotaExceeded:
		return ErrQuotaExceeded
	}
	return nil
}

// valid reports whether c is one of the four classes.
func (c Class) valid() bool { return c.Sentinel() != nil }

// Error is a classified failure of operation Op against host Host.
type Error struct {
	Class Class
	Op    string
	Host  string
	Err   error
}

// Error renders "<op> on <host>: <cause>", leaving out whatever is empty.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Op)
	if e.Host != "" {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("on " + e.Host)
	}
	cause := e.cause()
	if b.Len() == 0 {
		return cause
	}
	return b.String() + ": " + cause
}

// cause is the text of the wrapped error, or the class name when there is none.
func (e *Error) cause() string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return strings.ToLower(e.Class.String())
}

// Unwrap exposes both the cause and the class sentinel, so errors.Is works against either.
func (e *Error) Unwrap() []error {
	errs := make([]error, 0, 2)
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	if s := e.Class.Sentinel(); s != nil {
		errs = append(errs, s)
	}
	return errs
}

// New returns err classified as class, with op and host as context. An invalid class falls back
// to Classify(err) so that a caller's mistake never yields an unclassified error.
func New(class Class, op, host string, err error) error {
	if !class.valid() {
		class = Classify(err)
	}
	return &Error{Class: class, Op: op, Host: host, Err: err}
}

// Wrap adds op and host context to err and classifies it. A nil err stays nil. The class of an
// inner *Error or *QuotaError is kept. When err is itself an *Error the context is merged into
// it instead of stacking a second *Error, so messages do not repeat the host.
func Wrap(op, host string, err error) error {
	if err == nil {
		return nil
	}
	var inner *Error
	if errors.As(err, &inner) && inner == err { //nolint:errorlint // identity: only an unwrapped *Error is merged
		return merge(inner, op, host)
	}
	return &Error{Class: Classify(err), Op: op, Host: host, Err: err}
}

// merge folds new context into an existing *Error: ops are joined outer-first, and a host is
// only added where the inner error had none. A different inner host is real information, so in
// that case the inner error is nested rather than overwritten.
func merge(inner *Error, op, host string) error {
	if host != "" && inner.Host != "" && host != inner.Host {
		return &Error{Class: inner.Class, Op: op, Host: host, Err: inner}
	}
	if (op == "" || op == inner.Op) && (host == "" || host == inner.Host) {
		return inner
	}
	merged := *inner
	merged.Op = joinOps(op, inner.Op)
	if merged.Host == "" {
		merged.Host = host
	}
	return &merged
}

// joinOps joins an outer and an inner operation name as "outer: inner".
func joinOps(outer, inner string) string {
	switch {
	case outer == "" || outer == inner:
		return inner
	case inner == "":
		return outer
	}
	return outer + ": " + inner
}

// IsNotFound reports whether err is classified NotFound.
func IsNotFound(err error) bool { return err != nil && Classify(err) == NotFound }

// IsTransient reports whether err is classified Transient (a nil error is not).
func IsTransient(err error) bool { return err != nil && Classify(err) == Transient }
