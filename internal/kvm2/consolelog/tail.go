// Package consolelog is the serial console log of a VM: a file beside its disks, named with its
// UID (rules.ConsoleLogName), which the create makes as a volume, with the names of its rotated
// copies, and virtlogd writes once the domain starts (volumes.go). The log of a VM of an earlier
// version was made by virtlogd, and libvirt knows a file it did not make as a volume only after
// a refresh of its pool, so a reader that does not find the log refreshes the pool and looks once
// more; the log is read back only through libvirt, as its tail (tail.go: a ranged volume
// download), and removed by Delete with the disks.
package consolelog

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

// readBudget bounds one download of a console tail (a go-libvirt stream read can hang its
// connection; backend.OnDedicated reads once more on a new one when it does).
const readBudget = 3 * time.Second

// ErrNotOurs is a console log the definition names that is not this VM's by its name: it is
// never read (nor deleted).
var ErrNotOurs = errors.New("the console log the definition names is not provably this VM's")

// Tail returns the end of the serial console log of VM name with uid on host, as text an error
// can show (definition.ConsoleTail: the last rules.ConsoleTailLines lines, at most
// rules.ConsoleTailBytes, no control characters), and the log's path. The log is found on the
// host's pooled connection of pool and read on a dedicated one. A VM without a log (made by an
// earlier version) or whose log is gone gives "" and no error. A log the definition names whose
// name does not carry this VM's UID is never read: ErrNotOurs.
func Tail(ctx context.Context, pool backend.Pool, host, name, uid string) (tail, path string, _ error) {
	vol, size, path, err := find(ctx, pool, host, name, uid)
	if err != nil || vol == nil {
		return "", path, err
	}
	tail, err = read(ctx, pool, host, *vol, size)
	return tail, path, err
}

// find finds the console log volume of the VM and its size (libvirt reads the file's size anew
// for StorageVolGetInfo); nil when there is none.
func find(ctx context.Context, pool backend.Pool, host, name, uid string) (*libvirt.StorageVol, uint64, string, error) {
	b, release, err := pool.Acquire(ctx, host)
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
	vol, err := volume(ctx, b, overlay.Pool, facts.ConsoleLogPath, name, uid)
	if err != nil || vol == nil {
		return nil, 0, facts.ConsoleLogPath, err
	}
	size, _, err := b.StorageVolGetInfo(ctx, *vol)
	if kvmerr.IsNotFound(err) {
		return nil, 0, facts.ConsoleLogPath, nil
	}
	return vol, size, facts.ConsoleLogPath, err
}

// volume resolves the console log path a definition of VM name with uid names to its volume,
// proven this VM's by its name; nil when no volume is there. When libvirt does not know the
// path, pool, where the VM's disks are (the log is made beside them), is refreshed and the path
// looked up once more: virtlogd made the log of a VM of an earlier version.
func volume(ctx context.Context, b backend.Backend, poolName, path, name, uid string) (*libvirt.StorageVol, error) {
	vol, err := b.StorageVolLookupByPath(ctx, path)
	if kvmerr.IsNotFound(err) {
		if _, err := hostops.RefreshPoolByName(ctx, b, poolName); err != nil {
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
			ErrNotOurs, vol.Pool, vol.Name, path, rules.ConsoleLogName(name, uid)))
	}
	return &vol, nil
}

// read downloads the last rules.ConsoleTailReadBytes of vol (size bytes long) and makes them the
// tail, on a dedicated connection of pool to host within readBudget.
func read(ctx context.Context, pool backend.Pool, host string, vol libvirt.StorageVol, size uint64) (string, error) {
	if size == 0 {
		return "", nil
	}
	offset := size - min(size, rules.ConsoleTailReadBytes)
	var w backend.CappedWriter
	err := backend.OnDedicated(ctx, pool, host, func(d backend.Backend) error {
		w = backend.CappedWriter{Limit: rules.ConsoleTailReadBytes}
		rctx, cancel := context.WithTimeout(ctx, readBudget)
		defer cancel()
		return d.StorageVolDownloadRange(rctx, vol, &w, offset, size-offset)
	})
	if kvmerr.IsNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return definition.ConsoleTail(w.Buf, offset > 0, rules.ConsoleTailLines, rules.ConsoleTailBytes), nil
}

// StartTail is the tail of the console log at logPath of VM name with uid, whose disks the
// create made in poolName, after a failed start on host: read before the cleanup removes the
// log, within a budget of its own (the create's context may be what ended), and only while b's
// link lives (the cleanup needs it); the download is on a dedicated connection of pool. "" when
// the tail is empty or cannot be read.
func StartTail(ctx context.Context, b backend.Backend, pool backend.Pool, host, poolName, logPath, name, uid string) string {
	if !backend.LinkAlive(b) {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*readBudget)
	defer cancel()
	vol, err := volume(ctx, b, poolName, logPath, name, uid)
	if err != nil || vol == nil {
		return ""
	}
	size, _, err := b.StorageVolGetInfo(ctx, *vol)
	if err != nil {
		return ""
	}
	tail, err := read(ctx, pool, host, *vol, size)
	if err != nil {
		return ""
	}
	return tail
}
