// Package ownership is how the core tells a VM's domain from anyone else's: the one domain
// finder (by the UUID a UID gives, else by name), the proof by the mark (Claim), the removal of
// a domain, and the errors that say whose a domain is.
package ownership

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Named refusals. The core says itself why it will not touch something, so the surface never
// has to ask the host again to explain an error.

// ErrNotManaged is the refusal to read, adopt, change or delete a domain that carries no mark
// of ours.
var ErrNotManaged = errors.New("the domain is not managed by kvm2 (it carries no kvm2 mark)")

// OwnedError says that a domain carries our mark with another UID: it belongs to another
// configuration (or another resource) of this provider.
//
// ByCreate is set when a Create was refused: Differs then names each setting the mark records
// that differs from the create's request (settingDiffs). None differing means the domain was
// most likely made by this very request in a run of the caller that ended before it recorded
// the UID (terraform killed mid-apply); the refusal stands all the same, since settings are
// no proof of identity.
type OwnedError struct {
	Host, Name string
	UID        string // the UID the caller expected ("" when creating)
	Other      definition.Mark
	ByCreate   bool
	Differs    []SettingDiff
}

func (e *OwnedError) Error() string {
	var b strings.Builder
	if e.ByCreate && len(e.Differs) == 0 {
		fmt.Fprintf(&b, "domain %s on host %s carries a kvm2 mark that is not this resource's: uid %s", e.Name, e.Host, e.Other.UID)
	} else {
		fmt.Fprintf(&b, "domain %s on host %s belongs to another kvm2 configuration: its mark has uid %s", e.Name, e.Host, e.Other.UID)
	}
	if e.Other.Tag != "" {
		fmt.Fprintf(&b, ", tag %q", e.Other.Tag)
	}
	if !e.Other.CreatedAt.IsZero() {
		fmt.Fprintf(&b, ", created %s", e.Other.CreatedAt.UTC().Format(time.RFC3339))
	}
	if e.UID != "" {
		fmt.Fprintf(&b, " (this resource's uid is %s)", e.UID)
	}
	if e.ByCreate {
		b.WriteString(DescribeDiffs(e.Differs))
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
	// Unsearched are inactive pools that may hold volumes of the VM (the host's pool): libvirt
	// cannot look into them.
	Unsearched []string
}

func (e *GoneError) Error() string {
	msg := fmt.Sprintf("proxy VM %s (uid %s) no longer exists on the host", e.ID, e.UID)
	if e.Foreign != nil {
		msg += "; the name now holds another domain: " + e.Foreign.Error()
	}
	if len(e.Leftovers) > 0 {
		msg += "; its volumes " + strings.Join(e.Leftovers, ", ") + " remain until it is deleted"
	}
	if len(e.Unsearched) > 0 {
		msg += "; storage pool(s) " + strings.Join(e.Unsearched, ", ") + ", which may hold its volumes, are inactive and were not searched"
	}
	return msg
}

// VolumesMayRemain reports whether volumes of the VM remain, or may, in a pool that could not be
// searched: only its UID proves them its own, so the caller keeps the UID until a delete has
// removed them.
func (e *GoneError) VolumesMayRemain() bool { return len(e.Leftovers) > 0 || len(e.Unsearched) > 0 }

func (e *GoneError) Unwrap() error { return e.Foreign }

// ErrMarkRemoved says that a domain carries the UUID this provider gave the VM with the UID
// asked for, but no longer its mark: it is ours (a name collision cannot produce the UUID), yet
// it cannot be read back as a VM. Delete removes it; every other operation refuses it.
var ErrMarkRemoved = errors.New("the domain has this VM's UUID but its kvm2 mark was removed")

// ErrCopiedMark says that a domain carries a copy of a VM's mark under a UUID that is not the
// VM's: a clone or a redefinition by another tool, never the VM itself.
var ErrCopiedMark = errors.New("the domain carries a copy of a kvm2 mark under another UUID")

// Claim reports whether the parsed definition of domain name is the VM with uid: nil when it
// is. The proof is the mark's UID together with the domain UUID the provider derived from it
// (domainUUID), which a name collision cannot produce; VMs made before the UUID was derived from
// the UID (their UIDs are not UUIDs) are proven by the mark's UID alone. An empty uid is an
// import, which has no UID yet: any mark is accepted whose UUID is not a copy's.
//
// Refusals: ErrNotManaged without a mark, ErrMarkRemoved for our UUID without a mark,
// ErrCopiedMark for a mark whose UUID is not the VM's, *OwnedError for another UID.
func Claim(host, name, uid string, facts definition.DomainFacts) error {
	m := facts.Mark
	switch {
	case m == nil && uid != "" && facts.UUID == rules.DomainUUID(uid):
		return fmt.Errorf("domain %s: %w", name, ErrMarkRemoved)
	case m == nil:
		return fmt.Errorf("domain %s: %w", name, ErrNotManaged)
	case uid != "" && m.UID != uid:
		return &OwnedError{Host: host, Name: name, UID: uid, Other: *m}
	case definition.IsUUID(m.UID) && facts.UUID != rules.DomainUUID(m.UID):
		return fmt.Errorf("domain %s (uuid %s, mark uid %s): %w", name, facts.UUID, m.UID, ErrCopiedMark)
	}
	return nil
}

// SettingDiff is one setting whose value in a domain's mark (or definition, for the MAC
// address) differs from a create's request. Setting is named as the attribute of
// kvm2_proxy_vm that sets it; Mark and Asked are the two values, both "" for user data and
// network configuration, which are not shown.
type SettingDiff struct {
	Setting     string
	Mark, Asked string
}

// DescribeDiffs words the comparison for OwnedError.
func DescribeDiffs(diffs []SettingDiff) string {
	if len(diffs) == 0 {
		return "; every setting its mark records matches this request's"
	}
	parts := make([]string, len(diffs))
	for i, d := range diffs {
		parts[i] = d.Setting
		if d.Mark != "" || d.Asked != "" {
			parts[i] = fmt.Sprintf("%s (%s, here %s)", d.Setting, d.Mark, d.Asked)
		}
	}
	return "; its mark differs from this request in " + strings.Join(parts, ", ")
}
