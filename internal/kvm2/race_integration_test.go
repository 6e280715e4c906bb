//go:build integration

package kvm2

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// labGate holds the first call a hook matches until released (backend.Hook on the lab's real
// connections, as fake.Backend.Pause on the fake).
type labGate struct {
	once, hit sync.Once
	reached   chan struct{}
	release   chan struct{}
	match     func(method, target string) bool
}

func newLabGate(match func(method, target string) bool) *labGate {
	return &labGate{reached: make(chan struct{}), release: make(chan struct{}), match: match}
}

func (g *labGate) before(ctx context.Context, _, method, target string) error {
	if !g.match(method, target) {
		return nil
	}
	first := false
	g.hit.Do(func() { first = true })
	if !first {
		return nil
	}
	close(g.reached)
	select {
	case <-g.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (g *labGate) open() { g.once.Do(func() { close(g.release) }) }

// TestIntegrationRace_baseImageDeletedUnderACreate is TestRace_baseImageDeletedUnderACreate on
// the lab, where libvirt's own answers decide: two processes (two clients, each with its own SSH
// connections, locks and lease owner). A deletes the base image and is held right before it
// deletes the image volume (its lease taken, its in-use check passed); B creates a VM on the
// image. libvirt must take the lease volume's name (".kvm2-lease-..." in a directory pool),
// list it to B, and B must back off, leaving nothing; then A deletes the image and its lease.
func TestIntegrationRace_baseImageDeletedUnderACreate(t *testing.T) {
	a := imgLabClient(t, nil)
	b := imgLabClient(t, nil)
	pool := imgLabEnv(t, "KVM2_TEST_POOL")
	ctx := imgLabCtx(t, 5*time.Minute)
	name := imgLabName(t, "race-it-base")
	img := imgLabEnsure(t, a, ctx, name)
	vm := itPrefix + "race-" + strings.TrimSuffix(strings.TrimPrefix(name, "race-it-base-"), ".qcow2")
	t.Cleanup(func() { sweep(t, localLibvirt(t, loadLab(t)), loadLab(t), vm) })

	gate := newLabGate(func(method, target string) bool { return method == "StorageVolDelete" && target == pool+"/"+name })
	a.pool = backend.Hook(a.pool, gate.before)
	errA := make(chan error, 1)
	go func() { errA <- a.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path)) }()
	select {
	case <-gate.reached:
	case err := <-errA:
		t.Fatalf("A's delete ended before it reached its volume delete: %v", err)
	}
	var leases []string
	for _, v := range virshVolumes(t, pool) {
		if _, _, ok := rules.ParseLeaseName(v, rules.ImageLeaseSubject(name)); ok {
			leases = append(leases, v)
		}
	}
	if len(leases) != 1 {
		gate.open()
		t.Fatalf("lease volumes of %s on the host while A holds it: %v", name, leases)
	}
	t.Logf("A holds %s", leases[0])

	req := owRequest(vm, img.ID)
	_, errB := b.Create(ctx, req)
	gate.open()
	if err := <-errA; err != nil {
		t.Fatalf("A's delete: %v", err)
	}
	var held *hostops.LeaseHeldError
	if errB == nil || kvmerr.Classify(errB) != kvmerr.Transient || !errors.As(errB, &held) {
		t.Fatalf("B's create while A deletes its base = %v, want Transient naming A's lease", errB)
	}
	t.Logf("B backed off: %v", errB)
	if left := ours(t, localLibvirt(t, loadLab(t)), loadLab(t), vm); len(left) != 0 {
		t.Errorf("B's failed create left %v", left)
	}
	if left := volumesOf(t, pool, name); len(left) != 0 {
		t.Errorf("A's delete left %v", left)
	}
	for _, v := range virshVolumes(t, pool) {
		if strings.HasPrefix(v, rules.LeasePrefix) && strings.Contains(v, name) {
			t.Errorf("lease volume left: %s", v)
		}
	}
}
