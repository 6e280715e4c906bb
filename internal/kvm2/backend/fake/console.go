package fake

import (
	"encoding/xml"
	"path"
	"strconv"
)

// The fake's virtlogd: a domain whose first serial port has a <log file=.../> gets that file
// when it starts (append='off': begun anew), as a file of the host that no pool lists until a
// StoragePoolRefresh of the pool over its directory makes it a raw volume, as libvirt does with
// a file it did not make. A test writes the guest's console with WriteConsole and rotates it as
// virtlogd does past its max_size with RotateConsole.

// consoleDoc is the part of a domain document the fake's virtlogd reads.
type consoleDoc struct {
	Serials []struct {
		Log *struct {
			File string `xml:"file,attr"`
		} `xml:"log"`
	} `xml:"devices>serial"`
}

// consoleLogPath is the file the first serial port of domain document x is logged to, or "".
func consoleLogPath(x string) string {
	var doc consoleDoc
	if xml.Unmarshal([]byte(x), &doc) != nil || len(doc.Serials) == 0 || doc.Serials[0].Log == nil {
		return ""
	}
	return doc.Serials[0].Log.File
}

// startConsole begins the console log of a domain starting with definition x; callers hold st.mu.
func (s *state) startConsole(x string) {
	p := consoleLogPath(x)
	if p == "" {
		return
	}
	if v := s.volumeAt(p); v != nil {
		v.Content, v.Capacity, v.Allocation = []byte{}, 0, 0
		return
	}
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[p] = []byte{}
}

// listFiles makes the files in pool's directory volumes (raw, as libvirt probes a text file);
// callers hold st.mu.
func (s *state) listFiles(pool *poolState) {
	for _, p := range sortedKeys(s.files) {
		if path.Dir(p) != pool.info.Path {
			continue
		}
		content := s.files[p]
		delete(s.files, p)
		pool.vols[path.Base(p)] = &Volume{Name: path.Base(p), Path: p, Format: "raw", Content: content,
			Capacity: uint64(len(content)), Allocation: uint64(len(content))}
	}
}

// consoleFile is the content of domain's console log, where it is: a file no pool lists, or a
// volume; nil when the domain has no log or it does not exist.
func (s *state) consoleFile(domain string) (get func() []byte, set func([]byte)) {
	d, ok := s.domains[domain]
	if !ok {
		return nil, nil
	}
	p := consoleLogPath(d.XML)
	if p == "" {
		return nil, nil
	}
	if v := s.volumeAt(p); v != nil {
		return func() []byte { return v.Content }, func(c []byte) {
			v.Content, v.Capacity, v.Allocation = c, uint64(len(c)), uint64(len(c))
		}
	}
	if _, ok := s.files[p]; ok {
		return func() []byte { return s.files[p] }, func(c []byte) { s.files[p] = c }
	}
	return nil, nil
}

// WriteConsole appends text to domain's console log, as virtlogd does with what the guest prints
// on its serial port; false when the domain has no log (not started, or none in its definition).
func (b *Backend) WriteConsole(domain, text string) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	get, set := b.st.consoleFile(domain)
	if get == nil {
		return false
	}
	set(append(append([]byte(nil), get()...), text...))
	return true
}

// RotateConsole rotates domain's console log as virtlogd does past max_size: "<log>.1" becomes
// "<log>.2", "<log>.0" becomes "<log>.1", the log becomes "<log>.0" (files no pool lists, until a
// refresh), and the log begins anew. False when the domain has no log.
func (b *Backend) RotateConsole(domain string) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	get, set := b.st.consoleFile(domain)
	if get == nil {
		return false
	}
	p := consoleLogPath(b.st.domains[domain].XML)
	if b.st.files == nil {
		b.st.files = map[string][]byte{}
	}
	for i := 2; i > 0; i-- {
		from, to := p+"."+strconv.Itoa(i-1), p+"."+strconv.Itoa(i)
		if c, ok := b.st.files[from]; ok {
			b.st.files[to] = c
			delete(b.st.files, from)
		}
	}
	b.st.files[p+".0"] = append([]byte(nil), get()...)
	set([]byte{})
	return true
}

// HostFile reports whether the host has file p that no pool lists (yet).
func (b *Backend) HostFile(p string) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	_, ok := b.st.files[p]
	return ok
}

// HostFiles lists the files of the host that no pool lists (yet), sorted.
func (b *Backend) HostFiles() []string {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return sortedKeys(b.st.files)
}
