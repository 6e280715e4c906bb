package kvm2

import (
	"context"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const opDelete = "delete"

// Delete removes the domain, its NVRAM, overlay and seed. Idempotent: whatever is already gone
// counts as removed at every step, and an unknown host is a no-op (the host was removed from
// the configuration together with its machines). A domain under the name without our mark is
// refused (Permanent). A transient failure leaves the rest for the next Delete.
func (c *Client) Delete(ctx context.Context, id string) error {
	host, name, err := ParseID(id)
	if err != nil {
		return kvmerr.New(kvmerr.Permanent, opDelete, "", err)
	}
	hc, ok := c.cfg.Hosts[host]
	if !ok {
		c.logf(ctx, LevelDebug, "delete on an unconfigured host is a no-op", map[string]any{"host": host, "name": name})
		return nil
	}
	unlock, err := c.locks.lock(ctx, lockKey(host, name))
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
	return kvmerr.Wrap(opDelete, host, c.deleteOn(ctx, b, hc, name))
}

// deleteOn is Delete's work on a held connection: domain first (so nothing uses the volumes),
// then overlay and seed.
func (c *Client) deleteOn(ctx context.Context, b backend.Backend, hc HostConfig, name string) error {
	dom, err := b.DomainLookupByName(ctx, name)
	switch {
	case err == nil:
		if _, err := readMark(ctx, b, dom); err != nil {
			return err
		}
		if err := removeDomain(ctx, b, dom); err != nil {
			return err
		}
		c.logf(ctx, LevelInfo, "domain deleted", map[string]any{"host": b.Host(), "name": name})
	case !isLibvirtCode(err, libvirt.ErrNoDomain):
		return err
	}
	pool, err := b.StoragePoolLookupByName(ctx, hc.Pool)
	if isLibvirtCode(err, libvirt.ErrNoStoragePool) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, v := range []string{overlayName(name), seedName(name)} {
		if err := deleteVolume(ctx, b, pool, v); err != nil {
			return err
		}
	}
	return nil
}

// removeDomain destroys dom if it runs and undefines it with its NVRAM and managed save. A
// libvirt that rejects the NVRAM flag (no UEFI support, so no NVRAM) is asked again without it.
func removeDomain(ctx context.Context, b backend.Backend, dom libvirt.Domain) error {
	err := b.DomainDestroy(ctx, dom)
	if err != nil && !isLibvirtCode(err, libvirt.ErrOperationInvalid) && ignoreNotFound(err) != nil {
		return err
	}
	err = b.DomainUndefine(ctx, dom, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave)
	if flagRejected(err) {
		err = b.DomainUndefine(ctx, dom, libvirt.DomainUndefineManagedSave)
	}
	return ignoreNotFound(err)
}

// flagRejected reports whether libvirt refused an undefine flag it does not support.
func flagRejected(err error) bool {
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		if isLibvirtCode(err, code) {
			return true
		}
	}
	return false
}

// deleteVolume deletes volume name of pool; a missing one is fine.
func deleteVolume(ctx context.Context, b backend.Backend, pool libvirt.StoragePool, name string) error {
	vol, err := b.StorageVolLookupByName(ctx, pool, name)
	if err == nil {
		err = b.StorageVolDelete(ctx, vol)
	}
	return ignoreNotFound(err)
}
