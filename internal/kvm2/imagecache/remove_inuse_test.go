package imagecache

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// qcow2Disk is a disk whose driver reads the file as qcow2: it may name a backing file.
func qcow2Disk(path string) string {
	return fmt.Sprintf("<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='%s'/></disk>", path)
}

// addPoolAt adds an empty pool name at dir, active or not.
func addPoolAt(fb *fake.Backend, name, dir string, active bool) {
	fb.AddPool(fake.StoragePool{Name: name, Path: dir, Active: active, Capacity: 1 << 30, Available: 1 << 30})
}

// TestDeleteBaseImage_aChainThatCannotBeFollowedHoldsIt (issue 22, items 1 and 2): a domain whose
// disks cannot be followed to the image or past it (an overlay in an inactive pool or outside
// every pool, a volume of an inactive pool, a chain deeper than kvm2 follows or looping, a
// backing path through a directory no pool names) may use the image, so the delete is refused
// and names the domain and what to do. Backing paths spelled relative or unclean are resolved
// and the domain on them is a plain user.
func TestDeleteBaseImage_aChainThatCannotBeFollowedHoldsIt(t *testing.T) {
	basePath := fake.DefaultPoolPath + "/" + imgName
	cases := []struct {
		name   string
		setup  func(fb *fake.Backend) string // returns the domain
		unsure string                        // in the error when the domain is a possible user
	}{
		{"stopped domain on an overlay in an inactive pool", func(fb *fake.Backend) string {
			addPoolAt(fb, "cold", "/var/lib/cold", false)
			fb.AddVolume("cold", fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "cold-vm", XML: imgDomainXML("cold-vm", qcow2Disk("/var/lib/cold/vm.qcow2"))})
			return "cold-vm"
		}, "/var/lib/cold/vm.qcow2 is not a volume of any active storage pool"},
		{"stopped domain on an overlay outside every pool", func(fb *fake.Backend) string {
			fb.AddDomain(fake.Domain{Name: "hand-made", XML: imgDomainXML("hand-made", qcow2Disk("/srv/vms/hand-made.qcow2"))})
			return "hand-made"
		}, "/srv/vms/hand-made.qcow2 is not a volume of any active storage pool"},
		{"stopped domain naming a volume of an inactive pool", func(fb *fake.Backend) string {
			addPoolAt(fb, "cold", "/var/lib/cold", false)
			fb.AddVolume("cold", fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			disk := "<disk type='volume' device='disk'><driver name='qemu' type='qcow2'/><source pool='cold' volume='vm.qcow2'/></disk>"
			fb.AddDomain(fake.Domain{Name: "cold-vol", XML: imgDomainXML("cold-vol", disk)})
			return "cold-vol"
		}, "cold/vm.qcow2 is in an inactive storage pool"},
		{"running domain whose next-boot definition only has an overlay of the image", func(fb *fake.Backend) string {
			// virsh attach-disk --config on a running domain: its live definition has no such disk.
			top := fb.AddVolume(imgPool, fake.Volume{Name: "next.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: basePath})
			fb.AddDomain(fake.Domain{Name: "next-boot", State: libvirt.DomainRunning, XML: imgDomainXML("next-boot"),
				Persistent: &fake.Definition{XML: imgDomainXML("next-boot", qcow2Disk(top))}})
			return "next-boot"
		}, ""},
		{"nine backing files between the disk and the image", func(fb *fake.Backend) string {
			addPoolAt(fb, "deep", "/var/lib/deep", true)
			below := basePath
			for i := range 9 {
				below = fb.AddVolume("deep", fake.Volume{Name: fmt.Sprintf("l%d.qcow2", i), Format: "qcow2", Capacity: 1 << 30, BackingPath: below})
			}
			top := fb.AddVolume("deep", fake.Volume{Name: "top.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: below})
			fb.AddDomain(fake.Domain{Name: "deep-vm", XML: imgDomainXML("deep-vm", qcow2Disk(top))})
			return "deep-vm"
		}, "goes on beyond 8 images"},
		{"a backing chain that loops", func(fb *fake.Backend) string {
			addPoolAt(fb, "loop", "/var/lib/loop", true)
			fb.AddVolume("loop", fake.Volume{Name: "a.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: "/var/lib/loop/b.qcow2"})
			fb.AddVolume("loop", fake.Volume{Name: "b.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: "/var/lib/loop/a.qcow2"})
			fb.AddDomain(fake.Domain{Name: "loop-vm", XML: imgDomainXML("loop-vm", qcow2Disk("/var/lib/loop/a.qcow2"))})
			return "loop-vm"
		}, "or loops"},
		{"a backing path through a directory no pool names (a symlink to the pool's)", func(fb *fake.Backend) string {
			addPoolAt(fb, "other", "/var/lib/other", true)
			top := fb.AddVolume("other", fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: "/srv/images-link/" + imgName})
			fb.AddDomain(fake.Domain{Name: "linked", XML: imgDomainXML("linked", qcow2Disk(top))})
			return "linked"
		}, "/srv/images-link/" + imgName + " is not a volume of any active storage pool"},
		{"a relative backing path", func(fb *fake.Backend) string {
			addPoolAt(fb, "other", "/var/lib/other", true)
			top := fb.AddVolume("other", fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: "../libvirt/images/" + imgName})
			fb.AddDomain(fake.Domain{Name: "relative", XML: imgDomainXML("relative", qcow2Disk(top))})
			return "relative"
		}, ""},
		{"a backing path relative to the overlay's own directory", func(fb *fake.Backend) string {
			top := fb.AddVolume(imgPool, fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: imgName})
			fb.AddDomain(fake.Domain{Name: "beside", XML: imgDomainXML("beside", qcow2Disk(top))})
			return "beside"
		}, ""},
		{"an unclean absolute backing path", func(fb *fake.Backend) string {
			addPoolAt(fb, "other", "/var/lib/other", true)
			top := fb.AddVolume("other", fake.Volume{Name: "vm.qcow2", Format: "qcow2", Capacity: 1 << 30,
				BackingPath: "/var/lib/other/../libvirt//images/./" + imgName})
			fb.AddDomain(fake.Domain{Name: "unclean", XML: imgDomainXML("unclean", qcow2Disk(top))})
			return "unclean"
		}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newImgEnv(t, Options{})
			e.seedCached([]byte("base"))
			dom := tc.setup(e.fb)
			before := e.volumes()

			err := e.remove()
			var inUse *BaseImageInUseError
			if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{dom}) {
				t.Fatalf("err = %v, want a *BaseImageInUseError naming %s", err, dom)
			}
			assertClass(t, err, kvmerr.Permanent)
			if tc.unsure != "" {
				for _, want := range []string{tc.unsure, "pool-start"} {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error %q should say %q", err, want)
					}
				}
			}
			if after := e.volumes(); !slices.Equal(after, before) {
				t.Errorf("volumes changed from %v to %v while refusing", before, after)
			}
		})
	}
}

// TestDeleteBaseImage_bystandersDoNotHoldIt: what provably does not use the image does not hold
// it, identity and not name deciding: a raw image outside every pool, a chain the definition
// records to its end, and a same-named image in another pool with a domain on it.
func TestDeleteBaseImage_bystandersDoNotHoldIt(t *testing.T) {
	e := newImgEnv(t, Options{})
	e.seedCached([]byte("base"))
	addPoolAt(e.fb, "other", "/var/lib/other", true)
	theirs := e.fb.AddVolume("other", fake.Volume{Name: imgName, Format: "qcow2", Capacity: 1 << 30})
	top := e.fb.AddVolume("other", fake.Volume{Name: "theirs.qcow2", Format: "qcow2", Capacity: 1 << 30, BackingPath: theirs})
	e.fb.AddDomain(fake.Domain{Name: "same-named", XML: imgDomainXML("same-named", qcow2Disk(top))})
	iso := "<disk type='file' device='cdrom'><driver name='qemu' type='raw'/><source file='/home/admin/installer.iso'/></disk>"
	recorded := "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/srv/vms/top.qcow2'/>" +
		"<backingStore type='file'><format type='qcow2'/><source file='/srv/vms/base.qcow2'/><backingStore/></backingStore></disk>"
	e.fb.AddDomain(fake.Domain{Name: "installer", XML: imgDomainXML("installer", iso, recorded)})

	if err := e.remove(); err != nil {
		t.Fatalf("delete with only bystanders: %v", err)
	}
	if v := e.volumes(); len(v) != 0 {
		t.Errorf("pool %s still holds %v", imgPool, v)
	}
	if _, ok := e.fb.Volume("other", imgName); !ok {
		t.Error("the same-named image of another pool was deleted")
	}
}
