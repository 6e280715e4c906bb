//go:build ownership

package provider

// Ownership acceptance tests on the lab host: out-of-band changes are made, and what is left is
// counted, through the lab's libvirtd on its local socket, never through the code under test.
// Every object is named with the test's own prefix (ow-1, ow-6), so a test counts what it left
// in every pool without seeing other tests' objects.

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// libvirt is the lab's libvirtd on its local socket (the lab host is this machine).
func (l *accLab) libvirt() *libvirt.Libvirt {
	l.t.Helper()
	socket := l.socket
	if socket == "" {
		socket = rules.DefaultSocket
	}
	lv := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(socket)))
	if err := lv.Connect(); err != nil {
		l.t.Fatalf("no local libvirt connection to the lab host for out-of-band changes: %v", err)
	}
	l.t.Cleanup(func() { _ = lv.Disconnect() })
	return lv
}

// ownNamed reports whether name is an object of the test with prefix p: p itself, or p
// followed by "." or "-".
func ownNamed(name, p string) bool {
	return name == p || strings.HasPrefix(name, p+".") || strings.HasPrefix(name, p+"-")
}

// ownVolumes lists pool/name of the volumes in every active pool for which keep is true.
func ownVolumes(lv *libvirt.Libvirt, keep func(name string) bool) ([]string, error) {
	pools, _, err := lv.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, pool := range pools {
		// A refresh shows the console logs virtlogd made; libvirt refuses it while a volume of
		// the pool is built, for a moment.
		for try := 0; try < 50; try++ {
			if err := lv.StoragePoolRefresh(pool, 0); err == nil || !strings.Contains(err.Error(), "asynchronous jobs running") {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		vols, _, err := lv.StoragePoolListAllVolumes(pool, 1, 0)
		if err != nil {
			return nil, err
		}
		for _, v := range vols {
			if keep(v.Name) {
				out = append(out, pool.Name+"/"+v.Name)
			}
		}
	}
	slices.Sort(out)
	return out, nil
}

// ownVolumesWith lists the volumes in any pool whose names contain s (a UID).
func ownVolumesWith(lv *libvirt.Libvirt, s string) ([]string, error) {
	return ownVolumes(lv, func(n string) bool { return strings.Contains(n, s) })
}

// ownDisksWith is ownVolumesWith without console logs: a running VM's disks, which the tests
// count, and beside them the log and its rotated copies, volumes the create makes.
func ownDisksWith(lv *libvirt.Libvirt, s string) ([]string, error) {
	vols, err := ownVolumesWith(lv, s)
	return slices.DeleteFunc(vols, isConsoleLog), err
}

// isConsoleLog reports whether volume v is a console log or one of its rotated copies.
func isConsoleLog(v string) bool {
	return strings.HasSuffix(v, ".console.log") || strings.Contains(v, ".console.log.")
}

// isConsoleCopy reports whether volume v is a rotated copy of a console log: the create makes it
// (a VM of an earlier version has one only once virtlogd rotated its log).
func isConsoleCopy(v string) bool { return strings.Contains(v, ".console.log.") }

// ownLeft fails when a domain, or a volume in any pool, of the test with prefix p remains.
func ownLeft(lv *libvirt.Libvirt, p string) error {
	var left []string
	doms, _, err := lv.ConnectListAllDomains(1, 0)
	if err != nil {
		return err
	}
	for _, d := range doms {
		if ownNamed(d.Name, p) {
			left = append(left, "domain "+d.Name)
		}
	}
	vols, err := ownVolumes(lv, func(n string) bool { return ownNamed(n, p) })
	if err != nil {
		return err
	}
	left = append(left, vols...)
	if len(left) > 0 {
		return fmt.Errorf("left on the lab host: %v", left)
	}
	return nil
}

// ownSweep removes every object of the test with prefix p: before the test (an aborted
// earlier run) and after it (a failed step).
func ownSweep(lv *libvirt.Libvirt, p string) {
	doms, _, _ := lv.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if ownNamed(d.Name, p) {
			_ = lv.DomainDestroy(d)
			if err := lv.DomainUndefineFlags(d, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave); err != nil {
				_ = lv.DomainUndefine(d)
			}
		}
	}
	pools, _, _ := lv.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	for _, pool := range pools {
		vols, _, _ := lv.StoragePoolListAllVolumes(pool, 1, 0)
		for _, v := range vols {
			if ownNamed(v.Name, p) {
				_ = lv.StorageVolDelete(v, 0)
			}
		}
	}
}

// removeDomainOutOfBand is `virsh undefine` and `virsh destroy` of a domain: it goes, its
// volumes stay.
func removeDomainOutOfBand(t *testing.T, lv *libvirt.Libvirt, name string) {
	t.Helper()
	d, err := lv.DomainLookupByName(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := lv.DomainUndefineFlags(d, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave); err != nil {
		t.Fatalf("undefine %s: %v", name, err)
	}
	var le libvirt.Error
	if err := lv.DomainDestroy(d); err != nil && (!errors.As(err, &le) || le.Code != uint32(libvirt.ErrOperationInvalid)) {
		t.Fatalf("destroy %s: %v", name, err)
	}
}

// labDomain is what the lab host says of a domain: its run id (which changes when it is
// restarted or redefined), UUID, state, mark and root disk.
type labDomain struct {
	id       int32
	uuid     libvirt.UUID
	state    libvirt.DomainState
	uid, tag string
	rootDisk string
}

func readLabDomain(lv *libvirt.Libvirt, name string) (labDomain, error) {
	d, err := lv.DomainLookupByName(name)
	if err != nil {
		return labDomain{}, err
	}
	st, _, err := lv.DomainGetState(d, 0)
	if err != nil {
		return labDomain{}, err
	}
	out := labDomain{id: d.ID, uuid: d.UUID, state: libvirt.DomainState(st)}
	meta, err := lv.DomainGetMetadata(d, int32(libvirt.DomainMetadataElement), libvirt.OptString{definition.MarkNamespace}, libvirt.DomainAffectCurrent)
	if err != nil {
		return labDomain{}, fmt.Errorf("%s: no kvm2 mark: %w", name, err)
	}
	var m struct {
		UID string `xml:"uid"`
		Tag string `xml:"tag"`
	}
	if err := xml.Unmarshal([]byte(meta), &m); err != nil {
		return labDomain{}, err
	}
	out.uid, out.tag = m.UID, m.Tag
	x, err := lv.DomainGetXMLDesc(d, libvirt.DomainXMLInactive)
	if err != nil {
		return labDomain{}, err
	}
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(x); err != nil {
		return labDomain{}, err
	}
	if dom.Devices != nil {
		for _, disk := range dom.Devices.Disks {
			if disk.Device == "disk" && disk.Source != nil && disk.Source.File != nil {
				out.rootDisk = disk.Source.File.File
			}
		}
	}
	return out, nil
}

// ownBaseImage is kvm2_base_image "base" named name in the lab's pool.
func (l *accLab) ownBaseImage(name string) string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, name, l.pool, l.imageURL, l.imageSHA)
}

// otherConfiguration is a VM that another configuration made under the same name, through the
// core as that configuration's provider would, on a base image of its own.
type otherConfiguration struct {
	c              *kvm2.Client
	name, uid, tag string
	base           imagecache.BaseImage
	seen           labDomain
	volumes        []string
}

func (o *otherConfiguration) create(t *testing.T, l *accLab, lv *libvirt.Libvirt) {
	t.Helper()
	ctx := context.Background()
	var err error
	o.base, err = o.c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: l.pool, Name: o.name + "-b-base.qcow2",
		SourceURL: l.imageURL, SHA256: l.imageSHA})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.c.Create(ctx, kvm2.CreateRequest{
		Host: "lab", Name: o.name, UID: o.uid, BaseImageID: o.base.ID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 1,
		Firmware: rules.FirmwareBIOS, Tag: o.tag, Running: true,
	}); err != nil {
		t.Fatal(err)
	}
	if o.seen, err = readLabDomain(lv, o.name); err != nil {
		t.Fatal(err)
	}
	if o.volumes, err = ownVolumesWith(lv, o.uid); err != nil || len(slices.DeleteFunc(slices.Clone(o.volumes), isConsoleCopy)) != 3 {
		t.Fatalf("configuration B's volumes %v (%v), want an overlay, a seed and its console log (and the log's copies)", o.volumes, err)
	}
}

// intact reports whether the other configuration's VM is as it was made: the same running
// domain (never restarted, redefined or retagged), its volumes and its base image.
func (o *otherConfiguration) intact(lv *libvirt.Libvirt) error {
	now, err := readLabDomain(lv, o.name)
	if err != nil {
		return fmt.Errorf("configuration B's domain: %w", err)
	}
	if now != o.seen || now.state != libvirt.DomainRunning {
		return fmt.Errorf("configuration B's domain was changed: %+v, was %+v", now, o.seen)
	}
	vols, err := ownVolumesWith(lv, o.uid)
	if err != nil {
		return err
	}
	if !slices.Equal(vols, o.volumes) {
		return fmt.Errorf("configuration B's volumes are %v, were %v", vols, o.volumes)
	}
	if _, err := lv.StorageVolLookupByPath(o.base.Path); err != nil {
		return fmt.Errorf("configuration B's base image: %w", err)
	}
	return nil
}

// remove deletes the other configuration's VM and base image, as its own destroy would.
func (o *otherConfiguration) remove() error {
	ctx := context.Background()
	if err := o.c.Delete(ctx, "lab/"+o.name, o.uid); err != nil {
		return err
	}
	return o.c.DeleteBaseImage(ctx, o.base.ID)
}

// Configuration A's VM ow-1 is removed out of band (its volumes stay), and configuration B then
// creates its own ow-1. A's refresh never records B's UID, A's apply never retags or deletes
// B's VM (it fails saying whose the name is) and removes A's own leftovers, and A's destroy
// touches nothing of B's.
func TestAccOwnership_sameNameOfAnotherConfiguration(t *testing.T) {
	l := newAccLab(t)
	const name = "ow-1"
	lv := l.libvirt()
	ownSweep(lv, name)
	t.Cleanup(func() { ownSweep(lv, name) })
	uidB, err := rules.NewUID()
	if err != nil {
		t.Fatal(err)
	}
	b := &otherConfiguration{c: l.client(), name: name, uid: uidB, tag: "config-b"}
	cfg := l.config(l.ownBaseImage(name+"-base.qcow2") + l.accVM(name, `tag = "config-a"
  wait_for_ip = false`))
	var uidA string
	volumesOf := func(uid string, want int) error {
		vols, err := ownDisksWith(lv, uid)
		if err == nil && len(vols) != want {
			err = fmt.Errorf("volumes with uid %s: %v, want %d", uid, vols, want)
		}
		return err
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy: func(*terraform.State) error {
			if err := b.intact(lv); err != nil {
				return fmt.Errorf("after A's destroy: %w", err)
			}
			if err := b.remove(); err != nil {
				return fmt.Errorf("cleaning up configuration B: %w", err)
			}
			return ownLeft(lv, name)
		},
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &uidA),
					func(*terraform.State) error { return volumesOf(uidA, 2) }),
			},
			{
				PreConfig: func() {
					removeDomainOutOfBand(t, lv, name)
					if err := volumesOf(uidA, 2); err != nil {
						t.Fatalf("A's volumes should outlive its domain: %v", err)
					}
					b.create(t, l, lv)
				},
				RefreshState:       true,
				ExpectNonEmptyPlan: true,
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttrPtr(vmAddr, "uid", &uidA),
					resource.TestCheckResourceAttr(vmAddr, "state", "gone"),
				),
			},
			{
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				ExpectError: regexp.MustCompile(`(?s)Unable to create proxy VM lab/` + name +
					`.*belongs\s+to\s+another\s+kvm2\s+configuration.*uid\s+` + regexp.QuoteMeta(uidB)),
			},
			{
				PreConfig: func() {
					if err := b.intact(lv); err != nil {
						t.Fatalf("after A's apply: %v", err)
					}
					if err := volumesOf(uidA, 0); err != nil {
						t.Fatalf("A's leftovers after its apply: %v", err)
					}
				},
				Config:  cfg,
				Destroy: true,
			},
		},
	})
}

// VM ow-6 is removed out of band (`virsh undefine` + `virsh destroy`): the next apply replaces
// it on a fresh disk and removes the old UID's volumes, and after another such removal
// `terraform destroy` succeeds, base image included, and leaves nothing of ours.
func TestAccOwnership_outOfBandRemovalConverges(t *testing.T) {
	l := newAccLab(t)
	const name = "ow-6"
	lv := l.libvirt()
	ownSweep(lv, name)
	t.Cleanup(func() { ownSweep(lv, name) })
	cfg := l.config(l.ownBaseImage(name+"-base.qcow2") + l.accVM(name, `wait_for_ip = false`))
	var first, second string
	volumesOf := func(uid string, want int) error {
		vols, err := ownDisksWith(lv, uid)
		if err == nil && len(vols) != want {
			err = fmt.Errorf("volumes with uid %s: %v, want %d", uid, vols, want)
		}
		return err
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             func(*terraform.State) error { return ownLeft(lv, name) },
		Steps: []resource.TestStep{
			{
				Config: cfg,
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &first),
					func(*terraform.State) error { return volumesOf(first, 2) }),
			},
			{
				PreConfig: func() { removeDomainOutOfBand(t, lv, name) },
				Config:    cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: resource.ComposeTestCheckFunc(stateAttr(vmAddr, "uid", &second), func(*terraform.State) error {
					if second == first {
						return errors.New("the replacement kept the old uid")
					}
					if err := volumesOf(first, 0); err != nil {
						return fmt.Errorf("the removed VM's volumes: %w", err)
					}
					if err := volumesOf(second, 2); err != nil {
						return err
					}
					d, err := readLabDomain(lv, name)
					if err != nil {
						return err
					}
					if d.uid != second || !strings.HasSuffix(d.rootDisk, "/"+name+"."+second+".qcow2") {
						return fmt.Errorf("the replacement is %+v, want mark uid %s on a fresh overlay named with it", d, second)
					}
					return nil
				}),
			},
			{
				PreConfig: func() { removeDomainOutOfBand(t, lv, name) },
				Config:    cfg,
				Destroy:   true,
			},
		},
	})
}
