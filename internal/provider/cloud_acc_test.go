//go:build cloud

package provider

// Acceptance on the lab's Debian 12 cloud image (cloud-init, systemd, qemu-guest-agent): what
// users run. Their own tier (make cloud): each test boots a real guest under TCG, about a minute
// each, two at a time.

import (
	"fmt"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// cloudVendorScriptBudget bounds the vendor-data script's run, as cloud-init measures it;
// cloudVendorIdleBudget bounds it where the agent already runs (nothing to do: no systemd reload).
const (
	cloudVendorScriptBudget = 2 * time.Minute
	cloudVendorIdleBudget   = 15 * time.Second
)

// proxyCloudConfig is #cloud-config user data that turns the guest into a tinyproxy on port,
// open to the subnet allow.
func proxyCloudConfig(port, allow string) string {
	return fmt.Sprintf(`#cloud-config
write_files:
  - path: /etc/tinyproxy/tinyproxy.conf
    content: |
      User tinyproxy
      Group tinyproxy
      Port %s
      Timeout 60
      Syslog On
      LogLevel Info
      PidFile "/run/tinyproxy/tinyproxy.pid"
      MaxClients 20
      Allow %s
runcmd:
  - [systemctl, restart, tinyproxy.service]
`, port, allow)
}

// cloudTest runs VM name (vmHCL) on the cloud image: a first step with the base image alone (its
// upload is not the guest's boot), then the VM, whose Check gets the time the VM's apply started.
func (c *cloudLab) cloudTest(name, vmHCL string, stateChecks []statecheck.StateCheck,
	check func(s *terraform.State, t0 time.Time) error, versionChecks ...tfversion.TerraformVersionCheck) {
	var t0 time.Time
	resource.Test(c.t, resource.TestCase{
		TerraformVersionChecks:   versionChecks,
		ProtoV6ProviderFactories: c.factories(),
		CheckDestroy:             c.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: c.config(c.baseImage())},
			{
				PreConfig: func() {
					t0 = time.Now()
					c.tapConsole(name)
				},
				Config:            c.config(c.baseImage() + vmHCL),
				ConfigStateChecks: stateChecks,
				Check:             func(s *terraform.State) error { return check(s, t0) },
			},
		},
	})
}

// vendorScriptFacts prints what the vendor-data script did: the apt lists it fetched, apt's
// history, whether cloud-init ran it and for how long, and the agent package's state.
const vendorScriptFacts = `echo "lists=$(ls -A /var/lib/apt/lists | grep -vx -e partial -e lock -e auxfiles | tr '\n' ' ')"
echo "history=$(test -e /var/log/apt/history.log && echo yes || echo no)"
echo "ran=$(grep -c "Running command \['/var/lib/cloud/instance/scripts/vendor/" /var/log/cloud-init.log)"
echo "vendor_s=$(cloud-init analyze blame -i /var/log/cloud-init.log 2>/dev/null | awk '/config-scripts-vendor/ {sub("s$", "", $1); print $1; exit}')"
echo "agent=$(dpkg-query -W -f='${Version} ${db:Status-Status}' qemu-guest-agent 2>/dev/null)"
echo "hostname=$(hostname)"
`

// checkVendorRan fails unless cloud-init ran the vendor-data script within its budget.
func checkVendorRan(f map[string]string) error {
	if n, _ := strconv.Atoi(f["ran"]); n < 1 {
		return fmt.Errorf("cloud-init's log shows no run of the vendor-data script: %v", f)
	}
	secs, err := strconv.ParseFloat(f["vendor_s"], 64)
	if err != nil {
		return fmt.Errorf("no duration of config-scripts-vendor in cloud-init analyze blame: %v", f)
	}
	if time.Duration(secs*float64(time.Second)) > cloudVendorScriptBudget {
		return fmt.Errorf("the vendor-data script ran %.1fs, over its budget of %s", secs, cloudVendorScriptBudget)
	}
	return nil
}

// checkProxyGuest is the check of a proxy VM on the cloud image: the agent reports the address
// terraform recorded, cloud-init finishes cleanly, the hostname is the VM's name, the user data's
// proxy answers, and the vendor-data script left the image's own agent alone.
func (c *cloudLab) checkProxyGuest(name, target, token string) func(*terraform.State, time.Time) error {
	return func(s *terraform.State, t0 time.Time) error {
		applied := time.Since(t0)
		ip, err := vmIPv4(s)
		if err != nil {
			return err
		}
		agentIP, err := c.waitAgentIPv4(name, t0)
		if err != nil {
			return err
		}
		atAgent := time.Since(t0)
		if agentIP != ip {
			return fmt.Errorf("the agent reports %s, terraform recorded ipv4_address %s", agentIP, ip)
		}
		ci, err := c.waitCloudInit(name, t0)
		if err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		atDone := time.Since(t0)
		if err := ci.checkClean(); err != nil {
			return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
		}
		host, err := c.virsh("", "domhostname", name, "--source", "agent")
		if err != nil {
			return err
		}
		if strings.TrimSpace(host) != name {
			return fmt.Errorf("the guest's hostname is %q, want the VM's name %q", strings.TrimSpace(host), name)
		}
		if err := checkProxy(net.JoinHostPort(ip, c.proxyPort), target, token); err != nil {
			return fmt.Errorf("the user data's proxy: %w\n%s", err, c.guestLogTail(name))
		}
		f, err := c.guestFacts(name, vendorScriptFacts)
		if err != nil {
			return err
		}
		if err := checkVendorRan(f); err != nil {
			return err
		}
		// The image ships the agent: the script must not have fetched package lists or installed.
		if f["lists"] != "" || f["history"] != "no" {
			return fmt.Errorf("the vendor-data script ran apt on an image that has the agent: lists %q, apt history %s", f["lists"], f["history"])
		}
		if want := c.imageAgentVersion(); want != "" && f["agent"] != want+" installed" {
			return fmt.Errorf("qemu-guest-agent is %q in the guest, the image has %q", f["agent"], want)
		}
		if secs, _ := strconv.ParseFloat(f["vendor_s"], 64); time.Duration(secs*float64(time.Second)) > cloudVendorIdleBudget {
			return fmt.Errorf("the vendor-data script ran %.1fs where the agent already runs, over %s", secs, cloudVendorIdleBudget)
		}
		// The guest booted uptime seconds before cloud-init was seen done.
		up, _ := strconv.ParseFloat(ci.uptime, 64)
		booted := atDone.Seconds() - up
		c.t.Logf("timing %s: apply (create + IPv4 wait) %.1fs, agent-reported IPv4 %.1fs, cloud-init done %.1fs after the apply "+
			"started; the guest started %.1fs after it: agent IPv4 %.1fs and cloud-init done %ss after the guest started; vendor script %ss",
			name, applied.Seconds(), atAgent.Seconds(), atDone.Seconds(), booted, atAgent.Seconds()-booted, ci.uptime, f["vendor_s"])
		return nil
	}
}

// TestAccCloud_uefiWriteOnly: UEFI, the same user data given write-only.
func TestAccCloud_uefiWriteOnly(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	skipUnlessWriteOnly(t)
	hostIP, cidr := c.subnet(c.network)
	target, token := tokenServer(t, hostIP)
	name := c.name("uefi")
	ud := proxyCloudConfig(c.proxyPort, cidr)
	c.cloudTest(name, c.vm(name, "uefi", "user_data_wo = "+hclString(ud)+"\n  user_data_wo_version = 1"), []statecheck.StateCheck{
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_wo"), knownvalue.Null()),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data"), knownvalue.Null()),
		statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("user_data_sha256"), knownvalue.StringExact(rules.UserDataSHA256([]byte(ud)))),
	}, c.checkProxyGuest(name, target, token), tfversion.SkipBelow(tfversion.Version1_11_0))
}

// hideAgentCloudConfig hides the image's agent from the vendor-data script (bootcmd runs before
// it) and brings it back afterwards (runcmd runs after it), so the script takes its install path
// and the test can still read the guest through the agent. The script's start of the hidden
// agent fails until systemd's start limit, hence the reset-failed.
const hideAgentCloudConfig = `#cloud-config
bootcmd:
  - [sh, -c, 'if [ ! -e /root/qemu-ga.hidden ]; then systemctl stop qemu-guest-agent; mv /usr/sbin/qemu-ga /root/qemu-ga.hidden; fi']
runcmd:
  - [sh, -c, 'mv /root/qemu-ga.hidden /usr/sbin/qemu-ga && touch /root/qemu-ga.restored && systemctl reset-failed qemu-guest-agent; systemctl start qemu-guest-agent']
`

// isolatedNetwork creates a transient libvirt network with DHCP and no forwarding (no route
// out) on a free 192.168.x.0/24, removed when the test ends.
func (c *cloudLab) isolatedNetwork() string {
	c.t.Helper()
	name := c.name("iso")
	used, err := c.ssh(c.t.Context(), "ip -4 -o addr; ip -4 route").Output()
	if err != nil {
		c.t.Fatal(err)
	}
	start := rand.IntN(50)
	for i := range 50 {
		n := 200 + (start+i)%50
		if strings.Contains(string(used), fmt.Sprintf("192.168.%d.", n)) {
			continue
		}
		xml := fmt.Sprintf(`<network><name>%s</name><bridge name='vcacc%s'/>
<ip address='192.168.%d.1' netmask='255.255.255.0'><dhcp><range start='192.168.%d.10' end='192.168.%d.100'/></dhcp></ip>
</network>`, name, c.run, n, n, n)
		if _, err := c.virsh(xml, "net-create", "/dev/stdin"); err != nil {
			c.t.Logf("192.168.%d.0/24: %v", n, err)
			continue
		}
		c.t.Cleanup(func() {
			if _, err := c.virsh("", "net-destroy", name); err != nil {
				c.t.Errorf("remove the test's network: %v", err)
			}
		})
		return name
	}
	c.t.Fatal("no free 192.168.200-249.0/24 for an isolated network")
	return ""
}

// TestAccCloud_vendorScriptWithoutMirror: on a network without a route out, a guest whose agent
// the vendor-data script cannot find: the script tries apt, which fails at once, and cloud-init
// still finishes cleanly, in bounded time.
func TestAccCloud_vendorScriptWithoutMirror(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	network := c.isolatedNetwork()
	name := c.name("nomirror")
	c.cloudTest(name, c.vm(name, "bios", fmt.Sprintf("network = %q\n  user_data = %s", network, hclString(hideAgentCloudConfig))), nil,
		func(s *terraform.State, t0 time.Time) error {
			if _, err := vmIPv4(s); err != nil {
				return err
			}
			if _, err := c.waitAgentIPv4(name, t0); err != nil {
				return fmt.Errorf("%w (runcmd brings the agent back after the vendor-data script)", err)
			}
			ci, err := c.waitCloudInit(name, t0)
			if err != nil {
				return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
			}
			atDone := time.Since(t0)
			if err := ci.checkClean(); err != nil {
				return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
			}
			f, err := c.guestFacts(name, vendorScriptFacts+
				`echo "restored=$(test -e /root/qemu-ga.restored && echo yes)"
echo "apt_failed=$(grep -c -E '^(Err|W|E):' /var/log/cloud-init-output.log)"
`)
			if err != nil {
				return err
			}
			if f["restored"] != "yes" {
				return fmt.Errorf("the agent was not hidden from the vendor-data script: %v", f)
			}
			if err := checkVendorRan(f); err != nil {
				return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
			}
			if n, _ := strconv.Atoi(f["apt_failed"]); n < 1 {
				return fmt.Errorf("the vendor-data script's apt run left no failure in cloud-init-output.log: %v\n%s", f, c.guestLogTail(name))
			}
			c.t.Logf("timing %s: cloud-init done %.1fs (guest uptime %ss), vendor script without a mirror %ss",
				name, atDone.Seconds(), ci.uptime, f["vendor_s"])
			return nil
		})
}

// packagesCloudConfig has its own packages and runcmd keys, and purges the image's agent first
// (bootcmd), so the agent runs only if the vendor-data script installs it next to the user's
// packages and commands.
const packagesCloudConfig = `#cloud-config
bootcmd:
  - [sh, -c, 'if [ ! -e /root/qemu-ga.purged ]; then dpkg --purge qemu-guest-agent && touch /root/qemu-ga.purged; fi']
packages:
  - jq
runcmd:
  - [sh, -c, 'echo ran > /root/runcmd.ran']
`

// TestAccCloud_userPackagesKeepAgent: user data with its own packages and runcmd keys, on a
// guest whose agent is gone: the vendor-data script still installs and starts the agent, which
// answers guest-ping and reports the address terraform recorded, and the user's keys ran too.
func TestAccCloud_userPackagesKeepAgent(t *testing.T) {
	t.Parallel()
	c := newCloudLab(t)
	name := c.name("pkgs")
	c.cloudTest(name, c.vm(name, "bios", "user_data = "+hclString(packagesCloudConfig)), nil,
		func(s *terraform.State, t0 time.Time) error {
			ip, err := vmIPv4(s)
			if err != nil {
				return err
			}
			ci, err := c.waitCloudInit(name, t0)
			if err != nil {
				return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
			}
			atDone := time.Since(t0)
			if err := ci.checkClean(); err != nil {
				return fmt.Errorf("%w\n%s", err, c.guestLogTail(name))
			}
			if _, err := c.agent(name, map[string]string{"execute": "guest-ping"}); err != nil {
				return fmt.Errorf("the agent does not answer guest-ping: %w", err)
			}
			agentIP, err := c.waitAgentIPv4(name, t0)
			if err != nil {
				return err
			}
			if agentIP != ip {
				return fmt.Errorf("the agent reports %s, terraform recorded ipv4_address %s", agentIP, ip)
			}
			f, err := c.guestFacts(name, vendorScriptFacts+
				`echo "purged=$(test -e /root/qemu-ga.purged && echo yes)"
echo "runcmd=$(cat /root/runcmd.ran 2>/dev/null)"
echo "jq=$(dpkg-query -W -f='${db:Status-Status}' jq 2>/dev/null)"
`)
			if err != nil {
				return err
			}
			if f["purged"] != "yes" {
				return fmt.Errorf("bootcmd did not purge the agent, so the test proves nothing: %v", f)
			}
			if err := checkVendorRan(f); err != nil {
				return err
			}
			if !strings.HasSuffix(f["agent"], " installed") {
				return fmt.Errorf("qemu-guest-agent is %q after the vendor-data script", f["agent"])
			}
			if f["runcmd"] != "ran" || f["jq"] != "installed" {
				return fmt.Errorf("the user's runcmd (%q) or packages (jq %q) did not run", f["runcmd"], f["jq"])
			}
			c.t.Logf("timing %s: cloud-init done %.1fs (guest uptime %ss), vendor script installing the agent %ss",
				name, atDone.Seconds(), ci.uptime, f["vendor_s"])
			return nil
		})
}
