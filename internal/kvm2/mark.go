package kvm2

import (
	"context"
	"errors"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Changing a marked VM: onMarked is the one way a change reaches a VM (found by findDomain, its
// mark proven to carry the UID, under the VM's lock); SetTag rewrites the mark itself.

const opSetTag = "set tag"

// SetTag rewrites the tag in the domain's mark in place, keeping every other field.
func (c *Client) SetTag(ctx context.Context, id, uid, tag string) (Instance, error) {
	if err := rules.ValidateTag(tag); err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, opSetTag, "", err)
	}
	return c.onMarked(ctx, opSetTag, id, uid, func(b backend.Backend, dom libvirt.Domain, m definition.Mark) error {
		m.Tag = tag
		x, err := definition.MarshalMarkForSetMetadata(m)
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		return setMark(ctx, b, dom, x)
	})
}

const opSetMarkSettings = "update the mark of"

// SetMarkSettings rewrites the tag and the caller's steering settings in the domain's mark in
// place, keeping every other field; a mark that says so already is not written.
func (c *Client) SetMarkSettings(ctx context.Context, id, uid, tag string, s definition.Steering) (Instance, error) {
	var prefixErr error // onMarked reports a malformed id
	if _, name, err := rules.ParseID(id); err == nil {
		prefixErr = rules.ValidateNameOfPrefix(name, s.NamePrefix)
	}
	if err := errors.Join(rules.ValidateTag(tag), rules.ValidateUserDataWOVersion(s.UserDataWOVersion), prefixErr,
		rules.ValidateCloudInitWait(s.CloudInitWait), rules.ValidateIPWaitSteering(s.IPWaitFamily, s.IPWaitInterface),
		rules.ValidatePortWaitSteering(s.PortWait)); err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, opSetMarkSettings, "", err)
	}
	return c.onMarked(ctx, opSetMarkSettings, id, uid, func(b backend.Backend, dom libvirt.Domain, m definition.Mark) error {
		if m.Tag == tag && m.NoIPWait == s.NoIPWait && m.UserDataWOVersion == s.UserDataWOVersion && m.NamePrefix == s.NamePrefix &&
			m.CloudInitWait == s.CloudInitWait && m.IPWaitFamily == s.IPWaitFamily && m.IPWaitInterface == s.IPWaitInterface &&
			m.PortWait == s.PortWait {
			return nil
		}
		m.Tag, m.NoIPWait, m.UserDataWOVersion, m.NamePrefix, m.CloudInitWait = tag, s.NoIPWait, s.UserDataWOVersion, s.NamePrefix, s.CloudInitWait
		m.IPWaitFamily, m.IPWaitInterface, m.PortWait = s.IPWaitFamily, s.IPWaitInterface, s.PortWait
		x, err := definition.MarshalMarkForSetMetadata(m)
		if err != nil {
			return kvmerr.New(kvmerr.Permanent, "", "", err)
		}
		return setMark(ctx, b, dom, x)
	})
}

// setMark writes mark element x into both definitions of a running persistent domain. libvirt
// refuses live|config for a domain that has only one of them (an inactive or a transient one)
// with ErrOperationInvalid; the one definition it has, "current", is then written.
func setMark(ctx context.Context, b backend.Backend, dom libvirt.Domain, x string) error {
	err := b.DomainSetMetadata(ctx, dom, x, definition.MarkPrefix, definition.MarkNamespace,
		libvirt.DomainAffectLive|libvirt.DomainAffectConfig)
	if kvmerr.HasCode(err, libvirt.ErrOperationInvalid) {
		err = b.DomainSetMetadata(ctx, dom, x, definition.MarkPrefix, definition.MarkNamespace, libvirt.DomainAffectCurrent)
	}
	return err
}

// onMarked runs change on the domain id under its per-name lock, only when its mark carries
// uid, and returns the domain as read afterwards. Any other domain under the name is never
// changed: the VM with uid is then gone (NotFound with a *GoneError).
func (c *Client) onMarked(ctx context.Context, op, id, uid string, change func(backend.Backend, libvirt.Domain, definition.Mark) error) (Instance, error) {
	host, name, err := rules.ParseID(id)
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, op, "", err)
	}
	if err := rules.ValidateUID(uid); err != nil {
		return Instance{}, kvmerr.New(kvmerr.Permanent, op, host, err)
	}
	if _, err := c.host(op, host); err != nil {
		return Instance{}, err
	}
	unlock, err := c.locks.Lock(ctx, lockKey(host, name))
	if err != nil {
		return Instance{}, kvmerr.New(kvmerr.Transient, op, host, fmt.Errorf("waiting for another operation on %s: %w", id, err))
	}
	defer unlock()
	b, release, err := c.pool.Acquire(ctx, host)
	if err != nil {
		return Instance{}, kvmerr.Wrap(op, host, err)
	}
	defer release()
	inst, err := func() (Instance, error) {
		dom, facts, err := ownership.FindDomain(ctx, b, name, uid)
		if kvmerr.IsNotFound(err) {
			return Instance{}, kvmerr.New(kvmerr.NotFound, "", "", &ownership.GoneError{ID: id, UID: uid})
		}
		if err != nil {
			return Instance{}, err
		}
		if foreign := ownership.Claim(host, name, uid, facts); foreign != nil {
			if errors.Is(foreign, ownership.ErrMarkRemoved) {
				return Instance{}, kvmerr.New(kvmerr.Permanent, "", "", foreign)
			}
			return Instance{}, kvmerr.New(kvmerr.NotFound, "", "", &ownership.GoneError{ID: id, UID: uid, Foreign: foreign})
		}
		if err := change(b, dom, *facts.Mark); err != nil {
			return Instance{}, err
		}
		return c.getOn(ctx, b, host, name, uid)
	}()
	return inst, kvmerr.Wrap(op, host, err)
}
