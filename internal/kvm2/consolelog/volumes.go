package consolelog

import (
	"context"
	"errors"
	"path"
	"slices"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The console log's volumes: a create makes the log and the names of its rotated copies
// (rules.ConsoleLogNames) as empty volumes before the domain starts. virtlogd opens the log in
// place and appends to it, and its rotation only renames the log to "<log>.0" and the copies up
// to "<log>.2", so every name stays a file libvirt knows as a volume (a refresh, or a restart of
// libvirtd, finds them again). Delete removes them by name, with no lookup and no refresh of the
// pool; only a VM made before the logs were volumes costs one refresh (Logs.DeleteByName).

// Make makes the console log volumes of VM name with uid in pool, all at once, and returns them,
// also when it fails: they are the caller's to remove. Each lies at the path its name gives in
// the pool's directory, where the VM's definition names the log: the overlay, made in the same
// pool, was checked to be where its name gives, which a directory pool does for every name. A
// volume of the name that exists already was left by an earlier attempt of this create (the
// names carry the UID) and is reused. A file there that libvirt does not know as a volume
// (virtlogd's, from an earlier attempt by a version that did not make the logs) makes libvirt
// refuse the create: the pool is refreshed once, and the file is then the volume; unknown says
// such a file was met, which a cleanup finds only after a refresh.
func Make(ctx context.Context, b backend.Backend, pool libvirt.StoragePool, name, uid string) (made []libvirt.StorageVol, unknown bool, _ error) {
	names := rules.ConsoleLogNames(name, uid)
	vols := make([]libvirt.StorageVol, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for i, n := range names {
		wg.Go(func() {
			x, err := definition.MarkerVolumeXML(n)
			if err != nil {
				errs[i] = kvmerr.New(kvmerr.Permanent, "", "", err)
				return
			}
			vols[i], errs[i] = b.StorageVolCreateXML(ctx, pool, x)
		})
	}
	wg.Wait()
	for i := range names {
		if errs[i] == nil {
			made = append(made, vols[i])
		}
	}
	for i, n := range names {
		if errs[i] == nil {
			continue
		}
		vol, err := existing(ctx, b, pool, &unknown, n, errs[i])
		if err != nil {
			return made, unknown, err
		}
		made = append(made, vol)
	}
	return made, unknown, nil
}

// existing is the volume name of pool whose create failed with err: the one there already, or
// the file in its way once the pool is refreshed (see Make), which it does once: unknown is set
// when it did.
func existing(ctx context.Context, b backend.Backend, pool libvirt.StoragePool, unknown *bool, name string, err error) (libvirt.StorageVol, error) {
	switch {
	case hostops.VolumeExists(err):
		return b.StorageVolLookupByName(ctx, pool, name)
	case !fileInTheWay(err):
		return libvirt.StorageVol{}, err
	}
	if !*unknown {
		*unknown = true
		if rerr := hostops.RefreshPoolIfActive(ctx, b, pool); rerr != nil {
			return libvirt.StorageVol{}, rerr
		}
	}
	vol, lerr := b.StorageVolLookupByName(ctx, pool, name)
	if kvmerr.IsNotFound(lerr) {
		return libvirt.StorageVol{}, err
	}
	return vol, lerr
}

// fileInTheWay reports whether err may be libvirt refusing to make a volume over a file of the
// pool's directory it does not know: "volume target path ... already exists"
// (ErrOperationInvalid, libvirt's check before it builds the file), or the build's own exclusive
// open failing (ErrSystemError).
func fileInTheWay(err error) bool {
	return kvmerr.HasCode(err, libvirt.ErrOperationInvalid) || kvmerr.HasCode(err, libvirt.ErrSystemError)
}

// Logs are the console log volumes a Delete removes with a VM's disks.
type Logs struct {
	// pool and names are this VM's console log volumes in the pool of its overlay, reached by
	// name with no lookup (DeleteByName).
	pool  string
	names []string
	// Found are the log the definition names elsewhere, and its rotated copies, found by path
	// (definitions edited by hand only).
	Found []libvirt.StorageVol
}

// named are the volumes of l's names in its pool, as libvirt reaches them by pool and name.
func (l Logs) named() []libvirt.StorageVol {
	out := make([]libvirt.StorageVol, 0, len(l.names)+len(l.Found))
	for _, n := range l.names {
		out = append(out, libvirt.StorageVol{Pool: l.pool, Name: n})
	}
	return out
}

// Handles are every volume of l: its names, then those found by path.
func (l Logs) Handles() []libvirt.StorageVol { return append(l.named(), l.Found...) }

// Defined gives the console log volumes of VM name with uid whose definition (facts) names a
// log, once its overlay is among disks (proven this VM's): the names the create made in the
// overlay's pool, which carry the UID. When the definition names another file (edited by hand),
// that file is resolved by path, and kept unless its name proves it this VM's, like a disk that
// fails the proof (logged to log). None for a VM of an earlier version (no log).
func Defined(ctx context.Context, b backend.Backend, log corelog.Logger, name, uid string, facts definition.DomainFacts, disks []libvirt.StorageVol) (Logs, error) {
	i := slices.IndexFunc(disks, func(v libvirt.StorageVol) bool { return v.Name == rules.OverlayName(name, uid) })
	if facts.ConsoleLogPath == "" || i < 0 {
		return Logs{}, nil
	}
	logs := Logs{pool: disks[i].Pool, names: rules.ConsoleLogNames(name, uid)}
	if path.Base(facts.ConsoleLogPath) == rules.ConsoleLogName(name, uid) && path.Dir(facts.ConsoleLogPath) == path.Dir(facts.OverlayPath) {
		return logs, nil
	}
	vol, err := volume(ctx, b, disks[i].Pool, facts.ConsoleLogPath, name, uid)
	switch {
	case errors.Is(err, ErrNotOurs):
		log.Log(ctx, corelog.LevelWarn, "the console log this VM's definition names is not provably its own; it is left alone",
			map[string]any{"host": b.Host(), "name": name, "path": facts.ConsoleLogPath})
		return logs, nil
	case err != nil || vol == nil:
		return logs, err
	}
	logs.Found = []libvirt.StorageVol{*vol}
	for _, n := range logs.names[1:] { // its rotated copies, beside it: a name libvirt does not know is skipped
		logs.Found = append(logs.Found, libvirt.StorageVol{Pool: vol.Pool, Name: n})
	}
	return logs, nil
}

// DeleteByName deletes the console log volumes of l by name. For a VM whose create made them
// (appended to, so virtlogd never removes one) every name is a volume. A name libvirt does not
// know means a VM made before the logs were volumes: its log and copies are files virtlogd made,
// which libvirt knows only after a refresh of the pool; the pool is refreshed once and the names
// deleted again, so nothing is left.
func (l Logs) DeleteByName(ctx context.Context, b backend.Backend) error {
	all, err := hostops.DeleteVolumesAllFound(ctx, b, l.named()...)
	if err != nil || all {
		return err
	}
	if _, err := hostops.RefreshPoolByName(ctx, b, l.pool); err != nil {
		return err
	}
	return hostops.DeleteVolumes(ctx, b, l.named()...)
}

// Known reports whether owned (the volumes named with the UID on the host) holds the console log
// of VM name with uid and all its rotated copies in one pool: then no file virtlogd can have
// made for the VM is unknown to libvirt, and a refresh would find nothing more of it.
func Known(owned []libvirt.StorageVol, name, uid string) bool {
	names := rules.ConsoleLogNames(name, uid)
	found := map[string]int{}
	for _, v := range owned {
		if slices.Contains(names, v.Name) {
			found[v.Pool]++
		}
	}
	for _, n := range found {
		if n == len(names) {
			return true
		}
	}
	return false
}

// A VM whose console log volumes are missing: a create stopped (terraform killed) after the
// overlay but before the logs (Make comes last before the start) leaves a marked domain with its
// disks and no log volumes. An import takes such a VM into state; its first start would then
// have virtlogd make the log as a file no pool lists, and the VM in state would lack volumes its
// UID implies. The import notes what is missing (Missing, a read), the plan shows an update, and
// the apply makes them (Make), as the create would have.

// Missing returns the console log volumes (rules.ConsoleLogNames) that VM name with uid on host
// lacks beside its overlay, in the order of the names, and the pool of its overlay, where the
// logs belong; none when its definition names no log there under its own name (a VM of an
// earlier version, or a definition edited by hand) or when its overlay is not a volume of an
// active pool (a VM without its disk is replaced anyway). It changes nothing: the domain must be
// proven the VM's (its mark carries uid).
func Missing(ctx context.Context, b backend.Backend, host, name, uid string) ([]string, libvirt.StoragePool, error) {
	_, facts, err := ownership.FindDomain(ctx, b, name, uid)
	if err != nil {
		return nil, libvirt.StoragePool{}, err
	}
	if err := ownership.Claim(host, name, uid, facts); err != nil {
		return nil, libvirt.StoragePool{}, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	if facts.ConsoleLogPath == "" || path.Base(facts.OverlayPath) != rules.OverlayName(name, uid) ||
		facts.ConsoleLogPath != path.Join(path.Dir(facts.OverlayPath), rules.ConsoleLogName(name, uid)) {
		return nil, libvirt.StoragePool{}, nil
	}
	overlay, err := b.StorageVolLookupByPath(ctx, facts.OverlayPath)
	if kvmerr.IsNotFound(err) {
		return nil, libvirt.StoragePool{}, nil
	}
	if err != nil {
		return nil, libvirt.StoragePool{}, err
	}
	pool, err := b.StoragePoolLookupByName(ctx, overlay.Pool)
	if err != nil {
		return nil, libvirt.StoragePool{}, err
	}
	var missing []string
	for _, n := range rules.ConsoleLogNames(name, uid) {
		vol, err := hostops.LookupVolume(ctx, b, pool, n)
		if err != nil {
			return nil, libvirt.StoragePool{}, err
		}
		if vol == nil {
			missing = append(missing, n)
		}
	}
	return missing, pool, nil
}
