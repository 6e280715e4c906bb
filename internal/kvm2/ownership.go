package kvm2

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// Named refusals. The core says itself why it will not touch something, so the surface never
// has to ask the host again to explain an error.

// ErrNotManaged is the refusal to read, adopt, change or delete a domain that carries no mark
// of ours.
var ErrNotManaged = errors.New("the domain is not managed by kvm2 (it carries no kvm2 mark)")

// OwnedError says that a domain carries our mark with another UID: it belongs to another
// configuration (or another resource) of this provider.
type OwnedError struct {
	Host, Name string
	UID        string // the UID the caller expected ("" when creating)
	Other      definition.Mark
}

func (e *OwnedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "domain %s on host %s belongs to another kvm2 configuration: its mark has uid %s", e.Name, e.Host, e.Other.UID)
	if e.Other.Tag != "" {
		fmt.Fprintf(&b, ", tag %q", e.Other.Tag)
	}
	if !e.Other.CreatedAt.IsZero() {
		fmt.Fprintf(&b, ", created %s", e.Other.CreatedAt.UTC().Format(time.RFC3339))
	}
	if e.UID != "" {
		fmt.Fprintf(&b, " (this resource's uid is %s)", e.UID)
	}
	return b.String()
}

// GoneError says that the VM with a UID no longer exists under its name: the domain was
// removed, or the name now holds a domain that is not this VM (Foreign). Leftovers are the
// volumes of this VM still on the host, which only its Delete removes.
type GoneError struct {
	ID, UID   string
	Foreign   error // *OwnedError or ErrNotManaged when the name holds another domain
	Leftovers []string
}

func (e *GoneError) Error() string {
	msg := fmt.Sprintf("proxy VM %s (uid %s) no longer exists on the host", e.ID, e.UID)
	if e.Foreign != nil {
		msg += "; the name now holds another domain: " + e.Foreign.Error()
	}
	if len(e.Leftovers) > 0 {
		msg += "; its volumes " + strings.Join(e.Leftovers, ", ") + " remain until it is deleted"
	}
	return msg
}

func (e *GoneError) Unwrap() error { return e.Foreign }

// claim reports whether the parsed definition of domain name is the VM with uid: nil when it
// is, ErrNotManaged without a mark, an *OwnedError for a mark with another UID. An empty uid
// accepts any mark (an import, which has no UID yet).
func claim(host, name, uid string, facts definition.DomainFacts) error {
	switch {
	case facts.Mark == nil:
		return fmt.Errorf("domain %s: %w", name, ErrNotManaged)
	case uid != "" && facts.Mark.UID != uid:
		return &OwnedError{Host: host, Name: name, UID: uid, Other: *facts.Mark}
	}
	return nil
}
