//go:build integration || ownership

package kvm2

// The harness of the tests against the real lab host (libvirtd + sshd on 127.0.0.1) brought up
// by tools/lab/up.sh, which writes .lab/env: shared by the integration tier (files tagged
// integration: make integration) and the ownership tier (tagged ownership: make ownership).
//
// Assertions about what exists on the host use a second, local libvirt connection, so they do
// not trust the code under test.

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// itPrefix starts the name of everything the integration tests create, so that leftovers of an
// interrupted run are found and removed.
const itPrefix = "kvm2-it-"

const (
	itBase = itPrefix + "base.qcow2"
	itTag  = "kvm2-it-tag"
)

// labEnv is the lab as .lab/env describes it.
type labEnv struct {
	host, user, key, knownHosts, socket string
	port                                int
	pool, tinyPool, network             string
	imageURL, imageSHA256               string
}

func loadLab(tb testing.TB) labEnv {
	tb.Helper()
	host := os.Getenv("KVM2_TEST_SSH_HOST")
	if host == "" {
		tb.Skip("KVM2_TEST_SSH_HOST is not set: bring the lab up with tools/lab/up.sh and source .lab/env")
	}
	port, err := strconv.Atoi(os.Getenv("KVM2_TEST_SSH_PORT"))
	if err != nil {
		tb.Fatalf("KVM2_TEST_SSH_PORT: %v", err)
	}
	env := labEnv{
		host: host, port: port, user: os.Getenv("KVM2_TEST_SSH_USER"), key: os.Getenv("KVM2_TEST_SSH_KEY"),
		knownHosts: os.Getenv("KVM2_TEST_KNOWN_HOSTS"), socket: os.Getenv("KVM2_TEST_SOCKET"),
		pool: os.Getenv("KVM2_TEST_POOL"), tinyPool: os.Getenv("KVM2_TEST_TINY_POOL"), network: os.Getenv("KVM2_TEST_NETWORK"),
		imageURL: os.Getenv("KVM2_TEST_IMAGE_URL"), imageSHA256: os.Getenv("KVM2_TEST_IMAGE_SHA256"),
	}
	for name, v := range map[string]string{"KVM2_TEST_SSH_KEY": env.key, "KVM2_TEST_KNOWN_HOSTS": env.knownHosts,
		"KVM2_TEST_POOL": env.pool, "KVM2_TEST_TINY_POOL": env.tinyPool, "KVM2_TEST_NETWORK": env.network,
		"KVM2_TEST_IMAGE_URL": env.imageURL} {
		if v == "" {
			tb.Fatalf("%s is not set", name)
		}
	}
	return env
}

func (e labEnv) hostConfig() hostconfig.HostConfig {
	return hostconfig.HostConfig{Address: e.host, Port: e.port, User: e.user, PrivateKeyFile: e.key,
		KnownHostsFile: e.knownHosts, Socket: e.socket, Pool: e.pool, Network: e.network}
}

// tbLogger forwards Info and above to the test log and counts RPC lines.
type tbLogger struct {
	tb   testing.TB
	rpcs atomic.Int64
}

func (l *tbLogger) Log(_ context.Context, level corelog.Level, msg string, fields map[string]any) {
	if msg == "libvirt call" {
		l.rpcs.Add(1)
	}
	if level >= corelog.LevelInfo {
		l.tb.Logf("%s %v", msg, fields)
	}
}

func labClient(tb testing.TB, env labEnv, mutate ...func(*hostconfig.HostConfig)) (*Client, *tbLogger) {
	tb.Helper()
	hc := env.hostConfig()
	for _, m := range mutate {
		m(&hc)
	}
	log := &tbLogger{tb: tb}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": hc}}, WithLogger(log))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { c.Close() })
	return c, log
}

// localLibvirt is the assertion side channel: the lab's libvirtd on its local socket.
func localLibvirt(tb testing.TB, env labEnv) *libvirt.Libvirt {
	tb.Helper()
	socket := env.socket
	if socket == "" {
		socket = rules.DefaultSocket
	}
	l := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(socket)))
	if err := l.Connect(); err != nil {
		tb.Skipf("no local libvirt connection for assertions: %v", err)
	}
	tb.Cleanup(func() { l.Disconnect() })
	return l
}

// ours lists the domains and volumes (in both lab pools) whose names start with prefix.
func ours(tb testing.TB, l *libvirt.Libvirt, env labEnv, prefix string) []string {
	tb.Helper()
	var out []string
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		tb.Fatal(err)
	}
	for _, d := range doms {
		if strings.HasPrefix(d.Name, prefix) {
			out = append(out, "domain "+d.Name)
		}
	}
	for _, pool := range []string{env.pool, env.tinyPool} {
		p, err := l.StoragePoolLookupByName(pool)
		if err != nil {
			tb.Fatal(err)
		}
		_ = l.StoragePoolRefresh(p, 0)
		vols, _, err := l.StoragePoolListAllVolumes(p, 1, 0)
		if err != nil {
			tb.Fatal(err)
		}
		for _, v := range vols {
			if strings.HasPrefix(v.Name, prefix) {
				out = append(out, "volume "+pool+"/"+v.Name)
			}
		}
	}
	return out
}

// sweep removes everything named with prefix from the lab, whatever state it is in.
func sweep(tb testing.TB, l *libvirt.Libvirt, env labEnv, prefix string) {
	tb.Helper()
	doms, _, _ := l.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if strings.HasPrefix(d.Name, prefix) {
			_ = l.DomainDestroy(d)
			if err := l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave); err != nil {
				_ = l.DomainUndefine(d)
			}
		}
	}
	for _, pool := range []string{env.pool, env.tinyPool} {
		p, err := l.StoragePoolLookupByName(pool)
		if err != nil {
			continue
		}
		vols, _, _ := l.StoragePoolListAllVolumes(p, 1, 0)
		for _, v := range vols {
			if strings.HasPrefix(v.Name, prefix) {
				_ = l.StorageVolDelete(v, 0)
			}
		}
	}
}

func itRequest(name string, fw rules.Firmware, memory int) CreateRequest {
	return CreateRequest{
		Host: "lab", Name: name, VCPUs: 1, MemoryMiB: memory,
		DiskGiB: 1, Firmware: fw, Tag: itTag, Running: true,
		UserData: []byte("#cloud-config\n# kvm2 integration test\n"),
	}
}

// waitForAddress polls Get until the instance reports an IPv4 address, within
// budget.CoreGuestAddress (stretched by the machine's load).
func waitForAddress(t *testing.T, c *Client, id, uid string) Instance {
	t.Helper()
	w := budget.CoreGuestAddress.Start()
	for {
		inst, err := c.Get(context.Background(), id, uid)
		if err != nil {
			t.Fatalf("Get %s: %v", id, err)
		}
		if inst.IPv4 != "" {
			if note := w.Note(); note != "" {
				t.Log(note)
			}
			return inst
		}
		if w.Over() {
			t.Fatal(w.Errorf("%s has no address: %+v", id, inst))
		}
		time.Sleep(2 * time.Second)
	}
}

// volCapacity is the capacity of the volume poolName/name as the host reports it.
func volCapacity(t *testing.T, l *libvirt.Libvirt, poolName, name string) uint64 {
	t.Helper()
	pool, err := l.StoragePoolLookupByName(poolName)
	if err != nil {
		t.Fatal(err)
	}
	v, err := l.StorageVolLookupByName(pool, name)
	if err != nil {
		t.Fatal(err)
	}
	_, capacity, _, err := l.StorageVolGetInfo(v)
	if err != nil {
		t.Fatal(err)
	}
	return capacity
}

// owned reports whether name is an object of the test with prefix p: p itself, or p followed
// by "." or "-" (so ow-2 never counts ow-20's objects).
func owned(name, p string) bool {
	return name == p || strings.HasPrefix(name, p+".") || strings.HasPrefix(name, p+"-")
}

// owPools lists every active storage pool of the host.
func owPools(tb testing.TB, l *libvirt.Libvirt) []libvirt.StoragePool {
	tb.Helper()
	pools, _, err := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	if err != nil {
		tb.Fatal(err)
	}
	return pools
}

// owLeft lists the domains, and the volumes in every pool, of the test with prefix p.
func owLeft(tb testing.TB, l *libvirt.Libvirt, p string) []string {
	tb.Helper()
	var out []string
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		tb.Fatal(err)
	}
	for _, d := range doms {
		if owned(d.Name, p) {
			out = append(out, "domain "+d.Name)
		}
	}
	for _, pool := range owPools(tb, l) {
		_ = l.StoragePoolRefresh(pool, 0)
		vols, _, err := l.StoragePoolListAllVolumes(pool, 1, 0)
		if err != nil {
			tb.Fatal(err)
		}
		for _, v := range vols {
			if owned(v.Name, p) {
				out = append(out, "volume "+pool.Name+"/"+v.Name)
			}
		}
	}
	return out
}

// owSweep removes every object of the test with prefix p, whatever state it is in: before the
// test (an aborted earlier run) and after it (a failed step).
func owSweep(tb testing.TB, l *libvirt.Libvirt, p string) {
	tb.Helper()
	doms, _, _ := l.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if owned(d.Name, p) {
			_ = l.DomainDestroy(d)
			if err := l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram|libvirt.DomainUndefineManagedSave); err != nil {
				_ = l.DomainUndefine(d)
			}
		}
	}
	for _, pool := range owPools(tb, l) {
		vols, _, _ := l.StoragePoolListAllVolumes(pool, 1, 0)
		for _, v := range vols {
			if owned(v.Name, p) {
				_ = l.StorageVolDelete(v, 0)
			}
		}
	}
}

func owRequest(name, baseID string) CreateRequest {
	return CreateRequest{
		Host: "lab", Name: name, BaseImageID: baseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 1,
		Firmware: rules.FirmwareBIOS, Tag: "ow", Running: true, UserData: []byte("#!/bin/sh\necho ownership\n"),
	}
}
