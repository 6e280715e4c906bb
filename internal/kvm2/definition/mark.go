package definition

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// MarkNamespace is the XML namespace of our metadata element; libvirt stores and returns
// metadata by namespace URI, so this is how we find our mark on a domain.
const MarkNamespace = "https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1"

// MarkPrefix is the namespace prefix we ask libvirt to use for the element.
const MarkPrefix = "kvm2"

// markElement is the local name of the root element of the mark.
const markElement = "instance"

// Mark is what we record on a domain we created: its identity (UID, tag, creation time), where
// its disk came from, and the sizes and settings it was created with.
//
// UserDataSource says which input supplied the user data whose digest is UserDataSHA256:
// UserDataSourceStored (a value the caller keeps, so an import may read it back from the seed),
// UserDataSourceWriteOnly (a value the caller must never see again), or "" (no user data, or a
// mark written before the field existed, which import treats as write-only).
//
// SeedDigest is rules.SeedDigest of the seed image as uploaded and UserDataSource: read-back
// checks the whole seed against it before parsing any of it. "" (a mark written before the
// field existed) vouches for no seed.
type Mark struct {
	UID            string
	Tag            string
	CreatedAt      time.Time
	BaseImageID    string
	BaseSHA256     string
	VCPUs          int
	MemoryMiB      int
	DiskGiB        int
	Network        string
	Bridge         string
	Firmware       string
	UserDataSHA256 string
	UserDataSource string
	SeedDigest     string
	// NetworkConfig is the cloud-init network configuration the seed holds, verbatim, so that an
	// import reads it back; "" (and the mark of an earlier version, which has no such field) means
	// none.
	NetworkConfig string
	// Steering is what the caller records only to read it back at import.
	Steering
}

// Steering is what a caller records in a VM's mark only to read it back at import: settings of
// its own that the host never acts on, so that an import restores them and the plan after it is
// empty. The zero value is what a mark of an earlier version reads as: the caller's defaults.
// It is the one record of them: the core's request and instance embed it as it is.
type Steering struct {
	// NoIPWait: the caller does not wait for an address after a start.
	NoIPWait bool
	// UserDataWOVersion is the version the caller gave its write-only user data; "" for none.
	UserDataWOVersion string
	// CloudInitWait is wait_for_cloud_init as the caller gave it: "true", "false", or "" when
	// not set (and in a mark of an earlier version), so an import restores exactly that.
	CloudInitWait string
	// NamePrefix is the prefix the caller made the VM's name from (rules.ValidateNameOfPrefix);
	// "" for a name given whole.
	NamePrefix string
	// IPWaitFamily and IPWaitInterface are wait_for_ip_family and wait_for_ip_interface as the
	// caller gave them (rules.ValidateIPWaitSteering); "" when not set.
	IPWaitFamily    string
	IPWaitInterface string
	// PortWait is wait_for_port as the caller gave it (rules.ValidatePortWaitSteering); "" when
	// not set.
	PortWait string
}

// The values of Mark.UserDataSource.
const (
	UserDataSourceStored    = "user_data"
	UserDataSourceWriteOnly = "user_data_wo"
)

// markField is one child element of the mark, in document order.
type markField struct {
	name  string
	value string
}

// fields lists the mark's children in the order they are written.
func (m Mark) fields() []markField {
	created := ""
	if !m.CreatedAt.IsZero() {
		created = m.CreatedAt.UTC().Format(time.RFC3339Nano)
	}
	fields := []markField{
		{"uid", m.UID},
		{"tag", m.Tag},
		{"created-at", created},
		{"base-image-id", m.BaseImageID},
		{"base-sha256", m.BaseSHA256},
		{"vcpus", strconv.Itoa(m.VCPUs)},
		{"memory-mib", strconv.Itoa(m.MemoryMiB)},
		{"disk-gib", strconv.Itoa(m.DiskGiB)},
		{"network", m.Network},
		{"bridge", m.Bridge},
		{"firmware", m.Firmware},
		{"wait-for-ip", strconv.FormatBool(!m.NoIPWait)},
		{"user-data-wo-version", m.UserDataWOVersion},
		{"name-prefix", m.NamePrefix},
		{"user-data-sha256", m.UserDataSHA256},
		{"user-data-source", m.UserDataSource},
		{"seed-digest", m.SeedDigest},
		{"network-config", m.NetworkConfig},
	}
	// wait-for-cloud-init is written only when set: an unset one (and a mark of an earlier
	// version) reads back as unset, which an import restores as null.
	if m.CloudInitWait != "" {
		fields = append(fields, markField{"wait-for-cloud-init", m.CloudInitWait})
	}
	if m.IPWaitFamily != "" {
		fields = append(fields, markField{"wait-for-ip-family", m.IPWaitFamily})
	}
	if m.IPWaitInterface != "" {
		fields = append(fields, markField{"wait-for-ip-interface", m.IPWaitInterface})
	}
	if m.PortWait != "" {
		fields = append(fields, markField{"wait-for-port", m.PortWait})
	}
	return fields
}

// MarshalMark renders m as <kvm2:instance xmlns:kvm2="MarkNamespace"> with one prefixed child
// per field. The element is self-contained, which is what <metadata> of a domain definition
// needs. For DomainSetMetadata use MarshalMarkForSetMetadata instead.
func MarshalMark(m Mark) (string, error) {
	return marshalMark(m, MarkPrefix+":", true)
}

// MarshalMarkForSetMetadata renders m as a bare <instance> element without namespace, the form
// DomainSetMetadata needs: libvirt puts the element into the namespace and prefix passed
// alongside it, and libvirt 9.0 fails with "failed to create a new XML namespace" when the
// element already declares that prefix.
func MarshalMarkForSetMetadata(m Mark) (string, error) {
	return marshalMark(m, "", false)
}

// marshalMark writes the mark with every element name prefixed by prefix, declaring the
// namespace for MarkPrefix on the root when declare is set.
func marshalMark(m Mark, prefix string, declare bool) (string, error) {
	if strings.TrimSpace(m.UID) == "" {
		return "", errors.New("mark has no uid")
	}
	var buf bytes.Buffer
	enc := xml.NewEncoder(&buf)
	// encoding/xml cannot emit a chosen prefix for a namespaced name, so the prefix is written
	// as part of the local name and the namespace is declared as a plain attribute.
	root := xml.StartElement{Name: xml.Name{Local: prefix + markElement}}
	if declare {
		root.Attr = []xml.Attr{{Name: xml.Name{Local: "xmlns:" + MarkPrefix}, Value: MarkNamespace}}
	}
	if err := enc.EncodeToken(root); err != nil {
		return "", fmt.Errorf("encode mark: %w", err)
	}
	for _, f := range m.fields() {
		child := xml.StartElement{Name: xml.Name{Local: prefix + f.name}}
		if err := enc.EncodeElement(f.value, child); err != nil {
			return "", fmt.Errorf("encode mark field %s: %w", f.name, err)
		}
	}
	if err := enc.EncodeToken(root.End()); err != nil {
		return "", fmt.Errorf("encode mark: %w", err)
	}
	if err := enc.Flush(); err != nil {
		return "", fmt.Errorf("encode mark: %w", err)
	}
	return buf.String(), nil
}

// markDoc is the decoding shape of the mark. Tags carry no namespace, so encoding/xml matches
// the elements whatever namespace or prefix libvirt gives them.
type markDoc struct {
	XMLName        xml.Name
	UID            string `xml:"uid"`
	Tag            string `xml:"tag"`
	CreatedAt      string `xml:"created-at"`
	BaseImageID    string `xml:"base-image-id"`
	BaseSHA256     string `xml:"base-sha256"`
	VCPUs          string `xml:"vcpus"`
	MemoryMiB      string `xml:"memory-mib"`
	DiskGiB        string `xml:"disk-gib"`
	Network        string `xml:"network"`
	Bridge         string `xml:"bridge"`
	Firmware       string `xml:"firmware"`
	UserDataSHA256 string `xml:"user-data-sha256"`
	UserDataSource string `xml:"user-data-source"`
	SeedDigest     string `xml:"seed-digest"`
	NetworkConfig  string `xml:"network-config"`
	WaitForIP      string `xml:"wait-for-ip"`
	UserDataWOVer  string `xml:"user-data-wo-version"`
	CloudInitWait  string `xml:"wait-for-cloud-init"`
	NamePrefix     string `xml:"name-prefix"`
	IPWaitFamily   string `xml:"wait-for-ip-family"`
	IPWaitIface    string `xml:"wait-for-ip-interface"`
	PortWait       string `xml:"wait-for-port"`
}

// ParseMark reads a mark back. It accepts the bare element without namespace (what libvirt
// 9.0's DomainGetMetadata returns), the element with our namespace declared under any prefix or
// as the default namespace (as in a domain's <metadata>), and a prefix left undeclared. It
// rejects an element of another declared namespace and a mark without uid.
func ParseMark(s string) (Mark, error) {
	var doc markDoc
	if err := xml.Unmarshal([]byte(s), &doc); err != nil {
		return Mark{}, fmt.Errorf("parse mark: %w", err)
	}
	if err := checkMarkName(doc.XMLName); err != nil {
		return Mark{}, err
	}
	if strings.TrimSpace(doc.UID) == "" {
		return Mark{}, errors.New("parse mark: no uid")
	}
	return doc.mark()
}

// checkMarkName accepts our element name in our namespace, in no namespace, or under an
// undeclared prefix (which encoding/xml reports as the namespace itself).
func checkMarkName(n xml.Name) error {
	if n.Local != markElement {
		return fmt.Errorf("parse mark: root element is %q, want %q", n.Local, markElement)
	}
	if n.Space != "" && n.Space != MarkNamespace && strings.Contains(n.Space, "/") {
		return fmt.Errorf("parse mark: namespace %q is not %q", n.Space, MarkNamespace)
	}
	return nil
}

// mark converts the decoded text fields, reporting the first malformed one.
func (d markDoc) mark() (Mark, error) {
	m := Mark{
		UID:            strings.TrimSpace(d.UID),
		Tag:            d.Tag,
		BaseImageID:    d.BaseImageID,
		BaseSHA256:     d.BaseSHA256,
		Network:        d.Network,
		Bridge:         d.Bridge,
		Firmware:       d.Firmware,
		UserDataSHA256: d.UserDataSHA256,
		UserDataSource: strings.TrimSpace(d.UserDataSource),
		SeedDigest:     strings.TrimSpace(d.SeedDigest),
		NetworkConfig:  d.NetworkConfig,
		Steering: Steering{
			// Only an explicit "false" turns the wait off: a mark of an earlier version has no field.
			NoIPWait:          strings.TrimSpace(d.WaitForIP) == "false",
			UserDataWOVersion: strings.TrimSpace(d.UserDataWOVer),
			CloudInitWait:     strings.TrimSpace(d.CloudInitWait),
			NamePrefix:        strings.TrimSpace(d.NamePrefix),
			IPWaitFamily:      strings.TrimSpace(d.IPWaitFamily),
			IPWaitInterface:   strings.TrimSpace(d.IPWaitIface),
			PortWait:          strings.TrimSpace(d.PortWait),
		},
	}
	var err error
	if m.CreatedAt, err = parseMarkTime(d.CreatedAt); err != nil {
		return Mark{}, err
	}
	ints := []struct {
		name string
		text string
		dst  *int
	}{
		{"vcpus", d.VCPUs, &m.VCPUs},
		{"memory-mib", d.MemoryMiB, &m.MemoryMiB},
		{"disk-gib", d.DiskGiB, &m.DiskGiB},
	}
	for _, f := range ints {
		if *f.dst, err = parseMarkInt(f.name, f.text); err != nil {
			return Mark{}, err
		}
	}
	return m, nil
}

// parseMarkTime parses created-at; an absent value is the zero time.
func parseMarkTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("parse mark: created-at %q: %w", s, err)
	}
	return t.UTC(), nil
}

// parseMarkInt parses a size field; an absent value is 0.
func parseMarkInt(name, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("parse mark: %s %q is not a number", name, s)
	}
	return n, nil
}

// findMark returns our mark among the children of a domain's <metadata> (its inner XML), or nil
// when none is in our namespace. libvirt writes each metadata child with its own namespace
// declaration, so the child parses on its own. A child in our namespace that does not parse is
// an error, never "no mark": a damaged mark must not make a domain look foreign or free.
func findMark(inner string) (*Mark, error) {
	dec := xml.NewDecoder(strings.NewReader(inner))
	depth := 0
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("parse metadata: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 && t.Name.Space == MarkNamespace {
				if err := dec.Skip(); err != nil {
					return nil, fmt.Errorf("parse metadata: %w", err)
				}
				m, err := ParseMark(strings.TrimSpace(inner[before:dec.InputOffset()]))
				if err != nil {
					return nil, err
				}
				return &m, nil
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}
