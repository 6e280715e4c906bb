//go:build acceptance

package provider

// Terraform 1.14 features on the lab, through the real CLI: `terraform query` over the list
// resource (with -generate-config-out, whose configuration then imports with no change),
// import blocks by resource identity, and the kvm2_proxy_vm_power action from
// `terraform apply -invoke` and from an action_trigger. Each test is skipped, with the reason,
// on a CLI that lacks the feature.

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// fleetConfig is a base image and n stopped VMs tagged tag, named <prefix><i>.
func (l *accLab) fleetConfig(prefix, tag string, n int) string {
	return l.config(l.baseImage(l.pool) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "fleet" {
  count         = %d
  name          = "%s${count.index}"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  running       = false
  autostart     = false
  wait_for_ip   = false
}

output "base_id" { value = kvm2_base_image.base.id }
`, n, prefix, tag))
}

// TestAccQuery_fleet: 20 tagged VMs and one more named from a name_prefix, made by one
// configuration and forgotten by it (state rm), as another team's would be; `terraform query`
// in a second directory lists exactly them (not an unmarked domain of the same prefix, not the
// untagged VM beside them), writes configuration with -generate-config-out (the prefixed VM's
// with its name_prefix, not its drawn name), and that configuration imports all 21 with no
// change and then plans empty; its destroy removes them.
func TestAccQuery_fleet(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	skipUnlessListResources(t)
	const n = 20
	prefix := l.prefix + "q" + l.run + "-"
	tag := "query-" + l.run
	maker, query := newCLIDir(t), newCLIDir(t)
	foreign := prefix + "foreign"
	t.Cleanup(func() {
		_, _ = l.virsh("", "destroy", foreign)
		_, _ = l.virsh("", "undefine", foreign)
		query.run("destroy", "-auto-approve")
		// The maker still holds the base image (and the untagged VM).
		maker.run("destroy", "-auto-approve")
		if err := l.checkLeftovers(); err != nil {
			t.Error(err)
		}
	})

	prefixed := fmt.Sprintf(`
resource "kvm2_proxy_vm" "prefixed" {
  name_prefix   = "%sp-"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  running       = false
  wait_for_ip   = false
}
`, prefix, tag)
	maker.write("main.tf", l.fleetConfig(prefix, tag, n)+prefixed+l.accVM(prefix+"untagged", "running = false\n  wait_for_ip = false"))
	maker.mustRun("init")
	r := maker.mustRun("apply", "-auto-approve", "-parallelism=10")
	t.Logf("made %d VMs: %s in %v", n, applySummary(r.out), r.took.Round(10*time.Millisecond))
	baseID := maker.outputs()["base_id"].(string)
	// Forget the fleet in the maker: its VMs are now on the host only.
	maker.mustRun("state", "rm", "kvm2_proxy_vm.fleet", "kvm2_proxy_vm.prefixed")
	// An unmarked domain under the fleet's prefix, as an administrator's.
	if out, err := l.virsh(fmt.Sprintf("<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><os><type>hvm</type></os></domain>", foreign),
		"define", "/dev/stdin"); err != nil {
		t.Fatalf("define the unmarked domain: %v %s", err, out)
	}

	query.write("main.tf", l.providerBlock(fmt.Sprintf("known_hosts_file = %q", l.knownHosts)))
	query.write("fleet.tfquery.hcl", fmt.Sprintf(`
list "kvm2_proxy_vm" "fleet" {
  provider         = kvm2
  include_resource = true
  config {
    host = "lab"
    tag  = %q
  }
}
`, tag))
	query.mustRun("init")
	r = query.mustRun("query", "-no-color")
	t.Logf("terraform query: %d lines in %v; the first three:\n%s", strings.Count(r.out, "\n"), r.took.Round(10*time.Millisecond),
		strings.Join(strings.SplitN(r.out, "\n", 4)[:3], "\n"))
	for i := range n {
		if !strings.Contains(r.out, fmt.Sprintf("lab/%s%d", prefix, i)) {
			t.Fatalf("query does not list %s%d:\n%s", prefix, i, r.out)
		}
	}
	if strings.Contains(r.out, foreign) || strings.Contains(r.out, prefix+"untagged") {
		t.Fatalf("query lists a VM outside the tag, or an unmarked domain:\n%s", r.out)
	}

	r = query.mustRun("query", "-no-color", "-generate-config-out=generated.tf")
	t.Logf("terraform query -generate-config-out: %v", r.took.Round(10*time.Millisecond))
	gen, err := os.ReadFile(query.dir + "/generated.tf")
	if err != nil {
		t.Fatalf("no generated configuration: %v\n%s", err, r.out)
	}
	t.Logf("generated.tf: %d bytes; its first resource and import:\n%s", len(gen), firstBlocks(string(gen), 2))
	if got := strings.Count(string(gen), `resource "kvm2_proxy_vm"`); got != n+1 {
		t.Fatalf("generated configuration has %d resources, want %d:\n%s", got, n+1, gen)
	}
	if got := strings.Count(string(gen), "import {"); got != n+1 || !strings.Contains(string(gen), "identity") {
		t.Fatalf("generated configuration has %d import blocks (want %d, by identity):\n%s", got, n+1, gen)
	}
	if !regexp.MustCompile(`name_prefix\s*=\s*"` + regexp.QuoteMeta(prefix) + `p-"`).Match(gen) {
		t.Fatalf("generated configuration does not give the prefixed VM its name_prefix:\n%s", gen)
	}
	if !strings.Contains(string(gen), baseID) {
		t.Fatalf("generated configuration does not name base image %s:\n%s", baseID, gen)
	}
	r = query.mustRun("apply", "-auto-approve", "-parallelism=10")
	t.Logf("apply of the generated configuration: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
	if got, want := applySummary(r.out), fmt.Sprintf("%d imported, 0 added, 0 changed, 0 destroyed", n+1); got != want {
		t.Fatalf("apply of the generated configuration: %s, want %s\n%s", got, want, r.out)
	}
	query.planIsEmpty("after importing the queried fleet")
}

// powerConfig is a base image, one running VM and the power actions on it.
func (l *accLab) powerConfig(name, tag string, trigger bool) string {
	lifecycle := ""
	if trigger {
		lifecycle = `
  lifecycle {
    action_trigger {
      events  = [after_update]
      actions = [action.kvm2_proxy_vm_power.reboot]
    }
  }`
	}
	return l.config(l.baseImage(l.pool) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  wait_for_ip   = false
%s
}

action "kvm2_proxy_vm_power" "stop" {
  config {
    id               = kvm2_proxy_vm.egress.id
    uid              = kvm2_proxy_vm.egress.uid
    operation        = "stop"
    shutdown_timeout = "2m"
  }
}

action "kvm2_proxy_vm_power" "reboot" {
  config {
    id        = kvm2_proxy_vm.egress.id
    uid       = kvm2_proxy_vm.egress.uid
    operation = "reboot"
  }
}

action "kvm2_proxy_vm_power" "start" {
  config {
    id        = kvm2_proxy_vm.egress.id
    uid       = kvm2_proxy_vm.egress.uid
    operation = "start"
  }
}

action "kvm2_proxy_vm_power" "other" {
  config {
    id        = kvm2_proxy_vm.egress.id
    uid       = "00000000-0000-4000-8000-000000000000"
    operation = "stop"
  }
}
`, name, tag, lifecycle))
}

// TestAccAction_power: `terraform apply -invoke` stops the VM through ACPI (the guest powers off
// by itself: reason "shutdown", not "destroyed") and leaves state alone, so the next plan starts
// it; a start runs it again; an action whose uid is not the VM's is refused and the VM keeps
// running; an action_trigger after_update reboots the VM when its tag changes (a new QEMU
// process: its domain id changes).
func TestAccAction_power(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	skipUnlessActions(t)
	name := l.name("power")
	d := newCLIDir(t)
	t.Cleanup(func() {
		d.run("destroy", "-auto-approve")
		if err := l.checkLeftovers(); err != nil {
			t.Error(err)
		}
	})
	state := func() string { return strings.TrimSpace(l.mustVirsh("domstate", "--reason", name)) }

	d.write("main.tf", l.powerConfig(name, "a", false))
	d.mustRun("init")
	d.mustRun("apply", "-auto-approve")
	// The guest needs to be up before it can act on the power button.
	l.waitForAgent(t, name)

	r := d.mustRun("apply", "-auto-approve", "-invoke=action.kvm2_proxy_vm_power.stop")
	t.Logf("invoke stop: %v\n%s", r.took.Round(10*time.Millisecond), r.out)
	if got := state(); got != "shut off (shutdown)" {
		t.Fatalf("after the stop action the domain is %q, want shut off by the guest (shutdown)", got)
	}
	if r := d.run("plan", "-detailed-exitcode"); r.code != 2 || !regexp.MustCompile(`running\s+= false -> true`).MatchString(r.out) {
		t.Fatalf("the plan after the stop action should start the VM (exit %d):\n%s", r.code, r.out)
	}
	d.mustRun("apply", "-auto-approve", "-invoke=action.kvm2_proxy_vm_power.start")
	if got := state(); !strings.HasPrefix(got, "running") {
		t.Fatalf("after the start action the domain is %q", got)
	}
	d.planIsEmpty("after the start action")

	r = d.run("apply", "-auto-approve", "-invoke=action.kvm2_proxy_vm_power.other")
	if !r.failed || !strings.Contains(r.out, name) {
		t.Fatalf("an action with another uid should fail (exit %d):\n%s", r.code, r.out)
	}
	if got := state(); !strings.HasPrefix(got, "running") {
		t.Fatalf("an action with another uid changed the domain: %q", got)
	}

	// A guest still booting ignores the power button, and the reboot would wait out its minute.
	l.waitForAgent(t, name)
	before := strings.TrimSpace(l.mustVirsh("domid", name))
	d.write("main.tf", l.powerConfig(name, "b", true))
	r = d.mustRun("apply", "-auto-approve")
	after := strings.TrimSpace(l.mustVirsh("domid", name))
	t.Logf("tag change with an after_update reboot: %s in %v; domain id %s -> %s", applySummary(r.out), r.took.Round(10*time.Millisecond), before, after)
	if before == after || !strings.HasPrefix(state(), "running") {
		t.Fatalf("the after_update reboot did not restart the domain: id %s -> %s, state %q\n%s", before, after, state(), r.out)
	}
	d.planIsEmpty("after the triggered reboot")
}

// waitForAgent waits, within budget.GuestRestart, until the guest agent of domain name answers
// guest-ping: the guest has booted.
func (l *accLab) waitForAgent(t *testing.T, name string) {
	t.Helper()
	waitFor(t, budget.GuestRestart, "the guest agent of "+name, func() bool {
		out, _ := l.virsh("", "qemu-agent-command", name, `'{"execute":"guest-ping"}'`)
		return strings.Contains(out, "return")
	})
}

// waitFor polls cond every second until it holds, failing the test once the wait on b is over.
func waitFor(t *testing.T, b budget.Budget, what string, cond func() bool) {
	t.Helper()
	w := b.Start()
	for !cond() {
		if w.Over() {
			t.Fatal(w.Errorf("waiting for %s", what))
		}
		time.Sleep(time.Second)
	}
	if note := w.Note(); note != "" {
		t.Log(note)
	}
}

// firstBlocks is the text of the first n top-level blocks of an HCL file (up to each closing
// brace at column 0).
func firstBlocks(hcl string, n int) string {
	var out []string
	for _, line := range strings.Split(hcl, "\n") {
		out = append(out, line)
		if line == "}" {
			if n--; n == 0 {
				break
			}
		}
	}
	return strings.Join(out, "\n")
}
