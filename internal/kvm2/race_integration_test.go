//go:build integration

package kvm2

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// gateOn is a backend.Hook that holds the first call match accepts at g (fake.Gate, as
// fake.Backend.Pause holds one on the fake) until g is released.
func gateOn(g *fake.Gate, match func(method, target string) bool) backend.Before {
	return func(ctx context.Context, _, method, target string) error {
		if !match(method, target) {
			return nil
		}
		return g.Hold(ctx)
	}
}

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

	gate := fake.NewGate()
	a.pool = backend.Hook(a.pool, gateOn(gate, func(method, target string) bool { return method == "StorageVolDelete" && target == pool+"/"+name }))
	errA := make(chan error, 1)
	go func() { errA <- a.DeleteBaseImage(ctx, img.ID, imagecache.Recorded(img.SHA256, img.Path)) }()
	select {
	case <-gate.Reached():
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
		gate.Release()
		t.Fatalf("lease volumes of %s on the host while A holds it: %v", name, leases)
	}
	t.Logf("A holds %s", leases[0])
	// A refresh of the pool (any process's: an upload's end, a delete of an old VM) rebuilds
	// libvirt's list from the directory: the lease, a file whose name starts with a dot, stays.
	virsh(t, "pool-refresh", pool)
	if !slices.Contains(virshVolumes(t, pool), leases[0]) {
		gate.Release()
		t.Fatalf("the lease %s is gone from the pool's list after a refresh", leases[0])
	}

	req := owRequest(vm, img.ID)
	req.NICs = []definition.NIC{{Network: imgLabEnv(t, "KVM2_TEST_NETWORK")}} // so that only the race can stop it
	_, errB := b.Create(ctx, req)
	gate.Release()
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

// leaseHolderEnv makes the test binary a process that takes a lease on the lab and waits to be
// killed (TestIntegrationLease_killedHolderIsTakenOverAfterExpiry runs it).
const leaseHolderEnv = "KVM2_TEST_LEASE_HOLDER"

// labLeaseTTL is the lease's life in the kill test: short, so the test waits seconds, not a minute.
const labLeaseTTL = 3 * time.Second

// onLabPool runs f on a pooled connection of c to the lab and the lab's pool.
func onLabPool(t *testing.T, c *Client, f func(b backend.Backend, p libvirt.StoragePool) error) error {
	t.Helper()
	return backend.OnPooled(context.Background(), c.pool, imgLabHost, func(b backend.Backend) error {
		p, err := b.StoragePoolLookupByName(context.Background(), imgLabEnv(t, "KVM2_TEST_POOL"))
		if err != nil {
			return err
		}
		return f(b, p)
	})
}

// TestIntegrationLease_killedHolderIsTakenOverAfterExpiry: a process holding a lease on the lab
// is SIGKILLed. Another process waits, told who holds it and until when, and takes it over once
// it expired (plus the skew allowed): the killed holder's lease volume is deleted, its own stands.
func TestIntegrationLease_killedHolderIsTakenOverAfterExpiry(t *testing.T) {
	subject := "image-" + strings.TrimSuffix(imgLabName(t, "lease-it"), ".qcow2")
	c := imgLabClient(t, nil)
	cmd := exec.Command(os.Args[0], "-test.run=^TestIntegrationLease_holder$", "-test.v")
	cmd.Env = append(os.Environ(), leaseHolderEnv+"="+subject)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	owner := ""
	for sc.Scan() {
		if o, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "HELD "); ok {
			owner = o
			break
		}
	}
	if owner == "" {
		_ = cmd.Process.Kill()
		t.Fatalf("the holder printed no HELD line: %v", cmd.Wait())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	t.Logf("holder %s killed", owner)

	clock := hostops.LeaseClock{Owner: "lease-it-taker", Now: time.Now, TTL: labLeaseTTL}
	var waited []string
	deadline := time.Now().Add(labLeaseTTL + rules.LeaseSkew + 30*time.Second)
	for {
		err := onLabPool(t, c, func(b backend.Backend, p libvirt.StoragePool) error {
			l, err := hostops.AcquireLease(context.Background(), b, p, subject, clock)
			if err == nil {
				l.Release(context.Background())
			}
			return err
		})
		if err == nil {
			break
		}
		var held *hostops.LeaseHeldError
		if !errors.As(err, &held) || held.Owner != owner {
			t.Fatalf("while the killed holder's lease stands: %v, want it held by %s", err, owner)
		}
		if time.Now().After(held.Until.Add(rules.LeaseSkew + 2*time.Second)) {
			t.Fatalf("still refused %s after the lease's expiry %s plus the skew: %v", time.Now().UTC(), held.Until.UTC(), err)
		}
		waited = append(waited, err.Error())
		if time.Now().After(deadline) {
			t.Fatalf("never taken over: %v", err)
		}
		time.Sleep(time.Second)
	}
	if len(waited) == 0 {
		t.Fatal("the killed holder's lease was taken over at once, before its expiry")
	}
	t.Logf("waited %d times, first: %s", len(waited), waited[0])
	for _, v := range virshVolumes(t, imgLabEnv(t, "KVM2_TEST_POOL")) {
		if strings.HasPrefix(v, rules.LeasePrefix+subject+".") {
			t.Errorf("lease volume left: %s", v)
		}
	}
}

// TestIntegrationLease_holder is the process the kill test starts: it takes the lease, says so,
// and waits for its SIGKILL (renewing meanwhile, as any holder does).
func TestIntegrationLease_holder(t *testing.T) {
	subject := os.Getenv(leaseHolderEnv)
	if subject == "" {
		t.Skip("run by TestIntegrationLease_killedHolderIsTakenOverAfterExpiry")
	}
	c := imgLabClient(t, nil)
	owner := "lease-it-holder-" + strconv.Itoa(os.Getpid())
	err := onLabPool(t, c, func(b backend.Backend, p libvirt.StoragePool) error {
		_, err := hostops.AcquireLease(context.Background(), b, p, subject, hostops.LeaseClock{Owner: owner, Now: time.Now, TTL: labLeaseTTL})
		if err != nil {
			return err
		}
		fmt.Println("HELD " + owner)
		time.Sleep(time.Minute) // killed before this ends
		return nil
	})
	t.Fatalf("the holder was not killed: %v", err)
}

// TestIntegrationRace_twoCreatesPinOneMAC is TestRace_twoCreatesPinOneMAC on the lab: libvirt
// defines a second domain with a MAC another domain has without a word, so only the creates'
// own checks keep two domains from sharing it. A checked the address free and is held before its
// define while B creates and starts its VM with it; then A defines, finds B's domain, and backs
// off, removing its own.
func TestIntegrationRace_twoCreatesPinOneMAC(t *testing.T) {
	env := loadLab(t)
	a, _ := labClient(t, env)
	b, _ := labClient(t, env)
	ctx := imgLabCtx(t, 5*time.Minute)
	img := imgLabEnsure(t, a, ctx, imgLabName(t, "race-it-mac"))
	suffix := strings.TrimSuffix(strings.TrimPrefix(img.Name, "race-it-mac-"), ".qcow2")
	prefix := itPrefix + "racemac-" + suffix
	l := localLibvirt(t, env)
	t.Cleanup(func() { sweep(t, l, env, prefix) })
	mac := "02:6b:76:" + suffix[0:2] + ":" + suffix[2:4] + ":" + suffix[4:6]
	pin := func(name string) CreateRequest {
		r := owRequest(prefix+"-"+name, img.ID)
		r.NICs = []definition.NIC{{Network: env.network, MAC: mac}}
		return r
	}

	gate := fake.NewGate()
	a.pool = backend.Hook(a.pool, gateOn(gate, func(method, _ string) bool { return method == "DomainDefineXML" }))
	errA := make(chan error, 1)
	go func() { _, err := a.Create(ctx, pin("a")); errA <- err }()
	select {
	case <-gate.Reached():
	case err := <-errA:
		t.Fatalf("A's create ended before its define: %v", err)
	}
	if _, err := b.Create(ctx, pin("b")); err != nil {
		gate.Release()
		t.Fatalf("B: %v", err)
	}
	gate.Release()
	err := <-errA
	if err == nil || kvmerr.Classify(err) != kvmerr.Transient || !strings.Contains(err.Error(), mac) {
		t.Fatalf("A's create = %v, want Transient naming %s", err, mac)
	}
	t.Logf("A backed off: %v", err)
	left := ours(t, l, env, prefix+"-a")
	if len(left) != 0 {
		t.Errorf("A's create left %v", left)
	}
	if _, err := b.Get(ctx, "lab/"+prefix+"-b", ""); err != nil {
		t.Errorf("B's VM: %v", err)
	}
}
