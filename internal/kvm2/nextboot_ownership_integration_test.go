//go:build ownership

package kvm2

// The in-use rule and the MAC listing on the real host for a running domain whose next-boot
// (persistent) definition differs from its live one (issue 35, defect 1): a disk or an interface
// added with virsh's --config lands only in the persistent definition, which libvirt's flags 0
// do not show while the domain runs.

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
	const name = "ow-nextboot"
	v := newOwVM(t, name)
	admin := name + "-admin"
	startDisklessDomain(t, admin)
	virsh(t, "attach-disk", admin, v.root, "vdb", "--driver", "qemu", "--subdriver", "qcow2", "--config")
	const nextMAC = "52:54:00:7e:35:01"
	virsh(t, "attach-interface", admin, "network", v.env.network, "--mac", nextMAC, "--config")
	live, next := virsh(t, "domblklist", admin), virsh(t, "domblklist", admin, "--inactive")
	t.Logf("disks of %s, live:\n%s\nnext boot:\n%s", admin, live, next)
	if strings.Contains(live, v.root) || !strings.Contains(next, v.root) {
		t.Fatalf("the host does not hold the overlay in %s's next-boot definition only", admin)
	}

	t.Run("the MAC of its next boot is taken", func(t *testing.T) {
		uses, err := v.c.HostMACs(v.ctx, "lab")
		if err != nil {
			t.Fatal(err)
		}
		var inUse *rules.MACInUseError
		if err := rules.MACConflict("lab", nextMAC, "", uses); !errors.As(err, &inUse) || inUse.Domain != admin {
			t.Fatalf("MACConflict(%s) = %v, want %s", nextMAC, err, admin)
		}
	})

	t.Run("the VM whose overlay its next boot names is kept", func(t *testing.T) {
		v.refusedBy(t, admin)
		virsh(t, "detach-disk", admin, "vdb", "--config")
		v.deleted(t)
	})

	t.Run("a base image its next boot backs onto is kept", func(t *testing.T) {
		overlay := imgLabOverlay(t, v.env.pool, admin+"-next.qcow2", v.base.Path)
		virsh(t, "attach-disk", admin, overlay, "vdb", "--driver", "qemu", "--subdriver", "qcow2", "--config")
		wantImageRefused(t, v.c, v.ctx, v.base, v.env.pool, admin)
		virsh(t, "detach-disk", admin, "vdb", "--config")
		virsh(t, "vol-delete", "--pool", v.env.pool, admin+"-next.qcow2")
		if err := v.c.DeleteBaseImage(v.ctx, v.base.ID, imagecache.Recorded(v.base.SHA256, v.base.Path)); err != nil {
			t.Fatalf("delete of the base image once no domain names it: %v", err)
		}
	})
}
