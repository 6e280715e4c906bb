package ownership

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Finding a VM's domain, reading its definition, and removing it: shared by every path of the
// lifecycle (get, create's adoption and cleanup, delete, mark and power changes, resize, user
// data).

// FindDomain is how every path finds the domain of the VM name with uid, and reads its
// definition once: the domain holding the UUID the UID gives, read through a reference to that
// UUID (libvirt resolves it by UUID alone, so no name collision reaches it), when it still has
// the name; else whatever the name holds (a VM of an earlier version whose UUID libvirt chose, a
// renamed or foreign domain). With no UID (an import, or Create asking what holds the name) it
// reads what the name holds. It finds, it does not prove:
// every caller then proves ownership from the definition (claim). No domain under the name is
// libvirt's ErrNoDomain (NotFound).
func FindDomain(ctx context.Context, b backend.Backend, name, uid string) (libvirt.Domain, definition.DomainFacts, error) {
	dom, facts, _, err := FindDomainXML(ctx, b, name, uid)
	return dom, facts, err
}

// FindDomainXML is findDomain that also returns the definition as read.
func FindDomainXML(ctx context.Context, b backend.Backend, name, uid string) (libvirt.Domain, definition.DomainFacts, string, error) {
	if dom, ok := UUIDRef(name, rules.DomainUUID(uid)); ok && uid != "" {
		facts, x, err := readDefinitionXML(ctx, b, dom)
		switch {
		case err == nil && facts.Name == name:
			return dom, facts, x, nil
		case err != nil && !kvmerr.IsNotFound(err):
			return libvirt.Domain{}, definition.DomainFacts{}, "", err
		}
	}
	dom, err := b.DomainLookupByName(ctx, name)
	if err != nil {
		return libvirt.Domain{}, definition.DomainFacts{}, "", err
	}
	facts, x, err := readDefinitionXML(ctx, b, dom)
	return dom, facts, x, err
}

// UUIDRef is a reference to the domain with the canonical UUID u, carrying name for errors.
func UUIDRef(name, u string) (libvirt.Domain, bool) {
	raw, err := hex.DecodeString(strings.ReplaceAll(u, "-", ""))
	if err != nil || len(raw) != len(libvirt.UUID{}) {
		return libvirt.Domain{}, false
	}
	dom := libvirt.Domain{Name: name, ID: -1}
	copy(dom.UUID[:], raw)
	return dom, true
}

// FormatUUID renders a libvirt UUID in its canonical 8-4-4-4-12 form.
func FormatUUID(u libvirt.UUID) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// ReadDefinition reads and parses a domain's definition once: mark, disks, devices.
func ReadDefinition(ctx context.Context, b backend.Backend, dom libvirt.Domain) (definition.DomainFacts, error) {
	facts, _, err := readDefinitionXML(ctx, b, dom)
	return facts, err
}

// readDefinitionXML is readDefinition that also returns the XML it parsed.
func readDefinitionXML(ctx context.Context, b backend.Backend, dom libvirt.Domain) (definition.DomainFacts, string, error) {
	x, err := b.DomainGetXMLDesc(ctx, dom, 0)
	if err != nil {
		return definition.DomainFacts{}, "", err
	}
	facts, err := definition.ParseDomain(x)
	if err != nil {
		return definition.DomainFacts{}, "", kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: unreadable definition: %w", dom.Name, err))
	}
	return facts, x, nil
}

// RemoveIfOurs removes the domain under name when its mark carries uid: the cleanup of a define
// whose reply was lost. Anything else under the name is left alone.
func RemoveIfOurs(ctx context.Context, b backend.Backend, host, name, uid string) error {
	dom, facts, err := FindDomain(ctx, b, name, "") // what holds the name, proven below
	if err != nil {
		return kvmerr.IgnoreNotFound(err)
	}
	if Claim(host, name, uid, facts) == nil {
		return RemoveDomain(ctx, b, dom)
	}
	return nil // another owner's domain holds the name: ours was never defined
}

// RemoveDomain destroys dom if it runs and undefines it with its NVRAM and managed save. A
// libvirt that rejects the NVRAM flag (no UEFI support, so no NVRAM) is asked again without it.
func RemoveDomain(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	err := b.DomainDestroy(ctx, dom)
	if err != nil && !kvmerr.HasCode(err, libvirt.ErrOperationInvalid) && kvmerr.IgnoreNotFound(err) != nil {
		return err
	}
	err = b.DomainUndefine(ctx, dom, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave)
	if kvmerr.FlagRejected(err) {
		err = b.DomainUndefine(ctx, dom, libvirt.DomainUndefineManagedSave)
	}
	return kvmerr.IgnoreNotFound(err)
}
