package fake

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// DomainGetMetadata returns the element stored under namespace uri in the domain's current
// definition (the live one while it runs), in the bare form libvirt returns: no prefix and no
// namespace declaration. No element under uri is ErrNoDomainMetadata, whatever other
// namespaces hold.
func (b *Backend) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (_ string, err error) {
	defer b.observe(ctx, "DomainGetMetadata", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainGetMetadata", dom)
	if err != nil {
		return "", err
	}
	defer unlock()
	m, ok := d.Metadata[uri]
	if !ok {
		return "", noMetadata()
	}
	return bareElement(m, uri), nil
}

func noMetadata() error {
	return LibvirtError(libvirt.ErrNoDomainMetadata, "metadata not found: Requested metadata element is not present")
}

// DomainSetMetadata stores xml under namespace uri with prefix key in the definitions flags
// name, and rewrites their <metadata> to match, as libvirt 9.0 does:
// DomainAffectCurrent means the live definition of an active domain and the persistent one of
// an inactive domain; DomainAffectLive on an inactive domain, and DomainAffectConfig on a
// transient one, are ErrOperationInvalid and change nothing. A live-only change is lost when
// the domain stops. An element that declares a namespace itself is refused as libvirt 9.0
// refuses it, and so is an empty xml: the adapter always sends the element, and libvirt removes
// the namespace's element only for a NULL one.
func (b *Backend) DomainSetMetadata(ctx context.Context, dom libvirt.Domain, x, key, uri string, flags libvirt.DomainModificationImpact) (err error) {
	defer b.observe(ctx, "DomainSetMetadata", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainSetMetadata", dom)
	if err != nil {
		return err
	}
	defer unlock()
	defs, err := d.affected(flags)
	if err != nil {
		return err
	}
	stored, err := namespacedElement(x, key, uri)
	if err != nil {
		return err
	}
	for _, def := range defs {
		md := maps.Clone(*def.md)
		if md == nil {
			md = map[string]string{}
		}
		md[uri] = stored
		*def.md = md
		*def.xml = withMetadata(*def.xml, md)
	}
	return nil
}

// definitionRef points at one definition of a domain: the current one (XML, Metadata) or the
// persistent one of an active domain.
type definitionRef struct {
	xml *string
	md  *map[string]string
}

// affected resolves impact flags to the definitions they change, refusing what libvirt refuses
// (virDomainObjUpdateModificationImpact).
func (d *Domain) affected(flags libvirt.DomainModificationImpact) ([]definitionRef, error) {
	running := active(d.State)
	if flags&(libvirt.DomainAffectLive|libvirt.DomainAffectConfig) == 0 {
		flags = libvirt.DomainAffectConfig
		if running {
			flags = libvirt.DomainAffectLive
		}
	}
	if flags&libvirt.DomainAffectLive != 0 && !running {
		return nil, notRunning()
	}
	if flags&libvirt.DomainAffectConfig != 0 && d.Transient {
		return nil, LibvirtError(libvirt.ErrOperationInvalid,
			"Requested operation is not valid: transient domains do not have any persistent config")
	}
	var out []definitionRef
	if flags&libvirt.DomainAffectLive != 0 || !running {
		out = append(out, definitionRef{&d.XML, &d.Metadata})
	}
	if flags&libvirt.DomainAffectConfig != 0 && running {
		out = append(out, definitionRef{&d.Persistent.XML, &d.Persistent.Metadata})
	}
	return out, nil
}

// withMetadata returns domain document x with its <metadata> element replaced by one holding
// md (sorted by namespace), or with one added when x has none. A document that cannot be
// parsed, or an empty one, is returned unchanged.
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

// metadataChildren returns the children of /domain/metadata keyed by namespace URI, each as its
// original text (prefixed and declaring its namespace, as libvirt writes them).
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

// namespacedElement is what libvirt 9.0 stores for DomainSetMetadata: the bare element x with
// itself and every descendant put under prefix key, and the root declaring key as uri. An
// element that declares a namespace itself is refused ("failed to create a new XML
// namespace"), as libvirt refuses it.
func namespacedElement(x, key, uri string) (string, error) {
	if strings.Contains(x, "xmlns") {
		return "", LibvirtError(libvirt.ErrInternalError, "internal error: failed to create a new XML namespace")
	}
	root := true
	out, err := rewriteElement(x, func(n xml.Name, attrs []xml.Attr) (string, []xml.Attr) {
		if root {
			root = false
			attrs = append([]xml.Attr{{Name: xml.Name{Space: "xmlns", Local: key}, Value: uri}}, attrs...)
		}
		return key + ":" + n.Local, attrs
	}, nil)
	if errors.Is(err, errEmptyDocument) {
		return "", LibvirtError(libvirt.ErrXMLDetail, "(metadata_xml):1: Document is empty")
	}
	if err != nil {
		return "", LibvirtError(libvirt.ErrXMLDetail, "(metadata_xml):1: %v", err)
	}
	return out, nil
}

// bareElement is stored element x as libvirt's DomainGetMetadata returns it: the names under
// uri lose their prefix and uri's declarations are dropped. An element that cannot be read is
// returned as stored.
func bareElement(x, uri string) string {
	var scopes []map[string]string // prefix ("" for the default namespace) -> URI, innermost last
	resolve := func(prefix string) string {
		for i := len(scopes) - 1; i >= 0; i-- {
			if u, ok := scopes[i][prefix]; ok {
				return u
			}
		}
		return ""
	}
	start := func(n xml.Name, attrs []xml.Attr) (string, []xml.Attr) {
		scope := map[string]string{}
		var kept []xml.Attr
		for _, a := range attrs {
			prefix, declares := declaredPrefix(a.Name)
			if declares {
				scope[prefix] = a.Value
				if a.Value == uri {
					continue
				}
			}
			kept = append(kept, a)
		}
		scopes = append(scopes, scope)
		if resolve(n.Space) == uri {
			return n.Local, kept
		}
		return rawName(n), kept
	}
	out, err := rewriteElement(x, start, func() { scopes = scopes[:len(scopes)-1] })
	if err != nil {
		return x
	}
	return out
}

// declaredPrefix reports whether attribute name (as RawToken gives it) declares a namespace,
// and for which prefix ("" for the default namespace).
func declaredPrefix(n xml.Name) (string, bool) {
	switch {
	case n.Space == "xmlns":
		return n.Local, true
	case n.Space == "" && n.Local == "xmlns":
		return "", true
	}
	return "", false
}

// rawName writes a name as RawToken reports it (prefix, not URI, in Space).
func rawName(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// rewriteElement re-serialises the single element x token by token (names as written, no
// namespace resolution), with each start element's name and attributes replaced by start;
// end, when not nil, runs at each end element. An element without content is written
// self-closed.
func rewriteElement(x string, start func(n xml.Name, attrs []xml.Attr) (string, []xml.Attr), end func()) (string, error) {
	dec := xml.NewDecoder(strings.NewReader(x))
	var b strings.Builder
	var names []string
	seen := false // an element was read
	open := false // a start tag is written up to its attributes, awaiting '>' or '/>'
	closeOpen := func() {
		if open {
			b.WriteString(">")
			open = false
		}
	}
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			closeOpen()
			seen = true
			name, attrs := start(t.Name, t.Attr)
			names = append(names, name)
			b.WriteString("<" + name)
			for _, a := range attrs {
				b.WriteString(" " + rawName(a.Name) + `="` + attrEscaper.Replace(a.Value) + `"`)
			}
			open = true
		case xml.EndElement:
			if len(names) == 0 {
				return "", fmt.Errorf("unexpected end element %s", rawName(t.Name))
			}
			if open {
				b.WriteString("/>")
				open = false
			} else {
				b.WriteString("</" + names[len(names)-1] + ">")
			}
			names = names[:len(names)-1]
			if end != nil {
				end()
			}
		case xml.CharData:
			closeOpen()
			b.WriteString(textEscaper.Replace(string(t)))
		case xml.Comment:
			closeOpen()
			b.WriteString("<!--" + string(t) + "-->")
		}
	}
	if !seen {
		return "", errEmptyDocument
	}
	if len(names) != 0 {
		return "", errors.New("not a complete element")
	}
	return b.String(), nil
}

var errEmptyDocument = errors.New("document is empty")

var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;")
)
