//go:build ownership

package kvm2

// The in-use rule and the MAC listing on the real host for a running domain whose next-boot
// (persistent) definition differs from its live one (issue 35, defect 1): a disk or an interface
// added with virsh's --config lands only in the persistent definition, which libvirt's flags 0
// do not show while the domain runs.

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

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// startDisklessDomain defines and starts an administrator's domain (no mark, no disk, no NIC: it
// idles in its firmware) and undefines it when the test ends.
func startDisklessDomain(t *testing.T, name string) {
	t.Helper()
	f := filepath.Join(t.TempDir(), name+".xml")
	x := "<domain type='qemu'><name>" + name + "</name><memory unit='MiB'>32</memory><vcpu>1</vcpu>" +
		"<os><type arch='x86_64'>hvm</type></os><devices></devices></domain>"
	if err := os.WriteFile(f, []byte(x), 0o600); err != nil {
		t.Fatal(err)
	}
	virsh(t, "define", f)
	t.Cleanup(func() {
		_ = exec.Command("virsh", "-c", "qemu:///system", "destroy", name).Run()
		_ = exec.Command("virsh", "-c", "qemu:///system", "undefine", name).Run()
	})
	virsh(t, "start", name)
}

// TestLabOwnership_nextBootDefinitionCounts: a running administrator's domain with our VM's
// overlay and a MAC address attached to its next boot only (--config) keeps the VM (the delete is
// refused naming it), holds the MAC, and keeps a base image it will boot from. virsh shows what
// each definition holds, so a libvirt that behaves otherwise shows in the log.
func TestLabOwnership_nextBootDefinitionCounts(t *testing.T) {
	const name, p = "ow-nextboot", "ow-nextboot"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	id := rules.FormatID("lab", name)

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	inst, err := c.Create(ctx, owRequest(name, base.ID))
	if err != nil {
		t.Fatal(err)
	}
	root, _ := disksOf(t, l, name)
	if len(root) != 1 {
		t.Fatalf("root disks %v", root)
	}
	admin := name + "-admin"
	startDisklessDomain(t, admin)
	virsh(t, "attach-disk", admin, root[0], "vdb", "--driver", "qemu", "--subdriver", "qcow2", "--config")
	const nextMAC = "52:54:00:7e:35:01"
	virsh(t, "attach-interface", admin, "network", env.network, "--mac", nextMAC, "--config")
	live, next := virsh(t, "domblklist", admin), virsh(t, "domblklist", admin, "--inactive")
	t.Logf("disks of %s, live:\n%s\nnext boot:\n%s", admin, live, next)
	if strings.Contains(live, root[0]) || !strings.Contains(next, root[0]) {
		t.Fatalf("the host does not hold the overlay in %s's next-boot definition only", admin)
	}

	t.Run("the MAC of its next boot is taken", func(t *testing.T) {
		uses, err := c.HostMACs(ctx, "lab")
		if err != nil {
			t.Fatal(err)
		}
		var inUse *rules.MACInUseError
		if err := rules.MACConflict("lab", nextMAC, "", uses); !errors.As(err, &inUse) || inUse.Domain != admin {
			t.Fatalf("MACConflict(%s) = %v, want %s", nextMAC, err, admin)
		}
	})

	t.Run("the VM whose overlay its next boot names is kept", func(t *testing.T) {
		err := c.Delete(ctx, id, inst.UID)
		var inUse *DiskInUseError
		if !errors.As(err, &inUse) || len(inUse.Users) != 1 || inUse.Users[0].Name != admin {
			t.Fatalf("err = %v, want a DiskInUseError naming %s", err, admin)
		}
		t.Logf("refused: %v", err)
		if _, err := l.DomainLookupByName(name); err != nil {
			t.Fatalf("the VM's domain was removed by a refused delete: %v", err)
		}
		want := []string{env.pool + "/" + rules.OverlayName(name, inst.UID), env.pool + "/" + rules.SeedName(name, inst.UID)}
		for _, n := range rules.ConsoleLogNames(name, inst.UID) {
			want = append(want, env.pool+"/"+n)
		}
		if got := owVolumesWith(t, l, inst.UID); !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
			t.Fatalf("volumes of the VM after a refused delete: %v, want %v", got, want)
		}
		virsh(t, "detach-disk", admin, "vdb", "--config")
		if err := c.Delete(ctx, id, inst.UID); err != nil {
			t.Fatalf("delete once the disk is detached: %v", err)
		}
		if left := owVolumesWith(t, l, inst.UID); len(left) != 0 {
			t.Fatalf("the VM's volumes are left: %v", left)
		}
	})

	t.Run("a base image its next boot backs onto is kept", func(t *testing.T) {
		overlay := imgLabOverlay(t, env.pool, admin+"-next.qcow2", base.Path)
		virsh(t, "attach-disk", admin, overlay, "vdb", "--driver", "qemu", "--subdriver", "qcow2", "--config")
		wantImageRefused(t, c, ctx, base, env.pool, admin)
		virsh(t, "detach-disk", admin, "vdb", "--config")
		virsh(t, "vol-delete", "--pool", env.pool, admin+"-next.qcow2")
		if err := c.DeleteBaseImage(ctx, base.ID, imagecache.Recorded(base.SHA256, base.Path)); err != nil {
			t.Fatalf("delete of the base image once no domain names it: %v", err)
		}
	})
}
