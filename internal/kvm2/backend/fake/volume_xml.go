package fake

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
)

// volumeDoc is the part of a <volume> document the fake reads and writes.
type volumeDoc struct {
	XMLName    xml.Name  `xml:"volume"`
	Name       string    `xml:"name"`
	Key        string    `xml:"key,omitempty"`
	Capacity   sizeValue `xml:"capacity"`
	Allocation sizeValue `xml:"allocation"`
	Target     struct {
		Path   string `xml:"path,omitempty"`
		Format struct {
			Type string `xml:"type,attr"`
		} `xml:"format"`
	} `xml:"target"`
	Backing *struct {
		Path   string `xml:"path"`
		Format struct {
			Type string `xml:"type,attr"`
		} `xml:"format"`
	} `xml:"backingStore"`
}

type sizeValue struct {
	Unit  string `xml:"unit,attr,omitempty"`
	Value string `xml:",chardata"`
}

var units = map[string]uint64{
	"": 1, "b": 1, "bytes": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1000,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1000 * 1000,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1000 * 1000 * 1000,
	"t": 1 << 40, "tib": 1 << 40, "tb": 1000 * 1000 * 1000 * 1000,
}

func (s sizeValue) bytes() (uint64, error) {
	if strings.TrimSpace(s.Value) == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(strings.TrimSpace(s.Value), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("malformed size %q", s.Value)
	}
	mult, ok := units[strings.ToLower(s.Unit)]
	if !ok {
		return 0, fmt.Errorf("unknown unit %q", s.Unit)
	}
	return n * mult, nil
}

func parseVolumeXML(x string) (Volume, error) {
	var doc volumeDoc
	if err := xml.Unmarshal([]byte(x), &doc); err != nil {
		return Volume{}, err
	}
	if doc.Name == "" {
		return Volume{}, fmt.Errorf("volume has no name")
	}
	capacity, err := doc.Capacity.bytes()
	if err != nil {
		return Volume{Name: doc.Name}, err
	}
	alloc, err := doc.Allocation.bytes()
	if err != nil {
		return Volume{Name: doc.Name}, err
	}
	v := Volume{Name: doc.Name, Capacity: capacity, Allocation: alloc, Format: doc.Target.Format.Type}
	if doc.Backing != nil {
		v.BackingPath = doc.Backing.Path
	}
	return v, nil
}

func renderVolumeXML(v *Volume) (string, error) {
	var doc volumeDoc
	doc.Name, doc.Key = v.Name, v.Path
	doc.Capacity = sizeValue{Unit: "bytes", Value: strconv.FormatUint(v.Capacity, 10)}
	doc.Allocation = sizeValue{Unit: "bytes", Value: strconv.FormatUint(v.Allocation, 10)}
	doc.Target.Path, doc.Target.Format.Type = v.Path, v.Format
	if v.BackingPath != "" {
		doc.Backing = &struct {
			Path   string `xml:"path"`
			Format struct {
				Type string `xml:"type,attr"`
			} `xml:"format"`
		}{Path: v.BackingPath}
	}
	out, err := xml.Marshal(doc)
	return string(out), err
}
