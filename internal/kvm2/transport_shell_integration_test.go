//go:build integration

package kvm2

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// labKey is a fresh client key: its private key file and its authorized_keys line, behind the
// given options.
type labKey struct{ file, line string }

func newLabKey(t *testing.T, options string) labKey {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := ssh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "id")
	if err := os.WriteFile(file, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	line := options + strings.TrimSpace(string(ssh.MarshalAuthorizedKey(sshPub))) + " kvm2-test-" + t.Name()
	return labKey{file: file, line: line}
}

// authorizeOnLab adds lines to the lab sshd's authorized_keys (beside its known_hosts, as
// tools/lab/up.sh writes them) until the test ends; both writes replace the file whole, so
// sshd never reads half of it.
func authorizeOnLab(t *testing.T, knownHosts string, lines ...string) {
	t.Helper()
	path := filepath.Join(filepath.Dir(knownHosts), "authorized_keys")
	write := func(edit func(old []string) []string) {
		t.Helper()
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		kept := edit(strings.Split(strings.TrimRight(string(data), "\n"), "\n"))
		tmp := path + ".kvm2-test"
		if err := os.WriteFile(tmp, []byte(strings.Join(kept, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			t.Fatal(err)
		}
	}
	write(func(old []string) []string { return append(old, lines...) })
	t.Cleanup(func() {
		write(func(old []string) []string {
			var kept []string
			for _, l := range old {
				if !slices.Contains(lines, l) {
					kept = append(kept, l)
				}
			}
			return kept
		})
	})
}

// TestLabExecMeetsTheShell: on host 2, whose sshd reaches libvirtd only over exec, what a real
// sshd and shell put before the helper is handled. A key whose authorized_keys entry prints a
// banner and then runs the asked command (as an echo in .bashrc does) works; a key whose entry
// runs another command (as a ForceCommand does) fails at once as Permanent, quoting what the
// host printed, instead of being retried until the timeout.
func TestLabExecMeetsTheShell(t *testing.T) {
	env := loadLab2(t)
	banner := newLabKey(t, `command="echo Welcome to kvm2 lab host 2; eval \"$SSH_ORIGINAL_COMMAND\"" `)
	forced := newLabKey(t, `command="echo This key is for backups only" `)
	authorizeOnLab(t, env.knownHosts, banner.line, forced.line)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	client := func(t *testing.T, key string) *Client {
		hc := env.hostConfig()
		hc.PrivateKeyFile = key
		c, err := New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab2": hc}}, WithLogger(&tbLogger{tb: t}))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		return c
	}

	t.Run("banner before the helper", func(t *testing.T) {
		c := client(t, banner.file)
		free, err := c.PoolFree(ctx, "lab2", env.pool)
		if err != nil || free == 0 {
			t.Fatalf("PoolFree through a key that prints a banner = %d, %v", free, err)
		}
		h := c.Check(ctx, "lab2")[0]
		t.Logf("%s %s transport=%q: %s", h.Status, h.Reason, h.Transport, h.Message)
		if h.Status != hosthealth.HealthOK || !strings.HasPrefix(h.Transport, "exec:") {
			t.Errorf("health = %s over %q, want ok over an exec helper", h.Status, h.Transport)
		}
	})

	t.Run("another command", func(t *testing.T) {
		c := client(t, forced.file)
		start := time.Now()
		_, err := c.PoolFree(ctx, "lab2", env.pool)
		took := time.Since(start)
		t.Logf("after %v: %v", took.Round(time.Millisecond), err)
		if err == nil {
			t.Fatal("PoolFree through a key that runs another command succeeded")
		}
		if got := kvmerr.Classify(err); got != kvmerr.Permanent {
			t.Errorf("class = %v, want Permanent", got)
		}
		if !strings.Contains(err.Error(), "This key is for backups only") {
			t.Errorf("the error does not quote what the host printed")
		}
		if took > 10*time.Second {
			t.Errorf("the failure took %v, want seconds (%s)", took, budget.Now())
		}
	})
}
