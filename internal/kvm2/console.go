package kvm2

import (
	"context"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/consolelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The serial console log of a VM, as the Client reads it, repairs it and shows it with a failed
// start; the log's volumes and its tail are package consolelog's.

const (
	opConsole     = "read the console of"
	opConsoleLogs = "make console logs"
)

// ErrConsoleNotOurs is a console log the definition names that is not this VM's by its name: it
// is never read (nor deleted).
var ErrConsoleNotOurs = consolelog.ErrNotOurs

// ConsoleTail returns the end of the serial console log of VM id with uid, as text an error can
// show (definition.ConsoleTail: the last rules.ConsoleTailLines lines, at most
// rules.ConsoleTailBytes, no control characters), and the log's path. A VM without a log (made
// by an earlier version) or whose log is gone gives "" and no error. A log the definition names
// whose name does not carry this VM's UID is never read: ErrConsoleNotOurs.
func (c *Client) ConsoleTail(ctx context.Context, id, uid string) (tail, path string, _ error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return "", "", kvmerr.New(kvmerr.Permanent, opConsole, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return "", "", kvmerr.New(kvmerr.Permanent, opConsole, host, err)
	}
	if _, err := c.host(opConsole, host); err != nil {
		return "", "", err
	}
	tail, path, err = consolelog.Tail(ctx, c.pool, host, name, uid)
	return tail, path, kvmerr.Wrap(opConsole, host, err)
}

// BootError is a failed start of a new VM with the end of its serial console: what the guest
// printed before it stopped. It unwraps to the failure, whose class it keeps.
type BootError struct {
	Err error
	// Console is the console tail (definition.ConsoleTail), ConsoleLog the log's path.
	Console, ConsoleLog string
}

func (e *BootError) Error() string {
	return fmt.Sprintf("%v\n\nThe last lines of the guest's serial console (%s):\n%s", e.Err, e.ConsoleLog, e.Console)
}

func (e *BootError) Unwrap() error { return e.Err }

// withConsole adds the console tail to err, a failed start of the VM build made
// (consolelog.StartTail: read before the cleanup removes the log, within a budget of its own,
// and only while the link lives). A tail that is empty or cannot be read leaves err as it is.
func (c *Client) withConsole(ctx context.Context, b backend.Backend, req CreateRequest, made *debris, logPath string, err error) error {
	tail := consolelog.StartTail(ctx, b, c.pool, req.Host, made.pool.Name, logPath, req.Name, req.UID)
	if tail == "" {
		return err
	}
	return &BootError{Err: err, Console: tail, ConsoleLog: logPath}
}

// makeConsoleLogs makes the console log volumes of the VM req builds in made's pool
// (consolelog.Make: an earlier attempt's are reused) and counts them as this call's debris.
func makeConsoleLogs(ctx context.Context, b backend.Backend, made *debris, req CreateRequest) error {
	vols, unknown, err := consolelog.Make(ctx, b, made.pool, req.Name, req.UID)
	made.volumes, made.unknownLogs = append(made.volumes, vols...), made.unknownLogs || unknown
	return err
}

// MissingConsoleLogs returns the console log volumes (rules.ConsoleLogNames) that VM id with uid
// lacks beside its overlay, in the order of the names; none when its definition names no log
// there under its own name (a VM of an earlier version, or a definition edited by hand) or when
// its overlay is not a volume of an active pool (a VM without its disk is replaced anyway). It
// changes nothing: the domain must be proven the VM's (its mark carries uid).
func (c *Client) MissingConsoleLogs(ctx context.Context, id, uid string) ([]string, error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, opGet, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, opGet, host, err)
	}
	if _, err := c.host(opGet, host); err != nil {
		return nil, err
	}
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return nil, kvmerr.Wrap(opGet, host, err)
	}
	defer release()
	missing, _, err := consolelog.Missing(ctx, b, host, name, uid)
	return missing, kvmerr.Wrap(opGet, host, err)
}

// MakeConsoleLogs makes the console log volumes VM id with uid lacks (MissingConsoleLogs), under
// its per-name lock and only once its mark carries uid, as its create would have
// (consolelog.Make: a file virtlogd already wrote there becomes the volume). It returns the VM
// as read afterwards.
func (c *Client) MakeConsoleLogs(ctx context.Context, id, uid string) (Instance, error) {
	_, name, _ := rules.ParseID(id) // onMarked refuses a malformed id first
	return c.onMarked(ctx, opConsoleLogs, id, uid, func(b backend.Backend, _ libvirt.Domain, _ definition.Mark) error {
		missing, pool, err := consolelog.Missing(ctx, b, b.Host(), name, uid)
		if err != nil || len(missing) == 0 {
			return err
		}
		return makeConsoleLogs(ctx, b, &debris{pool: pool}, CreateRequest{Name: name, UID: uid})
	})
}
