//go:build integration

package backend

import (
	"context"
	"errors"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// labHost2AndJump reads host 2 and the jump host in front of it from the lab's environment
// (KVM2_TEST_HOST2_*, KVM2_TEST_JUMP_*): host 2 dialed directly, and the jump host as a hop.
func labHost2AndJump(tb testing.TB) (sshx.Config, sshx.Hop) {
	tb.Helper()
	env := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			tb.Fatalf("%s is not set: bring the lab up with both hosts (make lab-up starts the jump host) and source .lab/env", k)
		}
		return v
	}
	port := func(k string) int {
		p, err := strconv.Atoi(env(k))
		if err != nil {
			tb.Fatalf("%s: %v", k, err)
		}
		return p
	}
	if os.Getenv("KVM2_TEST_SSH_HOST") == "" {
		tb.Skip("KVM2_TEST_SSH_HOST is unset: start the lab with tools/lab/up.sh and source .lab/env")
	}
	host2 := sshx.Config{
		Address: env("KVM2_TEST_HOST2_SSH_HOST"), Port: port("KVM2_TEST_HOST2_SSH_PORT"), User: env("KVM2_TEST_HOST2_SSH_USER"),
		PrivateKeyFile: env("KVM2_TEST_HOST2_SSH_KEY"), KnownHostsFile: env("KVM2_TEST_HOST2_KNOWN_HOSTS"),
		Socket: os.Getenv("KVM2_TEST_HOST2_SOCKET"),
	}
	jump := sshx.Hop{
		Address: env("KVM2_TEST_JUMP_SSH_HOST"), Port: port("KVM2_TEST_JUMP_SSH_PORT"), User: env("KVM2_TEST_JUMP_SSH_USER"),
		PrivateKeyFile: env("KVM2_TEST_JUMP_SSH_KEY"), KnownHostsFile: env("KVM2_TEST_JUMP_KNOWN_HOSTS"),
	}
	return host2, jump
}

var hostUUID = regexp.MustCompile(`<host>\s*<uuid>([^<]+)</uuid>`)

// capsUUID connects with cfg and returns the host UUID of libvirt's capabilities and the
// transport the connection took.
func capsUUID(t *testing.T, cfg sshx.Config) (string, sshx.Transport) {
	t.Helper()
	b, err := Connect(labCtx(t), "lab", cfg, PoolOptions{})
	if err != nil {
		t.Fatalf("Connect: %v", err)
	}
	defer b.Close()
	caps, err := b.ConnectGetCapabilities(labCtx(t))
	if err != nil {
		t.Fatalf("capabilities: %v", err)
	}
	m := hostUUID.FindStringSubmatch(caps)
	if m == nil {
		t.Fatalf("no host uuid in the capabilities:\n%s", caps)
	}
	return m[1], b.(*libvirtBackend).via
}

// TestIntegration_jumpReachesHost2: through the lab's jump host (which only forwards TCP to
// host 2's sshd) the provider's backend reaches host 2's libvirtd, the one host 2's own sshd
// reaches, not host 1's, over the exec fallback host 2 needs.
func TestIntegration_jumpReachesHost2(t *testing.T) {
	host2, jump := labHost2AndJump(t)
	host1, _ := labConfig(t)
	direct, _ := capsUUID(t, host2)
	through := host2
	through.Jump = []sshx.Hop{jump}
	got, via := capsUUID(t, through)
	first, _ := capsUUID(t, host1)
	if got != direct || got == first {
		t.Errorf("through the jump: host uuid %s; host 2 directly %s, host 1 %s", got, direct, first)
	}
	if !strings.HasPrefix(string(via), "exec:") {
		t.Errorf("transport through the jump = %q; host 2 refuses forwarding, so an exec transport", via)
	}
}

// TestIntegration_jumpWrongHostKey: a jump host whose pinned key is wrong fails at once, as a
// Permanent host-key failure naming the jump host.
func TestIntegration_jumpWrongHostKey(t *testing.T) {
	host2, jump := labHost2AndJump(t)
	jump.KnownHostsFile, jump.HostKey = "", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHWbyM1B3u5XfSxmD8TVPkItwTFf3hJxvK3NRZ8ubJ7R"
	host2.Jump = []sshx.Hop{jump}
	start := time.Now()
	b, err := Connect(labCtx(t), "lab", host2, PoolOptions{})
	if err == nil {
		_ = b.Close()
		t.Fatal("Connect succeeded through a jump host with a wrong pinned key")
	}
	took := time.Since(start)
	var de *kvmerr.DialError
	if !errors.As(err, &de) || de.Stage != kvmerr.StageHostKey || kvmerr.Classify(err) != kvmerr.Permanent {
		t.Fatalf("err = %v, want a Permanent host-key DialError", err)
	}
	if want := "jump host " + jump.Address + ":" + strconv.Itoa(jump.Port); !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not name %q", err, want)
	}
	if took > 5*time.Second {
		t.Errorf("took %v to fail", took)
	}
}

// TestIntegration_jumpDialTime measures the dial of host 2 (SSH, host key, auth and the exec
// helper's libvirt probe) directly and through the jump host, alternating, and logs both for
// the note; it fails only if a dial fails.
func TestIntegration_jumpDialTime(t *testing.T) {
	host2, jump := labHost2AndJump(t)
	through := host2
	through.Jump = []sshx.Hop{jump}
	const rounds = 15
	var direct, jumped []time.Duration
	dialOnce := func(cfg sshx.Config) time.Duration {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		start := time.Now()
		conn, closer, err := sshx.DialLibvirt(ctx, "lab2", cfg)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		_ = conn.Close()
		_ = closer.Close()
		return took
	}
	dialOnce(host2) // warm both paths (sshd's first fork, the page cache)
	dialOnce(through)
	for range rounds {
		direct = append(direct, dialOnce(host2))
		jumped = append(jumped, dialOnce(through))
	}
	summary := func(d []time.Duration) string {
		slices.Sort(d)
		return "min " + d[0].Round(time.Millisecond).String() + ", median " + d[len(d)/2].Round(time.Millisecond).String() +
			", max " + d[len(d)-1].Round(time.Millisecond).String()
	}
	t.Logf("dial of host 2 (%d each, alternating): direct %s; through the jump host %s", rounds, summary(direct), summary(jumped))
}
