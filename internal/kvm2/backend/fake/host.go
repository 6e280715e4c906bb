package fake

import (
	"context"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

// CapabilitiesQEMU is a capabilities document of a host without KVM (TCG only).
const CapabilitiesQEMU = `<capabilities><host><cpu><arch>x86_64</arch></cpu></host>` +
	`<guest><os_type>hvm</os_type><arch name="x86_64"><wordsize>64</wordsize>` +
	`<domain type="qemu"/></arch></guest></capabilities>`

// CapabilitiesKVM is a capabilities document of a host offering KVM.
const CapabilitiesKVM = `<capabilities><host><cpu><arch>x86_64</arch></cpu></host>` +
	`<guest><os_type>hvm</os_type><arch name="x86_64"><wordsize>64</wordsize>` +
	`<domain type="qemu"/><domain type="kvm"/></arch></guest></capabilities>`

// SetLibVersion sets what ConnectGetLibVersion reports (major*1e6 + minor*1e3 + micro).
func (b *Backend) SetLibVersion(v uint64) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.libVersion = v
}

// SetCapabilities sets what ConnectGetCapabilities reports (see CapabilitiesKVM).
func (b *Backend) SetCapabilities(xml string) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.caps = xml
}

// SetNodeInfo sets what NodeGetInfo reports.
func (b *Backend) SetNodeInfo(n backend.NodeInfo) {
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	b.st.node = n
}

// NodeGetInfo describes the host machine.
func (b *Backend) NodeGetInfo(ctx context.Context) (_ backend.NodeInfo, err error) {
	defer b.observe(ctx, "NodeGetInfo", time.Now(), &err)
	if err = b.begin(ctx, "NodeGetInfo", ""); err != nil {
		return backend.NodeInfo{}, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return b.st.node, nil
}

// ConnectGetLibVersion reports the libvirt version.
func (b *Backend) ConnectGetLibVersion(ctx context.Context) (_ uint64, err error) {
	defer b.observe(ctx, "ConnectGetLibVersion", time.Now(), &err)
	if err = b.begin(ctx, "ConnectGetLibVersion", ""); err != nil {
		return 0, err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return b.st.libVersion, nil
}

// ConnectGetCapabilities reports the capabilities document.
func (b *Backend) ConnectGetCapabilities(ctx context.Context) (_ string, err error) {
	defer b.observe(ctx, "ConnectGetCapabilities", time.Now(), &err)
	if err = b.begin(ctx, "ConnectGetCapabilities", ""); err != nil {
		return "", err
	}
	b.st.mu.Lock()
	defer b.st.mu.Unlock()
	return b.st.caps, nil
}
