package fake

import (
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
)

// uuidString formats u as libvirt does (lowercase, dashed).
func uuidString(u libvirt.UUID) string {
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
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
