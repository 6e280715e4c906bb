package kvm2

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// lostReplyPool makes the first DomainDefineXML through its connections happen on the host and
// then lose its reply, as a call abandoned after libvirt defined the domain does.
type lostReplyPool struct {
	backend.Pool
	lost atomic.Bool
}

func (p *lostReplyPool) Acquire(ctx context.Context, host string) (backend.Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return &lostReplyBackend{Backend: b, p: p}, release, nil
}

type lostReplyBackend struct {
	backend.Backend
	p *lostReplyPool
}

func (b *lostReplyBackend) DomainDefineXML(ctx context.Context, x string) (libvirt.Domain, error) {
	dom, err := b.Backend.DomainDefineXML(ctx, x)
	if err == nil && b.p.lost.CompareAndSwap(false, true) {
		return libvirt.Domain{}, fmt.Errorf("DomainDefineXML: %w", kvmerr.ErrAbandoned)
	}
	return dom, err
}

// A define whose reply was lost, whose cleanup could remove the disks but not the domain,
// leaves a marked domain without disks: the retry with the same UID rebuilds it instead of
// adopting a VM that cannot boot.
func TestCreate_lostDefineReplyRetryRebuildsTheDisks(t *testing.T) {
	h := newCore(t)
	lost := &lostReplyPool{Pool: h.pool}
	c, err := New(h.c.cfg, WithPool(lost), WithLogger(h.log))
	if err != nil {
		t.Fatal(err)
	}
	c.statePoll = h.c.statePoll
	t.Cleanup(c.seedUploads.Close)
	h.fb.FailNth("DomainUndefine", 1, errors.New("write: broken pipe"))
	_, err = c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient || !lost.lost.Load() {
		t.Fatalf("first create: %v (reply lost: %v)", err, lost.lost.Load())
	}
	if _, ok := h.fb.Domain(vmName); !ok {
		t.Fatal("setup: the cleanup removed the domain; the test needs it left without disks")
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, labOverlay); ok {
		t.Fatal("setup: the cleanup kept the overlay")
	}
	inst, err := c.Create(context.Background(), labRequest())
	if err != nil {
		t.Fatal(err)
	}
	if inst.UID != labUID || inst.State != StateRunning {
		t.Fatalf("retry gave %+v", inst)
	}
	for _, v := range []string{labOverlay, labSeed} {
		if _, ok := h.fb.Volume(fake.DefaultPool, v); !ok {
			t.Fatalf("the retried VM has no %s", v)
		}
	}
	if n := len(h.fb.DomainNames()); n != 1 {
		t.Fatalf("%d domains", n)
	}
}

// A failed create whose cleanup cannot finish says so with the UID, keeps the failure's class,
// and Delete with that UID then removes what was left.
func TestCreate_unfinishedCleanupReturnsTheUID(t *testing.T) {
	h := newCore(t)
	h.fb.FailAlways("DomainCreate", lverr(libvirt.ErrOperationFailed))
	h.fb.FailAlways("StorageVolDelete", errors.New("write: broken pipe"))
	_, err := h.c.Create(context.Background(), labRequest())
	var left *LeftoversError
	if !errors.As(err, &left) || left.UID != labUID || left.ID != vmID {
		t.Fatalf("err = %v, want a LeftoversError with the uid", err)
	}
	if got, want := kvmerr.Classify(err), kvmerr.Classify(lverr(libvirt.ErrOperationFailed)); got != want {
		t.Fatalf("class %v, want the create failure's %v", got, want)
	}
	h.fb.ClearFaults("")
	if err := h.c.Delete(context.Background(), vmID, left.UID); err != nil {
		t.Fatal(err)
	}
	assertNoDebris(t, h)
}

// A volume whose create reply was lost is still removed by the cleanup: its name carries the UID.
func TestCreate_cleanupFindsAVolumeWhoseReplyWasLost(t *testing.T) {
	h := newCore(t)
	h.fb.Inject("StorageVolCreateXML", func(_ context.Context, c fake.Call) error {
		if c.Target == fake.DefaultPool+"/"+labSeed {
			h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed, Format: "raw"})
			return fmt.Errorf("StorageVolCreateXML: %w", kvmerr.ErrAbandoned)
		}
		return nil
	})
	if _, err := h.c.Create(context.Background(), labRequest()); classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	assertNoDebris(t, h)
}
