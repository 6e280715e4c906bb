//go:build integration

package kvm2

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

func TestLab(t *testing.T) {
	env := loadLab(t)
	l := localLibvirt(t, env)
	sweep(t, l, env, itPrefix)
	// Whatever a failed step leaves behind is removed too; the last step asserts that Delete
	// alone already removed everything.
	t.Cleanup(func() { sweep(t, l, env, itPrefix) })
	c, _ := labClient(t, env)
	ctx := context.Background()

	var base imagecache.BaseImage
	step := func(name string, f func(t *testing.T)) {
		if !t.Run(name, f) {
			t.FailNow()
		}
	}

	step("EnsureBaseImage", func(t *testing.T) {
		var err error
		base, err = c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: itBase,
			SourceURL: env.imageURL, SHA256: env.imageSHA256, Format: "qcow2"})
		if err != nil {
			t.Fatal(err)
		}
		if env.imageSHA256 != "" && base.SHA256 != env.imageSHA256 {
			t.Fatalf("sha256 %s, want %s", base.SHA256, env.imageSHA256)
		}
	})

	variants := []struct {
		name   string
		fw     rules.Firmware
		memory int
	}{
		{itPrefix + "bios", rules.FirmwareBIOS, 128},
		{itPrefix + "uefi", rules.FirmwareUEFI, 256},
	}
	created := map[string]Instance{}
	step("Create boots with agent address and seed hostname", func(t *testing.T) {
		for _, v := range variants {
			req := itRequest(v.name, v.fw, v.memory)
			req.BaseImageID = base.ID
			inst, err := c.Create(ctx, req)
			if err != nil {
				t.Fatalf("Create %s: %v", v.name, err)
			}
			if inst.State != StateRunning || inst.UID == "" || inst.Firmware != v.fw {
				t.Fatalf("created %+v", inst)
			}
			created[v.name] = inst
		}
		for _, v := range variants {
			inst := waitForAddress(t, c, rules.FormatID("lab", v.name), created[v.name].UID)
			if net.ParseIP(inst.IPv4).To4() == nil {
				t.Fatalf("%s: address %q", v.name, inst.IPv4)
			}
			dom, err := l.DomainLookupByName(v.name)
			if err != nil {
				t.Fatal(err)
			}
			hostname, err := l.DomainGetHostname(dom, libvirt.DomainGetHostnameAgent)
			if err != nil || hostname != v.name {
				t.Fatalf("%s: agent hostname %q, %v", v.name, hostname, err)
			}
			t.Logf("%s: %s, hostname %s", v.name, inst.IPv4, hostname)
		}
	})

	step("repeat Create adopts", func(t *testing.T) {
		first := created[variants[0].name]
		req := itRequest(first.Name, variants[0].fw, variants[0].memory)
		req.BaseImageID, req.UID = base.ID, first.UID
		again, err := c.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if again.UID != first.UID || !again.CreatedAt.Equal(first.CreatedAt) || again.DomainUUID != first.DomainUUID {
			t.Fatalf("adoption changed identity: %+v vs %+v", again, first)
		}
	})

	step("Get reads UID and created-at back", func(t *testing.T) {
		fresh, _ := labClient(t, env)
		for name, want := range created {
			got, err := fresh.Get(ctx, rules.FormatID("lab", name), want.UID)
			if err != nil {
				t.Fatal(err)
			}
			if got.UID != want.UID || !got.CreatedAt.Equal(want.CreatedAt) || got.BaseImageID != base.ID || !got.Persistent {
				t.Fatalf("read back %+v, want uid %s created %s", got, want.UID, want.CreatedAt)
			}
		}
	})

	step("Gets together share a host-wide read and read as Gets alone", func(t *testing.T) {
		fresh, _ := labClient(t, env)
		// One VM stopped, so the shared read places a shut-off domain too.
		stopped := variants[1].name
		if _, err := fresh.SetRunning(ctx, rules.FormatID("lab", stopped), created[stopped].UID, false); err != nil {
			t.Fatal(err)
		}
		alone, aloneDisk := map[string]Instance{}, map[string]Instance{}
		for name, want := range created {
			got, err := fresh.Get(ctx, rules.FormatID("lab", name), want.UID)
			if err != nil {
				t.Fatal(err)
			}
			alone[name] = got
			if aloneDisk[name], err = fresh.GetWithDisk(ctx, rules.FormatID("lab", name), want.UID); err != nil {
				t.Fatal(err)
			}
		}
		if fresh.reads.Kept("lab") != nil {
			t.Fatal("Gets one at a time made a host-wide read")
		}
		leave := make([]func(), 0, hostwide.SharedReadsFrom-1)
		for range hostwide.SharedReadsFrom - 1 {
			leave = append(leave, fresh.reads.Enter("lab"))
		}
		for name, want := range created {
			got, err := fresh.Get(ctx, rules.FormatID("lab", name), want.UID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, alone[name]) {
				t.Fatalf("%s together:\n%+v\nalone:\n%+v", name, got, alone[name])
			}
			// The disk's size from the host's block statistics, as read from its volume alone.
			withDisk, err := fresh.GetWithDisk(ctx, rules.FormatID("lab", name), want.UID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(withDisk, aloneDisk[name]) {
				t.Fatalf("%s with its disk together:\n%+v\nalone:\n%+v", name, withDisk, aloneDisk[name])
			}
			t.Logf("%s: %s, %q, disk %d GiB", name, got.State, got.IPv4, withDisk.DiskGiB)
		}
		snap := fresh.reads.Kept("lab")
		if snap == nil || snap.Err() != nil {
			t.Fatalf("no host-wide read was made: %+v", snap)
		}
		disks, made, err := snap.Disks()
		if !made || err != nil {
			t.Fatalf("no host-wide read of the disks' sizes was made: %v, %v", made, err)
		}
		for name, inst := range alone {
			dom, _ := ownership.UUIDRef(name, inst.DomainUUID)
			if f, placed := snap.Domain(dom.UUID); !placed || stateOf(f.State) != inst.State {
				t.Errorf("the host-wide read places %s (%s): %v, %+v", name, inst.DomainUUID, placed, f)
			}
			sized := false
			for _, c := range disks[dom.UUID] {
				sized = sized || int(rules.DiskGiBOf(c)) == aloneDisk[name].DiskGiB
			}
			if !sized {
				t.Errorf("the host-wide read gives %s no disk of %d GiB: %v", name, aloneDisk[name].DiskGiB, disks[dom.UUID])
			}
			if inst.State == StateRunning {
				// The newest host-wide read may be younger than the one that gave this VM its
				// address (a Get more than the read's 2 s of age later makes a new one, as on a
				// loaded machine), so it is given a connection to read the leases itself.
				b, release, err := fresh.pool.Acquire(ctx, "lab")
				if err != nil {
					t.Fatal(err)
				}
				addrs, known := snap.LeaseAddrs(ctx, b, inst.Network, inst.MAC)
				release()
				if ip := first(address.UsableIPv4(addrs)); !known || ip != inst.IPv4 || ip == "" {
					t.Errorf("%s: the shared lease read gives %q (%v), the domain %q", name, ip, known, inst.IPv4)
				}
			}
		}
		for _, l := range leave {
			l()
		}
		if _, err := fresh.SetRunning(ctx, rules.FormatID("lab", stopped), created[stopped].UID, true); err != nil {
			t.Fatal(err)
		}
		waitForAddress(t, fresh, rules.FormatID("lab", stopped), created[stopped].UID)
	})

	step("SetTag and SetRunning change the domain in place", func(t *testing.T) {
		id, uid := rules.FormatID("lab", variants[0].name), created[variants[0].name].UID
		inst, err := c.SetTag(ctx, id, uid, itTag+"-moved")
		if err != nil {
			t.Fatal(err)
		}
		if inst.Tag != itTag+"-moved" || inst.UID != created[variants[0].name].UID {
			t.Fatalf("after SetTag: %+v", inst)
		}
		if inst, err = c.SetRunning(ctx, id, uid, false); err != nil || inst.State != StateStopped {
			t.Fatalf("after stop: %+v, %v", inst, err)
		}
		if inst, err = c.SetRunning(ctx, id, uid, true); err != nil || inst.State != StateRunning {
			t.Fatalf("after start: %+v, %v", inst, err)
		}
		if inst, err = c.SetTag(ctx, id, uid, itTag); err != nil || inst.Tag != itTag {
			t.Fatalf("tag back: %+v, %v", inst, err)
		}
	})

	step("ListByTag finds tagged, not untagged", func(t *testing.T) {
		req := itRequest(itPrefix+"untagged", rules.FirmwareBIOS, 128)
		req.BaseImageID, req.Tag, req.Running = base.ID, "", false
		untagged, err := c.Create(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		created[untagged.Name] = untagged
		got, err := c.ListByTag(ctx, itTag)
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, i := range got {
			found[i.Name] = true
		}
		if !found[variants[0].name] || !found[variants[1].name] || found[itPrefix+"untagged"] {
			t.Fatalf("listed %v", found)
		}
	})

	step("foreign UID and unmarked domain are refused", func(t *testing.T) {
		req := itRequest(variants[0].name, rules.FirmwareBIOS, 128)
		req.BaseImageID, req.UID = base.ID, "not-the-owner"
		if _, err := c.Create(ctx, req); !errors.Is(err, kvmerr.ErrPermanent) {
			t.Fatalf("foreign uid: %v", err)
		}
		name := itPrefix + "unmarked"
		if _, err := l.DomainDefineXML(fmt.Sprintf(`<domain type="qemu"><name>%s</name><memory unit="MiB">64</memory>`+
			`<os><type arch="x86_64">hvm</type></os></domain>`, name)); err != nil {
			t.Fatal(err)
		}
		req = itRequest(name, rules.FirmwareBIOS, 128)
		req.BaseImageID = base.ID
		if _, err := c.Create(ctx, req); !errors.Is(err, kvmerr.ErrPermanent) || !strings.Contains(err.Error(), "not managed") {
			t.Fatalf("unmarked create: %v", err)
		}
		if _, err := c.Get(ctx, rules.FormatID("lab", name), ""); !errors.Is(err, kvmerr.ErrPermanent) || !errors.Is(err, ownership.ErrNotManaged) {
			t.Fatalf("unmarked import: %v", err)
		}
		var gone *ownership.GoneError
		if _, err := c.Get(ctx, rules.FormatID("lab", name), created[variants[0].name].UID); !errors.Is(err, kvmerr.ErrNotFound) || !errors.As(err, &gone) {
			t.Fatalf("unmarked get with a uid: %v", err)
		}
		if err := c.Delete(ctx, rules.FormatID("lab", name), created[variants[0].name].UID); err != nil {
			t.Fatalf("unmarked delete: %v", err)
		}
		if _, err := l.DomainLookupByName(name); err != nil {
			t.Fatalf("unmarked domain touched: %v", err)
		}
	})

	step("wrong sha256 is refused and leaves no volume", func(t *testing.T) {
		name := itPrefix + "badsum.qcow2"
		_, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: name,
			SourceURL: env.imageURL, SHA256: strings.Repeat("0", 64)})
		if !errors.Is(err, kvmerr.ErrPermanent) {
			t.Fatalf("err = %v", err)
		}
		if left := ours(t, l, env, name); len(left) != 0 {
			t.Fatalf("left behind: %v", left)
		}
	})

	step("tiny pool is QuotaExceeded before any write", func(t *testing.T) {
		tiny, _ := labClient(t, env, func(h *hostconfig.HostConfig) { h.Pool = env.tinyPool })
		name := itPrefix + "tiny"
		req := itRequest(name, rules.FirmwareBIOS, 128)
		req.BaseImageID = base.ID
		_, err := tiny.Create(ctx, req)
		var qe *kvmerr.QuotaError
		if !errors.Is(err, kvmerr.ErrQuotaExceeded) || !errors.As(err, &qe) || qe.Pool != env.tinyPool {
			t.Fatalf("err = %v", err)
		}
		t.Logf("quota: %v", err)
		if left := ours(t, l, env, name); len(left) != 0 {
			t.Fatalf("written before the precheck: %v", left)
		}
	})

	step("Delete twice, nothing of ours remains", func(t *testing.T) {
		for _, name := range []string{variants[0].name, variants[1].name, itPrefix + "untagged"} {
			for i := range 2 {
				if err := c.Delete(ctx, rules.FormatID("lab", name), created[name].UID); err != nil {
					t.Fatalf("delete %s #%d: %v", name, i+1, err)
				}
			}
			if _, err := c.Get(ctx, rules.FormatID("lab", name), created[name].UID); !errors.Is(err, kvmerr.ErrNotFound) {
				t.Fatalf("Get after delete: %v", err)
			}
		}
		sweep(t, l, env, itPrefix+"unmarked")
		if err := c.DeleteBaseImage(ctx, base.ID); err != nil {
			t.Fatal(err)
		}
		if left := ours(t, l, env, itPrefix); len(left) != 0 {
			t.Fatalf("left behind: %v", left)
		}
	})
}

func TestLabCheck(t *testing.T) {
	env := loadLab(t)
	ctx := context.Background()
	t.Run("OK with details", func(t *testing.T) {
		c, _ := labClient(t, env)
		h := c.Check(ctx)
		if len(h) != 1 || h[0].Reason != hosthealth.ReasonOK || h[0].Status != hosthealth.HealthOK {
			t.Fatalf("Check = %+v", h)
		}
		if h[0].LibvirtVersion == "" || h[0].Hypervisor == "" || h[0].PoolCapacityBytes == 0 || h[0].Latency <= 0 {
			t.Fatalf("details missing: %+v", h[0])
		}
		t.Logf("%+v", h[0])
	})
	t.Run("wrong known_hosts is HostKeyMismatch", func(t *testing.T) {
		pub, _, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		sshPub, err := ssh.NewPublicKey(pub)
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("[%s]:%d %s", env.host, env.port, ssh.MarshalAuthorizedKey(sshPub))
		kh := filepath.Join(t.TempDir(), "known_hosts")
		if err := os.WriteFile(kh, []byte(line), 0o600); err != nil {
			t.Fatal(err)
		}
		c, _ := labClient(t, env, func(h *hostconfig.HostConfig) { h.KnownHostsFile = kh })
		if h := c.Check(ctx); h[0].Reason != hosthealth.ReasonHostKeyMismatch {
			t.Fatalf("Check = %+v", h)
		}
	})
	t.Run("a host missing from known_hosts is HostKeyUnknown", func(t *testing.T) {
		kh := filepath.Join(t.TempDir(), "known_hosts")
		if err := os.WriteFile(kh, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		c, _ := labClient(t, env, func(h *hostconfig.HostConfig) { h.KnownHostsFile = kh })
		if h := c.Check(ctx); h[0].Reason != hosthealth.ReasonHostKeyUnknown || !strings.Contains(h[0].Message, "has no entry in "+kh) {
			t.Fatalf("Check = %+v", h)
		}
	})
	t.Run("closed port is Unreachable", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := ln.Addr().(*net.TCPAddr).Port
		ln.Close()
		c, _ := labClient(t, env, func(h *hostconfig.HostConfig) { h.Address, h.Port = "127.0.0.1", port })
		if h := c.Check(ctx); h[0].Reason != hosthealth.ReasonUnreachable {
			t.Fatalf("Check = %+v", h)
		}
	})
}

// BenchmarkLabGet reports the time and the RPC count of one Get of a running guest over SSH.
func BenchmarkLabGet(b *testing.B) {
	env := loadLab(b)
	l := localLibvirt(b, env)
	prefix := itPrefix + "bench-get"
	sweep(b, l, env, prefix)
	b.Cleanup(func() { sweep(b, l, env, prefix) })
	c, log := labClient(b, env)
	ctx := context.Background()
	base, err := c.EnsureBaseImage(ctx, imagecache.BaseImageRequest{Host: "lab", Pool: env.pool, Name: prefix + "-base.qcow2",
		SourceURL: env.imageURL, SHA256: env.imageSHA256})
	if err != nil {
		b.Fatal(err)
	}
	req := itRequest(prefix, rules.FirmwareBIOS, 128)
	req.BaseImageID = base.ID
	inst, err := c.Create(ctx, req)
	if err != nil {
		b.Fatal(err)
	}
	w := budget.CoreGuestAddress.Start()
	for inst.IPv4 == "" && !w.Over() {
		time.Sleep(2 * time.Second)
		if inst, err = c.Get(ctx, inst.ID, inst.UID); err != nil {
			b.Fatal(err)
		}
	}
	if inst.IPv4 == "" {
		b.Fatal(w.Errorf("guest %s has no address", inst.ID))
	}
	before := log.rpcs.Load()
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Get(ctx, inst.ID, inst.UID); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(log.rpcs.Load()-before)/float64(b.N), "RPCs/op")
}

// BenchmarkLabListByTag50 reports the time of ListByTag over 50 marked, defined, never started
// domains (their disk paths do not exist: defining does not open them).
func BenchmarkLabListByTag50(b *testing.B) {
	env := loadLab(b)
	l := localLibvirt(b, env)
	prefix := itPrefix + "bench-list-"
	sweep(b, l, env, prefix)
	b.Cleanup(func() { sweep(b, l, env, prefix) })
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("%s%02d", prefix, i)
			x, err := definition.DomainXML(definition.DomainSpec{Name: name, Type: definition.TypeQEMU, VCPUs: 1, MemoryMiB: 64,
				Firmware: definition.FirmwareBIOS, OverlayPath: "/nonexistent/" + name + ".qcow2", SeedPath: "/nonexistent/" + name + ".iso",
				NICs: []definition.NIC{{Network: env.network}}, Mark: definition.Mark{UID: name, Tag: "bench", CreatedAt: time.Now()}})
			if err == nil {
				_, err = l.DomainDefineXML(x)
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	c, log := labClient(b, env)
	ctx := context.Background()
	before := log.rpcs.Load()
	b.ResetTimer()
	for b.Loop() {
		got, err := c.ListByTag(ctx, "bench")
		if err != nil || len(got) != 50 {
			b.Fatalf("%d instances, %v", len(got), err)
		}
	}
	b.ReportMetric(float64(log.rpcs.Load()-before)/float64(b.N), "RPCs/op")
}
