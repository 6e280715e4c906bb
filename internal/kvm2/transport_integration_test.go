//go:build integration

package kvm2

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// loadLab2 reads the second lab host, whose sshd refuses stream-local forwarding, from
// KVM2_TEST_HOST2_*; it skips, saying why, when they are unset.
func loadLab2(tb testing.TB) labEnv {
	tb.Helper()
	if os.Getenv("KVM2_TEST_HOST2_SSH_PORT") == "" {
		tb.Skip("KVM2_TEST_HOST2_SSH_PORT is not set: the second lab host (sshd with AllowStreamLocalForwarding no) " +
			"is not up; bring it up with tools/lab/up.sh --host 2 and source .lab/env")
	}
	port, err := strconv.Atoi(os.Getenv("KVM2_TEST_HOST2_SSH_PORT"))
	if err != nil {
		tb.Fatalf("KVM2_TEST_HOST2_SSH_PORT: %v", err)
	}
	env := labEnv{
		host: os.Getenv("KVM2_TEST_HOST2_SSH_HOST"), port: port, user: os.Getenv("KVM2_TEST_HOST2_SSH_USER"),
		key: os.Getenv("KVM2_TEST_HOST2_SSH_KEY"), knownHosts: os.Getenv("KVM2_TEST_HOST2_KNOWN_HOSTS"),
		socket: os.Getenv("KVM2_TEST_HOST2_SOCKET"), pool: os.Getenv("KVM2_TEST_HOST2_POOL"),
		network: os.Getenv("KVM2_TEST_HOST2_NETWORK"),
	}
	for name, v := range map[string]string{"KVM2_TEST_HOST2_SSH_HOST": env.host, "KVM2_TEST_HOST2_SSH_KEY": env.key,
		"KVM2_TEST_HOST2_KNOWN_HOSTS": env.knownHosts, "KVM2_TEST_HOST2_POOL": env.pool,
		"KVM2_TEST_HOST2_NETWORK": env.network} {
		if v == "" {
			tb.Fatalf("%s is not set", name)
		}
	}
	return env
}

// TestLabTransports: one client over both lab hosts. Host 1's sshd forwards the libvirt
// socket; host 2's refuses, so its libvirtd is reached through an exec helper, for health
// checks and pooled calls alike, and health says which transport each host uses. A socket
// that no helper can reach on host 2 fails at once instead of being retried as a restarting
// libvirtd.
func TestLabTransports(t *testing.T) {
	env1, env2 := loadLab(t), loadLab2(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	log := &tbLogger{tb: t}
	c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": env1.hostConfig(), "lab2": env2.hostConfig()}}, WithLogger(log))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	reports := c.Check(ctx)
	if len(reports) != 2 {
		t.Fatalf("Check = %+v, want two reports", reports)
	}
	for _, h := range reports {
		t.Logf("%s: %s %s transport=%q libvirt %s, %s", h.Host, h.Status, h.Reason, h.Transport, h.LibvirtVersion, h.Message)
		if h.Status != hosthealth.HealthOK {
			t.Errorf("%s: status %s (%s: %s), want ok", h.Host, h.Status, h.Reason, h.Message)
		}
	}
	if got := reports[0].Transport; got != "streamlocal" {
		t.Errorf("host 1 transport = %q, want streamlocal", got)
	}
	if got := reports[1].Transport; !strings.HasPrefix(got, "exec:") {
		t.Errorf("host 2 transport = %q, want an exec helper", got)
	}

	// Pooled connections take the same way: the second read on host 2 rides the remembered
	// exec transport.
	for range 2 {
		free, err := c.PoolFree(ctx, "lab2", env2.pool)
		if err != nil || free == 0 {
			t.Fatalf("PoolFree on host 2 = %d, %v", free, err)
		}
	}
	if _, err := c.ListByTag(ctx, "kvm2-ex-no-such-tag", "lab2"); err != nil {
		t.Fatalf("ListByTag on host 2: %v", err)
	}

	t.Run("socket no helper can reach fails fast", func(t *testing.T) {
		hc := env2.hostConfig()
		hc.Socket = "/run/kvm2-ex-absent/libvirt-sock" // not the default: nc only
		bad, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab2": hc}})
		if err != nil {
			t.Fatal(err)
		}
		defer bad.Close()
		start := time.Now()
		h := bad.Check(ctx, "lab2")[0]
		took := time.Since(start)
		t.Logf("after %v: %s %s: %s", took.Round(time.Millisecond), h.Status, h.Reason, h.Message)
		if h.Reason != hosthealth.ReasonSocketForwardRefused || took > 10*time.Second {
			t.Errorf("reason %s after %v, want SocketForwardRefused within seconds (%s)", h.Reason, took, budget.Now())
		}
		// Which words depend on whether the host has nc (the lab installs netcat-openbsd).
		want := "nc not found"
		if _, err := exec.LookPath("nc"); err == nil {
			want = "No such file or directory"
		}
		if !strings.Contains(h.Message, want) {
			t.Errorf("message does not say %q: %s", want, h.Message)
		}
	})
}
