//go:build cloud

package provider

// A boot you can see, on the cloud image: wait_for_cloud_init waits for cloud-init's own result
// through the guest agent; a user data whose runcmd fails makes the apply fail with cloud-init's
// error and the end of the guest's serial console, which the host logs beside the VM's disks.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// failingRuncmd fails in cloud-init's final stage: its runcmd script (the commands in order, its
// status the last one's) ends with `false`, so it exits 1, which cloud-init reports as a failure
// of scripts-user (scripts_user in newer releases) in result.json's errors (and `cloud-init status` as error). The echo marks the
// console.
const failingRuncmd = `#cloud-config
runcmd:
  - [sh, -c, 'echo kvm2-boot-acc: the next runcmd fails on purpose']
  - "false"
`

// cloudInitFailedRE is the apply's error: cloud-init's own words, then the console's end.
var cloudInitFailedRE = regexp.MustCompile(`(?s)Unable\s+to\s+create\s+proxy\s+VM.*cloud-init\s+finished\s+with\s+\d+\s+error\(s\).*` +
	`scripts[-_]user.*tainted.*The\s+last\s+lines\s+of\s+the\s+guest's\s+serial\s+console`)

// TestAccCloud_cloudInitFailureFailsTheApply: the apply fails with cloud-init's error and the
// console tail; the time from cloud-init's end in the guest (status.json, guest clock) to the
// apply's error is logged for the note (an upper bound: measured when the next step starts).
func TestAccCloud_cloudInitFailureFailsTheApply(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	name := c.name("cifail")
	vm := c.vm(name, "bios", "user_data = "+hclString(failingRuncmd)+"\n  wait_for_cloud_init = true")
	var t0 time.Time
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: c.factories(),
		CheckDestroy:             c.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: c.config(c.baseImage())},
			{
				PreConfig: func() {
					t0 = time.Now()
					c.tapConsole(name)
				},
				Config:      c.config(c.baseImage() + vm),
				ExpectError: cloudInitFailedRE,
			},
			{
				// The VM stays, tainted: read what the error was made of, and when.
				PreConfig: func() { c.logCloudInitFailure(name, t0, time.Now()) },
				Config:    c.config(c.baseImage()),
			},
		},
	})
}

// logCloudInitFailure logs, for the note, what the failed apply's error said (the core's parts of
// it, read again) and the time from cloud-init's end in the guest to the error.
func (c *cloudLab) logCloudInitFailure(name string, t0, erred time.Time) {
	t := c.t
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cl := c.client()
	inst, err := cl.GetWithDisk(ctx, "lab/"+name, "")
	if err != nil {
		t.Fatalf("the failed create's VM is not on the host: %v", err)
	}
	st, err := cl.CloudInit(ctx, inst.ID, inst.UID)
	var ci *guest.CloudInitError
	if !errors.As(err, &ci) {
		t.Fatalf("cloud-init in the kept VM: %+v, %v; want its errors", st, err)
	}
	tail, path, err := cl.ConsoleTail(ctx, inst.ID, inst.UID)
	if err != nil || tail == "" || !strings.HasSuffix(path, ".console.log") {
		t.Fatalf("console tail %q at %q: %v", tail, path, err)
	}
	if !strings.Contains(tail, "kvm2-boot-acc") && !strings.Contains(tail, "cloud-init") {
		t.Errorf("the console tail shows nothing of cloud-init:\n%s", tail)
	}
	t.Logf("the error's cloud-init part:\n%v\nits console tail (%s):\n%s", ci, path, tail)
	if st.FinishedAt.IsZero() {
		t.Logf("cloud-init's status gave no finish time; the apply failed %.1fs after it started", erred.Sub(t0).Seconds())
		return
	}
	t.Logf("TIMING cloud-init failed in the guest at %s (guest clock); the apply's error came at most %.1fs later "+
		"(%.1fs after the apply started)", st.FinishedAt.Format(time.RFC3339Nano), erred.Sub(st.FinishedAt).Seconds(), erred.Sub(t0).Seconds())
}

// TestAccCloud_biosStaticAddressWaitsForCloudInit: one BIOS guest for three things a user of the
// cloud image relies on (each used to boot a guest of its own):
//   - #cloud-config user data that starts tinyproxy: its sha256 in state, the proxy answering
//     through the guest (checkProxyGuest: the agent's address, cloud-init clean, the hostname);
//   - wait_for_cloud_init: the apply returns only once cloud-init has finished (its result is
//     there, without errors, the moment the apply is done), and state reads it back;
//   - a static address from network_config on the lab network (outside its DHCP range) with a
//     pinned MAC: cloud-init applies it, the agent reports it, create's wait ends with it as
//     ipv4_address, and the network's DHCP server leased nothing to the MAC.
func TestAccCloud_biosStaticAddressWaitsForCloudInit(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	hostIP, cidr := c.subnet(c.network)
	target, token := tokenServer(t, hostIP)
	name := c.name("ciwait")
	mac := c.runMAC("static")
	prefix := hostIP[:strings.LastIndex(hostIP, ".")+1]
	ip := prefix + strconv.Itoa(251+rand.IntN(4)) // the lab network leases .10 to .250
	netConfig := staticNetplan(mac, ip+"/24", hostIP, hostIP)
	ud := proxyCloudConfig(c.proxyPort, cidr)
	vm := c.vm(name, "bios", "user_data = "+hclString(ud)+"\n  wait_for_cloud_init = true"+
		"\n  mac_address = "+hclString(mac)+"\n  network_config = "+hclString(netConfig))
	c.cloudTest(name, vm, []statecheck.StateCheck{
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(rules.UserDataSHA256([]byte(ud)))),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("wait_for_cloud_init"), knownvalue.Bool(true)),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("ipv4_address"), knownvalue.StringExact(ip)),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("mac_address"), knownvalue.StringExact(mac)),
	}, func(s *terraform.State, t0 time.Time) error {
		applied := time.Since(t0)
		// At once, no polling: cloud-init must have finished already.
		r, err := c.exec(name, "cat "+"/run/cloud-init/result.json")
		if err != nil || r.code != 0 {
			return errors.New("cloud-init's result is not there right after the apply: " + r.errOut)
		}
		res, err := definition.ParseCloudInitResult([]byte(r.out))
		if err != nil || len(res.Errors) != 0 {
			return errors.New("cloud-init's result right after the apply: " + r.out)
		}
		c.t.Logf("the apply of %s returned %.1fs after it started, cloud-init done", name, applied.Seconds())
		agentIP, err := c.waitAgentIPv4(name, t0)
		if err != nil {
			return err
		}
		if agentIP != ip {
			return fmt.Errorf("the agent reports %s, want the static %s\n%s", agentIP, ip, c.guestLogTail(name))
		}
		leases, err := c.virsh("", "net-dhcp-leases", c.network, "--mac", mac)
		if err != nil {
			return err
		}
		if strings.Contains(leases, mac) {
			return fmt.Errorf("the network leased an address to %s, which has a static one:\n%s", mac, leases)
		}
		return c.checkProxyGuest(name, target, token)(s, t0)
	})
}
