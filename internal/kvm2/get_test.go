package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

const markedMAC = "52:54:00:aa:bb:cc"

func ipv4(addr string) libvirt.DomainIPAddr {
	return libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv4), Addr: addr, Prefix: 24}
}

func iface(mac string, addrs ...libvirt.DomainIPAddr) libvirt.DomainInterface {
	return libvirt.DomainInterface{Name: "eth", Hwaddr: libvirt.OptString{mac}, Addrs: addrs}
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
		ID: vmID, Host: labHost, Name: vmName, UID: labUID, DomainUUID: formatUUID(d.UUID), Tag: "fleet-a",
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), State: StateRunning, Persistent: true,
		IPv4: "192.168.122.10", MAC: markedMAC, BaseImageID: labBaseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 4,
		Network: "default", Firmware: FirmwareBIOS,
	}
	if inst != want {
		t.Fatalf("got  %+v\nwant %+v", inst, want)
	}
}

func TestGet_runningDomainCostsSixRPCs(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
	agentAddress(h.fb, vmName, markedMAC, "192.168.122.10")
	if _, err := h.c.Get(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	want := "DomainLookupByName,DomainGetState,DomainGetXMLDesc,DomainGetAutostart,DomainIsPersistent,DomainInterfaceAddresses"
	if got := strings.Join(h.fb.Methods(), ","); got != want {
		t.Fatalf("RPCs %s\nwant %s", got, want)
	}
}

func TestGet_stoppedDomainCostsFourRPCsAndHasNoAddress(t *testing.T) {
	h := newCore(t)
	h.markedDomain(vmName, labUID, "", libvirt.DomainShutoff)
	inst, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil {
		t.Fatal(err)
	}
	if inst.State != StateStopped || inst.IPv4 != "" || !inst.Persistent {
		t.Fatalf("instance %+v", inst)
	}
	if n := len(h.fb.Calls()); n != 4 {
		t.Fatalf("%d RPCs: %v", n, h.fb.Methods())
	}
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
	tests := []struct {
		name      string
		agent     []libvirt.DomainInterface // nil: agent not connected
		lease     []libvirt.DomainInterface
		inject    func(fb *fake.Backend)
		want      string
		wantErr   bool
		wantCalls int // DomainInterfaceAddresses calls
	}{
		{"agent", []libvirt.DomainInterface{iface(markedMAC, ipv4("10.0.0.2"))}, nil, nil, "10.0.0.2", false, 1},
		{"agent prefers our MAC", []libvirt.DomainInterface{iface("52:54:00:00:00:01", ipv4("10.9.9.9")), iface(strings.ToUpper(markedMAC), ipv4("10.0.0.2"))}, nil, nil, "10.0.0.2", false, 1},
		{"agent skips loopback and link-local", []libvirt.DomainInterface{iface("00:00:00:00:00:00", ipv4("127.0.0.1")), iface(markedMAC, ipv4("169.254.1.1"), ipv4("10.0.0.3"))}, nil, nil, "10.0.0.3", false, 1},
		{"agent type and literal disagree", []libvirt.DomainInterface{iface(markedMAC, libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv4), Addr: "fe80::1"})}, []libvirt.DomainInterface{iface(markedMAC, ipv4("10.0.0.4"))}, nil, "10.0.0.4", false, 2},
		{"agent without IPv4 falls back to lease", []libvirt.DomainInterface{iface(markedMAC, libvirt.DomainIPAddr{Type: int32(libvirt.IPAddrTypeIpv6), Addr: "fd00::5"})}, []libvirt.DomainInterface{iface(markedMAC, ipv4("10.0.0.5"))}, nil, "10.0.0.5", false, 2},
		{"agent not connected falls back to lease", nil, []libvirt.DomainInterface{iface(markedMAC, ipv4("10.0.0.6"))}, nil, "10.0.0.6", false, 2},
		{"no address anywhere", nil, nil, nil, "", false, 2},
		{"transport failure is an error", nil, nil, func(fb *fake.Backend) { fb.FailAlways("DomainInterfaceAddresses", boom) }, "", true, 1},
		{"libvirt refusing the lease source is no address", nil, nil, func(fb *fake.Backend) {
			fb.FailNth("DomainInterfaceAddresses", 2, lverr(libvirt.ErrOperationUnsupported))
		}, "", false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", libvirt.DomainRunning)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Agent, d.Lease = tt.agent, tt.lease })
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

func TestFormatUUID(t *testing.T) {
	u := libvirt.UUID{0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}
	if got := formatUUID(u); got != "12345678-9abc-def0-0123-456789abcdef" {
		t.Fatalf("formatUUID = %s", got)
	}
}
