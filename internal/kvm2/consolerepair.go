package kvm2

import (
	"context"
	"path"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A VM whose console log volumes are missing: a create stopped (terraform killed) after the
// overlay but before the logs (build: makeConsoleLogs comes last before the start) leaves a
// marked domain with its disks and no log volumes. An import takes such a VM into state; its
// first start would then have virtlogd make the log as a file no pool lists, and the VM in state
// would lack volumes its UID implies. The import notes what is missing (MissingConsoleLogs, a
// read), the plan shows an update, and the apply makes them (MakeConsoleLogs), as the create
// would have.

const opConsoleLogs = "make console logs"

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
	missing, _, err := missingConsoleLogs(ctx, b, host, name, uid)
	return missing, kvmerr.Wrap(opGet, host, err)
}

// MakeConsoleLogs makes the console log volumes VM id with uid lacks (MissingConsoleLogs), under
// its per-name lock and only once its mark carries uid, as its create would have
// (makeConsoleLogs: a file virtlogd already wrote there becomes the volume). It returns the VM
// as read afterwards.
func (c *Client) MakeConsoleLogs(ctx context.Context, id, uid string) (Instance, error) {
	_, name, _ := rules.ParseID(id) // onMarked refuses a malformed id first
	return c.onMarked(ctx, opConsoleLogs, id, uid, func(b backend.Backend, _ libvirt.Domain, _ definition.Mark) error {
		missing, pool, err := missingConsoleLogs(ctx, b, b.Host(), name, uid)
		if err != nil || len(missing) == 0 {
			return err
		}
		return makeConsoleLogs(ctx, b, &debris{pool: pool}, CreateRequest{Name: name, UID: uid})
	})
}

// missingConsoleLogs is MissingConsoleLogs on a held connection; it also returns the pool of the
// VM's overlay, where the logs belong.
func missingConsoleLogs(ctx context.Context, b backend.Backend, host, name, uid string) ([]string, libvirt.StoragePool, error) {
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
