package hostwide

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
)

// fleetHost is a host with n defined (stopped) VMs as the provider makes them: an overlay on a
// shared base and a seed each, with the mark and the console log.
func fleetHost(b *testing.B, n int) *fake.Backend {
	fb := fake.New(kvmtest.LabHost)
	base := fb.AddVolume(fake.DefaultPool, fake.Volume{Name: kvmtest.LabBase, Format: "qcow2", Capacity: kvmtest.LabBaseCap})
	for i := range n {
		name, uid := fmt.Sprintf("vm%03d", i), fmt.Sprintf("0b4f6a52-3c1e-4d1a-9a8e-%012d", i)
		overlay := fb.AddVolume(fake.DefaultPool, fake.Volume{Name: name + "." + uid + ".qcow2", Format: "qcow2", Capacity: 4 << 30, BackingPath: base})
		seed := fb.AddVolume(fake.DefaultPool, fake.Volume{Name: name + "." + uid + ".cidata.iso", Format: "raw", Capacity: 1 << 20})
		x, err := definition.DomainXML(definition.DomainSpec{
			Name: name, UUID: uid, Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 128, Firmware: definition.FirmwareUEFI,
			OverlayPath: overlay, OverlayFormat: definition.FormatQCOW2, SeedPath: seed,
			BackingPath: base, BackingFormat: definition.FormatQCOW2, NICs: []definition.NIC{{Network: "default"}},
			ConsoleLogPath: fake.DefaultPoolPath + "/" + name + "." + uid + ".console.log",
			Mark: definition.Mark{UID: uid, Tag: "fleet-a", CreatedAt: time.Date(2026, 12, 4, 5, 0, 0, 0, time.UTC),
				BaseImageID: kvmtest.LabBaseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Network: "default", Firmware: definition.FirmwareUEFI},
		})
		if err != nil {
			b.Fatal(err)
		}
		fb.AddDomain(fake.Domain{Name: name, XML: x})
	}
	return fb
}

// BenchmarkReadDiskIndex200 is the in-use read of a fleet's destroy on a host with 200 defined
// VMs (fleetHost). The reads follow one another on the host's state, as the deletes' reads do;
// the first one (outside the timer) finds every volume and definition new.
func BenchmarkReadDiskIndex200(b *testing.B) {
	fb := fleetHost(b, 200)
	d := NewDiskReads(time.Now)
	ctx := context.Background()
	if _, err := d.Read(ctx, fb); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := d.Read(ctx, fb); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadDiskIndex200First is the first read of that host: every volume and definition is
// new to it.
func BenchmarkReadDiskIndex200First(b *testing.B) {
	fb := fleetHost(b, 200)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := NewDiskReads(time.Now).Read(ctx, fb); err != nil {
			b.Fatal(err)
		}
	}
}
