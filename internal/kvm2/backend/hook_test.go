package backend_test

import (
	"context"
	"errors"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// Hook calls its function before a hooked call with the host, method and target, and an error
// from it is the call's, made without touching the host; calls it does not name pass through.
func TestHook_runsBeforeTheCallAndCanRefuseIt(t *testing.T) {
	fb := fake.New("lab")
	fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "v", Format: "raw"})
	stop := errors.New("held")
	var seen []string
	p := backend.Hook(fake.NewPool(fb), func(_ context.Context, host, method, target string) error {
		seen = append(seen, host+" "+method+" "+target)
		if method == "StorageVolDelete" {
			return stop
		}
		return nil
	})
	b, release, err := p.Acquire(context.Background(), "lab")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	pool, err := b.StoragePoolLookupByName(context.Background(), fake.DefaultPool)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.StoragePoolListAllVolumes(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	if err := b.StorageVolDelete(context.Background(), libvirt.StorageVol{Pool: fake.DefaultPool, Name: "v"}); !errors.Is(err, stop) {
		t.Fatalf("delete = %v, want the hook's error", err)
	}
	if _, ok := fb.Volume(fake.DefaultPool, "v"); !ok || fb.Count("StorageVolDelete") != 0 {
		t.Fatal("the refused delete reached the host")
	}
	want := []string{"lab StoragePoolListAllVolumes default", "lab StorageVolDelete default/v"}
	if len(seen) != 2 || seen[0] != want[0] || seen[1] != want[1] {
		t.Fatalf("hook saw %q, want %q", seen, want)
	}
}
