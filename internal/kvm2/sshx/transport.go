package sshx

import (
	"net"
	"slices"
	"sync"
)

// Transport names the way a dial reached the libvirt socket on the host.
type Transport string

// The transports, in the order a dial tries them when it remembers none.
const (
	// TransportStreamLocal is a direct-streamlocal@openssh.com channel to the socket (ssh -L).
	TransportStreamLocal Transport = "streamlocal"
	// TransportVirtSSHHelper is an exec channel running libvirt's virt-ssh-helper, as libvirt's
	// own qemu+ssh does. It picks the socket itself, so it serves only the default socket.
	TransportVirtSSHHelper Transport = "exec:virt-ssh-helper"
	// TransportNC is an exec channel running `nc -U` on the configured socket.
	TransportNC Transport = "exec:nc"
)

// systemSockets are the paths virt-ssh-helper qemu:///system connects to when no modular
// daemon runs (/var/run is /run on current distributions). It honours no socket= parameter,
// so any other configured socket goes through nc.
var systemSockets = []string{DefaultSocket, "/run/libvirt/libvirt-sock"}

// Memory remembers, for one host, the transport of its last successful dial, so a host that
// works only over exec does not pay a refused stream-local attempt on every dial. It is safe
// for concurrent use; the zero value remembers nothing. A remembered transport that fails is
// followed, on the same SSH connection, by the others in their usual order.
type Memory struct {
	mu   sync.Mutex
	last Transport
}

// Last returns the remembered transport, or "" before any dial succeeded.
func (m *Memory) Last() Transport {
	if m == nil {
		return ""
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.last
}

func (m *Memory) set(t Transport) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last = t
}

// candidates lists the transports a dial of c tries, the remembered one first.
func candidates(c Config) []Transport {
	out := []Transport{TransportStreamLocal}
	if slices.Contains(systemSockets, c.Socket) {
		out = append(out, TransportVirtSSHHelper)
	}
	out = append(out, TransportNC)
	if last := c.Memory.Last(); last != "" {
		if i := slices.Index(out, last); i > 0 {
			out = append([]Transport{last}, slices.Delete(out, i, i+1)...)
		}
	}
	return out
}

// forwardedConn is a stream-local channel tagged with its transport.
type forwardedConn struct{ net.Conn }

func (forwardedConn) Transport() Transport { return TransportStreamLocal }

// TransportOf returns the transport of a conn returned by DialLibvirt, or "" for any other
// conn.
func TransportOf(conn net.Conn) Transport {
	if t, ok := conn.(interface{ Transport() Transport }); ok {
		return t.Transport()
	}
	return ""
}
