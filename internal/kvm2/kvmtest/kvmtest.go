// Package kvmtest holds the fixtures of the core's tests on the fake host: the lab host and its
// verified base image, a domain marked as Create marks one, and an administrator's domain.
package kvmtest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache/imagetest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Fixture names shared by the core's tests.
const (
	LabHost   = "lab"
	LabBase   = "base.qcow2"
	LabBaseID = LabHost + "/" + fake.DefaultPool + "/" + LabBase
	LabUID    = "0123456789abcdef0123456789abcdef"
	VMName    = "egress-1"
	// LabOverlay is the overlay Create makes for VMName with LabUID.
	LabOverlay = VMName + "." + LabUID + ".qcow2"
	LabBaseCap = 2 << 30
)

// LabBaseContent is the content of the lab's base image.
var LabBaseContent = []byte("QFI\xfb fake qcow2 base image")

// AddLabBase puts a verified base image (volume plus digest marker) into pool.
func AddLabBase(fb *fake.Backend, pool, name string) {
	imagetest.AddVerifiedBase(fb, pool, fake.Volume{Name: name, Format: "qcow2", Capacity: LabBaseCap, Content: LabBaseContent})
}

// AddMarkedDomain defines a domain carrying our mark with uid and tag, in state s, with its
// overlay (backing onto the lab base) and seed as volumes of the default pool, named as Create
// names them.
func AddMarkedDomain(t testing.TB, fb *fake.Backend, name, uid, tag string, s libvirt.DomainState) {
	t.Helper()
	fb.AddVolume(fake.DefaultPool, fake.Volume{Name: rules.OverlayName(name, uid), Format: "qcow2", Capacity: 4 << 30,
		BackingPath: fake.DefaultPoolPath + "/" + LabBase})
	fb.AddVolume(fake.DefaultPool, fake.Volume{Name: rules.SeedName(name, uid), Format: "raw", Content: []byte("seed")})
	x, err := definition.DomainXML(definition.DomainSpec{
		Name: name, UUID: rules.DomainUUID(uid), Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 128, Firmware: definition.FirmwareBIOS,
		OverlayPath: fake.DefaultPoolPath + "/" + rules.OverlayName(name, uid), SeedPath: fake.DefaultPoolPath + "/" + rules.SeedName(name, uid),
		BackingPath: fake.DefaultPoolPath + "/" + LabBase, BackingFormat: "qcow2",
		NICs: []definition.NIC{{Network: "default", MAC: "52:54:00:aa:bb:cc"}},
		Mark: definition.Mark{UID: uid, Tag: tag, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), BaseImageID: LabBaseID,
			VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Network: "default", Firmware: definition.FirmwareBIOS},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fb.DomainDefineXML(context.Background(), x); err != nil {
		t.Fatal(err)
	}
	fb.SetDomainState(name, s)
	fb.ResetCalls()
}

// RescueDomainXML is an administrator's domain (no mark) with the given disks.
func RescueDomainXML(name string, disks ...string) string {
	return "<domain type='kvm'><name>" + name + "</name><devices>" + strings.Join(disks, "") + "</devices></domain>"
}

// Qcow2FileDisk is a qcow2 file disk at path, as a domain definition names it.
func Qcow2FileDisk(path string) string {
	return fmt.Sprintf("<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='%s'/></disk>", path)
}
