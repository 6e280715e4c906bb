package backend

import (
	"context"

	libvirt "github.com/digitalocean/go-libvirt"
)

// Before is called before each call of a hooked Backend that Hook names, with the host, the
// method and its target (a domain's name, "pool/volume", a pool's name; "" for a connection-level
// call). It may block (a test holding one client at an exact point while another acts on the
// same host) and observe ctx; a non-nil error is returned instead of making the call.
type Before func(ctx context.Context, host, method, target string) error

// Hook returns p with every Backend it hands out calling before ahead of the calls where two
// processes' operations on one host interleave: the domain and volume writes, the listings of
// domains and volumes, and the reads of a domain's definition and mark. Other calls pass through.
// The lab tier's race tests use it; the fake has its own faults (fake.Backend.Pause).
func Hook(p Pool, before Before) Pool { return hookedPool{Pool: p, before: before} }

type hookedPool struct {
	Pool
	before Before
}

func (p hookedPool) Acquire(ctx context.Context, host string) (Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return hooked{Backend: b, before: p.before}, release, nil
}

func (p hookedPool) Dedicated(ctx context.Context, host string) (Backend, error) {
	b, err := p.Pool.Dedicated(ctx, host)
	if err != nil {
		return nil, err
	}
	return hooked{Backend: b, before: p.before}, nil
}

type hooked struct {
	Backend
	before Before
}

func (h hooked) Alive() bool       { return LinkAlive(h.Backend) }
func (h hooked) Transport() string { return TransportOf(h.Backend) }

func (h hooked) call(ctx context.Context, method, target string) error {
	return h.before(ctx, h.Host(), method, target)
}

func (h hooked) ConnectListAllDomains(ctx context.Context, flags libvirt.ConnectListAllDomainsFlags) ([]libvirt.Domain, error) {
	if err := h.call(ctx, "ConnectListAllDomains", ""); err != nil {
		return nil, err
	}
	return h.Backend.ConnectListAllDomains(ctx, flags)
}

func (h hooked) DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error) {
	if err := h.call(ctx, "DomainDefineXML", ""); err != nil {
		return libvirt.Domain{}, err
	}
	return h.Backend.DomainDefineXML(ctx, xml)
}

func (h hooked) DomainGetXMLDesc(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainXMLFlags) (string, error) {
	if err := h.call(ctx, "DomainGetXMLDesc", dom.Name); err != nil {
		return "", err
	}
	return h.Backend.DomainGetXMLDesc(ctx, dom, flags)
}

func (h hooked) DomainGetMetadata(ctx context.Context, dom libvirt.Domain, uri string) (string, error) {
	if err := h.call(ctx, "DomainGetMetadata", dom.Name); err != nil {
		return "", err
	}
	return h.Backend.DomainGetMetadata(ctx, dom, uri)
}

func (h hooked) DomainCreate(ctx context.Context, dom libvirt.Domain) error {
	if err := h.call(ctx, "DomainCreate", dom.Name); err != nil {
		return err
	}
	return h.Backend.DomainCreate(ctx, dom)
}

func (h hooked) DomainDestroy(ctx context.Context, dom libvirt.Domain) error {
	if err := h.call(ctx, "DomainDestroy", dom.Name); err != nil {
		return err
	}
	return h.Backend.DomainDestroy(ctx, dom)
}

func (h hooked) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error {
	if err := h.call(ctx, "DomainUndefine", dom.Name); err != nil {
		return err
	}
	return h.Backend.DomainUndefine(ctx, dom, flags)
}

func (h hooked) StoragePoolListAllVolumes(ctx context.Context, pool libvirt.StoragePool) ([]libvirt.StorageVol, error) {
	if err := h.call(ctx, "StoragePoolListAllVolumes", pool.Name); err != nil {
		return nil, err
	}
	return h.Backend.StoragePoolListAllVolumes(ctx, pool)
}

func (h hooked) StorageVolCreateXML(ctx context.Context, pool libvirt.StoragePool, xml string) (libvirt.StorageVol, error) {
	if err := h.call(ctx, "StorageVolCreateXML", pool.Name); err != nil {
		return libvirt.StorageVol{}, err
	}
	return h.Backend.StorageVolCreateXML(ctx, pool, xml)
}

func (h hooked) StorageVolDelete(ctx context.Context, vol libvirt.StorageVol) error {
	if err := h.call(ctx, "StorageVolDelete", vol.Pool+"/"+vol.Name); err != nil {
		return err
	}
	return h.Backend.StorageVolDelete(ctx, vol)
}
