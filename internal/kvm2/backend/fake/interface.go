package fake

import (
	"context"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// AddBridge makes the host report a bridge under name through the interface driver. A new
// host has none.
func (b *Backend) AddBridge(name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if b.st.bridges == nil {
		b.st.bridges = map[string]bool{}
	}
	b.st.bridges[name] = true
}

// RemoveBridge removes a bridge.
func (b *Backend) RemoveBridge(name string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	delete(b.st.bridges, name)
}

// InterfaceLookupByName finds a bridge; a missing one is ErrNoInterface, as libvirt answers.
func (b *Backend) InterfaceLookupByName(ctx context.Context, name string) (_ libvirt.Interface, err error) {
	defer b.observe(ctx, "InterfaceLookupByName", time.Now(), &err)
	if err = b.begin(ctx, "InterfaceLookupByName", name); err != nil {
		return libvirt.Interface{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	if !b.st.bridges[name] {
		return libvirt.Interface{}, LibvirtError(libvirt.ErrNoInterface,
			"Interface not found: couldn't find interface named '%s'", name)
	}
	return libvirt.Interface{Name: name}, nil
}
