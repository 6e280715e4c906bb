package fake

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// Domain is one domain on the fake host. Tests build one with AddDomain and read one back with
// Domain; both copy, so a test never races the fake.
type Domain struct {
	Name string
	UUID libvirt.UUID // zero: assigned by AddDomain
	XML  string       // what DomainGetXMLDesc returns

	// Metadata holds one element per namespace URI, as DomainGetMetadata returns it.
	// DomainDefineXML fills it from the <metadata> children of the defined XML.
	Metadata map[string]string

	State  libvirt.DomainState
	Reason int32

	// Transient is true for a domain that runs but has no persistent definition.
	Transient bool
	// NVRAM marks a UEFI domain with an NVRAM file: undefining it without
	// DomainUndefineNvram fails, as in libvirt.
	NVRAM bool
	// StartState is the state DomainCreate leaves the domain in; zero means running. Set it to
	// DomainShutoff to simulate a guest that dies right after start, or DomainPaused.
	StartState libvirt.DomainState

	// Agent is what the guest agent reports; nil means the agent is not connected
	// (DomainInterfaceAddresses with the agent source then fails with ErrAgentUnresponsive).
	Agent []libvirt.DomainInterface
	// Lease is what the DHCP lease source reports.
	Lease []libvirt.DomainInterface

	id int32
}

func (d *Domain) clone() Domain {
	c := *d
	c.Metadata = make(map[string]string, len(d.Metadata))
	for k, v := range d.Metadata {
		c.Metadata[k] = v
	}
	c.Agent = append([]libvirt.DomainInterface(nil), d.Agent...)
	c.Lease = append([]libvirt.DomainInterface(nil), d.Lease...)
	if d.Agent == nil {
		c.Agent = nil
	}
	return c
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

// AddDomain adds (or replaces) a domain. A zero State means shut off.
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
	if active(c.State) {
		b.st.nextID++
		c.id = b.st.nextID
	}
	b.st.domains[d.Name] = &c
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
// domain exists.
func (b *Backend) UpdateDomain(name string, fn func(*Domain)) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	d, ok := b.st.domains[name]
	if ok {
		fn(d)
	}
	return ok
}

// SetDomainState changes the named domain's state (an administrator's or the guest's doing).
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
// one. Metadata is taken from the <metadata> children of xml; a <uuid> that differs from the
// existing domain's is refused as libvirt does; a UEFI <os firmware="efi"> or <loader> gives the
// domain an NVRAM file.
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
	d, exists := b.st.domains[parsed.name]
	if exists && parsed.uuid != (libvirt.UUID{}) && parsed.uuid != d.UUID {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: domain '%s' already exists with a different uuid", parsed.name)
	}
	if !exists {
		d = &Domain{Name: parsed.name, UUID: parsed.uuid, State: libvirt.DomainShutoff}
		if d.UUID == (libvirt.UUID{}) {
			d.UUID = b.st.newUUID()
		}
		b.st.domains[parsed.name] = d
	}
	d.XML = x
	d.Metadata = parsed.metadata
	d.NVRAM = parsed.efi
	d.Transient = false
	return d.ref(), nil
}

// DomainCreate starts a defined domain; starting an active one is ErrOperationInvalid.
func (b *Backend) DomainCreate(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainCreate", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainCreate", dom.Name)
	if err != nil {
		return err
	}
	defer unlock()
	if active(d.State) {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is already running")
	}
	d.State, d.Reason = libvirt.DomainRunning, int32(libvirt.DomainRunningBooted)
	if d.StartState != libvirt.DomainNostate {
		d.State, d.Reason = d.StartState, 0
	}
	b.st.nextID++
	d.id = b.st.nextID
	return nil
}

// DomainGetState reports state and reason.
func (b *Backend) DomainGetState(ctx context.Context, dom libvirt.Domain) (_ int32, _ int32, err error) {
	defer b.observe(ctx, "DomainGetState", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetState", dom.Name)
	if err != nil {
		return 0, 0, err
	}
	defer unlock()
	return int32(d.State), d.Reason, nil
}

// DomainGetXMLDesc returns the domain's XML as defined (flags are ignored).
func (b *Backend) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, _ libvirt.DomainXMLFlags) (_ string, err error) {
	defer b.observe(ctx, "DomainGetXMLDesc", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetXMLDesc", dom.Name)
	if err != nil {
		return "", err
	}
	defer unlock()
	return d.XML, nil
}

// DomainIsPersistent reports whether the domain has a persistent definition.
func (b *Backend) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (_ bool, err error) {
	defer b.observe(ctx, "DomainIsPersistent", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainIsPersistent", dom.Name)
	if err != nil {
		return false, err
	}
	defer unlock()
	return !d.Transient, nil
}

// DomainGetMetadata returns the element under namespace uri; none is ErrNoDomainMetadata.
func (b *Backend) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (_ string, err error) {
	defer b.observe(ctx, "DomainGetMetadata", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetMetadata", dom.Name)
	if err != nil {
		return "", err
	}
	defer unlock()
	m, ok := d.Metadata[uri]
	if !ok {
		return "", LibvirtError(libvirt.ErrNoDomainMetadata,
			"metadata not found: Requested metadata element is not present")
	}
	return m, nil
}

// DomainSetMetadata stores xml under namespace uri (an empty xml removes it) and rewrites the
// <metadata> element of the domain's XML to match, as libvirt does.
func (b *Backend) DomainSetMetadata(ctx context.Context, dom libvirt.Domain, x, _, uri string, _ libvirt.DomainModificationImpact) (err error) {
	defer b.observe(ctx, "DomainSetMetadata", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainSetMetadata", dom.Name)
	if err != nil {
		return err
	}
	defer unlock()
	if d.Metadata == nil {
		d.Metadata = map[string]string{}
	}
	if x == "" {
		delete(d.Metadata, uri)
	} else {
		stored, err := storedMetadata(x, uri)
		if err != nil {
			return err
		}
		d.Metadata[uri] = stored
	}
	d.XML = withMetadata(d.XML, d.Metadata)
	return nil
}

// withMetadata returns domain document x with its <metadata> element replaced by one holding
// md (sorted by namespace), or with one added when x has none. A document that cannot be
// parsed is returned unchanged.
func withMetadata(x string, md map[string]string) string {
	var b strings.Builder
	b.WriteString("<metadata>")
	for _, ns := range sortedKeys(md) {
		b.WriteString(md[ns])
	}
	b.WriteString("</metadata>")
	start, end, ok := metadataSpan(x)
	if ok {
		return x[:start] + b.String() + x[end:]
	}
	if i := strings.LastIndex(x, "</domain>"); i >= 0 {
		return x[:i] + b.String() + x[i:]
	}
	return x
}

// metadataSpan finds the byte span of /domain/metadata in x.
func metadataSpan(x string) (start, end int, ok bool) {
	dec := xml.NewDecoder(strings.NewReader(x))
	depth := 0
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "metadata" {
				start = int(before)
			}
		case xml.EndElement:
			if depth == 2 && t.Name.Local == "metadata" {
				return start, int(dec.InputOffset()), true
			}
			depth--
		}
	}
}

// DomainDestroy stops an active domain (a transient one disappears); destroying an inactive
// domain is ErrOperationInvalid.
func (b *Backend) DomainDestroy(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainDestroy", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainDestroy", dom.Name)
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
	return nil
}

// DomainUndefine removes the persistent definition: an inactive domain disappears, an active
// one becomes transient. A domain with NVRAM needs DomainUndefineNvram.
func (b *Backend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) (err error) {
	defer b.observe(ctx, "DomainUndefine", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainUndefine", dom.Name)
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
	if active(d.State) {
		d.Transient = true
		return nil
	}
	delete(b.st.domains, d.Name)
	return nil
}

// DomainInterfaceAddresses reports the addresses known to source for an active domain.
func (b *Backend) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) (_ []libvirt.DomainInterface, err error) {
	defer b.observe(ctx, "DomainInterfaceAddresses", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainInterfaceAddresses", dom.Name)
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

// metadataChildren returns the children of /domain/metadata keyed by namespace URI, each as its
// original text.
func metadataChildren(x string) (map[string]string, error) {
	out := map[string]string{}
	dec := xml.NewDecoder(strings.NewReader(x))
	depth, inMeta := 0, false
	var start int64
	var space string
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "metadata" {
				inMeta = true
			}
			if inMeta && depth == 3 {
				start, space = before, t.Name.Space
			}
		case xml.EndElement:
			if inMeta && depth == 3 {
				out[space] = string(bytes.TrimSpace([]byte(x[start:dec.InputOffset()])))
			}
			if depth == 2 {
				inMeta = false
			}
			depth--
		}
	}
}

// storedMetadata mirrors what libvirt 9.0 does with DomainSetMetadata: an element that declares
// a namespace itself is refused ("failed to create a new XML namespace"); a bare element is
// stored under uri with the kvm2 prefix, as the domain XML then shows it.
func storedMetadata(x, uri string) (string, error) {
	if strings.Contains(x, "xmlns") {
		return "", LibvirtError(libvirt.ErrInternalError, "internal error: failed to create a new XML namespace")
	}
	if uri != definition.MarkNamespace {
		return x, nil
	}
	m, err := definition.ParseMark(x)
	if err != nil {
		return x, nil //nolint:nilerr // not a mark: keep it as given
	}
	return definition.MarshalMark(m)
}

// domainCall starts method on the named domain: it records the call and runs its faults (begin),
// then returns the domain with the host state locked; unlock releases it. On error nothing is
// left locked.
func (b *Backend) domainCall(ctx context.Context, method, name string) (*Domain, func(), error) {
	if err := b.begin(ctx, method, name); err != nil {
		return nil, nil, err
	}
	b.st.mu.Lock()
	d, err := b.st.domain(name)
	if err != nil {
		b.st.mu.Unlock()
		return nil, nil, err
	}
	return d, b.st.mu.Unlock, nil
}
