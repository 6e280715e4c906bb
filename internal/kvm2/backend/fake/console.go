package fake

import (
	"encoding/xml"
	"path"
	"strconv"
)

// The fake's virtlogd: a domain whose first serial port has a <log file=.../> gets that file
// when it starts; with append='off' it is begun anew, and the log's rotated copies are removed. A
// volume at the path is written in place; otherwise the log is a file of the host that no pool
// lists until a StoragePoolRefresh of the pool over its directory makes it a raw volume, as
// libvirt does with a file it did not make (and a volume create over it is refused). A test
// writes the guest's console with WriteConsole and rotates it as virtlogd does past its max_size
// with RotateConsole, which renames among the log's names.

// consoleDoc is the part of a domain document the fake's virtlogd reads.
type consoleDoc struct {
	Serials []struct {
		Log *struct {
			File   string `xml:"file,attr"`
			Append string `xml:"append,attr"`
		} `xml:"log"`
	} `xml:"devices>serial"`
}

// consoleLog is the file the first serial port of domain document x is logged to ("" for none),
// and whether each start appends to it rather than begins it anew.
func consoleLog(x string) (file string, appends bool) {
	var doc consoleDoc
	if xml.Unmarshal([]byte(x), &doc) != nil || len(doc.Serials) == 0 || doc.Serials[0].Log == nil {
		return "", false
	}
	return doc.Serials[0].Log.File, doc.Serials[0].Log.Append == "on"
}

// consoleLogPath is the file the first serial port of domain document x is logged to, or "".
func consoleLogPath(x string) string {
	p, _ := consoleLog(x)
	return p
}

// consoleBackups is how many rotated copies of a log the fake's virtlogd keeps (max_backups).
const consoleBackups = 3

// startConsole begins the console log of a domain starting with definition x; callers hold
// st.mu. Unless the log appends, virtlogd begins it anew as it does: it removes the log and its
// rotated copies, then makes the log again at its path (a volume there stays that volume; a
// copy that was a volume is one whose file is gone).
func (s *state) startConsole(x string) {
	p, appends := consoleLog(x)
	if p == "" {
		return
	}
	if !appends {
		for i := range consoleBackups {
			s.removeFile(p + "." + strconv.Itoa(i))
		}
		s.removeFile(p)
	}
	if v := s.volumeAt(p); v != nil {
		v.FileGone = false
		return
	}
	if _, ok := s.files[p]; ok {
		return
	}
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[p] = []byte{}
}

// removeFile removes file p of the host, as unlink(2) does: a volume at p is left with its file
// gone, until a refresh; callers hold st.mu.
func (s *state) removeFile(p string) {
	if v := s.volumeAt(p); v != nil {
		v.Content, v.Capacity, v.Allocation, v.FileGone = []byte{}, 0, 0, true
		return
	}
	delete(s.files, p)
}

// listFiles reads pool's directory again, as a refresh does: the volumes whose file is gone are
// dropped, and the files no volume is are made volumes (raw, as libvirt probes a text file);
// callers hold st.mu.
func (s *state) listFiles(pool *poolState) {
	for name, v := range pool.vols {
		if v.FileGone {
			delete(pool.vols, name)
		}
	}
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
			v.Content, v.Capacity, v.Allocation, v.FileGone = c, uint64(len(c)), uint64(len(c)), false
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

// RotateConsole rotates domain's console log as virtlogd does past max_size, by renaming: "<log>.1"
// becomes "<log>.2", "<log>.0" becomes "<log>.1", the log becomes "<log>.0", and the log begins
// anew. A name that is a volume stays one (libvirt keeps a volume by its path, whatever file is
// there); any other name is a file no pool lists, until a refresh. False when the domain has no
// log.
func (b *Backend) RotateConsole(domain string) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	get, set := b.st.consoleFile(domain)
	if get == nil {
		return false
	}
	p := consoleLogPath(b.st.domains[domain].XML)
	for i := consoleBackups - 1; i > 0; i-- {
		b.st.renameFile(p+"."+strconv.Itoa(i-1), p+"."+strconv.Itoa(i))
	}
	b.st.renameFile(p, p+".0")
	set([]byte{})
	return true
}

// renameFile moves the content of file from to file to, as rename(2) does; nothing when from
// does not exist. A volume at from is left with its file gone (libvirt keeps it until a
// refresh); a volume at to has the file again. Callers hold st.mu.
func (s *state) renameFile(from, to string) {
	var content []byte
	if v := s.volumeAt(from); v != nil && !v.FileGone {
		content = v.Content
	} else if c, ok := s.files[from]; ok {
		content = c
	} else {
		return
	}
	s.removeFile(from)
	if v := s.volumeAt(to); v != nil {
		v.Content, v.Capacity, v.Allocation, v.FileGone = content, uint64(len(content)), uint64(len(content)), false
		return
	}
	if s.files == nil {
		s.files = map[string][]byte{}
	}
	s.files[to] = content
}

// AddHostFile puts file p with content on the host, as a file no pool lists until a refresh of
// the pool over its directory (what virtlogd made for a VM whose log was no volume).
func (b *Backend) AddHostFile(p string, content []byte) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if b.st.files == nil {
		b.st.files = map[string][]byte{}
	}
	b.st.files[p] = append([]byte{}, content...)
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
