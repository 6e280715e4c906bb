package fake

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"maps"
	"strings"
	"time"

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

// domain returns the live entry for dom; callers hold st.mu.
func (s *state) domain(name string) (*Domain, error) {
	d, ok := s.domains[name]
	if !ok {
		return nil, noDomain(name)
	}
	return d, nil
}

// ConnectListAllDomains lists domains sorted by name, filtered like libvirt by the
// active/inactive and persistent/transient flags.
func (b *Backend) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) (_ []libvirt.Domain, err error) {
	defer b.observe(ctx, "ConnectListAllDomains", time.Now(), &err)
	if err = b.begin(ctx, "ConnectListAllDomains", ""); err != nil {
		return nil, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	var out []libvirt.Domain
	for _, name := range sortedKeys(b.st.domains) {
		d := b.st.domains[name]
		if listed(d, flags) {
			out = append(out, d.ref())
		}
	}
	return out, nil
}

func listed(d *Domain, flags libvirt.ConnectListAllDomainsFlags) bool {
	if flags&(libvirt.ConnectListDomainsActive|libvirt.ConnectListDomainsInactive) != 0 {
		if active(d.State) && flags&libvirt.ConnectListDomainsActive == 0 {
			return false
		}
		if !active(d.State) && flags&libvirt.ConnectListDomainsInactive == 0 {
			return false
		}
	}
	// As libvirt's virDomainObjListFilter: a state flag set keeps the domains in one of its
	// states, OTHER being every state but running, paused and shut off.
	const states = libvirt.ConnectListDomainsRunning | libvirt.ConnectListDomainsPaused |
		libvirt.ConnectListDomainsShutoff | libvirt.ConnectListDomainsOther
	if flags&states != 0 {
		var in libvirt.ConnectListAllDomainsFlags
		switch d.State {
		case libvirt.DomainRunning:
			in = libvirt.ConnectListDomainsRunning
		case libvirt.DomainPaused:
			in = libvirt.ConnectListDomainsPaused
		case libvirt.DomainShutoff:
			in = libvirt.ConnectListDomainsShutoff
		default:
			in = libvirt.ConnectListDomainsOther
		}
		if flags&in == 0 {
			return false
		}
	}
	if flags&(libvirt.ConnectListDomainsAutostart|libvirt.ConnectListDomainsNoAutostart) != 0 {
		if d.Autostart && flags&libvirt.ConnectListDomainsAutostart == 0 {
			return false
		}
		if !d.Autostart && flags&libvirt.ConnectListDomainsNoAutostart == 0 {
			return false
		}
	}
	if flags&(libvirt.ConnectListDomainsPersistent|libvirt.ConnectListDomainsTransient) != 0 {
		if !d.Transient && flags&libvirt.ConnectListDomainsPersistent == 0 {
			return false
		}
		if d.Transient && flags&libvirt.ConnectListDomainsTransient == 0 {
			return false
		}
	}
	return true
}

// DomainLookupByName finds a domain; a missing one is ErrNoDomain.
func (b *Backend) DomainLookupByName(ctx context.Context, name string) (_ libvirt.Domain, err error) {
	defer b.observe(ctx, "DomainLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "DomainLookupByName", name); err != nil {
		return libvirt.Domain{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	d, err := b.st.domain(name)
	if err != nil {
		return libvirt.Domain{}, err
	}
	return d.ref(), nil
}

// DomainDefineXML defines a new domain or replaces the persistent definition of an existing
// one (a running domain keeps its live definition until it stops; a transient one becomes
// persistent), as libvirt 9.0 does. Metadata is taken from the <metadata> children of xml; a
// UEFI <os firmware="efi"> or <loader> gives the domain an NVRAM file. Like libvirt, a
// definition without <uuid> gets a new one, so it cannot redefine an existing name; a name
// that exists under another UUID, and a UUID that another name has, are ErrOperationFailed.
func (b *Backend) DomainDefineXML(ctx context.Context, x string) (_ libvirt.Domain, err error) {
	defer b.observe(ctx, "DomainDefineXML", time.Now(), &err)
	parsed, perr := parseDomainXML(x)
	if err = b.begin(ctx, "DomainDefineXML", parsed.name); err != nil {
		return libvirt.Domain{}, err
	}
	if perr != nil {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrXMLError, "XML error: %v", perr)
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if parsed.uuid == (libvirt.UUID{}) {
		parsed.uuid = b.st.newUUID()
	}
	// libvirt's order (virDomainObjListAddLocked): the UUID first, then the name.
	if other := b.st.domainByUUID(parsed.uuid); other != nil && other.Name != parsed.name {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: domain '%s' is already defined with uuid %s", other.Name, uuidString(other.UUID))
	}
	d, exists := b.st.domains[parsed.name]
	if exists && parsed.uuid != d.UUID {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: domain '%s' already exists with uuid %s", parsed.name, uuidString(d.UUID))
	}
	if !exists {
		d = &Domain{Name: parsed.name, UUID: parsed.uuid, State: libvirt.DomainShutoff}
		b.st.domains[parsed.name] = d
	}
	if active(d.State) {
		d.Persistent = &Definition{XML: x, Metadata: parsed.metadata}
	} else {
		d.XML, d.Metadata = x, parsed.metadata
	}
	d.NVRAM = parsed.efi
	d.Transient = false
	return d.ref(), nil
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

// uuidString formats u as libvirt does (lowercase, dashed).
func uuidString(u libvirt.UUID) string {
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// DomainCreate starts a defined domain: the live definition starts as a copy of the persistent
// one. Starting an active domain is ErrOperationInvalid; a domain whose network is missing or
// inactive, or one of whose disk files (with its backing chain) does not exist, is refused as
// libvirt refuses it and stays shut off (see checkStart).
func (b *Backend) DomainCreate(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainCreate", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainCreate", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if active(d.State) {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is already running")
	}
	if err := b.st.checkStart(d.XML); err != nil {
		return err
	}
	d.State, d.Reason = libvirt.DomainRunning, int32(libvirt.DomainRunningBooted)
	if d.StartState != libvirt.DomainNostate {
		d.State, d.Reason = d.StartState, 0
	}
	b.st.nextID++
	d.id = b.st.nextID
	d.settle()
	return nil
}

// DomainGetState reports state and reason.
func (b *Backend) DomainGetState(ctx context.Context, dom libvirt.Domain) (_ int32, _ int32, err error) {
	defer b.observe(ctx, "DomainGetState", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetState", dom)
	if err != nil {
		return 0, 0, err
	}
	defer unlock()
	return int32(d.State), d.Reason, nil
}

// DomainGetXMLDesc returns the domain's current definition; for a running domain, with the
// backing chain of each disk libvirt would report (see withBackingChains). With
// DomainXMLInactive it returns the persistent definition (a transient domain's live one) as
// defined, without a detected chain.
func (b *Backend) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (_ string, err error) {
	defer b.observe(ctx, "DomainGetXMLDesc", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetXMLDesc", dom)
	if err != nil {
		return "", err
	}
	defer unlock()
	if flags&libvirt.DomainXMLInactive != 0 {
		return d.persistentXML(), nil
	}
	if active(d.State) {
		return b.st.withBackingChains(d.XML), nil
	}
	return d.XML, nil
}

// DomainIsPersistent reports whether the domain has a persistent definition.
func (b *Backend) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (_ bool, err error) {
	defer b.observe(ctx, "DomainIsPersistent", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainIsPersistent", dom)
	if err != nil {
		return false, err
	}
	defer unlock()
	return !d.Transient, nil
}

// DomainGetAutostart reports the domain's autostart flag (false for a transient domain).
func (b *Backend) DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (_ bool, err error) {
	defer b.observe(ctx, "DomainGetAutostart", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetAutostart", dom)
	if err != nil {
		return false, err
	}
	defer unlock()
	return d.Autostart, nil
}

// DomainSetAutostart sets the domain's autostart flag; a transient domain is refused as libvirt
// refuses it.
func (b *Backend) DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) (err error) {
	defer b.observe(ctx, "DomainSetAutostart", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainSetAutostart", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if d.Transient {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot set autostart for transient domain")
	}
	d.Autostart = autostart
	return nil
}

// DomainDestroy stops an active domain (a transient one disappears); destroying an inactive
// domain is ErrOperationInvalid.
func (b *Backend) DomainDestroy(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainDestroy", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainDestroy", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if !active(d.State) {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is not running")
	}
	if d.Transient {
		delete(b.st.domains, d.Name)
		return nil
	}
	d.State, d.Reason = libvirt.DomainShutoff, int32(libvirt.DomainShutoffDestroyed)
	d.settle()
	return nil
}

// DomainShutdown asks the guest to power off. A guest that heeds it (IgnoresShutdown false)
// shuts off at once, with reason "shutdown"; a transient one disappears, as with DomainDestroy.
func (b *Backend) DomainShutdown(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainShutdown", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainShutdown", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if !active(d.State) {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is not running")
	}
	if d.IgnoresShutdown {
		return nil
	}
	if d.Transient {
		delete(b.st.domains, d.Name)
		return nil
	}
	d.State, d.Reason = libvirt.DomainShutoff, int32(libvirt.DomainShutoffShutdown)
	d.settle()
	return nil
}

// DomainUndefine removes the persistent definition: an inactive domain disappears, an active
// one becomes transient. A domain with NVRAM needs DomainUndefineNvram.
func (b *Backend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) (err error) {
	defer b.observe(ctx, "DomainUndefine", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainUndefine", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if d.Transient {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot undefine transient domain")
	}
	if d.NVRAM && flags&libvirt.DomainUndefineNvram == 0 {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot undefine domain with nvram")
	}
	d.Autostart = false // libvirt removes the autostart link with the definition
	if active(d.State) {
		d.Transient = true
		d.settle()
		return nil
	}
	delete(b.st.domains, d.Name)
	return nil
}

// DomainInterfaceAddresses reports the addresses known to source for an active domain.
func (b *Backend) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) (_ []libvirt.DomainInterface, err error) {
	defer b.observe(ctx, "DomainInterfaceAddresses", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainInterfaceAddresses", dom)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if !active(d.State) {
		return nil, LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is not running")
	}
	switch source {
	case libvirt.DomainInterfaceAddressesSrcAgent:
		if d.Agent == nil {
			return nil, LibvirtError(libvirt.ErrAgentUnresponsive,
				"Guest agent is not responding: QEMU guest agent is not connected")
		}
		return append([]libvirt.DomainInterface(nil), d.Agent...), nil
	case libvirt.DomainInterfaceAddressesSrcLease:
		return append([]libvirt.DomainInterface(nil), d.Lease...), nil
	}
	return nil, nil
}

// parsedDomain is what the fake needs from a domain document.
type parsedDomain struct {
	name     string
	uuid     libvirt.UUID
	metadata map[string]string
	efi      bool
}

// domainDoc is the part of a domain document the fake reads.
type domainDoc struct {
	Name string `xml:"name"`
	UUID string `xml:"uuid"`
	OS   struct {
		Firmware string    `xml:"firmware,attr"`
		Loader   *struct{} `xml:"loader"`
	} `xml:"os"`
}

func parseDomainXML(x string) (parsedDomain, error) {
	var doc domainDoc
	if err := xml.Unmarshal([]byte(x), &doc); err != nil {
		return parsedDomain{}, err
	}
	if doc.Name == "" {
		return parsedDomain{}, fmt.Errorf("domain has no name")
	}
	p := parsedDomain{name: doc.Name, efi: doc.OS.Firmware == "efi" || doc.OS.Loader != nil}
	if doc.UUID != "" {
		raw, err := hex.DecodeString(strings.ReplaceAll(doc.UUID, "-", ""))
		if err != nil || len(raw) != len(p.uuid) {
			return parsedDomain{}, fmt.Errorf("malformed uuid %q", doc.UUID)
		}
		copy(p.uuid[:], raw)
	}
	md, err := metadataChildren(x)
	if err != nil {
		return parsedDomain{}, err
	}
	p.metadata = md
	return p, nil
}

// domainCall starts method on the domain dom refers to: it records the call and runs its faults
// (begin, keyed by dom's name), then returns the domain with the host state locked; unlock
// releases it. On error nothing is left locked.
//
// A reference is resolved as libvirt resolves it: by its UUID, whatever name it carries, so a
// reference built from a UUID alone reaches the domain that holds the UUID, and one whose UUID
// no domain holds is ErrNoDomain even when its name exists. A reference without a UUID (only
// tests build those) is resolved by name.
func (b *Backend) domainCall(ctx context.Context, method string, dom libvirt.Domain) (*Domain, func(), error) {
	if err := b.begin(ctx, method, dom.Name); err != nil {
		return nil, nil, err
	}
	b.st.mu.Lock()
	d, err := b.st.resolve(dom)
	if err != nil {
		b.st.mu.Unlock()
		return nil, nil, err
	}
	d.settle()
	return d, b.st.mu.Unlock, nil
}
