package sshx

import (
	"bytes"
	"encoding/binary"
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

// helperExitError sorts a helper that ended before answering the probe: not installed, or
// unable to reach the socket (libvirtd stopped or restarting). Wait returns once the helper's
// exit status and stderr are in, or the link is gone (the dial's ctx closes it).
func helperExitError(sess *ssh.Session, stderr *boundedBuffer, c Config, t Transport, probeErr error) (kvmerr.Stage, error) {
	waitErr := sess.Wait()
	_ = sess.Close()
	var exit *ssh.ExitError
	if errors.As(waitErr, &exit) && exit.ExitStatus() == exitNotFound {
		return "", errHelperAbsent
	}
	said := stderr.String()
	if said == "" {
		said = "nothing on stderr"
	}
	if waitErr == nil {
		waitErr = probeErr // exited 0 without answering, or answered garbage
	}
	return kvmerr.StageSocket, fmt.Errorf("%s on the host could not reach the libvirt socket %s (libvirtd "+
		"stopped or restarting, or the socket path is wrong); it said: %s: %w", t, socketShown(c, t), said, waitErr)
}

// socketShown names the socket the helper uses: virt-ssh-helper picks its own.
func socketShown(c Config, t Transport) string {
	if t == TransportVirtSSHHelper {
		return "of qemu:///system"
	}
	return c.Socket
}

// libvirt's RPC framing, for the probe: a big-endian length (header included) and a header of
// program, version, procedure, type, serial and status.
const (
	rpcHeaderLen   = 28
	rpcProgram     = 0x20008086 // REMOTE_PROGRAM
	rpcVersion     = 1
	rpcProcAuthLst = 66 // REMOTE_PROC_AUTH_LIST: needs no open connection
	rpcMaxReply    = 1 << 16
)

// probeLibvirt sends one auth-list call and reads its reply whole, leaving the stream at a
// message boundary for the libvirt client that follows.
func probeLibvirt(conn *execConn) error {
	var call [rpcHeaderLen]byte
	for i, v := range []uint32{rpcHeaderLen, rpcProgram, rpcVersion, rpcProcAuthLst, 0, 0, 0} {
		binary.BigEndian.PutUint32(call[4*i:], v)
	}
	if _, err := conn.Write(call[:]); err != nil {
		return err
	}
	var size [4]byte
	if _, err := io.ReadFull(conn, size[:]); err != nil {
		return err
	}
	n := binary.BigEndian.Uint32(size[:])
	if n < rpcHeaderLen || n > rpcMaxReply {
		return fmt.Errorf("the helper's reply is not a libvirt message (length %d)", n)
	}
	reply := make([]byte, n-4)
	if _, err := io.ReadFull(conn, reply); err != nil {
		return err
	}
	if prog, proc := binary.BigEndian.Uint32(reply[0:]), binary.BigEndian.Uint32(reply[8:]); prog != rpcProgram || proc != rpcProcAuthLst {
		return fmt.Errorf("the helper's reply is not a libvirt auth-list reply (program %#x, procedure %d)", prog, proc)
	}
	return nil
}

// execConn is a helper's stdin and stdout as a net.Conn. Like the stream-local channel it
// replaces, it has no deadlines: the backend bounds calls by closing the link.
type execConn struct {
	sess          *ssh.Session
	stdin         io.WriteCloser
	stdout        io.Reader
	stderr        *boundedBuffer
	transport     Transport
	local, remote net.Addr
	once          sync.Once
}

func (e *execConn) Read(p []byte) (int, error)  { return e.stdout.Read(p) }
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
