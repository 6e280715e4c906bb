package backend

import (
	"context"

	libvirt "github.com/digitalocean/go-libvirt"
)

func (b *libvirtBackend) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) ([]libvirt.Domain, error) {
	return call(ctx, b, "ConnectListAllDomains", true, func() ([]libvirt.Domain, error) {
		doms, _, err := b.l.ConnectListAllDomains(1, flags)
		return doms, err
	})
}

func (b *libvirtBackend) ConnectGetAllDomainStats(ctx context.Context, stats libvirt.DomainStatsTypes, flags libvirt.ConnectGetAllDomainStatsFlags) ([]libvirt.DomainStatsRecord, error) {
	return call(ctx, b, "ConnectGetAllDomainStats", true, func() ([]libvirt.DomainStatsRecord, error) {
		return b.l.ConnectGetAllDomainStats(nil, uint32(stats), uint32(flags))
	})
}

func (b *libvirtBackend) DomainLookupByName(ctx context.Context, name string) (libvirt.Domain, error) {
	return call(ctx, b, "DomainLookupByName", true, func() (libvirt.Domain, error) {
		return b.l.DomainLookupByName(name)
	})
}

func (b *libvirtBackend) DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error) {
	return call(ctx, b, "DomainDefineXML", true, func() (libvirt.Domain, error) {
		return b.l.DomainDefineXMLFlags(xml, 0)
	})
}

func (b *libvirtBackend) DomainCreate(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainCreate", true, func() (libvirt.Domain, error) {
		return b.l.DomainCreateWithFlags(dom, 0)
	})
	return err
}

func (b *libvirtBackend) DomainGetState(ctx context.Context, dom libvirt.Domain) (int32, int32, error) {
	type stateReason struct{ state, reason int32 }
	r, err := call(ctx, b, "DomainGetState", true, func() (stateReason, error) {
		s, why, err := b.l.DomainGetState(dom, 0)
		return stateReason{s, why}, err
	})
	return r.state, r.reason, err
}

func (b *libvirtBackend) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (string, error) {
	return call(ctx, b, "DomainGetXMLDesc", true, func() (string, error) {
		return b.l.DomainGetXMLDesc(dom, flags)
	})
}

func (b *libvirtBackend) DomainIsPersistent(ctx context.Context, dom libvirt.Domain) (bool, error) {
	return call(ctx, b, "DomainIsPersistent", true, func() (bool, error) {
		p, err := b.l.DomainIsPersistent(dom)
		return p == 1, err
	})
}

func (b *libvirtBackend) DomainGetAutostart(ctx context.Context, dom libvirt.Domain) (bool, error) {
	return call(ctx, b, "DomainGetAutostart", true, func() (bool, error) {
		a, err := b.l.DomainGetAutostart(dom)
		return a == 1, err
	})
}

func (b *libvirtBackend) DomainSetAutostart(ctx context.Context, dom libvirt.Domain, autostart bool) error {
	var v int32
	if autostart {
		v = 1
	}
	_, err := call(ctx, b, "DomainSetAutostart", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainSetAutostart(dom, v)
	})
	return err
}

func (b *libvirtBackend) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (string, error) {
	return call(ctx, b, "DomainGetMetadata", true, func() (string, error) {
		return b.l.DomainGetMetadata(dom, int32(libvirt.DomainMetadataElement), libvirt.OptString{uri}, libvirt.DomainAffectCurrent)
	})
}

func (b *libvirtBackend) DomainSetMetadata(ctx context.Context, dom libvirt.Domain, xml, key, uri string, flags libvirt.DomainModificationImpact) error {
	_, err := call(ctx, b, "DomainSetMetadata", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainSetMetadata(dom, int32(libvirt.DomainMetadataElement),
			libvirt.OptString{xml}, libvirt.OptString{key}, libvirt.OptString{uri}, flags)
	})
	return err
}

func (b *libvirtBackend) DomainSetInterfaceParameters(ctx context.Context, dom libvirt.Domain, device string, params []libvirt.TypedParam, flags libvirt.DomainModificationImpact) error {
	_, err := call(ctx, b, "DomainSetInterfaceParameters", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainSetInterfaceParameters(dom, device, params, uint32(flags))
	})
	return err
}

func (b *libvirtBackend) DomainDestroy(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainDestroy", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainDestroyFlags(dom, libvirt.DomainDestroyDefault)
	})
	return err
}

func (b *libvirtBackend) DomainShutdown(ctx context.Context, dom libvirt.Domain) error {
	_, err := call(ctx, b, "DomainShutdown", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainShutdownFlags(dom, libvirt.DomainShutdownAcpiPowerBtn)
	})
	return err
}

func (b *libvirtBackend) DomainBlockResize(ctx context.Context, dom libvirt.Domain, target string, size uint64) error {
	_, err := call(ctx, b, "DomainBlockResize", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainBlockResize(dom, target, size, libvirt.DomainBlockResizeBytes)
	})
	return err
}

func (b *libvirtBackend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error {
	_, err := call(ctx, b, "DomainUndefine", true, func() (struct{}, error) {
		return struct{}{}, b.l.DomainUndefineFlags(dom, flags)
	})
	return err
}

func (b *libvirtBackend) DomainInterfaceAddresses(ctx context.Context, dom libvirt.Domain, source libvirt.DomainInterfaceAddressesSource) ([]libvirt.DomainInterface, error) {
	return call(ctx, b, "DomainInterfaceAddresses", true, func() ([]libvirt.DomainInterface, error) {
		return b.l.DomainInterfaceAddresses(dom, uint32(source), 0)
	})
}

// QEMUDomainAgentCommand goes through libvirt's QEMU-specific API (virDomainQemuAgentCommand);
// libvirt marks the domain tainted (custom-ga-command) in its log, which changes nothing else.
func (b *libvirtBackend) QEMUDomainAgentCommand(ctx context.Context, dom libvirt.Domain, cmd string, timeoutSec int32) (string, error) {
	return call(ctx, b, "QEMUDomainAgentCommand", true, func() (string, error) {
		r, err := b.l.QEMUDomainAgentCommand(dom, cmd, timeoutSec, 0)
		if err != nil {
			return "", err
		}
		if len(r) == 0 {
			return "", nil
		}
		return r[0], nil
	})
}
