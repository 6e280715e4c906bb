package fake

import (
	"context"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// DomainDefineXML defines a new domain or replaces the persistent definition of an existing
// one (a running domain keeps its live definition until it stops; a transient one becomes
// persistent), as libvirt 9.0 does. Metadata is taken from the <metadata> children of xml; a
// UEFI <os firmware="efi"> or <loader> gives the domain an NVRAM file. Like libvirt, a
// definition without <uuid> gets a new one, so it cannot redefine an existing name; a name
// that exists under another UUID, and a UUID that another name has, are ErrOperationFailed.
func (b *Backend) DomainDefineXML(ctx context.Context, x string) (_ libvirt.Domain, err error) {
	defer b.observe(ctx, "DomainDefineXML", time.Now(), &err)
	parsed, perr := parseDomainXML(x)
	if err = b.begin(ctx, "DomainDefineXML", parsed.name); err != nil {
		return libvirt.Domain{}, err
	}
	if perr != nil {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrXMLError, "XML error: %v", perr)
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if parsed.uuid == (libvirt.UUID{}) {
		parsed.uuid = b.st.newUUID()
	}
	// libvirt's order (virDomainObjListAddLocked): the UUID first, then the name.
	if other := b.st.domainByUUID(parsed.uuid); other != nil && other.Name != parsed.name {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: domain '%s' is already defined with uuid %s", other.Name, uuidString(other.UUID))
	}
	d, exists := b.st.domains[parsed.name]
	if exists && parsed.uuid != d.UUID {
		return libvirt.Domain{}, LibvirtError(libvirt.ErrOperationFailed,
			"operation failed: domain '%s' already exists with uuid %s", parsed.name, uuidString(d.UUID))
	}
	if !exists {
		d = &Domain{Name: parsed.name, UUID: parsed.uuid, State: libvirt.DomainShutoff}
		b.st.domains[parsed.name] = d
	}
	if active(d.State) {
		d.Persistent = &Definition{XML: x, Metadata: parsed.metadata}
	} else {
		d.XML, d.Metadata = x, parsed.metadata
	}
	d.NVRAM = parsed.efi
	d.Transient = false
	return d.ref(), nil
}

// DomainCreate starts a defined domain: the live definition starts as a copy of the persistent
// one. Starting an active domain is ErrOperationInvalid; a domain whose network is missing or
// inactive, or one of whose disk files (with its backing chain) does not exist, is refused as
// libvirt refuses it and stays shut off (see checkStart).
func (b *Backend) DomainCreate(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainCreate", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainCreate", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if active(d.State) {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: domain is already running")
	}
	if err := b.st.checkStart(d.XML); err != nil {
		return err
	}
	d.State, d.Reason = libvirt.DomainRunning, int32(libvirt.DomainRunningBooted)
	if d.StartState != libvirt.DomainNostate {
		d.State, d.Reason = d.StartState, 0
	}
	b.st.nextID++
	d.id = b.st.nextID
	d.settle()
	b.st.startConsole(d.XML)
	return nil
}

// DomainSetAutostart sets the domain's autostart flag; a transient domain is refused as libvirt
// refuses it.
func (b *Backend) DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) (err error) {
	defer b.observe(ctx, "DomainSetAutostart", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainSetAutostart", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if d.Transient {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot set autostart for transient domain")
	}
	d.Autostart = autostart
	return nil
}

// DomainDestroy stops an active domain (a transient one disappears); destroying an inactive
// domain is ErrOperationInvalid.
func (b *Backend) DomainDestroy(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainDestroy", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainDestroy", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if !active(d.State) {
		return notRunning()
	}
	b.st.stop(d, libvirt.DomainShutoffDestroyed)
	return nil
}

// DomainShutdown asks the guest to power off. A guest that heeds it (IgnoresShutdown false)
// shuts off at once, with reason "shutdown"; a transient one disappears, as with DomainDestroy.
func (b *Backend) DomainShutdown(ctx context.Context, dom libvirt.Domain) (err error) {
	defer b.observe(ctx, "DomainShutdown", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainShutdown", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if !active(d.State) {
		return notRunning()
	}
	if d.IgnoresShutdown {
		return nil
	}
	b.st.stop(d, libvirt.DomainShutoffShutdown)
	return nil
}

// DomainUndefine removes the persistent definition: an inactive domain disappears, an active
// one becomes transient. A domain with NVRAM needs DomainUndefineNvram.
func (b *Backend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) (err error) {
	defer b.observe(ctx, "DomainUndefine", time.Now(), &err)
	d, unlock, err := b.domainCall(ctx, "DomainUndefine", dom)
	if err != nil {
		return err
	}
	defer unlock()
	if d.Transient {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot undefine transient domain")
	}
	if d.NVRAM && flags&libvirt.DomainUndefineNvram == 0 {
		return LibvirtError(libvirt.ErrOperationInvalid, "Requested operation is not valid: cannot undefine domain with nvram")
	}
	d.Autostart = false // libvirt removes the autostart link with the definition
	if active(d.State) {
		d.Transient = true
		d.settle()
		return nil
	}
	delete(b.st.domains, d.Name)
	return nil
}

// stop ends active domain d's QEMU process for reason: a transient domain disappears, a
// persistent one shuts off. Callers hold st.mu.
func (s *state) stop(d *Domain, reason libvirt.DomainShutoffReason) {
	if d.Transient {
		delete(s.domains, d.Name)
		return
	}
	d.State, d.Reason = libvirt.DomainShutoff, int32(reason)
	d.settle()
}
