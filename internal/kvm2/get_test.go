package kvm2

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

const markedMAC = "52:54:00:aa:bb:cc"

func ipv4(addr string) libvirt.DomainIPAddr {
	return libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv4), Addr: addr, Prefix: 24}
}

func iface(mac string, addrs ...libvirt.DomainIPAddr) libvirt.DomainInterface {
	return libvirt.DomainInterface{Name: "eth", Hwaddr: libvirt.OptString{mac}, Addrs: addrs}
}

// wantRPCs fails unless the RPCs fb saw, in order, are want (comma-separated method names).
func wantRPCs(t *testing.T, fb *fake.Backend, want string) {
	t.Helper()
	if got := strings.Join(fb.Methods(), ","); got != want {
		t.Fatalf("RPCs %s\nwant %s", got, want)
	}
}

func TestGet_readsMarkAndFactsBack(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "fleet-a", libvirt.DomainRunning)
	agentAddress(h.fb, vmName, markedMAC, "192.168.122.10")
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := h.fb.Domain(vmName)
	want := Instance{
		ID: vmID, Host: labHost, Name: vmName, UID: labUID, DomainUUID: ownership.FormatUUID(d.UUID), Tag: "fleet-a",
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), State: StateRunning, Persistent: true,
		IPv4: "192.168.122.10", MAC: markedMAC, BaseImageID: labBaseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 4,
		Network: "default", Firmware: rules.FirmwareBIOS,
		NICs: []address.NIC{{NIC: definition.NIC{Network: "default", MAC: markedMAC}, IPv4: []string{"192.168.122.10"}}},
	}
	if !reflect.DeepEqual(inst, want) {
		t.Fatalf("got  %+v\nwant %+v", inst, want)
	}
}

// A running guest as Create leaves it (autostart on, a DHCP lease on a libvirt network) costs
// four RPCs and no lookup by name: the definition by the UID's UUID, state, autostart and the
// lease. The first read of a VM on a network in a process also reads which families the
// network serves (two RPCs, once per network): an IPv4-only one, so the lease is enough.
func TestGet_runningDomainCostsFourRPCs(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.Autostart = true
		d.Lease = []libvirt.DomainInterface{iface(markedMAC, ipv4("192.168.122.10"))}
	})
	h.fb.ResetCalls()
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	if inst.IPv4 != "192.168.122.10" || !inst.Persistent || !inst.Autostart || inst.State != StateRunning {
		t.Fatalf("instance %+v", inst)
	}
	want := "DomainGetXMLDesc,DomainGetState,DomainGetAutostart,DomainInterfaceAddresses"
	wantRPCs(t, h.fb, want+",NetworkLookupByName,NetworkGetXMLDesc")
	h.fb.ResetCalls()
	if again, err := h.c.Get(context.Background(), vmID, labUID); err != nil || again.IPv4 != inst.IPv4 {
		t.Fatalf("second Get = %+v, %v", again, err)
	}
	wantRPCs(t, h.fb, want)
}

func TestGet_stoppedDomainCostsThreeRPCsAndHasNoAddress(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	if inst.State != StateStopped || inst.IPv4 != "" || !inst.Persistent {
		t.Fatalf("instance %+v", inst)
	}
	want := "DomainGetXMLDesc,DomainGetState,DomainGetAutostart"
	wantRPCs(t, h.fb, want)
}

// Persistence is asked only of a running domain whose autostart is off, and a running domain
// undefined out of band (transient) reads as such.
func TestGet_persistenceOfARunningDomainWithAutostartOff(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	for _, transient := range []bool{false, true} {
		h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart, d.Transient = false, transient })
		h.fb.ResetCalls()
		inst, err := h.c.Get(context.Background(), vmID, labUID)
		if err != nil {
			t.Fatal(err)
		}
		if inst.Persistent == transient || h.fb.Count("DomainIsPersistent") != 1 {
			t.Fatalf("transient %v: persistent %v after %v", transient, inst.Persistent, h.fb.Methods())
		}
	}
}

// A domain that holds this VM's UUID under another name (renamed on the host) is not this VM
// under its name: the name is looked up, and the same-named domain of another owner there is
// judged by its mark, so the VM reads as gone and neither domain is taken for it.
func TestGet_uuidUnderAnotherNameIsNotThisVM(t *testing.T) {
	h := newCore(t)
	h.markedDomain("renamed", labUID, "", libvirt.DomainShutoff)
	h.fb.UpdateDomain("renamed", func(d *fake.Domain) {
		d.XML = strings.Replace(d.XML, "<name>renamed</name>", "<name>renamed-by-hand</name>", 1)
	})
	h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
	_, err := h.c.Get(context.Background(), vmID, labUID)
	var gone *ownership.GoneError
	if classOfErr(t, err) != kvmerr.NotFound || !errors.As(err, &gone) || gone.Foreign == nil {
		t.Fatalf("err = %v; want NotFound naming the foreign domain under the name", err)
	}
	if h.fb.Count("DomainLookupByName") != 1 {
		t.Fatalf("RPCs %v: want one lookup by name after the UUID read", h.fb.Methods())
	}
}

// A VM whose domain UUID is not the one its UID gives (a definition made by hand, or adopted
// from elsewhere) is found by name and proven by its mark, at one lookup more.
func TestGet_domainWithAnotherUUIDIsFoundByName(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.UUID[15] ^= 0xff })
	h.fb.ResetCalls()
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil || inst.UID != labUID {
		t.Fatalf("Get = %+v, %v", inst, err)
	}
	want := "DomainGetXMLDesc,DomainLookupByName,DomainGetXMLDesc,DomainGetState,DomainGetAutostart"
	wantRPCs(t, h.fb, want)
}

// The autostart flag is read from the host each time, so one turned off out of band shows.
func TestGet_readsAutostartFromTheHost(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	for _, want := range []bool{true, false} {
		h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = want })
		inst, err := h.c.Get(context.Background(), vmID, labUID)
		if err != nil || inst.Autostart != want {
			t.Fatalf("autostart %v on the host: Get = %+v, %v", want, inst, err)
		}
	}
}

func TestGet_addressSources(t *testing.T) {
	boom := errors.New("broken pipe")
	ours := func(ip string) []libvirt.DomainInterface {
		return []libvirt.DomainInterface{iface(markedMAC, ipv4(ip))}
	}
	static := func(d *fake.Domain) {
		d.XML = strings.Replace(d.XML, "</kvm2:instance>", "<kvm2:network-config>version: 2</kvm2:network-config></kvm2:instance>", 1)
	}
	tests := []struct {
		name      string
		attach    func(d *fake.Domain)      // nil: a libvirt network without network_config
		agent     []libvirt.DomainInterface // nil: agent not connected
		lease     []libvirt.DomainInterface
		inject    func(fb *fake.Backend)
		want      string
		wantErr   bool
		wantCalls int // DomainInterfaceAddresses calls
	}{
		{"lease answers first on a DHCP network", nil, ours("10.0.0.9"), ours("10.0.0.2"), nil, "10.0.0.2", false, 1},
		{"no lease yet: the agent", nil, ours("10.0.0.3"), nil, nil, "10.0.0.3", false, 2},
		{"lease prefers our MAC", nil, nil, []libvirt.DomainInterface{iface("52:54:00:00:00:01", ipv4("10.9.9.9")), iface(strings.ToUpper(markedMAC), ipv4("10.0.0.2"))}, nil, "10.0.0.2", false, 1},
		{"network_config: the agent first", static, ours("10.0.0.7"), ours("10.0.0.8"), nil, "10.0.0.7", false, 1},
		{"agent prefers our MAC", static, []libvirt.DomainInterface{iface("52:54:00:00:00:01", ipv4("10.9.9.9")), iface(strings.ToUpper(markedMAC), ipv4("10.0.0.2"))}, nil, nil, "10.0.0.2", false, 1},
		{"agent skips loopback and link-local", static, []libvirt.DomainInterface{iface("00:00:00:00:00:00", ipv4("127.0.0.1")), iface(markedMAC, ipv4("169.254.1.1"), ipv4("10.0.0.3"))}, nil, nil, "10.0.0.3", false, 1},
		{"agent type and literal disagree", static, []libvirt.DomainInterface{iface(markedMAC, libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv4), Addr: "fe80::1"})}, ours("10.0.0.4"), nil, "10.0.0.4", false, 2},
		{"agent without IPv4 falls back to lease", static, []libvirt.DomainInterface{iface(markedMAC, libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "fd00::5"})}, ours("10.0.0.5"), nil, "10.0.0.5", false, 2},
		{"agent not connected falls back to lease", static, nil, ours("10.0.0.6"), nil, "10.0.0.6", false, 2},
		{"a bridge asks the agent only", func(d *fake.Domain) {
			d.XML = strings.Replace(strings.Replace(d.XML, "<interface type=\"network\">", "<interface type=\"bridge\">", 1), "<source network=\"default\"></source>", "<source bridge=\"br0\"></source>", 1)
		}, nil, ours("10.0.0.6"), nil, "", false, 1},
		{"no address anywhere", nil, nil, nil, nil, "", false, 2},
		{"transport failure is an error", nil, nil, nil, func(fb *fake.Backend) { fb.FailAlways("DomainInterfaceAddresses", boom) }, "", true, 1},
		{"libvirt refusing the agent source is no address", nil, nil, nil, func(fb *fake.Backend) {
			fb.FailNth("DomainInterfaceAddresses", 2, lverr(libvirt.ErrOperationUnsupported))
		}, "", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
				d.Agent, d.Lease = tt.agent, tt.lease
				if tt.attach != nil {
					tt.attach(d)
				}
			})
			if tt.inject != nil {
				tt.inject(h.fb)
			}
			inst, err := h.c.Get(context.Background(), vmID, labUID)
			if tt.wantErr {
				if classOfErr(t, err) != kvmerr.Transient {
					t.Fatalf("err = %v", err)
				}
				return
			}
			if err != nil || inst.IPv4 != tt.want {
				t.Fatalf("ipv4 %q, %v; want %q", inst.IPv4, err, tt.want)
			}
			if n := h.fb.Count("DomainInterfaceAddresses"); n != tt.wantCalls {
				t.Fatalf("address RPCs %d, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestGet_errorClasses(t *testing.T) {
	tests := []struct {
		name  string
		id    string
		setup func(h *coreHarness)
		want  kvmerr.Class
	}{
		{"missing domain", vmID, nil, kvmerr.NotFound},
		{"unmarked domain: this VM is gone", vmID, func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainRunning) }, kvmerr.NotFound},
		{"another configuration's domain: this VM is gone", vmID, func(h *coreHarness) {
			h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
		}, kvmerr.NotFound},
		{"unparsable mark", vmID, func(h *coreHarness) {
			h.fb.AddDomain(fake.Domain{Name: vmName, XML: `<domain><name>egress-1</name><metadata><kvm2:instance xmlns:kvm2="https://github.com/egress-proxies/terraform-provider-kvm2/mark/v1"><kvm2:vcpus>many</kvm2:vcpus></kvm2:instance></metadata></domain>`})
		}, kvmerr.Permanent},
		{"malformed id", "lab/x/y", nil, kvmerr.Permanent},
		{"unknown host", "elsewhere/" + vmName, nil, kvmerr.Permanent},
		{"lookup refused", vmID, func(h *coreHarness) { h.fb.FailAlways("DomainLookupByName", lverr(libvirt.ErrOperationDenied)) }, kvmerr.Permanent},
		{"link dropped", vmID, func(h *coreHarness) {
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.FailAlways("DomainGetState", kvmerr.ErrAbandoned)
		}, kvmerr.Transient},
		{"our UUID without the mark is not NotFound", vmID, func(h *coreHarness) {
			h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.XML = strings.Replace(d.XML, "kvm2/mark/v1", "other/v9", 1) })
		}, kvmerr.Permanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			if tt.setup != nil {
				tt.setup(h)
			}
			_, err := h.c.Get(context.Background(), tt.id, labUID)
			if got := classOfErr(t, err); got != tt.want {
				t.Fatalf("class %v, want %v: %v", got, tt.want, err)
			}
		})
	}
}

// withAgentState makes the fake's definition of name show the guest agent channel in state, as
// libvirt's live definition of a running domain does.
func withAgentState(t *testing.T, fb *fake.Backend, name, state string) {
	t.Helper()
	fb.UpdateDomain(name, func(d *fake.Domain) {
		x := strings.Replace(d.XML, `name="org.qemu.guest_agent.0"`, `name="org.qemu.guest_agent.0" state="`+state+`"`, 1)
		if x == d.XML {
			t.Fatal("the definition has no guest agent channel")
		}
		d.XML = x
	})
}

// TestGet_agentShownDisconnectedIsNotAsked: a running guest without a lease whose agent channel
// libvirt shows disconnected costs four RPCs (the lease only); shown connected, the agent is
// asked after the lease and gives the address.
func TestGet_agentShownDisconnectedIsNotAsked(t *testing.T) {
	for _, tc := range []struct {
		state, wantIP, wantRPCs string
	}{
		{"disconnected", "", "DomainGetXMLDesc,DomainGetState,DomainGetAutostart,DomainInterfaceAddresses"},
		{"connected", "192.168.122.30", "DomainGetXMLDesc,DomainGetState,DomainGetAutostart,DomainInterfaceAddresses,DomainInterfaceAddresses"},
	} {
		t.Run(tc.state, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Autostart = true })
			if tc.state == "connected" {
				agentAddress(h.fb, vmName, markedMAC, "192.168.122.30")
			}
			withAgentState(t, h.fb, vmName, tc.state)
			h.fb.ResetCalls()
			inst, err := h.c.Get(context.Background(), vmID, labUID)
			if err != nil {
				t.Fatal(err)
			}
			if inst.IPv4 != tc.wantIP {
				t.Errorf("IPv4 = %q, want %q", inst.IPv4, tc.wantIP)
			}
			wantRPCs(t, h.fb, tc.wantRPCs)
		})
	}
}
