package kvm2

import (
	"context"
	"errors"
	"fmt"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The serial console log of a VM: a file beside its disks, named with its UID
// (rules.ConsoleLogName), which the create makes as a volume and virtlogd writes once the domain
// starts (consolelog.go). The log of a VM of an earlier version was made by virtlogd, and libvirt
// knows a file it did not make as a volume only after a refresh of its pool, so a reader that
// does not find the log refreshes the pool and looks once more; the log is read back only
// through libvirt (a ranged volume download) and removed by Delete with the disks.

const opConsole = "read the console of"

// consoleReadBudget bounds one download of a console tail (a go-libvirt stream read can hang its
// connection; backend.OnDedicated reads once more on a new one when it does).
const consoleReadBudget = 3 * time.Second

// ErrConsoleNotOurs is a console log the definition names that is not this VM's by its name: it
// is never read (nor deleted).
var ErrConsoleNotOurs = errors.New("the console log the definition names is not provably this VM's")

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
	vol, size, path, err := c.findConsoleLog(ctx, host, name, uid)
	if err != nil || vol == nil {
		return "", path, kvmerr.Wrap(opConsole, host, err)
	}
	tail, err = c.readConsole(ctx, host, *vol, size)
	return tail, path, kvmerr.Wrap(opConsole, host, err)
}

// findConsoleLog finds the console log volume of the VM and its size (libvirt reads the file's
// size anew for StorageVolGetInfo); nil when there is none.
func (c *Client) findConsoleLog(ctx context.Context, host, name, uid string) (*libvirt.StorageVol, uint64, string, error) {
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return nil, 0, "", err
	}
	defer release()
	_, facts, err := ownership.FindDomain(ctx, b, name, uid)
	if err != nil {
		return nil, 0, "", err
	}
	if err := ownership.Claim(host, name, uid, facts); err != nil {
		return nil, 0, "", kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	if facts.ConsoleLogPath == "" || facts.OverlayPath == "" {
		return nil, 0, facts.ConsoleLogPath, nil
	}
	overlay, err := b.StorageVolLookupByPath(ctx, facts.OverlayPath)
	if kvmerr.IsNotFound(err) {
		return nil, 0, facts.ConsoleLogPath, nil
	}
	if err != nil {
		return nil, 0, facts.ConsoleLogPath, err
	}
	vol, err := consoleLogVolume(ctx, b, overlay.Pool, facts.ConsoleLogPath, name, uid)
	if err != nil || vol == nil {
		return nil, 0, facts.ConsoleLogPath, err
	}
	size, _, err := b.StorageVolGetInfo(ctx, *vol)
	if kvmerr.IsNotFound(err) {
		return nil, 0, facts.ConsoleLogPath, nil
	}
	return vol, size, facts.ConsoleLogPath, err
}

// consoleLogVolume resolves the console log path a definition of VM name with uid names to its
// volume, proven this VM's by its name; nil when no volume is there. When libvirt does not know
// the path, pool, where the VM's disks are (the log is made beside them), is refreshed and the
// path looked up once more: virtlogd made the log of a VM of an earlier version.
func consoleLogVolume(ctx context.Context, b backend.Backend, poolName, path, name, uid string) (*libvirt.StorageVol, error) {
	vol, err := b.StorageVolLookupByPath(ctx, path)
	if kvmerr.IsNotFound(err) {
		if _, err := refreshPool(ctx, b, poolName); err != nil {
			return nil, err
		}
		vol, err = b.StorageVolLookupByPath(ctx, path)
	}
	if kvmerr.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if vol.Name != rules.ConsoleLogName(name, uid) {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", fmt.Errorf("%w: volume %s/%s at %s, want %s",
			ErrConsoleNotOurs, vol.Pool, vol.Name, path, rules.ConsoleLogName(name, uid)))
	}
	return &vol, nil
}

// refreshPool makes libvirt read the directory of pool name again, so that it knows the files
// virtlogd made there, and returns the pool; a pool that is gone or inactive is left as it is.
func refreshPool(ctx context.Context, b backend.Backend, name string) (libvirt.StoragePool, error) {
	pool, err := b.StoragePoolLookupByName(ctx, name)
	if err != nil {
		return pool, kvmerr.IgnoreNotFound(err)
	}
	return pool, refreshLoaded(ctx, b, pool)
}

// refreshAllPools refreshes every pool of the host, as refreshPool does one: where a VM's disks
// were made (and its console log beside them) depends on the pool setting at its create, which
// may have changed since.
func refreshAllPools(ctx context.Context, b backend.Backend) error {
	pools, err := b.ConnectListAllStoragePools(ctx, 0)
	if err != nil {
		return err
	}
	for _, p := range pools {
		if err := refreshLoaded(ctx, b, p); err != nil {
			return err
		}
	}
	return nil
}

// refreshLoaded refreshes pool (hostops.RefreshPool, which waits out a busy pool); a pool that
// is gone or inactive is left as it is.
func refreshLoaded(ctx context.Context, b backend.Backend, pool libvirt.StoragePool) error {
	err := hostops.RefreshPool(ctx, b, pool)
	if err != nil && !kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		return kvmerr.IgnoreNotFound(err)
	}
	return nil
}

// readConsole downloads the last rules.ConsoleTailReadBytes of vol (size bytes long) and makes
// them the tail, on a dedicated connection within consoleReadBudget.
func (c *Client) readConsole(ctx context.Context, host string, vol libvirt.StorageVol, size uint64) (string, error) {
	if size == 0 {
		return "", nil
	}
	offset := size - min(size, rules.ConsoleTailReadBytes)
	var w cappedWriter
	err := backend.OnDedicated(ctx, c.pool, host, func(d backend.Backend) error {
		w = cappedWriter{limit: rules.ConsoleTailReadBytes}
		rctx, cancel := context.WithTimeout(ctx, consoleReadBudget)
		defer cancel()
		return d.StorageVolDownloadRange(rctx, vol, &w, offset, size-offset)
	})
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return definition.ConsoleTail(w.buf, offset > 0, rules.ConsoleTailLines, rules.ConsoleTailBytes), nil
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

// withConsole adds the console tail to err, a failed start of the VM build made: read before
// the cleanup removes the log, within a budget of its own (the create's context may be what
// ended), and only while the link lives (the cleanup needs it). A tail that is empty or cannot be
// read leaves err as it is.
func (c *Client) withConsole(ctx context.Context, b backend.Backend, req CreateRequest, made *debris, logPath string, err error) error {
	if !backend.LinkAlive(b) {
		return err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*consoleReadBudget)
	defer cancel()
	vol, lerr := consoleLogVolume(ctx, b, made.pool.Name, logPath, req.Name, req.UID)
	if lerr != nil || vol == nil {
		return err
	}
	size, _, ierr := b.StorageVolGetInfo(ctx, *vol)
	if ierr != nil {
		return err
	}
	tail, rerr := c.readConsole(ctx, req.Host, *vol, size)
	if rerr != nil || tail == "" {
		return err
	}
	return &BootError{Err: err, Console: tail, ConsoleLog: logPath}
}
