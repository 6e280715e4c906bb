//go:build integration

package fake

import (
	"context"
	"os"
	"path"
	"strconv"
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
	n := 0
	newLabTarget := func(t *testing.T) *target {
		n++
		return labTarget(t, cfg, pool, run+strconv.Itoa(n)+"-")
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
		{"lists", listScenarios},
		{"console", consoleScenarios},
	} {
		t.Run(group.name, func(t *testing.T) { runScenarios(t, newLabTarget, group.scenarios) })
	}
}

// labSSH reads the lab host from KVM2_TEST_* (.lab/env), skipping when the lab is not
// configured.
func labSSH(t *testing.T) (sshx.Config, string) {
	t.Helper()
	host := os.Getenv("KVM2_TEST_SSH_HOST")
	if host == "" {
		t.Skip("KVM2_TEST_SSH_HOST is unset: start the lab with tools/lab/up.sh and source .lab/env")
	}
	port, err := strconv.Atoi(os.Getenv("KVM2_TEST_SSH_PORT"))
	if err != nil {
		t.Fatalf("KVM2_TEST_SSH_PORT: %v", err)
	}
	pool := os.Getenv("KVM2_TEST_POOL")
	if pool == "" {
		pool = "default"
	}
	return sshx.Config{
		Address: host, Port: port, User: os.Getenv("KVM2_TEST_SSH_USER"),
		PrivateKeyFile: os.Getenv("KVM2_TEST_SSH_KEY"), KnownHostsFile: os.Getenv("KVM2_TEST_KNOWN_HOSTS"),
		Socket: os.Getenv("KVM2_TEST_SOCKET"),
	}, pool
}

// labTarget is the lab host as a scenario target, with its own connection for the test.
func labTarget(t *testing.T, cfg sshx.Config, pool, tag string) *target {
	t.Helper()
	connect := func(ctx context.Context) (backend.Backend, error) {
		return backend.Connect(ctx, "lab", cfg, backend.PoolOptions{})
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	b, err := connect(ctx)
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	t.Cleanup(func() { _ = b.Close() })
	tg := &target{b: b, pool: libvirt.StoragePool{Name: pool}, tag: tag}
	tg.cleanup = func(f func(context.Context, backend.Backend)) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		fresh, err := connect(ctx)
		if err != nil {
			t.Logf("cleanup could not connect: %v", err)
			return
		}
		defer fresh.Close()
		f(ctx, fresh)
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
