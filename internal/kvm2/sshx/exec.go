package sshx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// stderrLimit bounds the helper's stderr kept for error messages.
const stderrLimit = 2048

// exitNotFound is the shell's exit status for a command it cannot find.
const exitNotFound = 127

// errHelperAbsent marks an exec whose helper is not installed on the host.
var errHelperAbsent = errors.New("helper not installed")

// helperCommand is the fixed command line of an exec transport. The socket path comes from
// configuration, so it is shell-quoted (and the core's rules refuse control characters).
func helperCommand(t Transport, socket string) string {
	if t == TransportVirtSSHHelper {
		return "virt-ssh-helper qemu:///system"
	}
	return "nc -U " + shellQuote(socket)
}

// shellQuote quotes s for a POSIX shell: inside single quotes only ' itself needs care.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// dialExec runs helper t in a session channel on client and proves it reached libvirtd with
// one auth-list call (what every libvirt client sends first), so a helper that cannot connect
// to the socket, or is not installed, is told apart here rather than as a broken libvirt
// handshake later. Errors are errHelperAbsent, or carry the stage they belong to.
func dialExec(client *ssh.Client, c Config, t Transport) (net.Conn, kvmerr.Stage, error) {
	sess, err := client.NewSession()
	if err != nil {
		var open *ssh.OpenChannelError
		if errors.As(err, &open) {
			return nil, kvmerr.StageForward, fmt.Errorf("sshd refused a session channel for %s: %w", t, err)
		}
		return nil, kvmerr.StageForward, err
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		_ = sess.Close()
		return nil, kvmerr.StageForward, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		_ = sess.Close()
		return nil, kvmerr.StageForward, err
	}
	stderr := &boundedBuffer{limit: stderrLimit}
	sess.Stderr = stderr
	if err := sess.Start(helperCommand(t, c.Socket)); err != nil {
		_ = sess.Close()
		return nil, kvmerr.StageForward, fmt.Errorf("sshd refused to run %s (a ForceCommand or a command= "+
			"restriction for user %s?): %w", t, c.User, err)
	}
	conn := &execConn{sess: sess, stdin: stdin, stdout: stdout, stderr: stderr, transport: t,
		local: client.LocalAddr(), remote: client.RemoteAddr()}
	if err := probeLibvirt(conn); err != nil {
		_ = stdin.Close()
		stage, err := helperExitError(sess, stderr, c, t, err)
		return nil, stage, err
	}
	return conn, "", nil
}

// socketShown names the socket the helper uses: virt-ssh-helper picks its own.
func socketShown(c Config, t Transport) string {
	if t == TransportVirtSSHHelper {
		return "of qemu:///system"
	}
	return c.Socket
}

// execConn is a helper's stdin and stdout as a net.Conn. Like the stream-local channel it
// replaces, it has no deadlines: the backend bounds calls by closing the link.
type execConn struct {
	sess          *ssh.Session
	stdin         io.WriteCloser
	stdout        io.Reader
	pending       []byte // what the probe read past the helper's reply, served first
	stderr        *boundedBuffer
	transport     Transport
	local, remote net.Addr
	once          sync.Once
}

func (e *execConn) Read(p []byte) (int, error) {
	if len(e.pending) > 0 {
		n := copy(p, e.pending)
		e.pending = e.pending[n:]
		return n, nil
	}
	return e.stdout.Read(p)
}

func (e *execConn) Write(p []byte) (int, error) { return e.stdin.Write(p) }

// Close closes the session channel; the helper sees its stdin end and exits.
func (e *execConn) Close() error {
	var err error
	e.once.Do(func() { err = e.sess.Close() })
	if errors.Is(err, io.EOF) {
		err = nil // the helper had already ended the channel
	}
	return err
}

func (e *execConn) LocalAddr() net.Addr  { return e.local }
func (e *execConn) RemoteAddr() net.Addr { return e.remote }
func (e *execConn) Transport() Transport { return e.transport }

var errNoDeadline = errors.New("ssh: exec channel: deadline not supported")

func (e *execConn) SetDeadline(time.Time) error      { return errNoDeadline }
func (e *execConn) SetReadDeadline(time.Time) error  { return errNoDeadline }
func (e *execConn) SetWriteDeadline(time.Time) error { return errNoDeadline }

// boundedBuffer keeps the first limit bytes written to it, white space folded for messages; the rest is
// dropped so a chatty helper cannot grow memory.
type boundedBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	limit int
}

func (b *boundedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := b.limit - b.buf.Len(); room > 0 {
		b.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (b *boundedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(strings.Fields(b.buf.String()), " ")
}
