package hostops

import (
	"context"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

func poolWith(t *testing.T, names ...string) (*fake.Backend, libvirt.StoragePool) {
	t.Helper()
	b := fake.New("lab")
	b.AddPool(fake.StoragePool{Name: "default", Active: true, Capacity: 1 << 40, Available: 1 << 40})
	for _, n := range names {
		b.AddVolume("default", fake.Volume{Name: n, Format: "raw"})
	}
	p, err := b.StoragePoolLookupByName(context.Background(), "default")
	if err != nil {
		t.Fatal(err)
	}
	return b, p
}

func volumesOf(t *testing.T, b *fake.Backend, p libvirt.StoragePool, names ...string) []libvirt.StorageVol {
	t.Helper()
	var out []libvirt.StorageVol
	for _, n := range names {
		v, err := b.StorageVolLookupByName(context.Background(), p, n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// The one deleter: in order, once per volume, a volume already gone is deleted, and the first
// failure stops it with the rest left for the next attempt.
func TestDeleteVolumes(t *testing.T) {
	ctx := context.Background()
	b, p := poolWith(t, "a", "b", "c")
	vols := volumesOf(t, b, p, "a", "b", "c")
	if err := DeleteVolumes(ctx, b, vols[0], vols[0], vols[1]); err != nil {
		t.Fatal(err)
	}
	if n := b.Count("StorageVolDelete"); n != 2 {
		t.Fatalf("%d deletes for two volumes, one named twice", n)
	}
	if err := DeleteVolumes(ctx, b, vols[0], vols[2]); err != nil {
		t.Fatalf("a volume already gone failed the delete: %v", err)
	}
	if got := b.VolumeNames("default"); len(got) != 0 {
		t.Fatalf("left %v", got)
	}

	b, p = poolWith(t, "image", "image.kvm2-pending-1")
	vols = volumesOf(t, b, p, "image", "image.kvm2-pending-1")
	b.FailFor("StorageVolDelete", "default/image", fake.LibvirtError(libvirt.ErrOperationFailed, "busy"))
	err := DeleteVolumes(ctx, b, vols...)
	if err == nil || !strings.Contains(err.Error(), "default/image") {
		t.Fatalf("err = %v, want the failed volume named", err)
	}
	if _, ok := b.Volume("default", "image.kvm2-pending-1"); !ok {
		t.Fatal("a volume after the failed one was deleted: the order callers rely on is broken")
	}
}

func TestDeleteNamedVolumes(t *testing.T) {
	ctx := context.Background()
	b, p := poolWith(t, "x", "y")
	if err := DeleteNamedVolumes(ctx, b, p, "x", "absent", "y"); err != nil {
		t.Fatal(err)
	}
	if got := b.VolumeNames("default"); len(got) != 0 {
		t.Fatalf("left %v", got)
	}
	b, p = poolWith(t, "x")
	b.FailAlways("StorageVolLookupByName", fake.LibvirtError(libvirt.ErrRPC, "link"))
	if err := DeleteNamedVolumes(ctx, b, p, "x"); err == nil {
		t.Fatal("a failed lookup was read as an absent volume")
	}
}
