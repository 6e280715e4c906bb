package kvm2

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/consolelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const opDelete = "delete"

// Delete removes the VM id with uid: its domain (with NVRAM) and the volumes that are provably
// its own. Idempotent: whatever is already gone counts as removed at every step, and an unknown
// host is a no-op (the host was removed from the configuration together with its machines).
//
// Nothing is deleted by name alone. The domain under the name is removed only when its mark
// carries uid; a domain without our mark or with another UID is another owner's and is left
// alone (this VM is then already gone). The volumes removed are those the domain's own
// definition names when their names prove them ours (they carry the UID, or, for VMs made before
// volumes did, they are the overlay and seed names of that time and the overlay backs onto a
// base), and the volumes named with the UID in any pool of the host, which is what is left of
// this VM once its domain is gone. A transient failure leaves the rest for the next Delete.
//
// A pool that may hold volumes of the VM and is inactive refuses the delete
// (*InactivePoolError): libvirt can neither find nor delete what is in it, and the state holds
// the UID, the only proof those volumes are the VM's.
func (c *Client) Delete(ctx context.Context, id, uid string) error {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, opDelete, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return kvmerr.New(kvmerr.Permanent, opDelete, host, err)
	}
	if _, ok := c.cfg.Hosts[host]; !ok {
		c.logf(ctx, corelog.LevelDebug, "delete on an unconfigured host is a no-op", map[string]any{"host": host, "name": name})
		return nil
	}
	unlock, err := c.locks.Lock(ctx, lockKey(host, name))
	if err != nil {
		return kvmerr.New(kvmerr.Transient, opDelete, host,
			fmt.Errorf("waiting for another operation on %s: %w", id, err))
	}
	defer unlock()
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return kvmerr.Wrap(opDelete, host, err)
	}
	defer release()
	return kvmerr.Wrap(opDelete, host, c.deleteOn(ctx, b, host, name, uid))
}

// deleteOn is Delete's work on a held connection: the domain first (so nothing uses the
// volumes), then the volumes.
//
// The domain is reached as Get reaches it: through the UUID the UID gives, its definition used
// when it still has this name, else by name. The host-wide search for volumes named with the
// UID (a pool listing and a lookup per name and pool) is for what a domain no longer names: it
// is skipped when the removed domain's definition named both disks under the names this UID
// gives. When it is not, every pool that may hold volumes of the VM must be active, before
// anything is removed (refuseInactivePools).
func (c *Client) deleteOn(ctx context.Context, b backend.Backend, host, name, uid string) error {
	wave := c.disks.DeleteBegun(host)
	defer wave.Ended()
	var vols []libvirt.StorageVol
	removed := false // this call removed the VM's domain
	dom, facts, xml, err := ownership.FindDomainXML(ctx, b, name, uid)
	switch {
	case err == nil:
		if foreign := ownership.Claim(host, name, uid, facts); foreign != nil && !errors.Is(foreign, ownership.ErrMarkRemoved) {
			c.logf(ctx, corelog.LevelWarn, "the name holds a domain that is not this VM; it is left alone",
				map[string]any{"host": host, "name": name, "uid": uid, "reason": foreign.Error()})
			break
		}
		// The in-use checks of the deletes beside this one take this domain's definition from
		// here rather than wait for the host's, which waits for its destroy.
		defer c.disks.RemovingDomain(host, dom, xml)()
		// Resolve the disks before the domain goes: afterwards nothing names them. A disk
		// another domain uses (or may) keeps the whole VM: nothing is removed, and the delete
		// succeeds once that domain lets go of it.
		var paths []string
		if vols, paths, err = c.definedVolumes(ctx, b, name, uid, facts); err != nil {
			return err
		}
		if !namesBothDisks(vols, name, uid) {
			if err := c.refuseInactivePools(ctx, b, host, name, facts); err != nil {
				return err
			}
		}
		wave.Asked()
		if err := c.refuseShared(ctx, b, host, name, dom, vols, paths); err != nil {
			return err
		}
		if err := c.removeInTurn(ctx, b, host, dom, facts.Active); err != nil {
			return err
		}
		wave.PastDestroy()
		removed = true
		c.logf(ctx, corelog.LevelInfo, "domain deleted", map[string]any{"host": host, "name": name, "uid": uid})
		// The logs are deleted once the domain is gone: virtlogd writes (and rotates) them until
		// QEMU has exited. A disk the definition names is checked for other users above; the log
		// is no disk.
		logs, err := consolelog.Defined(ctx, b, c.log, name, uid, facts, vols)
		if err != nil {
			return err
		}
		if namesBothDisks(vols, name, uid) {
			if err := hostops.DeleteVolumes(ctx, b, append(vols, logs.Found...)...); err != nil {
				return err
			}
			return logs.DeleteByName(ctx, b)
		}
		vols = append(vols, logs.Handles()...)
	case !kvmerr.IsNotFound(err):
		return err
	}
	owned, err := c.searchOwned(ctx, b, host, name, uid, !removed)
	if err != nil {
		return err
	}
	// A console log file virtlogd made (for a VM made before the logs were volumes: package
	// consolelog) is no volume until a refresh of its pool, and it lies beside the VM's disks, in
	// whichever pool the create used (the pool setting may have changed since): unless the log
	// and all its copies are volumes (as a create makes them), every pool is refreshed and
	// searched again, so neither an earlier delete cut off after the domain went nor a domain
	// removed by hand leaves the log.
	if !consolelog.Known(owned, name, uid) {
		if err := hostops.RefreshAllPools(ctx, b); err != nil {
			return err
		}
		if owned, err = c.searchOwned(ctx, b, host, name, uid, !removed); err != nil {
			return err
		}
	}
	// The disks the removed domain's definition named are deleted as such; only the other
	// leftovers need the (host-wide) check that no domain uses them.
	owned = slices.DeleteFunc(owned, func(o libvirt.StorageVol) bool {
		return slices.ContainsFunc(vols, func(v libvirt.StorageVol) bool { return v.Pool == o.Pool && v.Name == o.Name })
	})
	wave.Asked()
	if owned, err = c.unusedVolumes(ctx, b, owned); err != nil {
		return err
	}
	return hostops.DeleteVolumes(ctx, b, append(vols, owned...)...)
}

// removeInTurn removes dom; the destroy of one that runs (which holds it locked in libvirtd until
// QEMU has gone) waits its turn with the in-use reads of the deletes beside it (hostwide/diskreads.go).
func (c *Client) removeInTurn(ctx context.Context, b backend.Backend, host string, dom libvirt.Domain, active bool) error {
	if active {
		leave, err := c.disks.Destroying(ctx, host)
		if err != nil {
			return kvmerr.New(kvmerr.Transient, "", host, fmt.Errorf("waiting for the in-use check of the deletes beside this one: %w", err))
		}
		defer leave()
	}
	return ownership.RemoveDomain(ctx, b, dom)
}

// namesBothDisks reports whether vols holds this VM's overlay and seed under the names its UID
// gives: then no volume named with the UID is left elsewhere to look for.
func namesBothDisks(vols []libvirt.StorageVol, name, uid string) bool {
	has := func(n string) bool {
		return slices.ContainsFunc(vols, func(v libvirt.StorageVol) bool { return v.Name == n })
	}
	return has(rules.OverlayName(name, uid)) && has(rules.SeedName(name, uid))
}

// unusedVolumes keeps the volumes of vols that no domain on the host uses. The volumes named
// with a VM's UID outlive its domain only as leftovers; one that a domain still uses (say, ours
// renamed by hand) is logged and kept, never deleted from under it.
func (c *Client) unusedVolumes(ctx context.Context, b backend.Backend, vols []libvirt.StorageVol) ([]libvirt.StorageVol, error) {
	if len(vols) == 0 {
		return nil, nil
	}
	paths := make([]string, len(vols))
	for i, v := range vols {
		p, err := b.StorageVolGetPath(ctx, v)
		if err != nil {
			return nil, kvmerr.IgnoreNotFound(err)
		}
		paths[i] = p
	}
	x, err := c.disks.Read(ctx, b)
	if err != nil {
		return nil, err
	}
	users, err := x.Users(ctx, b, paths, vols)
	if err != nil {
		return nil, err
	}
	var out []libvirt.StorageVol
	for i, v := range vols {
		if u := users[paths[i]]; len(u) > 0 {
			c.logf(ctx, corelog.LevelWarn, "a volume of this VM is used by another domain; it is left alone",
				map[string]any{"host": b.Host(), "volume": v.Pool + "/" + v.Name, "used_by": userNames(u)})
			continue
		}
		out = append(out, v)
	}
	return out, nil
}

// definedVolumes resolves the overlay and seed files of our domain's definition to volumes and
// keeps those whose names prove them this VM's, with the paths the definition names them by:
// they carry the UID, or, for a VM of an earlier version only (rules.HasLegacyNames), they are
// the names of that time and the overlay backs onto a base. A disk the definition names that fails the
// proof (say, a VM of an earlier version that boots straight from a shared image) is logged and
// kept.
func (c *Client) definedVolumes(ctx context.Context, b backend.Backend, name, uid string, facts definition.DomainFacts) ([]libvirt.StorageVol, []string, error) {
	var out []libvirt.StorageVol
	var paths []string
	for _, d := range []struct {
		path               string
		current, legacy    string
		legacyNeedsBacking bool
	}{
		{facts.OverlayPath, rules.OverlayName(name, uid), rules.LegacyOverlayName(name), true},
		{facts.SeedPath, rules.SeedName(name, uid), rules.LegacySeedName(name), false},
	} {
		if d.path == "" {
			continue
		}
		vol, err := b.StorageVolLookupByPath(ctx, d.path)
		if kvmerr.IsNotFound(err) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		ours := vol.Name == d.current
		if !ours && vol.Name == d.legacy && rules.HasLegacyNames(uid) {
			ours = true
			if d.legacyNeedsBacking {
				if ours, err = hostops.HasBacking(ctx, b, vol); err != nil {
					return nil, nil, err
				}
			}
		}
		if !ours {
			c.logf(ctx, corelog.LevelWarn, "a disk of this VM is not provably its own; it is left alone",
				map[string]any{"host": b.Host(), "name": name, "volume": vol.Pool + "/" + vol.Name})
			continue
		}
		out, paths = append(out, vol), append(paths, d.path)
	}
	return out, paths, nil
}

// ownedVolumes finds the volumes named with uid for VM name in every active pool of the host,
// and the pools it found inactive: those cannot be looked into (nor deleted from).
func ownedVolumes(ctx context.Context, b backend.Backend, name, uid string) (owned []libvirt.StorageVol, inactive []libvirt.StoragePool, err error) {
	pools, err := b.ConnectListAllStoragePools(ctx, 0)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range pools {
	names:
		for _, vn := range ownedNames(name, uid) {
			v, err := b.StorageVolLookupByName(ctx, p, vn)
			switch {
			case err == nil:
				owned = append(owned, v)
			case kvmerr.HasCode(err, libvirt.ErrOperationInvalid): // what libvirt says of an inactive pool
				inactive = append(inactive, p)
				break names
			case !kvmerr.IsNotFound(err):
				return nil, nil, err
			}
		}
	}
	return owned, inactive, nil
}

// searchOwned is ownedVolumes, refused (refuseInactive) when a pool it found inactive may hold
// volumes of the VM; kept says that nothing of the VM was removed before.
func (c *Client) searchOwned(ctx context.Context, b backend.Backend, host, name, uid string, kept bool) ([]libvirt.StorageVol, error) {
	owned, inactive, err := ownedVolumes(ctx, b, name, uid)
	if err != nil {
		return nil, err
	}
	return owned, c.refuseInactive(ctx, b, host, name, inactive, nil, kept)
}

// InactivePoolError refuses to delete a VM while a storage pool that may hold its volumes is
// inactive. libvirt finds a volume by path or name only in an active pool and deletes none from
// an inactive one, and once the state is gone so is the UID, the only proof those volumes are
// the VM's; so the delete keeps the state, and succeeds once the pool is started.
type InactivePoolError struct {
	ID, Host, Pool string // the VM (host/name), its host, the inactive pool
	// Kept: nothing of the VM was removed (the refusal came before its domain went).
	Kept bool
}

func (e *InactivePoolError) Error() string {
	what := "VM " + e.ID + " was not deleted"
	if e.Kept {
		what += ", and nothing of it was removed"
	}
	return fmt.Sprintf("%s: storage pool %q on host %s is inactive, so the volumes of this VM it may hold "+
		"(overlay, seed, console logs) cannot be found or deleted; start it (virsh pool-start %s) and run the destroy again, "+
		"or, if you will clean that pool by hand, remove the VM from state (terraform state rm with its resource address)",
		what, e.Pool, e.Host, e.Pool)
}

// refuseInactivePools is refuseInactive on the host's inactive pools, for a VM whose domain's
// definition (facts) names the files it uses, before anything of it is removed.
func (c *Client) refuseInactivePools(ctx context.Context, b backend.Backend, host, name string, facts definition.DomainFacts) error {
	inactive, err := b.ConnectListAllStoragePools(ctx, libvirt.ConnectListStoragePoolsInactive)
	if err != nil {
		return err
	}
	paths := slices.DeleteFunc([]string{facts.OverlayPath, facts.SeedPath, facts.ConsoleLogPath}, func(p string) bool { return p == "" })
	return c.refuseInactive(ctx, b, host, name, inactive, paths, true)
}

// refuseInactive fails with a Permanent *InactivePoolError when one of inactive, pools of host
// libvirt reports inactive, may hold volumes of VM name (mayHoldVolumes). Any other inactive
// pool is logged and does not block: one stopped pool would otherwise block every delete of a
// shared host.
func (c *Client) refuseInactive(ctx context.Context, b backend.Backend, host, name string, inactive []libvirt.StoragePool, paths []string, kept bool) error {
	for _, p := range inactive {
		ours, err := c.mayHoldVolumes(ctx, b, host, p, paths)
		if err != nil {
			return err
		}
		if ours {
			return kvmerr.New(kvmerr.Permanent, "", host, &InactivePoolError{ID: rules.FormatID(host, name), Host: host, Pool: p.Name, Kept: kept})
		}
		c.logf(ctx, corelog.LevelDebug, "an inactive storage pool that holds no file of this VM is not searched",
			map[string]any{"host": host, "name": name, "pool": p.Name})
	}
	return nil
}

// mayHoldVolumes reports whether pool of host may hold volumes of a VM: it is the host's pool
// (a create makes them there), or its directory holds one of paths, the files the VM's
// definition names (the create made them there, under a pool setting changed since).
func (c *Client) mayHoldVolumes(ctx context.Context, b backend.Backend, host string, pool libvirt.StoragePool, paths []string) (bool, error) {
	if pool.Name == c.cfg.Hosts[host].Pool {
		return true, nil
	}
	if len(paths) == 0 {
		return false, nil
	}
	x, err := b.StoragePoolGetXMLDesc(ctx, pool)
	if err != nil { // a pool undefined since it was listed holds nothing
		return false, kvmerr.IgnoreNotFound(err)
	}
	// A pool whose definition names no directory holds no file.
	dir, derr := definition.PoolDir(x)
	return derr == nil && slices.ContainsFunc(paths, func(f string) bool { return path.Dir(path.Clean(f)) == dir }), nil
}

// ownedNames are the names of the volumes a VM with uid leaves once its domain is gone: its
// disks, its console log and the log's rotated copies.
func ownedNames(name, uid string) []string {
	return append([]string{rules.OverlayName(name, uid), rules.SeedName(name, uid)}, rules.ConsoleLogNames(name, uid)...)
}
