//go:build ownership

package provider

// Host restarts under running VMs, on the lab: libvirtd restarted while a refresh reads, and a
// simulated host reboot (libvirtd and the guests' QEMU processes killed, libvirtd started again).
// They restart the shared lab's libvirtd, so they take /work/lab-restart.lock (when /work exists)
// for the moment of each restart, and run in the ownership/fault tier:
//
//	set -a; . .lab/env; set +a; TF_ACC=1 go test -tags ownership -count=1 -run TestAccFault_hostRestart -v ./internal/provider/

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

const (
	hrOn  = "kvm2_proxy_vm.on"  // autostart (the default)
	hrOff = "kvm2_proxy_vm.off" // autostart = false
)

// restartLab is the lab with the restart script, without the provider mirror the CLI fault
// tests build.
func restartLab(t *testing.T) *faultLab {
	t.Helper()
	l := newAccLab(t)
	if os.Geteuid() != 0 {
		t.Skip("host restart tests restart the lab's libvirtd: run as root")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	f := &faultLab{accLab: l, repo: repo, labState: filepath.Dir(filepath.Dir(l.knownHosts))}
	t.Cleanup(func() { f.ensureLabBack(t) })
	return f
}

// hostRestartConfig is a base image and two running VMs that wait for their address: "on" with
// autostart, "off" without.
func (f *faultLab) hostRestartConfig() string {
	vm := func(addr, name, extra string) string {
		return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  %s
}
`, addr, name, extra)
	}
	return f.config(f.baseImage(f.pool) + vm("on", f.name("hr-on"), "") + vm("off", f.name("hr-off"), "autostart = false"))
}

// domState is the domain's state as virsh reports it ("running", "shut off").
func (f *faultLab) domState(name string) (string, error) {
	out, err := f.virsh("", "domstate", name)
	return strings.TrimSpace(out), err
}

// agentIPv4 polls the guest agent of the domain until it reports an IPv4 address other than
// loopback, within the wait on b.
func (f *faultLab) agentIPv4(name string, b budget.Budget) (string, error) {
	w := b.Start()
	var last error
	for !w.Over() {
		out, err := f.virsh("", "domifaddr", name, "--source", "agent")
		if err == nil {
			for _, line := range strings.Split(out, "\n") {
				if fs := strings.Fields(line); len(fs) >= 4 && fs[2] == "ipv4" && !strings.HasPrefix(fs[3], "127.") {
					return strings.Split(fs[3], "/")[0], nil
				}
			}
		}
		last = err
		time.Sleep(2 * time.Second)
	}
	return "", w.Errorf("no IPv4 from the guest agent of %s (last: %v)", name, last)
}

// objects is this run's domains and volumes on the lab, sorted.
func (f *faultLab) objects() ([]string, []string, error) {
	d, v, err := f.runObjects("-" + f.run)
	// A console log and its rotated copies are volumes the create makes, written by virtlogd:
	// no objects the provider changes after the create.
	v = slices.DeleteFunc(v, func(n string) bool {
		return strings.HasSuffix(n, ".console.log") || strings.Contains(n, ".console.log.")
	})
	slices.Sort(d)
	slices.Sort(v)
	return d, v, err
}

// TestAccFault_hostRestart: libvirtd restarted under two running VMs while a refresh reads:
// the reads retry and succeed, the plan is empty, the same UIDs and domain UUIDs, the same
// domains and volumes. Then a host reboot (libvirtd and both guests' QEMU killed, libvirtd
// started): the autostart VM runs again and its guest boots (the agent reports an IPv4), the
// other stays off and the plan reports it honestly as a change of `running`, which an apply
// makes in place on the same domain.
func TestAccFault_hostRestart(t *testing.T) {
	f := restartLab(t)
	on, off := f.name("hr-on"), f.name("hr-off")
	cfg := f.hostRestartConfig()

	// What proves identity is the same in every step: nothing was replaced.
	type comparer interface {
		AddStateValue(string, tfjsonpath.Path) statecheck.StateCheck
	}
	type idAttr struct {
		addr, attr string
		c          comparer
	}
	var identity []idAttr
	for _, addr := range []string{hrOn, hrOff} {
		for _, attr := range []string{"uid", "domain_uuid", "mac_address"} {
			identity = append(identity, idAttr{addr, attr, statecheck.CompareValue(compare.ValuesSame())})
		}
	}
	ids := func(more ...statecheck.StateCheck) []statecheck.StateCheck {
		var checks []statecheck.StateCheck
		for _, id := range identity {
			checks = append(checks, id.c.AddStateValue(id.addr, tfjsonpath.New(id.attr)))
		}
		return append(checks, more...)
	}
	var domainsBefore, volumesBefore []string
	sameObjects := func(*terraform.State) error {
		d, v, err := f.objects()
		if err != nil {
			return err
		}
		if !slices.Equal(d, domainsBefore) || !slices.Equal(v, volumesBefore) {
			return fmt.Errorf("objects on the host changed:\n domains %v -> %v\n volumes %v -> %v", domainsBefore, d, volumesBefore, v)
		}
		return nil
	}
	running := func(name, want string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			got, err := f.domState(name)
			if err != nil {
				return err
			}
			if got != want {
				return fmt.Errorf("domain %s is %q on the host, want %q", name, got, want)
			}
			return nil
		}
	}
	restartDone := make(chan error, 1)
	empty := []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: f.factories(),
		CheckDestroy:             f.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{
				Config:            cfg,
				ConfigStateChecks: ids(),
				Check: resource.ComposeTestCheckFunc(running(on, "running"), running(off, "running"),
					f.wantLabAutostart(on, true), f.wantLabAutostart(off, false),
					func(*terraform.State) (err error) {
						if domainsBefore, volumesBefore, err = f.objects(); err != nil {
							return err
						}
						t.Logf("before the restart: domains %v, volumes %v", domainsBefore, volumesBefore)
						if len(domainsBefore) != 2 || len(volumesBefore) != 6 {
							return fmt.Errorf("want 2 domains and 6 volumes (base, marker, 2 overlays, 2 seeds)")
						}
						return nil
					}),
			},
			{
				// libvirtd is down when the plan begins and comes back during its refresh.
				PreConfig: func() {
					go func() {
						restartDone <- withRestartLock(t.Name(), func() error {
							return f.script(t, "restart-libvirtd.sh", "--down", "8")
						})
					}()
					for w := budget.DaemonStopped.Start(); f.labAnswers(); time.Sleep(200 * time.Millisecond) {
						if w.Over() {
							t.Fatal(w.Errorf("libvirtd still answers"))
						}
					}
				},
				Config:   cfg,
				PlanOnly: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPreRefresh:  empty,
					PostApplyPostRefresh: empty,
				},
			},
			{
				PreConfig: func() {
					if err := <-restartDone; err != nil {
						t.Fatal(err)
					}
				},
				Config:            cfg,
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: empty},
				ConfigStateChecks: ids(statecheck.ExpectKnownValue(hrOn, tfjsonpath.New("state"), knownvalue.StringExact("running"))),
				Check:             resource.ComposeTestCheckFunc(sameObjects, running(on, "running"), running(off, "running")),
			},
			{
				// A host reboot: both guests die with libvirtd; libvirtd starts the autostart one.
				PreConfig: func() {
					if err := withRestartLock(t.Name(), func() error {
						return f.script(t, "restart-libvirtd.sh", "--kill", "--kill-guests", "--guest", on, "--guest", off)
					}); err != nil {
						t.Fatal(err)
					}
					ip, err := f.agentIPv4(on, budget.GuestRestart)
					if err != nil {
						t.Fatal(err)
					}
					t.Logf("after the reboot: %s booted again, agent reports %s", on, ip)
				},
				Config:             cfg,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(hrOn, plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction(hrOff, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(hrOff, tfjsonpath.New("running"), knownvalue.Bool(true)),
					expectBefore(hrOff, "running", false),
					expectBefore(hrOff, "state", "stopped"),
				}},
			},
			{
				// The apply starts the other in place: the same domains, nothing added or lost.
				Config: cfg,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(hrOn, plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction(hrOff, plancheck.ResourceActionUpdate),
				}},
				ConfigStateChecks: ids(),
				Check: resource.ComposeTestCheckFunc(sameObjects, running(on, "running"), running(off, "running"),
					f.wantLabAutostart(on, true), f.wantLabAutostart(off, false)),
			},
		},
	})
}
