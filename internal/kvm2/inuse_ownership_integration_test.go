//go:build ownership

package kvm2

// The in-use rule (hostops.DiskUsers) where the real host may behave otherwise than the fake
// (issue 22, items 1, 2 and 4): an overlay in an inactive pool, a relative backing path, a
// backing path through a symlinked directory, and a rescue domain on a VM's overlay. Each case
// asserts the safe outcome (the image or the VM is kept, with an error naming the domain) and
// logs what libvirt reported, so a difference from the fake shows.

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// inUseLabOverlay makes, with qemu-img on the lab host (this machine), a qcow2 overlay in pool
// (at dir) whose header names backing exactly as given, refreshes the pool, and returns its
// path; the volume is deleted when the test ends.
func inUseLabOverlay(t *testing.T, pool, dir, name, backing string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	out, err := exec.Command("qemu-img", "create", "-q", "-f", "qcow2", "-F", "qcow2", "-b", backing, path).CombinedOutput()
	if err != nil {
		t.Fatalf("qemu-img create -b %s %s: %v\n%s", backing, path, err, out)
	}
	t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "vol-delete", "--pool", pool, name).Run() })
	virsh(t, "pool-refresh", pool)
	t.Logf("volume %s as libvirt describes it:\n%s", name, virsh(t, "vol-dumpxml", "--pool", pool, name))
	return path
}

// wantImageRefused asserts that deleting img is refused, naming dom, and that the image is kept.
func wantImageRefused(t *testing.T, c *Client, ctx context.Context, img imagecache.BaseImage, pool, dom string) {
	t.Helper()
	err := c.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path))
	var inUse *imagecache.BaseImageInUseError
	if !errors.As(err, &inUse) || !slices.Equal(inUse.Domains, []string{dom}) {
		t.Fatalf("err = %v, want a BaseImageInUseError naming %s", err, dom)
	}
	t.Logf("refused (unsure: %q): %v", inUse.Unsure, err)
	if vols := volumesOf(t, pool, filepath.Base(img.Path)); len(vols) != 2 {
		t.Fatalf("the refused delete removed something: %v", vols)
	}
}

// TestLabOwnership_inUseRuleOnTheRealHost: a stopped domain on an overlay of the base image holds
// it when its overlay's pool is inactive, when the overlay names the base by a relative path, and
// when it names it through a symlinked directory no pool names.
func TestLabOwnership_inUseRuleOnTheRealHost(t *testing.T) {
	c := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	ctx := imgLabCtx(t, 10*time.Minute)

	t.Run("overlay in an inactive pool", func(t *testing.T) {
		name := imgLabName(t, "img-it-cold")
		img := imgLabEnsure(t, c, ctx, name)
		other := imgLabPool(t)
		overlay := imgLabOverlay(t, other, "img-it-cold-vm.qcow2", img.Path)
		dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
		imgLabDefine(t, c, ctx, dom, overlay)
		virsh(t, "pool-destroy", other)
		// Started again before the overlay and the pool are removed (cleanups run last first).
		t.Cleanup(func() { _ = exec.Command("virsh", "-c", "qemu:///system", "pool-start", other).Run() })
		wantImageRefused(t, c, ctx, img, pool, dom)
	})

	t.Run("relative backing path", func(t *testing.T) {
		name := imgLabName(t, "img-it-rel")
		img := imgLabEnsure(t, c, ctx, name)
		other := imgLabPool(t)
		dir := "/var/lib/kvm2-lab/" + other // imgLabPool's directory
		rel, err := filepath.Rel(dir, img.Path)
		if err != nil {
			t.Fatal(err)
		}
		overlay := inUseLabOverlay(t, other, dir, "img-it-rel-vm.qcow2", rel)
		dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
		imgLabDefine(t, c, ctx, dom, overlay)
		wantImageRefused(t, c, ctx, img, pool, dom)
	})

	t.Run("backing path through a symlinked directory", func(t *testing.T) {
		name := imgLabName(t, "img-it-link")
		img := imgLabEnsure(t, c, ctx, name)
		other := imgLabPool(t)
		link := "/var/lib/kvm2-lab/" + strings.TrimSuffix(name, ".qcow2") + "-link"
		if err := os.Symlink(filepath.Dir(img.Path), link); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Remove(link) })
		overlay := inUseLabOverlay(t, other, "/var/lib/kvm2-lab/"+other, "img-it-link-vm.qcow2", filepath.Join(link, filepath.Base(img.Path)))
		dom := strings.TrimSuffix(name, ".qcow2") + "-vm"
		imgLabDefine(t, c, ctx, dom, overlay)
		wantImageRefused(t, c, ctx, img, pool, dom)
	})
}

// owVM is a running VM made on the lab host from a base image of its own, for the tests of the
// in-use rule: both are swept before the test and when it ends.
type owVM struct {
	env  labEnv
	l    *libvirt.Libvirt
	c    *Client
	ctx  context.Context
	base imagecache.BaseImage
	inst Instance
	id   string
	root string // the VM's overlay
}

func newOwVM(t *testing.T, name string) *owVM {
	t.Helper()
	v := &owVM{env: loadLab(t), id: rules.FormatID("lab", name)}
	v.l = localLibvirt(t, v.env)
	owSweep(t, v.l, name)
	t.Cleanup(func() { owSweep(t, v.l, name) })
	v.c, _ = labClient(t, v.env)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	t.Cleanup(cancel)
	v.ctx = ctx
	var err error
	v.base, err = v.c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: v.env.pool, Name: name + ".qcow2",
		SourceURL: v.env.imageURL, SHA256: v.env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	if v.inst, err = v.c.Create(ctx, owRequest(name, v.base.ID)); err != nil {
		t.Fatal(err)
	}
	root, _ := disksOf(t, v.l, name)
	if len(root) != 1 {
		t.Fatalf("root disks %v", root)
	}
	v.root = root[0]
	return v
}

// refusedBy asserts that deleting the VM is refused with a DiskInUseError naming user alone, and
// that the domain and every volume the create made (overlay, seed, the console log and its three
// copies) are kept.
func (v *owVM) refusedBy(t *testing.T, user string) {
	t.Helper()
	err := v.c.Delete(v.ctx, v.id, v.inst.UID)
	var inUse *DiskInUseError
	if !errors.As(err, &inUse) || len(inUse.Users) != 1 || inUse.Users[0].Name != user {
		t.Fatalf("err = %v, want a DiskInUseError naming %s", err, user)
	}
	t.Logf("refused: %v", err)
	if _, err := v.l.DomainLookupByName(v.inst.Name); err != nil {
		t.Fatalf("the VM's domain was removed by a refused delete: %v", err)
	}
	name, pool := v.inst.Name, v.env.pool
	want := []string{pool + "/" + rules.OverlayName(name, v.inst.UID), pool + "/" + rules.SeedName(name, v.inst.UID)}
	for _, n := range rules.ConsoleLogNames(name, v.inst.UID) {
		want = append(want, pool+"/"+n)
	}
	if got := owVolumesWith(t, v.l, v.inst.UID); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
		t.Fatalf("volumes of the VM after a refused delete: %v, want %v", got, want)
	}
}

// deleted asserts that deleting the VM succeeds and leaves none of its volumes.
func (v *owVM) deleted(t *testing.T) {
	t.Helper()
	if err := v.c.Delete(v.ctx, v.id, v.inst.UID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if left := owVolumesWith(t, v.l, v.inst.UID); len(left) != 0 {
		t.Fatalf("the VM's volumes are left: %v", left)
	}
}

// TestLabOwnership_deleteKeepsAVMWhoseOverlayARescueDomainUses (issue 22, item 4): an
// administrator's domain with our VM's overlay attached keeps the VM whole: the delete is refused
// with a DiskInUseError naming it, and succeeds once that domain is gone.
func TestLabOwnership_deleteKeepsAVMWhoseOverlayARescueDomainUses(t *testing.T) {
	const name = "ow-rescue"
	v := newOwVM(t, name)
	rescue := name + "-admin"
	imgLabDefine(t, v.c, v.ctx, rescue, v.root)
	v.refusedBy(t, rescue)
	virsh(t, "undefine", rescue)
	v.deleted(t)
	if err := v.c.DeleteBaseImage(v.ctx, v.base.ID, imagecache.Recorded(v.base.SHA256, v.base.Path)); err != nil {
		t.Fatal(err)
	}
}

// TestLabOwnership_aDiskAttachedBetweenTwoDeletesIsSeen: the deletes of one client reuse the
// definitions of stopped domains an earlier delete read, while libvirt's block statistics of
// those domains stay the same (hostops.DefinitionReuse). An administrator's stopped domain read
// by the first delete that then has our other VM's overlay attached for its next boot (virsh
// attach-disk --config) keeps that VM: the second delete of the same client is refused naming it.
func TestLabOwnership_aDiskAttachedBetweenTwoDeletesIsSeen(t *testing.T) {
	const name = "ow-reread"
	v := newOwVM(t, name)
	other, err := v.c.Create(v.ctx, owRequest(name+"-b", v.base.ID))
	if err != nil {
		t.Fatal(err)
	}
	admin := name + "-admin"
	imgLabDefine(t, v.c, v.ctx, admin, v.base.Path) // stopped, on the base image: no user of either VM's disks
	if err := v.c.Delete(v.ctx, rules.FormatID("lab", other.Name), other.UID); err != nil {
		t.Fatalf("the first delete, which reads %s: %v", admin, err)
	}
	virsh(t, "attach-disk", admin, v.root, "vdb", "--config", "--subdriver", "qcow2")
	v.refusedBy(t, admin)
	virsh(t, "undefine", admin)
	v.deleted(t)
}
