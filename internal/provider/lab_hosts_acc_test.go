//go:build acceptance || ownership || cloud || matrix || chaos

package provider

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// labHost is one host of the lab as the acceptance tests reach it: host 1 is the one of
// accLab; host 2 has its own libvirtd, pool, network and sshd (which refuses stream-local
// forwarding, so the provider reaches its socket through an exec channel).
type labHost struct {
	key                               string // the key of the provider's hosts map
	address, port, knownHosts, socket string
	pool, network                     string
	user, privateKey                  string
}

// secondHost is the lab's host 2 from the KVM2_TEST_HOST2_* environment; the test fails when
// it is missing (make lab-up brings both hosts up).
func (l *accLab) secondHost(key string) labHost {
	l.t.Helper()
	holdHost2(l.t)
	return l.host2Unheld(key)
}

// host2Down keeps the tests that reach host 2 apart from the one that stops its sshd
// (TestAccMultiHost_fleet): each holds a read lock from its first secondHost to its end, and
// the stop takes the write lock for as long as host 2 is down. Tests run in parallel, and
// without it a test placing VMs on host 2 met a refused connection.
var host2Down sync.RWMutex

// host2Holders names the top-level tests holding host2Down's read lock: a test takes it once,
// since a second read lock behind a waiting writer would deadlock.
var host2Holders sync.Map

// holdHost2 takes host2Down's read lock for the rest of t's top-level test.
func holdHost2(t *testing.T) {
	top, _, _ := strings.Cut(t.Name(), "/")
	if _, held := host2Holders.LoadOrStore(top, true); held {
		return
	}
	host2Down.RLock()
	t.Cleanup(func() {
		host2Holders.Delete(top)
		host2Down.RUnlock()
	})
}

// host2Unheld is host 2 without the read lock: for the one test that stops it.
func (l *accLab) host2Unheld(key string) labHost {
	l.t.Helper()
	env := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			l.t.Fatalf("%s is not set: bring the lab up with both hosts (make lab-up) and source .lab/env", k)
		}
		return v
	}
	key2 := os.Getenv("KVM2_TEST_HOST2_SSH_KEY")
	if key2 == "" {
		key2 = l.key
	}
	return labHost{
		key: key, address: l.host, port: env("KVM2_TEST_HOST2_SSH_PORT"), knownHosts: env("KVM2_TEST_HOST2_KNOWN_HOSTS"),
		socket: os.Getenv("KVM2_TEST_HOST2_SOCKET"), pool: env("KVM2_TEST_HOST2_POOL"), network: env("KVM2_TEST_HOST2_NETWORK"),
		user: l.user, privateKey: key2,
	}
}

// firstHost is the lab's host 1 under the provider key key.
func (l *accLab) firstHost(key string) labHost {
	return labHost{key: key, address: l.host, port: l.port, knownHosts: l.knownHosts, socket: l.socket,
		pool: l.pool, network: l.network, user: l.user, privateKey: l.key}
}

// block is the host's entry in the provider's hosts map.
func (h labHost) block() string {
	socket := ""
	if h.socket != "" {
		socket = fmt.Sprintf("socket = %q", h.socket)
	}
	return fmt.Sprintf(`    %s = {
      address          = %q
      port             = %s
      user             = %q
      private_key_file = %q
      known_hosts_file = %q
      pool             = %q
      network          = %q
      %s
    }
`, h.key, h.address, h.port, h.user, h.privateKey, h.knownHosts, h.pool, h.network, socket)
}

// virsh runs virsh on the host over its own sshd, as an administrator would; on host 2 that
// reaches host 2's libvirtd, since its sshd runs in host 2's mount namespace.
func (h labHost) virsh(args ...string) (string, error) {
	cmd := exec.CommandContext(context.Background(), "ssh", "-i", h.privateKey, "-p", h.port,
		"-o", "UserKnownHostsFile="+h.knownHosts, "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes",
		"-o", "ConnectTimeout=10", h.user+"@"+h.address, "virsh -q -c qemu:///system "+strings.Join(args, " "))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("virsh on %s %s: %w: %s", h.key, strings.Join(args, " "), err, errOut.String())
	}
	return out.String(), nil
}

// objects lists the host's domains and the volumes of its pool whose names contain part.
func (h labHost) objects(part string) (domains, volumes []string, err error) {
	out, err := h.virsh("list", "--all", "--name")
	if err != nil {
		return nil, nil, err
	}
	for _, f := range strings.Fields(out) {
		if strings.Contains(f, part) {
			domains = append(domains, f)
		}
	}
	out, err = h.virsh("vol-list", h.pool)
	if err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], part) {
			volumes = append(volumes, f[0]+" "+strings.Join(f[1:], " "))
		}
	}
	sort.Strings(domains)
	sort.Strings(volumes)
	return domains, volumes, nil
}

// labScript runs one of the lab's scripts (tools/lab) with args, on the lab of this checkout.
func labScript(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := runLabScript(name, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	t.Logf("%s %s: %s", name, strings.Join(args, " "), out)
}

// runLabScript runs tools/lab/NAME of this checkout and returns what it printed.
func runLabScript(name string, args ...string) (string, error) {
	top, err := gitOutput("rev-parse", "--show-toplevel")
	if err != nil {
		return "", fmt.Errorf("find the checkout: %w", err)
	}
	out, err := exec.Command("bash", append([]string{filepath.Join(top, "tools", "lab", name)}, args...)...).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}
