package fake

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// The guest agent of the fake answers the three commands of QEMU's guest agent that read a file
// (guest-file-open read-only, guest-file-read, guest-file-close) from Domain.GuestFiles, with
// the replies and errors libvirt hands on: ErrAgentUnresponsive while no agent is connected
// (Domain.Agent nil), ErrInternalError with the agent's text for a missing file or a bad handle.

// agentFile is an open file of a guest: what was read at open and how far.
type agentFile struct {
	domain string
	data   []byte
	pos    int
}

// agentRequest is one guest agent command.
type agentRequest struct {
	Execute   string `json:"execute"`
	Arguments struct {
		Path   string `json:"path"`
		Mode   string `json:"mode"`
		Handle int64  `json:"handle"`
		Count  *int   `json:"count"`
	} `json:"arguments"`
}

// agentMaxRead is the largest guest-file-read QEMU's agent accepts (GUEST_FILE_READ_COUNT_MAX).
const agentMaxRead = 48 << 20

// QEMUDomainAgentCommand answers a guest agent command of a running domain.
func (b *Backend) QEMUDomainAgentCommand(ctx context.Context, dom libvirt.Domain, cmd string, timeoutSec int32) (_ string, err error) {
	defer b.observe(ctx, "QEMUDomainAgentCommand", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "QEMUDomainAgentCommand", dom)
	if err != nil {
		return "", err
	}
	defer unlock()
	if !active(d.State) {
		return "", notRunning()
	}
	if d.Agent == nil {
		return "", LibvirtError(libvirt.ErrAgentUnresponsive, "Guest agent is not responding: QEMU guest agent is not connected")
	}
	var req agentRequest
	if err := json.Unmarshal([]byte(cmd), &req); err != nil {
		return "", LibvirtError(libvirt.ErrInternalError, "internal error: unable to parse agent command: %v", err)
	}
	fail := func(format string, args ...any) (string, error) {
		return "", LibvirtError(libvirt.ErrInternalError, "internal error: unable to execute QEMU agent command '%s': %s",
			req.Execute, fmt.Sprintf(format, args...))
	}
	if b.st.agentFiles == nil {
		b.st.agentFiles = map[int64]*agentFile{}
	}
	switch req.Execute {
	case "guest-file-open":
		if req.Arguments.Mode != "" && req.Arguments.Mode != "r" {
			return fail("the fake's guest opens files read-only, not mode %q", req.Arguments.Mode)
		}
		data, ok := d.GuestFiles[req.Arguments.Path]
		if !ok {
			return fail("Failed to open file '%s' (mode: 'r'): No such file or directory", req.Arguments.Path)
		}
		b.st.nextHandle++
		h := b.st.nextHandle + 1000
		b.st.agentFiles[h] = &agentFile{domain: d.Name, data: append([]byte(nil), data...)}
		return fmt.Sprintf(`{"return":%d}`, h), nil
	case "guest-file-read":
		f, ok := b.st.agentFiles[req.Arguments.Handle]
		if !ok || f.domain != d.Name {
			return fail("handle '%d' has not been found", req.Arguments.Handle)
		}
		count := 4096
		if req.Arguments.Count != nil {
			count = *req.Arguments.Count
		}
		if count < 0 || count > agentMaxRead {
			return fail("value '%d' is invalid for argument count", count)
		}
		n := min(count, len(f.data)-f.pos)
		chunk := f.data[f.pos : f.pos+n]
		f.pos += n
		out, _ := json.Marshal(map[string]any{"return": map[string]any{
			"count": n, "buf-b64": base64.StdEncoding.EncodeToString(chunk), "eof": f.pos >= len(f.data)}})
		return string(out), nil
	case "guest-file-close":
		f, ok := b.st.agentFiles[req.Arguments.Handle]
		if !ok || f.domain != d.Name {
			return fail("handle '%d' has not been found", req.Arguments.Handle)
		}
		delete(b.st.agentFiles, req.Arguments.Handle)
		return `{"return":{}}`, nil
	}
	return "", LibvirtError(libvirt.ErrInternalError, "internal error: unable to execute QEMU agent command '%s': "+
		"The command %s has not been found", req.Execute, req.Execute)
}

// OpenAgentFiles is how many files guests have open through their agents (a reader that forgets
// guest-file-close leaks a handle in the guest).
func (b *Backend) OpenAgentFiles() int {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return len(b.st.agentFiles)
}

// SetGuestFile sets (content non-nil) or removes (nil) the file path of domain's guest, as the
// agent reads it; false when there is no such domain.
func (b *Backend) SetGuestFile(domain, path string, content []byte) bool {
	return b.UpdateDomain(domain, func(d *Domain) {
		if content == nil {
			delete(d.GuestFiles, path)
			return
		}
		if d.GuestFiles == nil {
			d.GuestFiles = map[string][]byte{}
		}
		d.GuestFiles[path] = append([]byte(nil), content...)
	})
}

// SetVolumeContent replaces the content of volume name in pool, as a writer on the host does
// (virtlogd appending a console): capacity and allocation become its length, as libvirt reads
// a raw file back. False when there is no such volume.
func (b *Backend) SetVolumeContent(pool, name string, content []byte) bool {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	p, ok := b.st.pools[pool]
	if !ok {
		return false
	}
	v, ok := p.vols[name]
	if !ok {
		return false
	}
	v.Content = append([]byte(nil), content...)
	v.Capacity, v.Allocation = uint64(len(content)), uint64(len(content))
	return true
}

// StorageVolDownloadRange copies at most length bytes of the volume's content from offset to
// w; an offset past the end copies nothing, as libvirt's stream of a regular file ends there.
func (b *Backend) StorageVolDownloadRange(ctx context.Context, sv libvirt.StorageVol, w io.Writer, offset, length uint64) (err error) {
	defer b.observe(ctx, "StorageVolDownloadRange", time.Now(), &err)
	_, v, unlock, err := b.volCall(ctx, "StorageVolDownloadRange", sv)
	if err != nil {
		return err
	}
	var content []byte
	if offset < uint64(len(v.Content)) {
		content = append([]byte(nil), v.Content[offset:offset+min(uint64(len(v.Content))-offset, length)]...)
	}
	unlock()
	_, err = w.Write(content)
	return err
}
