package kvm2

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const opGet = "read"

// Get reads one instance by ID ("host/name"). It never waits.
//
// Only a missing domain is NotFound; a domain without our mark is Permanent, so an import never
// takes over a domain we did not create. UID and created-at are read back from the mark every
// time. The address comes from the guest agent first, then the DHCP lease. A running domain
// costs five RPCs: lookup, state, XML (which carries the mark), persistence, agent addresses.
func (c *Client) Get(ctx context.Context, id string) (Instance, error) {
	host, name, err := ParseID(id)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, opGet, "", err)
	}
	if _, err := c.host(opGet, host); err != nil {
		return Instance{}, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return Instance{}, kvmerr.Wrap(opGet, host, err)
	}
	defer release()
	inst, err := c.getOn(ctx, b, host, name)
	return inst, kvmerr.Wrap(opGet, host, err)
}

// getOn is Get's work on a held connection.
func (c *Client) getOn(ctx context.Context, b backend.Backend, host, name string) (Instance, error) {
	dom, err := b.DomainLookupByName(ctx, name)
	if err != nil {
		return Instance{}, err
	}
	s, _, err := b.DomainGetState(ctx, dom)
	if err != nil {
		return Instance{}, err
	}
	domXML, err := b.DomainGetXMLDesc(ctx, dom, 0)
	if err != nil {
		return Instance{}, err
	}
	inst, err := instanceFromXML(host, dom, domXML)
	if err != nil {
		return Instance{}, err
	}
	state := libvirt.DomainState(s)
	inst.State = stateOf(state)
	// An inactive domain that still exists is defined: only a running one can be transient.
	inst.Persistent = true
	if isActive(state) {
		if inst.Persistent, err = b.DomainIsPersistent(ctx, dom); err != nil {
			return Instance{}, err
		}
	}
	if state == libvirt.DomainRunning || state == libvirt.DomainBlocked {
		if inst.IPv4, err = address(ctx, b, dom, inst.MAC); err != nil {
			return Instance{}, err
		}
	}
	return inst, nil
}

// instanceFromXML builds an instance from a domain's XML: the mark in its <metadata> and the
// facts of its devices. A domain without our mark is Permanent errNotManaged.
func instanceFromXML(host string, dom libvirt.Domain, domXML string) (Instance, error) {
	markXML, err := markFromDomainXML(domXML)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: unreadable domain XML: %w", dom.Name, err))
	}
	if markXML == "" {
		return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", dom.Name, errNotManaged))
	}
	mark, err := definition.ParseMark(markXML)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: unreadable kvm2 metadata: %w", dom.Name, err))
	}
	facts, err := definition.ParseDomain(domXML)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", dom.Name, err))
	}
	inst := instanceFromMark(host, dom, mark)
	inst.MAC = facts.MAC
	// The definition is the truth for what can drift on the host; the mark records what was
	// asked for and fills in what the definition does not say.
	if facts.VCPUs > 0 {
		inst.VCPUs = facts.VCPUs
	}
	if facts.MemoryMiB > 0 {
		inst.MemoryMiB = facts.MemoryMiB
	}
	if facts.Network != "" || facts.Bridge != "" {
		inst.Network, inst.Bridge = facts.Network, facts.Bridge
	}
	if facts.Firmware != "" {
		inst.Firmware = Firmware(facts.Firmware)
	}
	return inst, nil
}

// instanceFromMark is everything an instance says that the mark alone knows.
func instanceFromMark(host string, dom libvirt.Domain, m definition.Mark) Instance {
	return Instance{
		ID: FormatID(host, dom.Name), Host: host, Name: dom.Name, DomainUUID: formatUUID(dom.UUID),
		UID: m.UID, Tag: m.Tag, CreatedAt: m.CreatedAt, BaseImageID: m.BaseImageID, BaseSHA256: m.BaseSHA256,
		VCPUs: m.VCPUs, MemoryMiB: m.MemoryMiB, DiskGiB: m.DiskGiB, Network: m.Network, Bridge: m.Bridge,
		Firmware: Firmware(m.Firmware), UserDataHash: m.UserDataSHA256,
	}
}

// formatUUID renders a libvirt UUID in its canonical 8-4-4-4-12 form.
func formatUUID(u libvirt.UUID) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// markFromDomainXML returns the element of /domain/metadata in our namespace as written in
// domXML, or "" when there is none. libvirt writes each metadata element with its own
// namespace declaration, so the slice parses on its own.
func markFromDomainXML(domXML string) (string, error) {
	dec := xml.NewDecoder(strings.NewReader(domXML))
	depth, inMeta := 0, false
	var start int64
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "metadata" {
				inMeta = true
			}
			if inMeta && depth == 3 && t.Name.Space == definition.MarkNamespace {
				start = before
				if err := dec.Skip(); err != nil {
					return "", err
				}
				return string(bytes.TrimSpace([]byte(domXML[start:dec.InputOffset()]))), nil
			}
		case xml.EndElement:
			if depth == 2 {
				inMeta = false
			}
			depth--
		}
	}
}

// address returns the domain's IPv4 address: the guest agent's first, then the DHCP lease's.
// libvirt refusing a source (agent not connected, no lease support) means "no address from
// it", not a failure; a transport failure or an ended ctx is returned, so a cancelled read is
// never mistaken for a guest without an address.
func address(ctx context.Context, b backend.Backend, dom libvirt.Domain, mac string) (string, error) {
	for _, src := range []libvirt.DomainInterfaceAddressesSource{
		libvirt.DomainInterfaceAddressesSrcAgent, libvirt.DomainInterfaceAddressesSrcLease,
	} {
		ifaces, err := b.DomainInterfaceAddresses(ctx, dom, src)
		if err != nil && !isLibvirtError(err) {
			return "", err
		}
		if ip := pickIPv4(ifaces, mac); ip != "" {
			return ip, nil
		}
	}
	return "", nil
}

// pickIPv4 chooses the usable IPv4 address of the interface with mac, or of the first
// interface that has one when none matches. Loopback and link-local addresses are skipped, as
// is an address whose type tag and literal disagree.
func pickIPv4(ifaces []libvirt.DomainInterface, mac string) string {
	first := ""
	for _, iface := range ifaces {
		ip := usableIPv4(iface.Addrs)
		if ip == "" {
			continue
		}
		if mac != "" && len(iface.Hwaddr) > 0 && strings.EqualFold(iface.Hwaddr[0], mac) {
			return ip
		}
		if first == "" {
			first = ip
		}
	}
	return first
}

func usableIPv4(addrs []libvirt.DomainIPAddr) string {
	for _, a := range addrs {
		if a.Type != int32(libvirt.IPAddrTypeIpv4) {
			continue
		}
		ip := net.ParseIP(a.Addr).To4()
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() {
			continue
		}
		return ip.String()
	}
	return ""
}
