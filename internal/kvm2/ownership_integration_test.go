//go:build ownership

package kvm2

// Ownership tests against the real lab host: what a VM owns is proven by its definition and
// its UID, never by a name. Run:
//
//	set -a; . .lab/env; set +a; go test -tags ownership -count=1 -run TestLabOwnership ./internal/kvm2/
//
// Every object is named with the test's own prefix (ow-2, ow-7), so each test counts what it
// left in every pool of the host without seeing other tests' objects (owLeft, owSweep in
// integration_test.go, which the integration tier's tests use too). Assertions read the host
// through the local libvirt connection and parse its XML here, not with the code under test.

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// owVolumesWith lists pool/name of the volumes in any pool whose names contain s.
func owVolumesWith(tb testing.TB, l *libvirt.Libvirt, s string) []string {
	tb.Helper()
	var out []string
	for _, pool := range owPools(tb, l) {
		_ = l.StoragePoolRefresh(pool, 0)
		vols, _, err := l.StoragePoolListAllVolumes(pool, 1, 0)
		if err != nil {
			tb.Fatal(err)
		}
		for _, v := range vols {
			if strings.Contains(v.Name, s) {
				out = append(out, pool.Name+"/"+v.Name)
			}
		}
	}
	return out
}

// removeOutOfBand is `virsh undefine` followed by `virsh destroy`: the domain goes, its
// volumes stay.
func removeOutOfBand(tb testing.TB, l *libvirt.Libvirt, name string) {
	tb.Helper()
	d, err := l.DomainLookupByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	if err := l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave); err != nil {
		tb.Fatalf("undefine %s: %v", name, err)
	}
	if err := l.DomainDestroy(d); err != nil {
		var le libvirt.Error
		if !errors.As(err, &le) || le.Code != uint32(libvirt.ErrOperationInvalid) { // not running
			tb.Fatalf("destroy %s: %v", name, err)
		}
	}
}

// disksOf returns the file sources of the disk (root) and cdrom (seed) devices of a domain.
func disksOf(tb testing.TB, l *libvirt.Libvirt, name string) (root, seed []string) {
	tb.Helper()
	d, err := l.DomainLookupByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	x, err := l.DomainGetXMLDesc(d, libvirt.DomainXMLInactive)
	if err != nil {
		tb.Fatal(err)
	}
	var dom libvirtxml.Domain
	if err := dom.Unmarshal(x); err != nil {
		tb.Fatal(err)
	}
	if dom.Devices == nil {
		return nil, nil
	}
	for _, disk := range dom.Devices.Disks {
		if disk.Source == nil || disk.Source.File == nil {
			tb.Fatalf("%s: disk %+v is not a file", name, disk)
		}
		if disk.Device == "cdrom" {
			seed = append(seed, disk.Source.File.File)
		} else {
			root = append(root, disk.Source.File.File)
		}
	}
	return root, seed
}

// markUID reads the uid of the kvm2 mark of a domain ("" without one).
func markUID(tb testing.TB, l *libvirt.Libvirt, name string) string {
	tb.Helper()
	d, err := l.DomainLookupByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	x, err := l.DomainGetMetadata(d, int32(libvirt.DomainMetadataElement), libvirt.OptString{definition.MarkNamespace}, libvirt.DomainAffectCurrent)
	if err != nil {
		return ""
	}
	var m struct {
		UID string `xml:"uid"`
	}
	if err := xml.Unmarshal([]byte(x), &m); err != nil {
		tb.Fatal(err)
	}
	return m.UID
}

// volumeAt returns the volume whose file is path and its backing file ("" for none).
func volumeAt(tb testing.TB, l *libvirt.Libvirt, path string) (libvirt.StorageVol, string) {
	tb.Helper()
	v, err := l.StorageVolLookupByPath(path)
	if err != nil {
		tb.Fatalf("no volume at %s: %v", path, err)
	}
	x, err := l.StorageVolGetXMLDesc(v, 0)
	if err != nil {
		tb.Fatal(err)
	}
	var vol libvirtxml.StorageVolume
	if err := vol.Unmarshal(x); err != nil {
		tb.Fatal(err)
	}
	if vol.BackingStore == nil {
		return v, ""
	}
	return v, vol.BackingStore.Path
}

// adminVolume is a raw volume an administrator made, of a capacity no VM volume has, so that
// a volume deleted and made again under its name is told apart from it.
type adminVolume struct {
	pool, name string
	capacity   uint64
}

func makeAdminVolume(tb testing.TB, l *libvirt.Libvirt, pool, name string) adminVolume {
	tb.Helper()
	p, err := l.StoragePoolLookupByName(pool)
	if err != nil {
		tb.Fatal(err)
	}
	const capacity = 3<<20 + 12<<10
	x := fmt.Sprintf(`<volume><name>%s</name><capacity unit="bytes">%d</capacity><target><format type="raw"/></target></volume>`, name, capacity)
	if _, err := l.StorageVolCreateXML(p, x, 0); err != nil {
		tb.Fatal(err)
	}
	return adminVolume{pool: pool, name: name, capacity: capacity}
}

// intact fails the test unless the administrator's volume is still there as it was made.
func (a adminVolume) intact(tb testing.TB, l *libvirt.Libvirt) {
	tb.Helper()
	p, err := l.StoragePoolLookupByName(a.pool)
	if err != nil {
		tb.Fatal(err)
	}
	_ = l.StoragePoolRefresh(p, 0)
	v, err := l.StorageVolLookupByName(p, a.name)
	if err != nil {
		tb.Fatalf("the administrator's volume %s/%s was deleted: %v", a.pool, a.name, err)
	}
	if _, capacity, _, err := l.StorageVolGetInfo(v); err != nil || capacity != a.capacity {
		tb.Fatalf("the administrator's volume %s/%s was replaced: capacity %d, want %d (%v)", a.pool, a.name, capacity, a.capacity, err)
	}
}

// baseSHA256 is the hex sha256 of a file of the lab host (which is this machine).
func baseSHA256(tb testing.TB, path string) string {
	tb.Helper()
	sum, err := fileSHA256(path)
	if err != nil {
		tb.Fatal(err)
	}
	return sum
}

// A base image named as earlier versions named a VM's root disk (ow-2.qcow2), next to VM ow-2
// in the same pool: the VM gets an overlay of its own, named with its UID and backing onto the
// base, and deleting the VM leaves the base, its marker and an administrator's volume under the
// old seed name alone. Delete finds the VM's volumes by its definition and its UID in any
// pool, so a changed pool setting between create and delete neither leaks them nor deletes the
// same-named volumes of the pool configured now.
func TestLabOwnership_volumesOwnedByIdentity(t *testing.T) {
	const name, p = "ow-2", "ow-2"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	c, _ := labClient(t, env)
	moved, _ := labClient(t, env, func(h *hostconfig.HostConfig) { h.Pool = env.tinyPool })
	ctx := context.Background()
	id := rules.FormatID("lab", name)

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + ".qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	baseSum := baseSHA256(t, base.Path)
	// The administrator's volumes under the names earlier versions gave a VM's disks: the seed
	// name in the VM's pool, both names in the pool a changed setting points at.
	admin := []adminVolume{
		makeAdminVolume(t, l, env.pool, name+"-cidata.iso"),
		makeAdminVolume(t, l, env.tinyPool, name+".qcow2"),
		makeAdminVolume(t, l, env.tinyPool, name+"-cidata.iso"),
	}
	untouched := func(t *testing.T) {
		t.Helper()
		if _, err := l.StorageVolLookupByPath(base.Path); err != nil {
			t.Fatalf("the base image %s was deleted: %v", base.Path, err)
		}
		if _, backing := volumeAt(t, l, base.Path); backing != "" {
			t.Fatalf("the base image has a backing file %s", backing)
		}
		if got := baseSHA256(t, base.Path); got != baseSum {
			t.Fatalf("the base image was written to: sha256 %s, was %s", got, baseSum)
		}
		pool, err := l.StoragePoolLookupByName(env.pool)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := l.StorageVolLookupByName(pool, name+".qcow2"+rules.DigestInfix+base.SHA256); err != nil {
			t.Fatalf("the base image's marker was deleted: %v", err)
		}
		for _, a := range admin {
			a.intact(t, l)
		}
	}
	step := func(name string, f func(t *testing.T)) {
		if !t.Run(name, f) {
			t.FailNow()
		}
	}

	step("the VM boots on an overlay of its own", func(t *testing.T) {
		inst, err := c.Create(ctx, owRequest(name, base.ID))
		if err != nil {
			t.Fatal(err)
		}
		root, seed := disksOf(t, l, name)
		if len(root) != 1 || len(seed) != 1 {
			t.Fatalf("disks %v, seed %v", root, seed)
		}
		if root[0] == base.Path {
			t.Fatalf("the VM boots straight on the base image %s", base.Path)
		}
		overlay, backing := volumeAt(t, l, root[0])
		if overlay.Name != name+"."+inst.UID+".qcow2" || backing != base.Path {
			t.Fatalf("root disk %s (backing %q), want %s.%s.qcow2 on %s", overlay.Name, backing, name, inst.UID, base.Path)
		}
		if sv, _ := volumeAt(t, l, seed[0]); sv.Name != name+"."+inst.UID+".cidata.iso" {
			t.Fatalf("seed %s is not named with the UID %s", sv.Name, inst.UID)
		}
		if err := c.Delete(ctx, id, inst.UID); err != nil {
			t.Fatal(err)
		}
		if left := owVolumesWith(t, l, inst.UID); len(left) != 0 {
			t.Fatalf("the VM's volumes are left: %v", left)
		}
		// Once more with no domain: nothing is deleted by name either.
		if err := c.Delete(ctx, id, inst.UID); err != nil {
			t.Fatal(err)
		}
		untouched(t)
	})

	step("a changed pool setting neither leaks nor deletes", func(t *testing.T) {
		inst, err := c.Create(ctx, owRequest(name, base.ID))
		if err != nil {
			t.Fatal(err)
		}
		// An overlay, a seed, the console log and the log's three copies, made by the create; the
		// refresh (owVolumesWith) keeps them all: the log is appended to, so virtlogd removes no
		// file of it when the guest starts.
		got := owVolumesWith(t, l, inst.UID)
		want := []string{env.pool + "/" + rules.OverlayName(name, inst.UID), env.pool + "/" + rules.SeedName(name, inst.UID)}
		for _, n := range rules.ConsoleLogNames(name, inst.UID) {
			want = append(want, env.pool+"/"+n)
		}
		if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
			t.Fatalf("volumes of the VM: %v, want %v", got, want)
		}
		if err := moved.Delete(ctx, id, inst.UID); err != nil {
			t.Fatal(err)
		}
		if left := owVolumesWith(t, l, inst.UID); len(left) != 0 {
			t.Fatalf("deleted with the pool set to %s, the VM's volumes in %s leak: %v", env.tinyPool, env.pool, left)
		}
		untouched(t)
	})

	step("a changed pool setting finds the leftovers of a domain removed by hand", func(t *testing.T) {
		inst, err := c.Create(ctx, owRequest(name, base.ID))
		if err != nil {
			t.Fatal(err)
		}
		removeOutOfBand(t, l, name)
		if err := moved.Delete(ctx, id, inst.UID); err != nil {
			t.Fatal(err)
		}
		if left := owVolumesWith(t, l, inst.UID); len(left) != 0 {
			t.Fatalf("the removed VM's volumes leak: %v", left)
		}
		untouched(t)
	})

	step("nothing of ours is left", func(t *testing.T) {
		if err := c.DeleteBaseImage(ctx, base.ID); err != nil {
			t.Fatal(err)
		}
		for _, a := range admin {
			pool, err := l.StoragePoolLookupByName(a.pool)
			if err != nil {
				t.Fatal(err)
			}
			v, err := l.StorageVolLookupByName(pool, a.name)
			if err != nil {
				t.Fatal(err)
			}
			if err := l.StorageVolDelete(v, 0); err != nil {
				t.Fatal(err)
			}
		}
		if left := owLeft(t, l, p); len(left) != 0 {
			t.Fatalf("left on the host: %v", left)
		}
	})
}

// lostDefinePool wraps the real SSH pool: on its pooled connections, the first DomainDefineXML
// defines the domain on the host and then reports its call abandoned (a reply lost on the way
// back), and the first DomainUndefine fails without reaching the host, so the cleanup after the
// failed create cannot remove the domain it finds.
type lostDefinePool struct {
	backend.Pool
	defineLost, undefineFailed atomic.Bool
}

// Acquire wraps the pooled connection; dedicated ones (seed uploads) are passed through.
func (p *lostDefinePool) Acquire(ctx context.Context, host string) (backend.Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return &lostDefineBackend{Backend: b, p: p}, release, nil
}

type lostDefineBackend struct {
	backend.Backend
	p *lostDefinePool
}

func (b *lostDefineBackend) DomainDefineXML(ctx context.Context, x string) (libvirt.Domain, error) {
	dom, err := b.Backend.DomainDefineXML(ctx, x)
	if err == nil && b.p.defineLost.CompareAndSwap(false, true) {
		return libvirt.Domain{}, kvmerr.New(kvmerr.Transient, "DomainDefineXML", b.Host(),
			fmt.Errorf("%w: the reply was lost (test)", kvmerr.ErrAbandoned))
	}
	return dom, err
}

func (b *lostDefineBackend) DomainUndefine(ctx context.Context, dom libvirt.Domain, flags libvirt.DomainUndefineFlagsValues) error {
	if b.p.undefineFailed.CompareAndSwap(false, true) {
		return kvmerr.New(kvmerr.Transient, "DomainUndefine", b.Host(), errors.New("write: broken pipe (test)"))
	}
	return b.Backend.DomainUndefine(ctx, dom, flags)
}

// A define whose reply was lost after libvirt defined the domain, followed by a cleanup that
// cannot remove that domain: Create retried with the same request (the same UID) converges to
// one running domain whose overlay and seed exist, not a domain without disks; Delete then
// leaves nothing.
func TestLabOwnership_lostDefineReplyConverges(t *testing.T) {
	const name, p = "ow-7", "ow-7"
	env := loadLab(t)
	l := localLibvirt(t, env)
	owSweep(t, l, p)
	t.Cleanup(func() { owSweep(t, l, p) })
	log := &tbLogger{tb: t}
	cfg := hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": env.hostConfig()}}
	pool := &lostDefinePool{Pool: backend.NewSSHPool(cfg.WithDefaults().SSHConfigs(), cfg.WithDefaults().PoolLimits(), backend.PoolOptions{Observer: rpcLogger{log}})}
	c, err := New(cfg, WithPool(pool), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx := context.Background()

	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		t.Fatal(err)
	}
	req := owRequest(name, base.ID)
	if req.UID, err = rules.NewUID(); err != nil {
		t.Fatal(err)
	}

	_, err = c.Create(ctx, req)
	// A cleanup that never tries to undefine leaves the domain too: only the lost reply must fire.
	if !pool.defineLost.Load() {
		t.Fatalf("no define reply was lost: the test tests nothing; create: %v", err)
	}
	if !errors.Is(err, kvmerr.ErrTransient) || !errors.Is(err, kvmerr.ErrAbandoned) {
		t.Fatalf("first create: %v, want a Transient abandoned call (a caller retries it)", err)
	}
	if uid := markUID(t, l, name); uid != req.UID {
		t.Fatalf("after the lost reply the domain's mark has uid %q, want %s: the scenario did not happen", uid, req.UID)
	}
	root, seed := disksOf(t, l, name)
	t.Logf("after the failed create: domain %s defined (cleanup's undefine failed: %v), root %v, seed %v, volumes %v",
		name, pool.undefineFailed.Load(), root, seed, owVolumesWith(t, l, req.UID))

	inst, err := c.Create(ctx, req)
	if err != nil {
		t.Fatalf("retried create: %v", err)
	}
	if inst.UID != req.UID || inst.State != StateRunning {
		t.Fatalf("retried create: %+v", inst)
	}
	var doms []string
	for _, d := range owLeft(t, l, p) {
		if strings.HasPrefix(d, "domain ") {
			doms = append(doms, d)
		}
	}
	if len(doms) != 1 || markUID(t, l, name) != req.UID {
		t.Fatalf("domains %v (mark uid %q), want one with uid %s", doms, markUID(t, l, name), req.UID)
	}
	root, seed = disksOf(t, l, name)
	if len(root) != 1 || len(seed) != 1 {
		t.Fatalf("disks %v, seed %v", root, seed)
	}
	overlay, backing := volumeAt(t, l, root[0])
	if overlay.Name != name+"."+req.UID+".qcow2" || backing != base.Path {
		t.Fatalf("root disk %s on %q, want the VM's own overlay on %s", overlay.Name, backing, base.Path)
	}
	if sv, _ := volumeAt(t, l, seed[0]); sv.Name != name+"."+req.UID+".cidata.iso" {
		t.Fatalf("seed %s", sv.Name)
	}

	if err := c.Delete(ctx, inst.ID, inst.UID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteBaseImage(ctx, base.ID); err != nil {
		t.Fatal(err)
	}
	if left := owLeft(t, l, p); len(left) != 0 {
		t.Fatalf("left on the host: %v", left)
	}
}
