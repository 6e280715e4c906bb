//go:build acceptance

package provider

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// jumpFailBound is how long an apply may take, terraform's own start included, to fail on a
// jump host whose key is wrong: the error is Permanent, so nothing is retried.
const jumpFailBound = 20 * time.Second

// labJump is the lab's jump host in front of host 2 (KVM2_TEST_JUMP_*): an sshd that only
// forwards TCP to host 2's sshd, with a host key of its own.
type labJump struct {
	address, port, user, key, knownHosts, hostKey, log string
}

// jumpHost reads the lab's jump host; the test fails when the lab has none (make lab-up).
func (l *accLab) jumpHost() labJump {
	l.t.Helper()
	env := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			l.t.Fatalf("%s is not set: bring the lab up with both hosts (make lab-up; it starts the jump host "+
				"in front of host 2) and source .lab/env", k)
		}
		return v
	}
	return labJump{
		address: env("KVM2_TEST_JUMP_SSH_HOST"), port: env("KVM2_TEST_JUMP_SSH_PORT"), user: env("KVM2_TEST_JUMP_SSH_USER"),
		key: env("KVM2_TEST_JUMP_SSH_KEY"), knownHosts: env("KVM2_TEST_JUMP_KNOWN_HOSTS"),
		hostKey: env("KVM2_TEST_JUMP_HOST_KEY"), log: env("KVM2_TEST_JUMP_LOG"),
	}
}

// addr is the jump host's host:port as errors name it.
func (j labJump) addr() string { return j.address + ":" + j.port }

// list is a jump attribute holding the jump host, its key verified by hostKeyAttr.
func (j labJump) list(hostKeyAttr string) string {
	return fmt.Sprintf(`      jump = [{
        address          = %q
        port             = %s
        user             = %q
        private_key_file = %q
        %s
      }]
`, j.address, j.port, j.user, j.key, hostKeyAttr)
}

// authLines are the lines of the jump host's sshd log naming user: sshd logs the user of every
// authentication request ("Invalid user", "Failed publickey for", "Accepted publickey for"), and
// a client sends its first one only once the host key is accepted. Tests run side by side on
// the one jump host, so a test that counts must use a user of its own.
func (j labJump) authLines(t *testing.T, user string) []string {
	t.Helper()
	b, err := os.ReadFile(j.log)
	if err != nil {
		t.Fatalf("read the jump host's log: %v", err)
	}
	var lines []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, " "+user+" ") {
			lines = append(lines, line)
		}
	}
	return lines
}

// logins counts the logins of the lab's user the jump host accepted so far.
func (j labJump) logins(t *testing.T) int {
	t.Helper()
	n := 0
	for _, line := range j.authLines(t, j.user) {
		if strings.Contains(line, "Accepted publickey for "+j.user+" ") {
			n++
		}
	}
	return n
}

// behindJump is the provider with host h reached through jump (a jump attribute).
func behindJump(h labHost, jump string) string {
	block := strings.TrimSuffix(h.block(), "    }\n") + jump + "    }\n"
	return fmt.Sprintf("provider \"kvm2\" {\n  hosts = {\n%s  }\n}\n", block)
}

// jumpHealth is kvm2_host_health of host key, with its status, reason, message and transport as
// outputs.
func jumpHealth(key string) string {
	return jumpHealthStable(key) + `output "message" { value = data.kvm2_host_health.h.hosts[0].message }
`
}

// jumpHealthStable is jumpHealth without the message, which quotes the pool's free bytes and so
// changes from one plan to the next.
func jumpHealthStable(key string) string {
	return fmt.Sprintf(`
data "kvm2_host_health" "h" { host = %q }

output "status" { value = data.kvm2_host_health.h.hosts[0].status }
output "reason" { value = data.kvm2_host_health.h.hosts[0].reason }
output "transport" { value = data.kvm2_host_health.h.hosts[0].transport }
`, key)
}

// TestAccJump_fleetOnHost2 creates a small fleet on host 2 reached only through the lab's jump
// host (its key verified from its own known_hosts file), as a user does with the terraform
// CLI: it applies, the VMs run on host 2, the host's sshd refuses forwarding so the socket is
// reached by the exec fallback through the jump, the jump host logged the provider in, the
// next plan is empty and destroy leaves nothing.
func TestAccJump_fleetOnHost2(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	h2, jump := l.secondHost("lab2"), l.jumpHost()
	part := "-jp" + l.run
	names := []string{l.prefix + "j0" + part, l.prefix + "j1" + part}
	config := behindJump(h2, jump.list(fmt.Sprintf("known_hosts_file = %q", jump.knownHosts))) + fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab2"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}

resource "kvm2_proxy_vm" "vm" {
  for_each      = toset([%s])
  name          = each.key
  host          = "lab2"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  running       = true
}

output "ids" { value = { for k, v in kvm2_proxy_vm.vm : k => v.id } }
`, l.prefix+"base"+part+".qcow2", h2.pool, l.imageURL, l.imageSHA, quoteList(names)) + jumpHealthStable("lab2")

	d := newCLIDir(t)
	destroyed := false
	t.Cleanup(func() {
		if !destroyed {
			d.write("main.tf", config)
			if r := d.run("destroy", "-auto-approve"); r.failed {
				t.Errorf("destroy at cleanup exited %d:\n%s", r.code, r.out)
			}
		}
		doms, vols, err := h2.objects(part)
		if err != nil {
			t.Errorf("list leftovers on host 2: %v", err)
		} else if len(doms)+len(vols) > 0 {
			t.Errorf("left on host 2 after destroy: %v %v", doms, vols)
		}
	})

	logins := jump.logins(t)
	d.write("main.tf", config)
	d.mustRun("init")
	r := d.mustRun("apply", "-auto-approve")
	t.Logf("apply through the jump host: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
	if got := applySummary(r.out); got != "3 added, 0 changed, 0 destroyed" {
		t.Fatalf("apply: %s, want 3 added\n%s", got, r.out)
	}
	out := d.outputs()
	ids, _ := out["ids"].(map[string]any)
	for _, n := range names {
		if want := "lab2/" + n; ids[n] != want {
			t.Errorf("VM %s has id %v, want %s", n, ids[n], want)
		}
		state, err := h2.virsh("domstate", n)
		if err != nil || strings.TrimSpace(state) != "running" {
			t.Errorf("VM %s on host 2: state %q, %v; want running", n, strings.TrimSpace(state), err)
		}
	}
	if out["status"] != "ok" || !strings.HasPrefix(fmt.Sprint(out["transport"]), "exec:") {
		t.Errorf("host 2 through the jump: status %v, transport %v (%v); want ok over an exec transport "+
			"(host 2's sshd refuses stream-local forwarding)", out["status"], out["transport"], out["reason"])
	}
	if got := jump.logins(t); got <= logins {
		t.Errorf("the jump host accepted %d logins during the apply; the provider must go through it", got-logins)
	}
	d.planIsEmpty("plan after apply through the jump host")

	d.mustRun("destroy", "-auto-approve")
	destroyed = true
}

// TestAccJump_wrongJumpHostKey pins a key that is not the jump host's: the apply fails fast,
// naming the jump host and the pinned key, without logging in to it (so without reaching host
// 2); kvm2_host_health reports the host down with HostKeyMismatch, naming the jump host.
func TestAccJump_wrongJumpHostKey(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	h2, jump := l.secondHost("lab2"), l.jumpHost()
	part := "-jk" + l.run
	// A user of this test's own, unknown to the jump host: any authentication request the
	// provider sent would be logged with it, whatever the other tests do through the jump host.
	jump.user = "kvm2-nobody" + part
	provider := behindJump(h2, jump.list(fmt.Sprintf("host_key = %q", otherHostKey(t))))
	d := newCLIDir(t)
	t.Cleanup(func() {
		doms, vols, err := h2.objects(part)
		if err != nil {
			t.Errorf("list leftovers on host 2: %v", err)
		} else if len(doms)+len(vols) > 0 {
			t.Errorf("left on host 2: %v %v", doms, vols)
		}
	})

	if lines := jump.authLines(t, jump.user); len(lines) > 0 {
		t.Fatalf("the jump host's log names %s before the test: %q", jump.user, lines)
	}
	d.write("main.tf", provider+fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab2"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, l.prefix+"base"+part+".qcow2", h2.pool, l.imageURL, l.imageSHA))
	d.mustRun("init")
	r := d.run("apply", "-auto-approve")
	if !r.failed {
		t.Fatalf("apply with a wrong jump host key succeeded:\n%s", r.out)
	}
	words := func(s string) *regexp.Regexp { // Terraform wraps error lines
		return regexp.MustCompile(strings.Join(strings.Fields(regexp.QuoteMeta(s)), `\s+`))
	}
	for _, want := range []string{"jump host " + jump.addr(), "host key does not match the pinned host_key"} {
		if !words(want).MatchString(r.out) {
			t.Errorf("the apply's error does not say %q:\n%s", want, r.out)
		}
	}
	t.Logf("apply failed in %v", r.took.Round(10*time.Millisecond))
	if r.took > jumpFailBound {
		t.Errorf("the apply took %v to fail; a wrong host key must fail within %v (%s)", r.took, jumpFailBound, budget.Now())
	}
	if lines := jump.authLines(t, jump.user); len(lines) > 0 {
		t.Errorf("the provider asked the jump host to authenticate %s; with its key refused it must not try:\n%s",
			jump.user, strings.Join(lines, "\n"))
	}

	d.write("main.tf", provider+jumpHealth("lab2"))
	d.mustRun("apply", "-auto-approve")
	out := d.outputs()
	if out["status"] != "down" || out["reason"] != "HostKeyMismatch" || !strings.Contains(fmt.Sprint(out["message"]), "jump host "+jump.addr()) {
		t.Errorf("kvm2_host_health: status %v, reason %v, message %q; want down, HostKeyMismatch, naming jump host %s",
			out["status"], out["reason"], out["message"], jump.addr())
	}
}
