// Package guest reaches into a VM's guest through its host: cloud-init's result read through the
// QEMU guest agent (cloudinit.go), and one HTTP request through the guest's proxy over a
// connection the host opens to it (egress.go). Each takes a connection to the host and what
// the VM's read gave; the Client's methods (package kvm2, guest.go) read and prove the VM first.
package guest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Whether cloud-init has finished in a VM's guest, read from cloud-init's own result file
// through the QEMU guest agent (guest-file-open, -read, -close): no login into the guest, no
// network path to it. The file is the guest's to write, so the read is capped and its content
// parsed as untrusted bytes (definition.ParseCloudInitResult).

// CloudInitState is one look at cloud-init in a VM's guest.
type CloudInitState struct {
	// Done is set once cloud-init has written its result: it has finished, cleanly or not.
	Done bool
	// Waiting says why it is not done yet (no agent answers, no result yet).
	Waiting string
	Result  definition.CloudInitResult
	// FinishedAt is when cloud-init's last stage finished by the guest's clock (status.json);
	// zero when the guest does not say.
	FinishedAt time.Time
}

// CloudInitError is cloud-init finished with errors in the guest: Permanent, the VM stays.
type CloudInitError struct {
	Errors     []string
	FinishedAt time.Time
}

func (e *CloudInitError) Error() string {
	shown := e.Errors[:min(len(e.Errors), rules.CloudInitErrorsShown)]
	var b strings.Builder
	fmt.Fprintf(&b, "cloud-init finished with %d error(s) in the guest", len(e.Errors))
	if !e.FinishedAt.IsZero() {
		fmt.Fprintf(&b, " at %s (guest clock)", e.FinishedAt.Format(time.RFC3339))
	}
	b.WriteString(":")
	for _, s := range shown {
		if len(s) > rules.CloudInitErrorBytes {
			s = strings.ToValidUTF8(s[:rules.CloudInitErrorBytes], "") + "..."
		}
		b.WriteString("\n  - " + s)
	}
	if n := len(e.Errors) - len(shown); n > 0 {
		fmt.Fprintf(&b, "\n  (and %d more)", n)
	}
	return b.String()
}

// Errors of the guest's agent that say why a file cannot be read, other than "not yet".
var (
	ErrAgentRefusesFiles = errors.New("the guest agent refuses to read files (guest-file-open is disabled or unknown in the guest)")
	ErrGuestFileTooLarge = errors.New("the file in the guest is larger than kvm2 reads")
	errNoGuestFile       = errors.New("no such file in the guest")
)

// CloudInit looks once at cloud-init in the guest of VM name with uid on b's host (the domain
// proven the VM's by its mark first). Not done yet (no agent connected or answering, no result
// written) is a state, not an error. Done with errors is a *CloudInitError (Permanent), with the
// state. A VM that does not run, a result larger than rules.CloudInitFileMaxBytes or that does
// not parse, and an agent that refuses to read files are Permanent.
func CloudInit(ctx context.Context, b backend.Backend, host, name, uid string) (CloudInitState, error) {
	dom, facts, err := ownership.FindDomain(ctx, b, name, uid)
	if err != nil {
		return CloudInitState{}, err
	}
	if err := ownership.Claim(host, name, uid, facts); err != nil {
		return CloudInitState{}, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	if !facts.Active {
		return CloudInitState{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s stopped before cloud-init finished in it", name))
	}
	if facts.AgentDisconnected {
		return CloudInitState{Waiting: "the guest agent is not connected"}, nil
	}
	data, err := readGuestFile(ctx, b, dom, rules.CloudInitResultPath, rules.CloudInitFileMaxBytes)
	switch {
	case errors.Is(err, errNoGuestFile):
		return CloudInitState{Waiting: "cloud-init has not written " + rules.CloudInitResultPath + " yet"}, nil
	case agentNotReady(err):
		return CloudInitState{Waiting: "the guest agent does not answer yet"}, nil
	case kvmerr.HasCode(err, libvirt.ErrOperationInvalid):
		return CloudInitState{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"domain %s stopped before cloud-init finished in it: %w", name, err))
	case errors.Is(err, ErrGuestFileTooLarge) || errors.Is(err, ErrAgentRefusesFiles):
		return CloudInitState{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%s: %w", rules.CloudInitResultPath, err))
	case err != nil:
		return CloudInitState{}, err
	}
	res, err := definition.ParseCloudInitResult(data)
	if err != nil {
		return CloudInitState{}, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf(
			"%s in the guest (%d bytes): %w", rules.CloudInitResultPath, len(data), err))
	}
	st := CloudInitState{Done: true, Result: res}
	// When it finished, for the log and the error: best effort, the result is what counts.
	if status, err := readGuestFile(ctx, b, dom, rules.CloudInitStatusPath, rules.CloudInitFileMaxBytes); err == nil {
		st.FinishedAt, _ = definition.CloudInitFinished(status)
	}
	if len(res.Errors) > 0 {
		return st, kvmerr.New(kvmerr.Permanent, "", "", &CloudInitError{Errors: res.Errors, FinishedAt: st.FinishedAt})
	}
	return st, nil
}

// agentNotReady reports whether err is an agent that is not (yet) there to answer: not
// connected, not in sync, or timed out (the guest is still booting).
func agentNotReady(err error) bool {
	return kvmerr.HasCode(err, libvirt.ErrAgentUnresponsive) || kvmerr.HasCode(err, libvirt.ErrAgentUnsynced) ||
		kvmerr.HasCode(err, libvirt.ErrAgentCommandTimeout)
}

// guestReadChunk is how much one guest-file-read asks for.
const guestReadChunk = 16 << 10

// readGuestFile reads file p of dom's guest through its agent, at most limit bytes: a larger
// file is ErrGuestFileTooLarge, a missing one errNoGuestFile. The handle is closed whatever
// happens (a leaked handle stays open in the agent).
func readGuestFile(ctx context.Context, b backend.Backend, dom libvirt.Domain, p string, limit int) (_ []byte, err error) {
	cmd, _ := json.Marshal(map[string]any{"execute": "guest-file-open", "arguments": map[string]any{"path": p, "mode": "r"}})
	reply, err := b.QEMUDomainAgentCommand(ctx, dom, string(cmd), rules.AgentCommandTimeout)
	if err != nil {
		return nil, agentFileError(err)
	}
	var opened struct {
		Return *int64 `json:"return"`
	}
	if json.Unmarshal([]byte(reply), &opened) != nil || opened.Return == nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the guest agent answered guest-file-open with no handle (%d bytes)", len(reply)))
	}
	handle := *opened.Return
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Duration(rules.AgentCommandTimeout)*time.Second)
		defer cancel()
		cmd, _ := json.Marshal(map[string]any{"execute": "guest-file-close", "arguments": map[string]any{"handle": handle}})
		if _, cerr := b.QEMUDomainAgentCommand(cctx, dom, string(cmd), rules.AgentCommandTimeout); cerr != nil && err == nil {
			err = cerr
		}
	}()
	var out []byte
	for {
		want := min(guestReadChunk, limit+1-len(out))
		cmd, _ := json.Marshal(map[string]any{"execute": "guest-file-read", "arguments": map[string]any{"handle": handle, "count": want}})
		reply, err := b.QEMUDomainAgentCommand(ctx, dom, string(cmd), rules.AgentCommandTimeout)
		if err != nil {
			return nil, agentFileError(err)
		}
		chunk, eof, err := parseGuestRead(reply, want)
		if err != nil {
			return nil, err
		}
		out = append(out, chunk...)
		switch {
		case len(out) > limit:
			return nil, fmt.Errorf("%w (more than %d bytes)", ErrGuestFileTooLarge, limit)
		case eof:
			return out, nil
		case len(chunk) == 0:
			return nil, kvmerr.New(kvmerr.Permanent, "", "", errors.New("the guest agent read nothing before the end of the file"))
		}
	}
}

// parseGuestRead reads a guest-file-read reply, refusing more bytes than asked for.
func parseGuestRead(reply string, asked int) ([]byte, bool, error) {
	if len(reply) > base64.StdEncoding.EncodedLen(asked)+256 {
		return nil, false, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the guest agent answered a read of %d bytes with %d", asked, len(reply)))
	}
	var r struct {
		Return *struct {
			Count int    `json:"count"`
			Buf   string `json:"buf-b64"`
			EOF   bool   `json:"eof"`
		} `json:"return"`
	}
	if err := json.Unmarshal([]byte(reply), &r); err != nil || r.Return == nil {
		return nil, false, kvmerr.New(kvmerr.Permanent, "", "", errors.New("the guest agent's answer to guest-file-read does not parse"))
	}
	data, err := base64.StdEncoding.DecodeString(r.Return.Buf)
	if err != nil || len(data) > asked {
		return nil, false, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("the guest agent answered a read of %d bytes with %d", asked, len(data)))
	}
	return data, r.Return.EOF, nil
}

// agentFileError sorts what libvirt hands on from the agent: a missing file, a command the
// agent refuses (QEMU's agent disables guest-file-* with --block-rpcs), anything else as is.
func agentFileError(err error) error {
	if !kvmerr.HasCode(err, libvirt.ErrInternalError) {
		return err
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "No such file or directory"):
		return errNoGuestFile
	case strings.Contains(msg, "has been disabled") || strings.Contains(msg, "has not been found"):
		return fmt.Errorf("%w: %s", ErrAgentRefusesFiles, definition.CleanText(msg))
	}
	return err
}
