//go:build acceptance || ownership || cloud || matrix || chaos

package provider

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
)

// accLab is the real lab host of acceptance tests, described by the KVM2_TEST_* environment
// that tools/lab/up.sh writes to .lab/env.
type accLab struct {
	t                                                *testing.T
	host, port, user, key, knownHosts, socket        string
	pool, tinyPool, network, imageURL, imageSHA, run string
	// prefix starts every object name of the run: "tfacc-", after KVM2_TEST_NAME_PREFIX when set
	// (so runs that share a lab can keep to names of their own).
	prefix string
}

// newAccLab skips without TF_ACC and fails when the lab environment is missing.
func newAccLab(t *testing.T) *accLab {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1 and source .lab/env (make acc)")
	}
	env := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			t.Fatalf("%s is not set: bring the lab up (make lab-up) and source .lab/env", k)
		}
		return v
	}
	return &accLab{
		t: t, host: env("KVM2_TEST_SSH_HOST"), port: env("KVM2_TEST_SSH_PORT"), user: env("KVM2_TEST_SSH_USER"),
		key: env("KVM2_TEST_SSH_KEY"), knownHosts: env("KVM2_TEST_KNOWN_HOSTS"),
		socket: os.Getenv("KVM2_TEST_SOCKET"), pool: env("KVM2_TEST_POOL"), tinyPool: os.Getenv("KVM2_TEST_TINY_POOL"),
		network: env("KVM2_TEST_NETWORK"), imageURL: env("KVM2_TEST_IMAGE_URL"), imageSHA: env("KVM2_TEST_IMAGE_SHA256"),
		run: strings.ToLower(rand.Text()[:6]), prefix: os.Getenv("KVM2_TEST_NAME_PREFIX") + "tfacc-",
	}
}

// name is a per-run object name, so leftovers of an aborted run never collide.
func (l *accLab) name(base string) string { return l.prefix + base + "-" + l.run }

// factories serves the production provider (real core, real SSH) for acceptance tests.
func (l *accLab) factories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"kvm2": providerserver.NewProtocol6WithError(New("acctest")()),
	}
}

// providerBlock is the provider on host "lab" verifying the host key with hostKeyAttr.
func (l *accLab) providerBlock(hostKeyAttr string) string {
	socket := ""
	if l.socket != "" {
		socket = fmt.Sprintf("socket = %q", l.socket)
	}
	return fmt.Sprintf(`
provider "kvm2" {
  hosts = {
    lab = {
      address          = %q
      port             = %s
      user             = %q
      private_key_file = %q
      %s
      pool             = %q
      network          = %q
      %s
    }
  }
}
`, l.host, l.port, l.user, l.key, hostKeyAttr, l.pool, l.network, socket)
}

// config is the provider block (known_hosts verification) followed by body.
func (l *accLab) config(body string) string {
	return l.providerBlock(fmt.Sprintf("known_hosts_file = %q", l.knownHosts)) + body
}

// baseImage is kvm2_base_image "base" holding the lab's tiny guest image in pool.
func (l *accLab) baseImage(pool string) string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, l.name("base")+".qcow2", pool, l.imageURL, l.imageSHA)
}

// client is the core on the lab host, for out-of-band changes.
func (l *accLab) client() *kvm2.Client {
	l.t.Helper()
	port := 22
	fmt.Sscan(l.port, &port)
	c, err := kvm2.New(hostconfig.Config{Hosts: map[string]hostconfig.HostConfig{"lab": {
		Address: l.host, Port: port, User: l.user, PrivateKeyFile: l.key, KnownHostsFile: l.knownHosts,
		Socket: l.socket, Pool: l.pool, Network: l.network,
	}}})
	if err != nil {
		l.t.Fatal(err)
	}
	l.t.Cleanup(func() { c.Close() })
	return c
}

// virsh runs virsh on the lab host over SSH, as an administrator would.
func (l *accLab) virsh(stdin string, args ...string) (string, error) {
	cmd := l.ssh(context.Background(), "virsh -c qemu:///system "+strings.Join(args, " "))
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("virsh %s: %w: %s", strings.Join(args, " "), err, errOut.String())
	}
	return out.String(), nil
}

// ssh is the shell command remote on the lab host over SSH, as an administrator would run it.
func (l *accLab) ssh(ctx context.Context, remote string) *exec.Cmd {
	return exec.CommandContext(ctx, "ssh", "-i", l.key, "-p", l.port,
		"-o", "UserKnownHostsFile="+l.knownHosts, "-o", "StrictHostKeyChecking=yes", "-o", "BatchMode=yes",
		l.user+"@"+l.host, remote)
}

// mustVirsh is virsh that fails the test on error.
func (l *accLab) mustVirsh(args ...string) string {
	l.t.Helper()
	out, err := l.virsh("", args...)
	if err != nil {
		l.t.Fatal(err)
	}
	return out
}

// pools are the lab host's pools: its pool, and host 1's small pool (the other hosts have none).
func (l *accLab) pools() []string {
	if l.tinyPool == "" {
		return []string{l.pool}
	}
	return []string{l.pool, l.tinyPool}
}

// tiny is host 1's small pool; a test that needs it fails on a host without one (tools/lab/on-host).
func (l *accLab) tiny() string {
	if l.tinyPool == "" {
		l.t.Fatal("KVM2_TEST_TINY_POOL is not set: this test needs host 1's small pool (source .lab/env)")
	}
	return l.tinyPool
}

// checkNothingOfOursLeft is a CheckDestroy: no domain and no volume of this run remain.
func (l *accLab) checkNothingOfOursLeft(*terraform.State) error { return l.checkLeftovers() }

// checkLeftovers reports domains and volumes of this run on the lab host, except the named ones made
// outside terraform (removed by the test's cleanup).
func (l *accLab) checkLeftovers(except ...string) error {
	mine := l.prefix
	var left []string
	domains, err := l.virsh("", "list", "--all", "--name")
	if err != nil {
		return err
	}
	for _, pool := range l.pools() {
		vols, err := l.virsh("", "vol-list", pool)
		if err != nil {
			return err
		}
		domains += "\n" + vols
	}
	for _, line := range strings.Split(domains, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], mine) && strings.Contains(f[0], "-"+l.run) &&
			!slices.Contains(except, f[0]) {
			left = append(left, f[0])
		}
	}
	if len(left) > 0 {
		return fmt.Errorf("left on the lab host after destroy: %v", left)
	}
	return nil
}

// otherHostKey is a freshly generated public key: never the lab host's.
func otherHostKey(t *testing.T) string {
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(key)))
}

// shellQuote quotes s for the lab's remote shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// syncBuffer is a bytes.Buffer that a running command writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// gitOutput runs git in the package directory (inside the clone) and returns its trimmed output.
func gitOutput(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	if err != nil {
		var stderr string
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = string(ee.Stderr)
		}
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, stderr)
	}
	return strings.TrimSpace(string(out)), nil
}

// accUserData is what the lab's tiny guest runs from cloud-init: a shell script.
const accUserData = `#!/bin/sh\necho kvm2-acc > /tmp/hello\n`

// accVM is kvm2_proxy_vm "egress" on the lab, small and BIOS-booted for speed, with extra
// attributes.
func (l *accLab) accVM(name, extra string) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  %s
}
`, name, extra)
}

// runMAC is a locally administered address of this run, distinct per tag, so that runs sharing
// the lab never ask for one address.
func (l *accLab) runMAC(tag string) string {
	sum := sha256.Sum256([]byte(l.run + "/" + tag))
	return fmt.Sprintf("02:6b:76:%02x:%02x:%02x", sum[0], sum[1], sum[2])
}

// labAutostart reads the domain's autostart flag as virsh dominfo reports it.
func (l *accLab) labAutostart(name string) (bool, error) {
	out, err := l.virsh("", "dominfo", name)
	if err != nil {
		return false, err
	}
	for _, line := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "Autostart" {
			return strings.TrimSpace(v) == "enable", nil
		}
	}
	return false, fmt.Errorf("virsh dominfo %s has no Autostart line:\n%s", name, out)
}

// wantLabAutostart is a Check that the lab host reports the domain's autostart as want.
func (l *accLab) wantLabAutostart(name string, want bool) resource.TestCheckFunc {
	return func(*terraform.State) error {
		got, err := l.labAutostart(name)
		if err != nil {
			return err
		}
		if got != want {
			return fmt.Errorf("the host reports autostart %v for %s, want %v", got, name, want)
		}
		return nil
	}
}

// labSizes is what the lab host says of a domain: both definitions as virsh dumps them, the
// overlay's capacity, QEMU's capacity of vda (0 when shut off) and the domain id (-1 when shut
// off), which a restart changes.
type labSizes struct {
	live, inactive definition.DomainFacts
	volBytes       uint64
	blockBytes     uint64
	id             int
}

func (l *accLab) readLabSizes(name, overlay string) (labSizes, error) {
	var d labSizes
	var err error
	for _, v := range []struct {
		dst  *definition.DomainFacts
		args []string
	}{{&d.live, []string{"dumpxml", name}}, {&d.inactive, []string{"dumpxml", "--inactive", name}}} {
		x, err := l.virsh("", v.args...)
		if err != nil {
			return d, err
		}
		if *v.dst, err = definition.ParseDomain(x); err != nil {
			return d, err
		}
		if v.dst.Mark == nil {
			return d, fmt.Errorf("virsh %v: no mark", v.args)
		}
	}
	info, err := l.virsh("", "vol-info", "--bytes", "--pool", l.pool, overlay)
	if err != nil {
		return d, err
	}
	if d.volBytes, err = field(info, "Capacity:"); err != nil {
		return d, err
	}
	idText, err := l.virsh("", "domid", name)
	if err != nil {
		return d, err
	}
	d.id = -1
	if n, err := strconv.Atoi(strings.TrimSpace(idText)); err == nil {
		d.id = n
		blk, err := l.virsh("", "domblkinfo", name, "vda")
		if err != nil {
			return d, err
		}
		if d.blockBytes, err = field(blk, "Capacity:"); err != nil {
			return d, err
		}
	}
	return d, nil
}

// field is the number after key in virsh's "Key:   value" output.
func field(out, key string) (uint64, error) {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), key); ok {
			return strconv.ParseUint(strings.Fields(rest)[0], 10, 64)
		}
	}
	return 0, fmt.Errorf("no %q in %q", key, out)
}
