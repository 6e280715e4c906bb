package backend

import (
	"context"
	"encoding/binary"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// Wire constants of the libvirt RPC protocol the stub speaks.
const (
	remoteProgram    = 0x20008086
	procConnectOpen  = 1
	procConnectClose = 2
	procAuthList     = 66
	procGetLibVer    = 157
	procVolUpload    = 208
	typeReply        = 1
	typeStream       = 3
	statusOK         = 0
	stubLibVersion   = 9_000_000 // "9.0.0"
)

// packet is one decoded libvirt RPC packet.
type packet struct {
	proc, typ, serial, status uint32
	payload                   []byte
}

// stubDaemon is a minimal libvirtd: it completes the connect handshake and answers the
// procedures in handlers; any other procedure is read and never answered, which is exactly
// the hung daemon the abandon policy exists for.
type stubDaemon struct {
	conn     net.Conn
	writeMu  sync.Mutex
	handlers map[uint32]func(d *stubDaemon, p packet)
}

// serveStub runs a stub on conn until it closes.
func serveStub(conn net.Conn, handlers map[uint32]func(d *stubDaemon, p packet)) {
	d := &stubDaemon{conn: conn, handlers: handlers}
	go d.serve()
}

func (d *stubDaemon) serve() {
	defer d.conn.Close()
	for {
		p, err := d.read()
		if err != nil {
			return
		}
		switch p.proc {
		case procAuthList:
			d.reply(p, typeReply, be32(1, 0)) // one auth type: none
		case procConnectOpen, procConnectClose:
			d.reply(p, typeReply, nil)
		default:
			if h := d.handlers[p.proc]; h != nil {
				go h(d, p)
			}
		}
	}
}

func (d *stubDaemon) read() (packet, error) {
	var head [28]byte
	if _, err := io.ReadFull(d.conn, head[:]); err != nil {
		return packet{}, err
	}
	u := func(i int) uint32 { return binary.BigEndian.Uint32(head[i*4:]) }
	p := packet{proc: u(3), typ: u(4), serial: u(5), status: u(6)}
	p.payload = make([]byte, u(0)-28)
	_, err := io.ReadFull(d.conn, p.payload)
	return p, err
}

// reply sends a packet answering p with the given type and payload, status OK.
func (d *stubDaemon) reply(p packet, typ uint32, payload []byte) {
	d.writeMu.Lock()
	defer d.writeMu.Unlock()
	head := be32(uint32(28+len(payload)), remoteProgram, 1, p.proc, typ, p.serial, statusOK)
	_, _ = d.conn.Write(append(head, payload...))
}

// be32 encodes values as consecutive big-endian uint32s.
func be32(vs ...uint32) []byte {
	out := make([]byte, 0, 4*len(vs))
	for _, v := range vs {
		out = binary.BigEndian.AppendUint32(out, v)
	}
	return out
}

// answerLibVersion replies to ConnectGetLibVersion with stubLibVersion.
func answerLibVersion(d *stubDaemon, p packet) {
	d.reply(p, typeReply, binary.BigEndian.AppendUint64(nil, stubLibVersion))
}

// stubConn returns the client end of a pipe served by a stub daemon.
func stubConn(handlers map[uint32]func(d *stubDaemon, p packet)) net.Conn {
	client, server := net.Pipe()
	serveStub(server, handlers)
	return client
}

// countingDialer is a DialFunc that hands out stub connections and counts dials. hangNext
// makes every later dial's daemon never answer ConnectGetLibVersion.
type countingDialer struct {
	dials   atomic.Int32
	silent  atomic.Bool
	closers atomic.Int32
}

func (c *countingDialer) dial(ctx context.Context, host string, cfg sshx.Config) (net.Conn, io.Closer, error) {
	c.dials.Add(1)
	handlers := map[uint32]func(*stubDaemon, packet){procGetLibVer: answerLibVersion}
	if c.silent.Load() {
		handlers = nil
	}
	return stubConn(handlers), closerFunc(func() error { c.closers.Add(1); return nil }), nil
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// rpcLine is one observed RPC.
type rpcLine struct {
	host, method string
	err          error
}

// recorder is an Observer that keeps every line.
type recorder struct {
	mu    sync.Mutex
	lines []rpcLine
}

func (r *recorder) RPC(_ context.Context, host, method string, _ time.Duration, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.lines = append(r.lines, rpcLine{host, method, err})
}

func (r *recorder) methods() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.lines))
	for i, l := range r.lines {
		out[i] = l.method
	}
	return out
}

// newStubBackend connects a backend to a stub daemon with the given handlers.
func newStubBackend(t *testing.T, opts PoolOptions, handlers map[uint32]func(*stubDaemon, packet)) *libvirtBackend {
	t.Helper()
	b, err := NewFromConn("lab", stubConn(handlers), nil, opts)
	if err != nil {
		t.Fatalf("NewFromConn: %v", err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b.(*libvirtBackend)
}

// stubConnSilent returns a pipe whose far end reads everything and never replies.
func stubConnSilent() net.Conn {
	client, server := net.Pipe()
	go func() {
		defer server.Close()
		_, _ = io.Copy(io.Discard, server)
	}()
	return client
}
