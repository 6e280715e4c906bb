package fake

import (
	"encoding/binary"
	"maps"

	libvirt "github.com/digitalocean/go-libvirt"
)

// Domain is one domain on the fake host. Tests build one with AddDomain and read one back with
// Domain; both copy, so a test never races the fake.
//
// Like libvirt, a domain has one definition while inactive (XML, Metadata: the persistent
// one) and two while a persistent domain is active: XML and Metadata are then the live
// definition and Persistent holds the persistent one (libvirt's newDef). DomainCreate copies
// the persistent definition into the live one; when the domain stops, however that happens
// (DomainDestroy, SetDomainState, a test setting State), the live definition is dropped and
// Persistent becomes XML and Metadata again.
type Domain struct {
	Name string
	UUID libvirt.UUID // zero: assigned by AddDomain
	XML  string       // the current definition: live while active, else persistent

	// Metadata holds the <metadata> children of XML, one element per namespace URI, as the
	// domain XML writes them (prefixed, declaring the namespace); DomainGetMetadata returns them
	// bare. AddDomain and DomainDefineXML fill it from XML when it is nil; UpdateDomain keeps XML
	// and Metadata in step when fn changes only one of them.
	Metadata map[string]string

	// Persistent is the persistent definition of an active persistent domain; nil otherwise.
	// AddDomain and UpdateDomain fill it with a copy of XML and Metadata when they leave a
	// persistent domain active without one.
	Persistent *Definition

	State  libvirt.DomainState
	Reason int32

	// Transient is true for a domain that runs but has no persistent definition.
	Transient bool
	// Autostart is libvirt's autostart flag: libvirtd starts the domain when it starts. As in
	// libvirt, only a persistent domain can have it, and undefining a domain clears it.
	Autostart bool
	// NVRAM marks a UEFI domain with an NVRAM file: undefining it without
	// DomainUndefineNvram fails, as in libvirt.
	NVRAM bool
	// StartState is the state DomainCreate leaves the domain in; zero means running. Set it to
	// DomainShutoff to simulate a guest that dies right after start, or DomainPaused.
	StartState libvirt.DomainState
	// IgnoresShutdown simulates a guest that does not act on the ACPI power button:
	// DomainShutdown succeeds and the domain keeps running.
	IgnoresShutdown bool

	// Agent is what the guest agent reports; nil means the agent is not connected
	// (DomainInterfaceAddresses with the agent source then fails with ErrAgentUnresponsive).
	Agent []libvirt.DomainInterface
	// GuestFiles are the files the guest agent reads (guest-file-open) by absolute path; the
	// agent answers only while Agent is non-nil (connected), as for addresses.
	GuestFiles map[string][]byte
	// Lease is what the DHCP lease source reports.
	Lease []libvirt.DomainInterface

	id int32
}

// Definition is one definition of a domain: its document and the <metadata> children of it by
// namespace URI (see Domain.Metadata).
type Definition struct {
	XML      string
	Metadata map[string]string
}

func (d *Domain) clone() Domain {
	c := *d
	c.Metadata = maps.Clone(d.Metadata)
	if d.Persistent != nil {
		c.Persistent = &Definition{XML: d.Persistent.XML, Metadata: maps.Clone(d.Persistent.Metadata)}
	}
	c.Agent = append([]libvirt.DomainInterface(nil), d.Agent...)
	c.Lease = append([]libvirt.DomainInterface(nil), d.Lease...)
	c.GuestFiles = maps.Clone(d.GuestFiles)
	if d.Agent == nil {
		c.Agent = nil
	}
	return c
}

// settle brings the definitions in line with the state, however the state was set: an
// inactive domain keeps only its persistent definition, an active persistent one has both, a
// transient one only its live one.
func (d *Domain) settle() {
	switch {
	case !active(d.State) && d.Persistent != nil:
		d.XML, d.Metadata = d.Persistent.XML, d.Persistent.Metadata
		d.Persistent = nil
	case active(d.State) && d.Transient:
		d.Persistent = nil
	case active(d.State) && d.Persistent == nil:
		d.Persistent = &Definition{XML: d.XML, Metadata: maps.Clone(d.Metadata)}
	}
}

// persistentXML is the persistent definition's document (what DomainXMLInactive shows); for a
// transient domain, the live one.
func (d *Domain) persistentXML() string {
	if d.Persistent != nil {
		return d.Persistent.XML
	}
	return d.XML
}

func (d *Domain) ref() libvirt.Domain {
	id := int32(-1)
	if active(d.State) {
		id = d.id
	}
	return libvirt.Domain{Name: d.Name, UUID: d.UUID, ID: id}
}

// active reports whether a domain in state s has a running QEMU process.
func active(s libvirt.DomainState) bool {
	switch s {
	case libvirt.DomainRunning, libvirt.DomainBlocked, libvirt.DomainPaused,
		libvirt.DomainShutdown, libvirt.DomainPmsuspended:
		return true
	}
	return false
}

// AddDomain adds (or replaces) a domain as it stands, without the checks DomainDefineXML and
// DomainCreate make (a test may plant what libvirt would refuse). A zero State means shut
// off; a nil Metadata is read from XML.
func (b *Backend) AddDomain(d Domain) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if d.UUID == (libvirt.UUID{}) {
		d.UUID = b.st.newUUID()
	}
	if d.State == libvirt.DomainNostate {
		d.State = libvirt.DomainShutoff
	}
	c := d.clone()
	if c.Metadata == nil {
		if md, err := metadataChildren(c.XML); err == nil && len(md) > 0 {
			c.Metadata = md
		}
	}
	if active(c.State) {
		b.st.nextID++
		c.id = b.st.nextID
	}
	c.settle()
	b.st.domains[d.Name] = &c
}

// RestartDaemon simulates libvirtd starting after a host reboot: every domain's QEMU process is
// gone (transient domains disappear, persistent ones shut off), then each domain with autostart
// is started as DomainCreate would start it.
func (b *Backend) RestartDaemon() {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	for name, d := range b.st.domains {
		if d.Transient {
			delete(b.st.domains, name)
			continue
		}
		if active(d.State) {
			d.State, d.Reason = libvirt.DomainShutoff, int32(libvirt.DomainShutoffUnknown)
			d.settle()
		}
		if d.Autostart && b.st.checkStart(d.XML) == nil {
			d.State, d.Reason = libvirt.DomainRunning, int32(libvirt.DomainRunningBooted)
			b.st.nextID++
			d.id = b.st.nextID
			d.settle()
		}
	}
}

// Domain returns a copy of the named domain.
func (b *Backend) Domain(name string) (Domain, bool) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	d, ok := b.st.domains[name]
	if !ok {
		return Domain{}, false
	}
	return d.clone(), true
}

// DomainNames returns the names of every domain, sorted.
func (b *Backend) DomainNames() []string {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return sortedKeys(b.st.domains)
}

// UpdateDomain applies fn to the named domain under the fake's lock; it reports whether the
// domain exists. When fn changes XML but not Metadata, Metadata is read again from XML; when it
// changes Metadata but not XML, XML's <metadata> is rewritten; then the definitions are
// settled with the state (see Domain).
func (b *Backend) UpdateDomain(name string, fn func(*Domain)) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	d, ok := b.st.domains[name]
	if !ok {
		return false
	}
	xmlBefore, mdBefore := d.XML, maps.Clone(d.Metadata)
	fn(d)
	if active(d.State) && d.id == 0 { // started: libvirt gives a running domain an ID
		b.st.nextID++
		d.id = b.st.nextID
	}
	xmlChanged, mdChanged := d.XML != xmlBefore, !maps.Equal(d.Metadata, mdBefore)
	switch {
	case xmlChanged && !mdChanged:
		if md, err := metadataChildren(d.XML); err == nil {
			d.Metadata = md
		}
	case mdChanged && !xmlChanged && d.XML != "":
		d.XML = withMetadata(d.XML, d.Metadata)
	}
	d.settle()
	return true
}

// SetDomainState changes the named domain's state (an administrator's or the guest's doing).
// A domain that stops loses its live definition.
func (b *Backend) SetDomainState(name string, s libvirt.DomainState) bool {
	return b.UpdateDomain(name, func(d *Domain) { d.State = s })
}

// RemoveDomain deletes a domain outright.
func (b *Backend) RemoveDomain(name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	delete(b.st.domains, name)
}

func (s *state) newUUID() libvirt.UUID {
	s.nextUUID++
	var u libvirt.UUID
	u[0] = 0xfa
	binary.BigEndian.PutUint32(u[12:], s.nextUUID)
	return u
}

func noDomain(name string) error {
	return LibvirtError(libvirt.ErrNoDomain, "Domain not found: no domain with matching name '%s'", name)
}

func notRunning() error {
	return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is not running")
}

// domain returns the live entry for dom; callers hold st.mu.
func (s *state) domain(name string) (*Domain, error) {
	d, ok := s.domains[name]
	if !ok {
		return nil, noDomain(name)
	}
	return d, nil
}

// resolve returns the domain ref refers to (see domainCall); callers hold st.mu.
func (s *state) resolve(ref libvirt.Domain) (*Domain, error) {
	if ref.UUID == (libvirt.UUID{}) {
		return s.domain(ref.Name)
	}
	if d := s.domainByUUID(ref.UUID); d != nil {
		return d, nil
	}
	return nil, LibvirtError(libvirt.ErrNoDomain, "Domain not found: no domain with matching uuid '%s' (%s)", uuidString(ref.UUID), ref.Name)
}

// domainByUUID returns the domain with UUID u, or nil; callers hold st.mu.
func (s *state) domainByUUID(u libvirt.UUID) *Domain {
	for _, d := range s.domains {
		if d.UUID == u {
			return d
		}
	}
	return nil
}
