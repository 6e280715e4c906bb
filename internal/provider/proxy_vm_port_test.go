package provider

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

const portVMAddr = "192.168.122.60"

// portOpensAfter makes the guest's port 8888 open at the n-th connect from the host, and counts
// the connects in tries.
func (h *fakeHost) portOpensAfter(n int32, tries *atomic.Int32) {
	ap := netip.MustParseAddrPort(portVMAddr + ":8888")
	h.FB.Inject("ProbeGuestPort", func(context.Context, fake.Call) error {
		if tries.Add(1) == n {
			h.FB.ServeGuestPort(ap, func(net.Conn) {})
		}
		return nil
	})
}

// TestProxyVM_createWaitsForThePort: a create returns only once the port accepted a connection
// from the host (it opens at the third connect), on the address the wait for an address found;
// wait_for_port goes into the mark, an import reads it back, and a change of it is in place.
func TestProxyVM_createWaitsForThePort(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.GiveAddress(portVMAddr)
	var tries atomic.Int32
	h.portOpensAfter(3, &tries)
	cfg := func(port string) string { return h.config(h.baseImage() + vmConfig("wait_for_port = "+port)) }
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{
				Config: cfg("8888"),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(vmAddr, tfjsonpath.New("wait_for_port"), knownvalue.Int64Exact(8888)),
				},
				Check: resource.ComposeTestCheckFunc(h.domainXMLHas("egress-1", "<kvm2:wait-for-port>8888</kvm2:wait-for-port>"),
					func(*terraform.State) error {
						if n := tries.Load(); n < 3 {
							t.Errorf("the create returned after %d connects; the port opened at the third", n)
						}
						for _, c := range h.FB.GuestConnects() {
							if c != portVMAddr+":8888" {
								t.Errorf("connected to %s, not the VM's address", c)
							}
						}
						return nil
					}),
			},
			{ResourceName: vmAddr, ImportState: true, ImportStateVerify: true, ImportStateVerifyIgnore: []string{"timeouts"}},
			{
				Config: cfg("9999"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(vmAddr, plancheck.ResourceActionUpdate),
				}},
				Check: h.domainXMLHas("egress-1", "<kvm2:wait-for-port>9999</kvm2:wait-for-port>"),
			},
		},
	})
}

// TestProxyVM_startWaitsForThePort: a stopped VM with wait_for_port is not waited for; its start
// returns only once the port accepted a connection (it opens at the second connect).
func TestProxyVM_startWaitsForThePort(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	h.GiveAddress(portVMAddr)
	var tries atomic.Int32
	h.portOpensAfter(2, &tries)
	cfg := func(running string) string {
		return h.config(h.baseImage() + vmConfig("wait_for_port = 8888\n  running = "+running))
	}
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		CheckDestroy:             h.checkNothingLeft,
		Steps: []resource.TestStep{
			{Config: cfg("false"), Check: func(*terraform.State) error {
				if n := tries.Load(); n != 0 {
					t.Errorf("a VM left stopped was connected to %d times", n)
				}
				return nil
			}},
			{Config: cfg("true"), Check: func(*terraform.State) error {
				if n := tries.Load(); n < 2 {
					t.Errorf("the start returned after %d connects; the port opened at the second", n)
				}
				return nil
			}},
		},
	})
}

// TestProxyVM_portWaitsThatFail: a port that never opens fails the create at its timeout with
// what was tried and the console's end; a host that refuses forwarding and has no nc fails at
// once, saying what to install; a channel the host drops is tried again. The VM is tainted each
// time, and replaced by the next apply.
func TestProxyVM_portWaitsThatFail(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		setup func(h *fakeHost)
		want  *regexp.Regexp
	}{
		{"never opens", func(*fakeHost) {},
			wrapped("Nothing accepted a TCP connection to "+portVMAddr+":8888 (from the host, via direct-tcpip) within 2s",
				"connects tried, the last:", "Connection refused", "tainted", "serial console", "Booting the kernel.")},
		{"forwarding refused, no nc", func(h *fakeHost) { h.FB.RefuseGuestForwarding(false) },
			wrapped("refuses TCP forwarding and the host has no nc", "netcat-openbsd", "tainted", "Booting the kernel.")},
		{"the host drops the channel every time", func(h *fakeHost) {
			h.FB.FailAlways("ProbeGuestPort", errors.New("the exec channel running nc on the host ended without a status: EOF"))
		}, wrapped("Nothing accepted a TCP connection", "within 2s", "ended without a status", "tainted")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newFakeHost(t)
			h.GiveAddress(portVMAddr)
			h.FB.Inject("DomainGetXMLDesc", func(_ context.Context, c fake.Call) error {
				h.FB.WriteConsole(c.Target, "Booting the kernel.\r\n")
				return nil
			})
			tc.setup(h)
			cfg := h.config(h.baseImage() + vmConfig("wait_for_port = 8888\n  timeouts {\n    create = \"2s\"\n  }"))
			resource.UnitTest(t, resource.TestCase{
				ProtoV6ProviderFactories: factories(h.NewClient),
				CheckDestroy:             h.checkNothingLeft,
				Steps: []resource.TestStep{
					{Config: cfg, ExpectError: tc.want},
					{Config: cfg, PlanOnly: true, ExpectNonEmptyPlan: true},
					{Config: h.config(h.baseImage())},
				},
			})
		})
	}
}

// TestProxyVM_portWaitNeedsTheAddressWait: wait_for_port with wait_for_ip = false, and a port out
// of its bounds, are refused at plan, in the rules' words.
func TestProxyVM_portWaitNeedsTheAddressWait(t *testing.T) {
	t.Parallel()
	h := newFakeHost(t)
	resource.UnitTest(t, resource.TestCase{
		ProtoV6ProviderFactories: factories(h.NewClient),
		Steps: []resource.TestStep{
			{Config: h.config(h.baseImage() + vmConfig("wait_for_port = 8888\n  wait_for_ip = false")), PlanOnly: true,
				ExpectError: wrapped("wait_for_port connects to the address the wait for an address finds, but wait_for_ip is false")},
			{Config: h.config(h.baseImage() + vmConfig("wait_for_port = 0")), PlanOnly: true,
				ExpectError: wrapped("wait_for_port is 0; it must be 1 to 65535")},
			{Config: h.config(h.baseImage() + vmConfig("wait_for_port = 65536")), PlanOnly: true,
				ExpectError: wrapped("wait_for_port is 65536; it must be 1 to 65535")},
		},
	})
	if names := h.FB.DomainNames(); len(names) != 0 {
		t.Fatalf("domains made: %v", names)
	}
}
