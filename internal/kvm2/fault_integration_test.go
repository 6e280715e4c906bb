//go:build ownership

package kvm2

// Faults injected between the core and the real lab host, through a wrapper around the real
// backend: a define whose reply is lost, and a seed upload stream that hangs. Each test lets
// Create converge afterwards, deletes, and counts what is left on the host under its names
// (must be 0). Run:
//
//	set -a; . .lab/env; set +a; go test -tags ownership -count=1 -run TestLabFault -v ./internal/kvm2/

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"
	"github.com/kdomanski/iso9660"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// flPrefix starts the name of everything the fault tests create on the lab.
const flPrefix = "fl-"

// faults holds the hooks a faultBackend runs instead of the real call; a nil hook passes the
// call through. Hooks receive the real backend.
type faults struct {
	mu     sync.Mutex
	define func(ctx context.Context, b backend.Backend, xml string) (libvirt.Domain, error)
	lookup func(ctx context.Context, b backend.Backend, name string) (libvirt.Domain, error)
	upload func(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, r io.Reader, length uint64) error
}

func (f *faults) set(apply func(f *faults)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	apply(f)
}

func (f *faults) get() faults {
	f.mu.Lock()
	defer f.mu.Unlock()
	return faults{define: f.define, lookup: f.lookup, upload: f.upload}
}

// faultPool hands out the production pool's backends wrapped in faultBackend.
type faultPool struct {
	backend.Pool
	f *faults
}

func (p faultPool) Acquire(ctx context.Context, host string) (backend.Backend, func(), error) {
	b, release, err := p.Pool.Acquire(ctx, host)
	if err != nil {
		return nil, nil, err
	}
	return &faultBackend{Backend: b, f: p.f}, release, nil
}

func (p faultPool) Dedicated(ctx context.Context, host string) (backend.Backend, error) {
	b, err := p.Pool.Dedicated(ctx, host)
	if err != nil {
		return nil, err
	}
	return &faultBackend{Backend: b, f: p.f}, nil
}

// faultBackend is the real backend with the calls that faults hooks replaced.
type faultBackend struct {
	backend.Backend
	f *faults
}

// Alive forwards the real backend's liveness, which the core reads after a failure.
func (b *faultBackend) Alive() bool {
	l, ok := b.Backend.(backend.Liveness)
	return !ok || l.Alive()
}

func (b *faultBackend) DomainDefineXML(ctx context.Context, xml string) (libvirt.Domain, error) {
	if h := b.f.get().define; h != nil {
		return h(ctx, b.Backend, xml)
	}
	return b.Backend.DomainDefineXML(ctx, xml)
}

func (b *faultBackend) DomainLookupByName(ctx context.Context, name string) (libvirt.Domain, error) {
	if h := b.f.get().lookup; h != nil {
		return h(ctx, b.Backend, name)
	}
	return b.Backend.DomainLookupByName(ctx, name)
}

func (b *faultBackend) StorageVolUpload(ctx context.Context, vol libvirt.StorageVol, r io.Reader, length uint64) error {
	if h := b.f.get().upload; h != nil {
		return h(ctx, b.Backend, vol, r, length)
	}
	return b.Backend.StorageVolUpload(ctx, vol, r, length)
}

// faultClient is the core on the lab over the production SSH pool wrapped in faults.
func faultClient(t *testing.T, env labEnv) (*Client, *faults) {
	t.Helper()
	cfg := hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": env.hostConfig()}}.WithDefaults()
	log := &tbLogger{tb: t}
	f := &faults{}
	pool := faultPool{Pool: backend.NewSSHPool(cfg.SSHConfigs(), cfg.PoolLimits(), backend.PoolOptions{Observer: rpcLogger{log}}), f: f}
	c, err := New(cfg, WithPool(pool), WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, f
}

// faultRun is one fault test's names on the lab: fl-<what>-<token>.
type faultRun struct {
	t     *testing.T
	env   labEnv
	token string
}

func newFaultRun(t *testing.T) *faultRun {
	env := loadLab(t)
	r := &faultRun{t: t, env: env, token: strings.ToLower(rand.Text()[:6])}
	// Runs after the test's own assertions: whatever a failed step left is removed.
	t.Cleanup(func() { r.sweep() })
	return r
}

// with is r reporting to t: a subtest's assertions fail the subtest.
func (r *faultRun) with(t *testing.T) *faultRun {
	c := *r
	c.t = t
	return &c
}

func (r *faultRun) name(what string) string { return flPrefix + what + "-" + r.token }

// local opens a fresh connection to the lab's libvirtd on its local socket: the assertion side
// channel, which does not trust the code under test.
func (r *faultRun) local() *libvirt.Libvirt {
	r.t.Helper()
	socket := r.env.socket
	if socket == "" {
		socket = rules.DefaultSocket
	}
	l := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(socket)))
	if err := l.Connect(); err != nil {
		r.t.Fatalf("local libvirt connection for assertions: %v", err)
	}
	return l
}

// left lists this run's domains and volumes (in every pool) still on the lab.
func (r *faultRun) left() []string {
	r.t.Helper()
	l := r.local()
	defer l.Disconnect()
	var out []string
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, d := range doms {
		if r.ours(d.Name) {
			out = append(out, "domain "+d.Name)
		}
	}
	pools, _, err := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, p := range pools {
		_ = l.StoragePoolRefresh(p, 0)
		vols, _, err := l.StoragePoolListAllVolumes(p, 1, 0)
		if err != nil {
			r.t.Fatal(err)
		}
		for _, v := range vols {
			if r.ours(v.Name) {
				out = append(out, "volume "+p.Name+"/"+v.Name)
			}
		}
	}
	return out
}

// leftOf is left restricted to the objects of the VM named vm (its domain and volumes).
func (r *faultRun) leftOf(vm string) []string {
	r.t.Helper()
	var out []string
	for _, o := range r.left() {
		if n := o[strings.LastIndex(o, "/")+1:]; strings.HasSuffix(o, " "+vm) || strings.HasPrefix(n, vm+".") {
			out = append(out, o)
		}
	}
	return out
}

// ours reports whether name is one of this run's objects (a marker or a volume named after an
// object carries the object's name, hence the token).
func (r *faultRun) ours(name string) bool {
	return strings.HasPrefix(name, flPrefix) && strings.Contains(name, r.token)
}

// assertNothingLeft is the leak count of a fault test: 0 domains and 0 volumes of this run.
func (r *faultRun) assertNothingLeft() {
	r.t.Helper()
	left := r.left()
	r.t.Logf("leak count: %d %v", len(left), left)
	if len(left) > 0 {
		r.t.Errorf("left on the lab host: %v", left)
	}
}

// sweep removes this run's objects, whatever state they are in.
func (r *faultRun) sweep() {
	l := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(r.env.socket)))
	if err := l.Connect(); err != nil {
		r.t.Logf("sweep: %v", err)
		return
	}
	defer l.Disconnect()
	doms, _, _ := l.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if r.ours(d.Name) {
			_ = l.DomainDestroy(d)
			_ = l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram)
		}
	}
	pools, _, _ := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	for _, p := range pools {
		vols, _, _ := l.StoragePoolListAllVolumes(p, 1, 0)
		for _, v := range vols {
			if r.ours(v.Name) {
				_ = l.StorageVolDelete(v, 0)
			}
		}
	}
}

// domainOnHost reports whether a domain named name exists on the lab.
func (r *faultRun) domainOnHost(name string) bool {
	r.t.Helper()
	l := r.local()
	defer l.Disconnect()
	_, err := l.DomainLookupByName(name)
	return err == nil
}

// volumeOnHost reports whether the lab's pool holds the volume.
func (r *faultRun) volumeOnHost(name string) bool {
	r.t.Helper()
	l := r.local()
	defer l.Disconnect()
	p, err := l.StoragePoolLookupByName(r.env.pool)
	if err != nil {
		r.t.Fatal(err)
	}
	_ = l.StoragePoolRefresh(p, 0)
	_, err = l.StorageVolLookupByName(p, name)
	return err == nil
}

// base caches the lab image under this run's name and deletes it when the test ends.
func (r *faultRun) base(c *Client) imagecache.BaseImage {
	r.t.Helper()
	img, err := c.EnsureBaseImage(context.Background(), imagecache.BaseImageRequest{Host: "lab", Pool: r.env.pool,
		Name: r.name("base") + ".qcow2", SourceURL: r.env.imageURL, SHA256: r.env.imageSHA256, Format: "qcow2"})
	if err != nil {
		r.t.Fatalf("EnsureBaseImage: %v", err)
	}
	r.t.Cleanup(func() {
		if err := c.DeleteBaseImage(context.Background(), img.ID); err != nil {
			r.t.Errorf("DeleteBaseImage: %v", err)
		}
		r.assertNothingLeft()
	})
	return img
}

// request is a small stopped VM on base with a fixed UID, as the provider sends on every retry.
func (r *faultRun) request(name string, base imagecache.BaseImage) CreateRequest {
	uid, err := rules.NewUID()
	if err != nil {
		r.t.Fatal(err)
	}
	return CreateRequest{Host: "lab", Name: name, UID: uid, VCPUs: 1, MemoryMiB: 64, DiskGiB: 1,
		Firmware: rules.FirmwareBIOS, BaseImageID: base.ID, Tag: "fl", UserData: []byte("#!/bin/sh\necho fault\n")}
}

// assertConverged checks that the VM exists once, under the request's UID, with both its disks.
func (r *faultRun) assertConverged(c *Client, req CreateRequest, inst Instance) {
	r.t.Helper()
	if inst.UID != req.UID {
		r.t.Fatalf("created VM has UID %q, want the request's %q", inst.UID, req.UID)
	}
	got, err := c.Get(context.Background(), rules.FormatID("lab", req.Name), req.UID)
	if err != nil {
		r.t.Fatalf("Get after convergence: %v", err)
	}
	if got.UID != req.UID {
		r.t.Fatalf("Get: UID %q, want %q", got.UID, req.UID)
	}
	for _, v := range []string{rules.OverlayName(req.Name, req.UID), rules.SeedName(req.Name, req.UID)} {
		if !r.volumeOnHost(v) {
			r.t.Errorf("volume %s of the converged VM is missing", v)
		}
	}
}

// lostDefineReply is a define hook: the definition reaches libvirt, then the reply is lost the
// way the abandon policy loses one (the link is closed, the call reports ErrAbandoned).
func lostDefineReply(defined *atomic.Int32, after func()) func(context.Context, backend.Backend, string) (libvirt.Domain, error) {
	return func(ctx context.Context, b backend.Backend, xml string) (libvirt.Domain, error) {
		if _, err := b.DomainDefineXML(ctx, xml); err != nil {
			return libvirt.Domain{}, err
		}
		defined.Add(1)
		_ = b.Close()
		if after != nil {
			after()
		}
		return libvirt.Domain{}, kvmerr.New(kvmerr.Transient, "DomainDefineXML", b.Host(),
			fmt.Errorf("%w: reply lost after libvirt defined the domain (injected)", kvmerr.ErrAbandoned))
	}
}

// TestLabFault_defineReplyLost: libvirt defines the domain but the reply never reaches the core.
// With the cleanup able to look the name up, it removes the domain and the disks; with that
// lookup failing too, a marked domain without disks stays. Either way the next Create with the
// same UID (the provider's retry) converges on one VM with both disks, and Delete leaves nothing.
func TestLabFault_defineReplyLost(t *testing.T) {
	r := newFaultRun(t)
	c, f := faultClient(t, r.env)
	base := r.base(c)
	ctx := context.Background()

	t.Run("cleanup sees the domain", func(t *testing.T) {
		r := r.with(t)
		req := r.request(r.name("define-a"), base)
		var defined atomic.Int32
		f.set(func(f *faults) { f.define = lostDefineReply(&defined, nil) })
		_, err := c.Create(ctx, req)
		f.set(func(f *faults) { f.define = nil })
		if defined.Load() != 1 || !errors.Is(err, kvmerr.ErrTransient) {
			t.Fatalf("faulted Create: defined %d times, err %v; want 1 define and a Transient error", defined.Load(), err)
		}
		t.Logf("faulted Create: %v", err)
		if left := r.leftOf(req.Name); len(left) > 0 {
			t.Errorf("after the lost reply the cleanup left %v (the domain is ours by its mark: it should be gone)", left)
		}
		start := time.Now()
		inst, err := c.Create(ctx, req)
		if err != nil {
			t.Fatalf("retry Create: %v", err)
		}
		t.Logf("retry Create converged in %v", time.Since(start).Round(time.Millisecond))
		r.assertConverged(c, req, inst)
		if err := c.Delete(ctx, inst.ID, req.UID); err != nil {
			t.Fatalf("Delete: %v", err)
		}
	})

	t.Run("cleanup cannot see the domain", func(t *testing.T) {
		r := r.with(t)
		req := r.request(r.name("define-b"), base)
		var defined, lookups, lookupsFailed atomic.Int32
		// Only the first lookup after the define fails: the cleanup's.
		failNextLookup := func() {
			f.set(func(f *faults) {
				f.lookup = func(ctx context.Context, b backend.Backend, name string) (libvirt.Domain, error) {
					if lookups.Add(1) > 1 {
						return b.DomainLookupByName(ctx, name)
					}
					lookupsFailed.Add(1)
					return libvirt.Domain{}, kvmerr.New(kvmerr.Transient, "DomainLookupByName", b.Host(),
						fmt.Errorf("%w: injected", kvmerr.ErrAbandoned))
				}
			})
		}
		f.set(func(f *faults) { f.define = lostDefineReply(&defined, failNextLookup) })
		_, err := c.Create(ctx, req)
		f.set(func(f *faults) { f.define, f.lookup = nil, nil })
		if defined.Load() != 1 || lookupsFailed.Load() != 1 || !errors.Is(err, kvmerr.ErrTransient) {
			t.Fatalf("faulted Create: defined %d, cleanup lookups failed %d, err %v; want 1, 1 and a Transient error",
				defined.Load(), lookupsFailed.Load(), err)
		}
		t.Logf("faulted Create: %v", err)
		if !r.domainOnHost(req.Name) {
			t.Fatalf("the fault did not leave the domain behind; the diskless-domain path is not exercised")
		}
		if r.volumeOnHost(rules.OverlayName(req.Name, req.UID)) || r.volumeOnHost(rules.SeedName(req.Name, req.UID)) {
			t.Fatalf("the cleanup left the disks; the diskless-domain path is not exercised")
		}
		t.Logf("after the fault: a marked domain without disks, as in a lost define reply followed by a cleanup")
		start := time.Now()
		inst, err := c.Create(ctx, req)
		if err != nil {
			t.Fatalf("retry Create over the diskless domain: %v", err)
		}
		t.Logf("retry Create converged in %v", time.Since(start).Round(time.Millisecond))
		r.assertConverged(c, req, inst)
		if err := c.Delete(ctx, inst.ID, req.UID); err != nil {
			t.Fatalf("Delete: %v", err)
		}
	})
}

// hangingReader never yields a byte: a stream that hangs. It lets go only a second after ctx
// ended, so the adapter's abandon policy (not this reader's error) ends the call, as with the
// go-libvirt stream hang.
type hangingReader struct{ ctx context.Context }

func (h hangingReader) Read([]byte) (int, error) {
	<-h.ctx.Done()
	time.Sleep(time.Second)
	return 0, h.ctx.Err()
}

// TestLabFault_seedUploadHangs: the first StorageVolUpload of Create (the seed ISO) hangs on the
// real host. The upload's budget abandons it, the one retry on a new connection writes the seed,
// and Create converges; the seed on disk is the one Create built.
func TestLabFault_seedUploadHangs(t *testing.T) {
	r := newFaultRun(t)
	c, f := faultClient(t, r.env)
	base := r.base(c)
	ctx := context.Background()
	req := r.request(r.name("hang"), base)

	type attempt struct {
		took time.Duration
		err  error
	}
	var mu sync.Mutex
	var attempts []attempt
	f.set(func(f *faults) {
		f.upload = func(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, rd io.Reader, length uint64) error {
			mu.Lock()
			first := len(attempts) == 0
			mu.Unlock()
			start := time.Now()
			var err error
			if first {
				err = b.StorageVolUpload(ctx, vol, hangingReader{ctx}, length)
			} else {
				err = b.StorageVolUpload(ctx, vol, rd, length)
			}
			mu.Lock()
			attempts = append(attempts, attempt{time.Since(start), err})
			mu.Unlock()
			return err
		}
	})
	start := time.Now()
	inst, err := c.Create(ctx, req)
	took := time.Since(start)
	f.set(func(f *faults) { f.upload = nil })
	for i, a := range attempts {
		t.Logf("seed upload attempt %d: %v, err %v", i+1, a.took.Round(time.Millisecond), a.err)
	}
	if err != nil {
		t.Fatalf("Create with a hanging seed upload: %v (after %v)", err, took)
	}
	t.Logf("Create converged in %v (seed budget %v, %d upload attempts)", took.Round(time.Millisecond), c.seedBudget, len(attempts))
	if len(attempts) != 2 || !errors.Is(attempts[0].err, kvmerr.ErrAbandoned) || attempts[1].err != nil {
		t.Fatalf("want the hung upload abandoned and one successful retry, got %d attempts", len(attempts))
	}
	if attempts[0].took < c.seedBudget || attempts[0].took > c.seedBudget+5*time.Second {
		t.Errorf("the hung upload ended after %v, want about its budget %v", attempts[0].took, c.seedBudget)
	}
	r.assertConverged(c, req, inst)
	r.assertSeedOnDisk(req)
	if err := c.Delete(ctx, inst.ID, req.UID); err != nil {
		t.Fatalf("Delete: %v", err)
	}
}

// assertSeedOnDisk compares the files of the seed ISO in the dir pool with those of the ISO
// Create builds for req (the ISO's own timestamps differ between builds).
func (r *faultRun) assertSeedOnDisk(req CreateRequest) {
	r.t.Helper()
	l := r.local()
	defer l.Disconnect()
	p, err := l.StoragePoolLookupByName(r.env.pool)
	if err != nil {
		r.t.Fatal(err)
	}
	v, err := l.StorageVolLookupByName(p, rules.SeedName(req.Name, req.UID))
	if err != nil {
		r.t.Fatalf("seed volume: %v", err)
	}
	path, err := l.StorageVolGetPath(v)
	if err != nil {
		r.t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		r.t.Fatalf("read the seed file: %v", err)
	}
	want, err := definition.SeedISO(definition.SeedSpec{InstanceID: req.UID, Hostname: req.Name, UserData: req.UserData})
	if err != nil {
		r.t.Fatal(err)
	}
	gotFiles, wantFiles := isoFiles(r.t, got), isoFiles(r.t, want)
	if len(wantFiles) == 0 || fmt.Sprint(gotFiles) != fmt.Sprint(wantFiles) {
		r.t.Errorf("the seed on disk holds %q, want %q", gotFiles, wantFiles)
	}
}

// isoFiles maps the names of the files in the root of an ISO 9660 image to their contents.
func isoFiles(t *testing.T, img []byte) map[string]string {
	t.Helper()
	im, err := iso9660.OpenImage(bytes.NewReader(img))
	if err != nil {
		t.Fatalf("open ISO: %v", err)
	}
	root, err := im.RootDir()
	if err != nil {
		t.Fatal(err)
	}
	children, err := root.GetChildren()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range children {
		if f.IsDir() {
			continue
		}
		b, err := io.ReadAll(f.Reader())
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name()] = string(b)
	}
	return out
}
