//go:build integration

package kvm2

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// labDirPool defines, builds and starts a directory pool of its own on the lab host, for a test
// that stops it (never the shared lab pools: other tests use them), and removes it, with
// whatever it holds, at the end of the test and before (an aborted earlier run).
func labDirPool(t *testing.T, l *libvirt.Libvirt, name, dir string) libvirt.StoragePool {
	t.Helper()
	removeLabPool(t, l, name)
	pool, err := l.StoragePoolDefineXML(fmt.Sprintf(`<pool type='dir'><name>%s</name><target><path>%s</path>`+
		`<permissions><mode>0755</mode><owner>0</owner><group>0</group></permissions></target></pool>`, name, dir), 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeLabPool(t, l, name) })
	if err := l.StoragePoolBuild(pool, 0); err != nil {
		t.Fatal(err)
	}
	if err := l.StoragePoolCreate(pool, 0); err != nil {
		t.Fatal(err)
	}
	return pool
}

// removeLabPool starts pool name if it exists, deletes its volumes, stops it, removes its
// directory and undefines it.
func removeLabPool(t *testing.T, l *libvirt.Libvirt, name string) {
	t.Helper()
	pool, err := l.StoragePoolLookupByName(name)
	if err != nil {
		return
	}
	_ = l.StoragePoolCreate(pool, 0) // already active: an error, and nothing to do
	_ = l.StoragePoolRefresh(pool, 0)
	vols, _, _ := l.StoragePoolListAllVolumes(pool, 1, 0)
	for _, v := range vols {
		if err := l.StorageVolDelete(v, 0); err != nil {
			t.Errorf("delete %s/%s: %v", name, v.Name, err)
		}
	}
	if err := l.StoragePoolDestroy(pool); err != nil {
		t.Errorf("stop pool %s: %v", name, err)
	}
	if err := l.StoragePoolDelete(pool, 0); err != nil {
		t.Errorf("remove the directory of pool %s: %v", name, err)
	}
	if err := l.StoragePoolUndefine(pool); err != nil {
		t.Errorf("undefine pool %s: %v", name, err)
	}
}

// poolVolumesOf lists the volumes of pool whose names start with vm + "." (pool refreshed).
func poolVolumesOf(t *testing.T, l *libvirt.Libvirt, pool libvirt.StoragePool, vm string) []string {
	t.Helper()
	if err := l.StoragePoolRefresh(pool, 0); err != nil {
		t.Fatal(err)
	}
	vols, _, err := l.StoragePoolListAllVolumes(pool, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, v := range vols {
		if strings.HasPrefix(v.Name, vm+".") {
			out = append(out, v.Name)
		}
	}
	slices.Sort(out)
	return out
}

// TestLabDelete_refusedWhileTheVMsPoolIsInactive (issue 35, defect 2): on the lab host, a VM
// whose pool is stopped (virsh pool-destroy) is not deleted: the delete fails Permanent, naming
// the pool and what to do, and removes nothing, its domain included; once the pool is started
// again (virsh pool-start) the same delete removes everything of the VM. So when its domain was
// removed by hand before (Get then says its volumes may remain in the pool it cannot search),
// and when the host's pool setting has changed since the create (the pool is found from the
// definition's disk paths, read from the stopped pool's definition).
func TestLabDelete_refusedWhileTheVMsPoolIsInactive(t *testing.T) {
	const p = "kvm2-del-pool"
	env := loadLab(t)
	l := localLibvirt(t, env)
	pool := labDirPool(t, l, p, "/var/lib/kvm2-lab/"+p)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env, func(hc *hostconfig.HostConfig) { hc.Pool = p })
	moved, _ := labClient(t, env) // the host's pool set back to the shared lab pool
	ctx := context.Background()
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: p + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		vm      string
		deleter *Client
		byHand  func(t *testing.T, vm string)
	}{
		{p + "-intact", c, nil},
		{p + "-gone", c, func(t *testing.T, vm string) {
			d, err := l.DomainLookupByName(vm)
			if err != nil {
				t.Fatal(err)
			}
			_ = l.DomainDestroy(d)
			if err := l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram); err != nil {
				t.Fatal(err)
			}
		}},
		{p + "-moved", moved, nil},
	} {
		t.Run(tc.vm, func(t *testing.T) {
			inst, err := c.Create(ctx, owRequest(tc.vm, base.ID))
			if err != nil {
				t.Fatal(err)
			}
			id := rules.FormatID("lab", tc.vm)
			vols := poolVolumesOf(t, l, pool, tc.vm)
			if len(vols) != 2+len(rules.ConsoleLogNames(tc.vm, inst.UID)) {
				t.Fatalf("volumes of %s in %s: %v, want its overlay, seed and console logs", tc.vm, p, vols)
			}
			if tc.byHand != nil {
				tc.byHand(t, tc.vm)
			}
			_, domErr := l.DomainLookupByName(tc.vm)

			if err := l.StoragePoolDestroy(pool); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = l.StoragePoolCreate(pool, 0) }) // for the next case, when this one fails
			err = tc.deleter.Delete(ctx, id, inst.UID)
			t.Logf("delete with the pool stopped: %v", err)
			if kvmerr.Classify(err) != kvmerr.Permanent {
				t.Fatalf("err = %v, want Permanent", err)
			}
			for _, s := range []string{fmt.Sprintf("storage pool %q on host lab is inactive", p), "virsh pool-start " + p, "terraform state rm"} {
				if !strings.Contains(err.Error(), s) {
					t.Fatalf("err = %v\nwant it to say %q", err, s)
				}
			}
			if _, err := l.DomainLookupByName(tc.vm); (err == nil) != (domErr == nil) {
				t.Fatalf("the domain of %s was removed by a refused delete: %v", tc.vm, err)
			}
			if domErr != nil { // the domain is gone: Get keeps the VM as gone with volumes that may remain
				_, err := tc.deleter.Get(ctx, id, inst.UID)
				var gone *ownership.GoneError
				if !errors.As(err, &gone) || !gone.VolumesMayRemain() || !slices.Equal(gone.Unsearched, []string{p}) {
					t.Fatalf("Get = %v, want gone with pool %s unsearched", err, p)
				}
			}

			if err := l.StoragePoolCreate(pool, 0); err != nil {
				t.Fatal(err)
			}
			if got := poolVolumesOf(t, l, pool, tc.vm); !slices.Equal(got, vols) {
				t.Fatalf("volumes after the refused delete: %v, want %v", got, vols)
			}
			if err := tc.deleter.Delete(ctx, id, inst.UID); err != nil {
				t.Fatalf("delete with the pool started again: %v", err)
			}
			if _, err := l.DomainLookupByName(tc.vm); err == nil {
				t.Fatalf("the domain of %s is left", tc.vm)
			}
			if left := poolVolumesOf(t, l, pool, tc.vm); len(left) != 0 {
				t.Fatalf("volumes of %s left: %v", tc.vm, left)
			}
			files, err := os.ReadDir("/var/lib/kvm2-lab/" + p)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if strings.HasPrefix(f.Name(), tc.vm+".") {
					t.Errorf("file of %s left in the pool's directory: %s", tc.vm, f.Name())
				}
			}
		})
	}
}
