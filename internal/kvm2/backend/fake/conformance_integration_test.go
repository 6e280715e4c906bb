//go:build integration

package fake

import (
	"context"
	"os"
	"path"
	"strconv"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// TestIntegration_fakeAnswersAsTheHost runs every scenario of conformance_test.go on the lab
// host through the production adapter: what the fake refuses, libvirt refuses with the same
// code. Objects are named fk-<run>-<n>- and removed afterwards.
func TestIntegration_fakeAnswersAsTheHost(t *testing.T) {
	cfg, pool := labSSH(t)
	// KVM2_TEST_NAME_PREFIX, when set, goes before every name, so runs that share a lab can keep
	// to a prefix of their own.
	run := os.Getenv("KVM2_TEST_NAME_PREFIX") + "fk-" + strconv.FormatInt(time.Now().UnixNano(), 36) + "-"
	conns := &labConns{cfg: cfg}
	defer conns.close()
	n := 0
	newLabTarget := func(t *testing.T) *target {
		n++
		return labTarget(t, conns, cfg, pool, run+strconv.Itoa(n)+"-")
	}
	for _, group := range []struct {
		name      string
		scenarios []scenario
	}{
		{"define", defineScenarios},
		{"start", startScenarios},
		{"metadata", metadataScenarios},
		{"chain", chainScenarios},
		{"autostart", autostartScenarios},
		{"lookup", lookupScenarios},
		{"pool", poolScenarios},
		{"resize", resizeScenarios},
		{"stats", statsScenarios},
		{"chainstats", chainStatsScenarios},
		{"lists", listScenarios},
		{"console", consoleScenarios},
		{"nic", nicScenarios},
	} {
		t.Run(group.name, func(t *testing.T) { runScenarios(t, newLabTarget, group.scenarios) })
	}
}

// labSSH reads the lab's host 2 from KVM2_TEST_HOST2_* (.lab/env), skipping when the lab is not
// configured. Host 2, not host 1: the scenarios leave domains whose disks are missing or
// outside every pool for a moment, and a delete on the same host meanwhile refuses, rightly,
// since it cannot follow their backing chains; the integration tier's VM tests delete on host 1
// at the same time (packages run side by side). Host 2 refuses stream-local forwarding, so the
// scenarios also run over the exec transport.
func labSSH(t *testing.T) (sshx.Config, string) {
	t.Helper()
	host := os.Getenv("KVM2_TEST_HOST2_SSH_HOST")
	if host == "" {
		t.Skip("KVM2_TEST_HOST2_SSH_HOST is unset: start the lab with tools/lab/up.sh and source .lab/env")
	}
	port, err := strconv.Atoi(os.Getenv("KVM2_TEST_HOST2_SSH_PORT"))
	if err != nil {
		t.Fatalf("KVM2_TEST_HOST2_SSH_PORT: %v", err)
	}
	pool := os.Getenv("KVM2_TEST_HOST2_POOL")
	if pool == "" {
		pool = "default"
	}
	key := os.Getenv("KVM2_TEST_HOST2_SSH_KEY")
	if key == "" {
		key = os.Getenv("KVM2_TEST_SSH_KEY")
	}
	return sshx.Config{
		Address: host, Port: port, User: os.Getenv("KVM2_TEST_HOST2_SSH_USER"),
		PrivateKeyFile: key, KnownHostsFile: os.Getenv("KVM2_TEST_HOST2_KNOWN_HOSTS"),
		Socket: os.Getenv("KVM2_TEST_HOST2_SOCKET"),
	}, pool
}

// labConns is one connection to the lab host that every scenario and every cleanup of a run
// shares: a dial through host 2's exec transport takes most of a second, and a scenario makes
// several cleanups. A cleanup that finds it broken dials it again.
type labConns struct {
	cfg sshx.Config
	mu  sync.Mutex
	b   backend.Backend
}

// get is the shared connection, dialed when there is none or the last one stopped answering.
func (c *labConns) get(ctx context.Context) (backend.Backend, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.b != nil {
		if _, err := c.b.ConnectGetLibVersion(ctx); err == nil {
			return c.b, nil
		}
		_ = c.b.Close()
		c.b = nil
	}
	b, err := backend.Connect(ctx, "lab", c.cfg, backend.PoolOptions{})
	if err != nil {
		return nil, err
	}
	c.b = b
	return b, nil
}

func (c *labConns) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.b != nil {
		_ = c.b.Close()
	}
}

// labTarget is the lab host as a scenario target, on the run's shared connection.
func labTarget(t *testing.T, conns *labConns, cfg sshx.Config, pool, tag string) *target {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	b, err := conns.get(ctx)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	tg := &target{b: b, pool: libvirt.StoragePool{Name: pool}, tag: tag}
	tg.cleanup = func(f func(context.Context, backend.Backend)) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		b, err := conns.get(ctx)
		if err != nil {
			t.Logf("cleanup could not connect: %v", err)
			return
		}
		f(ctx, b)
	}
	tg.pool, err = b.StoragePoolLookupByName(ctx, pool)
	if err != nil {
		t.Fatalf("pool %s: %v", pool, err)
	}
	tg.dir = path.Dir(tg.volume(t, tg.name("probe"), "raw", ""))
	tg.inactiveNetwork = func(t *testing.T, name string) { defineLabNetwork(t, cfg, name) }
	return tg
}

// defineLabNetwork defines, without starting, a network called name on the lab (the seam has no
// network calls beyond lookups) and undefines it when t ends.
func defineLabNetwork(t *testing.T, cfg sshx.Config, name string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	conn, closer, err := sshx.DialLibvirt(ctx, "lab", cfg)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	l := libvirt.NewWithDialer(dialers.NewAlreadyConnected(conn))
	if err := l.Connect(); err != nil {
		_ = closer.Close()
		t.Fatalf("libvirt connect: %v", err)
	}
	t.Cleanup(func() {
		if n, err := l.NetworkLookupByName(name); err == nil {
			_ = l.NetworkUndefine(n)
		}
		_ = l.Disconnect()
		_ = closer.Close()
	})
	if _, err := l.NetworkDefineXML("<network><name>" + name + "</name></network>"); err != nil {
		t.Fatalf("NetworkDefineXML(%s): %v", name, err)
	}
}
