package sshx

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// libvirt's RPC framing, for the probe: a big-endian length (header included) and a header of
// program, version, procedure, type, serial and status.
const (
	rpcHeaderLen   = 28
	rpcProgram     = 0x20008086 // REMOTE_PROGRAM
	rpcVersion     = 1
	rpcProcAuthLst = 66 // REMOTE_PROC_AUTH_LIST: needs no open connection
	rpcTypeCall    = 0
	rpcTypeReply   = 1
	rpcMaxReply    = 1 << 16
)

// noiseLimit bounds what the probe skips before the helper's reply: what a login shell prints on
// stdout before it runs the helper (an echo in ~/.bashrc, a motd). More than this is no banner.
const noiseLimit = 64 << 10

// helperWaitLimit bounds the wait for the exit status of a helper whose probe failed: a command
// that ignores its stdin ending would otherwise hold the dial until its budget ends.
const helperWaitLimit = 2 * time.Second

// exitNoExec is the shell's exit status for a command it found but cannot run.
const exitNoExec = 126

// printedShown bounds what an error quotes of what the host printed.
const printedShown = 200

// probeError is a probe that did not get the helper's reply: printed is what the host printed on
// stdout before the failure (at most noiseLimit and a header), and notHelper says that what it
// printed proves the command is not a libvirt helper, which no retry changes.
type probeError struct {
	printed   []byte
	notHelper bool
	err       error
}

func (e *probeError) Error() string { return e.err.Error() }
func (e *probeError) Unwrap() error { return e.err }

// shown is what the host printed, white space folded and cut to printedShown bytes, or "".
func (e *probeError) shown() string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(e.printed), "?")), " ")
	if len(s) <= printedShown {
		return s
	}
	cut := printedShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}

// probeLibvirt sends one auth-list call and reads its reply whole, leaving the stream at a
// message boundary for the libvirt client that follows. Up to noiseLimit bytes before the
// reply are skipped: a login shell may print them before it runs the helper.
func probeLibvirt(conn *execConn) error {
	var call [rpcHeaderLen]byte
	for i, v := range []uint32{rpcHeaderLen, rpcProgram, rpcVersion, rpcProcAuthLst, rpcTypeCall, 0, 0} {
		binary.BigEndian.PutUint32(call[4*i:], v)
	}
	// A helper that ended at once fails the write; what it printed is read all the same.
	_, writeErr := conn.stdin.Write(call[:])
	buf := make([]byte, 0, 4096)
	chunk := make([]byte, 4096)
	for {
		start, found := replyStart(buf)
		switch {
		case found && start > noiseLimit, !found && len(buf) >= noiseLimit+rpcHeaderLen:
			return &probeError{printed: buf[:min(len(buf), noiseLimit)], notHelper: true,
				err: fmt.Errorf("printed more than %d bytes on its output that are not a libvirt reply", noiseLimit)}
		case found && len(buf) >= start+rpcHeaderLen:
			return conn.takeReply(buf, start)
		}
		n, err := conn.stdout.Read(chunk[:min(len(chunk), noiseLimit+rpcHeaderLen-len(buf))])
		buf = append(buf, chunk[:n]...)
		if err != nil {
			return &probeError{printed: buf, err: cmp.Or(writeErr, err)}
		}
	}
}

// replyStart finds the first libvirt message in buf: its program number, preceded by a length.
// Text cannot hold the program number (it has a NUL byte).
func replyStart(buf []byte) (int, bool) {
	if len(buf) < 8 {
		return 0, false
	}
	var prog [4]byte
	binary.BigEndian.PutUint32(prog[:], rpcProgram)
	i := bytes.Index(buf[4:], prog[:])
	return i, i >= 0
}

// takeReply checks the libvirt header at buf[start:] against the probe's call, reads the rest of
// the reply and keeps anything read past it for the client.
func (e *execConn) takeReply(buf []byte, start int) error {
	h := buf[start:]
	size, version := binary.BigEndian.Uint32(h[0:]), binary.BigEndian.Uint32(h[8:])
	proc, typ := binary.BigEndian.Uint32(h[12:]), binary.BigEndian.Uint32(h[16:])
	noise := buf[:start]
	switch {
	case size == rpcHeaderLen && version == rpcVersion && proc == rpcProcAuthLst && typ == rpcTypeCall:
		return &probeError{printed: noise, notHelper: true, err: errors.New("echoed the probe back instead of " +
			"answering it: the command that ran only copies its input")}
	case size < rpcHeaderLen || size > rpcMaxReply || version != rpcVersion || proc != rpcProcAuthLst || typ != rpcTypeReply:
		return &probeError{printed: noise, notHelper: true, err: fmt.Errorf("answered with a libvirt message that is "+
			"not the reply to the probe (length %d, version %d, procedure %d, type %d; the probe asked procedure %d "+
			"of version %d): what it reached does not speak libvirtd's protocol as this provider does",
			size, version, proc, typ, rpcProcAuthLst, rpcVersion)}
	}
	end := start + int(size)
	if len(buf) < end {
		rest := make([]byte, end-len(buf))
		if _, err := io.ReadFull(e.stdout, rest); err != nil {
			return &probeError{printed: noise, err: err}
		}
		buf = append(buf, rest...)
	}
	if len(buf) > end {
		e.pending = bytes.Clone(buf[end:])
	}
	return nil
}

// helperExitError sorts a helper that did not answer the probe: not installed; not a helper at
// all (it printed something else, or cannot be run), which is Permanent; or unable to reach the
// socket (libvirtd stopped or restarting), which is Transient. Its exit status is awaited for
// helperWaitLimit at most, or until the link is gone (the dial's ctx closes it).
func helperExitError(sess *ssh.Session, stderr *boundedBuffer, c Config, t Transport, probeErr error) (kvmerr.Stage, error) {
	waitErr, exited := waitBounded(sess, helperWaitLimit)
	_ = sess.Close()
	status := -1 // no status: the link broke, or the helper is still running
	var exit *ssh.ExitError
	switch {
	case exited && waitErr == nil:
		status = 0
	case errors.As(waitErr, &exit):
		status = exit.ExitStatus()
	}
	if status == exitNotFound {
		return "", errHelperAbsent
	}
	pe := &probeError{err: probeErr}
	_ = errors.As(probeErr, &pe)
	said := stderr.String()
	if said == "" {
		said = "nothing on stderr"
	}
	printed := pe.shown()
	permanent := func(err error) (kvmerr.Stage, error) {
		return kvmerr.StageForward, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	switch {
	case pe.notHelper && printed != "":
		return permanent(fmt.Errorf("%s on the host %w; what it printed began %q. %s", t, pe.err, printed, notHelperAdvice(c, t)))
	case pe.notHelper:
		return permanent(fmt.Errorf("%s on the host %w. %s", t, pe.err, notHelperAdvice(c, t)))
	case t == TransportNC && status > 0 && ncLacksU(said):
		return permanent(fmt.Errorf("nc on the host cannot connect to a unix socket (it has no -U; it said: %s): "+
			"install an nc with -U (netcat-openbsd), or allow stream-local forwarding (AllowStreamLocalForwarding) "+
			"so no command is needed", said))
	case status == exitNoExec:
		return permanent(fmt.Errorf("%s was found on the host but cannot be run by user %s (exit status %d; it said: "+
			"%s): make it executable for that user, or allow stream-local forwarding (AllowStreamLocalForwarding) so "+
			"no command is needed", t, c.User, status, said))
	case printed != "" && exited && status == 0:
		return permanent(fmt.Errorf("%s on the host printed %q and exited with status 0 without answering the libvirt "+
			"probe: it is not the helper. %s", t, printed, notHelperAdvice(c, t)))
	case printed != "" && !exited:
		return permanent(fmt.Errorf("%s on the host printed %q, closed its output and did not exit within %v, without "+
			"answering the libvirt probe: it is not the helper. %s", t, printed, helperWaitLimit, notHelperAdvice(c, t)))
	}
	var missing *ssh.ExitMissingError
	if errors.As(waitErr, &missing) && stderr.String() == "" && printed == "" {
		// sshd ended the session without a word or a status: the connection broke under it (a
		// cut link, sshd killed), which says nothing of libvirtd.
		return kvmerr.StageSocket, fmt.Errorf("the SSH session running %s on the host ended before the helper "+
			"answered, without an exit status or any output: the connection to the host broke (a cut link, or "+
			"sshd restarted): %w", t, waitErr)
	}
	if waitErr == nil {
		waitErr = probeErr // exited 0 without answering, or still running with its output closed
	}
	if printed != "" {
		said += fmt.Sprintf(" (and on stdout %q)", printed)
	}
	return kvmerr.StageSocket, fmt.Errorf("%s on the host could not reach the libvirt socket %s (libvirtd "+
		"stopped or restarting, or the socket path is wrong); it said: %s: %w", t, socketShown(c, t), said, waitErr)
}

// ncLacksU reports whether nc's stderr says it has no -U option, as netcat-traditional and
// busybox's nc answer; no retry teaches it one.
func ncLacksU(said string) bool {
	for _, words := range []string{"invalid option", "illegal option", "unrecognized option", "unknown option"} {
		if strings.Contains(said, words) {
			return true
		}
	}
	return false
}

// notHelperAdvice says what makes a command other than the helper run, or its output mix with
// the helper's, and how to fix it.
func notHelperAdvice(c Config, t Transport) string {
	return fmt.Sprintf("Either sshd runs another command for user %s (a ForceCommand in sshd_config, or a command= "+
		"option on the key in authorized_keys): let the user run %q; or the user's shell startup files print this "+
		"on stdout before the helper starts (an echo in ~/.bashrc or ~/.profile, a motd): make them quiet when the "+
		"shell is not interactive (begin ~/.bashrc with `[[ $- == *i* ]] || return`, or print to stderr). "+
		"Allowing stream-local forwarding (AllowStreamLocalForwarding) avoids running a command at all",
		c.User, helperCommand(t, c.Socket))
}

// waitBounded waits for the session's exit status for at most limit; exited is false when it
// did not come. A Wait left running ends when the session or the client closes.
func waitBounded(sess *ssh.Session, limit time.Duration) (err error, exited bool) {
	done := make(chan error, 1)
	go func() { done <- sess.Wait() }()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case err := <-done:
		return err, true
	case <-timer.C:
		return nil, false
	}
}
