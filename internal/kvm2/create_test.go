package kvm2

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/address"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmtest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// agentAddress gives the fake domain name a guest agent reporting ip on mac.
func agentAddress(fb *fake.Backend, name, mac, ip string) {
	fb.UpdateDomain(name, func(d *fake.Domain) {
		d.Agent = []libvirt.DomainInterface{{Name: "eth0", Hwaddr: libvirt.OptString{mac},
			Addrs: []libvirt.DomainIPAddr{{Type: int32(libvirt.IPAddrTypeIpv4), Addr: ip, Prefix: 24}}}}
	})
}

func TestCreate_newDomain(t *testing.T) {
	h := newCore(t)
	inst := h.create()
	want := Instance{
		ID: vmID, Host: labHost, Name: vmName, UID: labUID, Tag: "fleet-a",
		CreatedAt: time.Date(2026, 9, 16, 13, 33, 0, 0, time.UTC), State: StateRunning, Persistent: true,
		BaseImageID: labBaseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 4, Network: "default", Firmware: rules.FirmwareUEFI,
	}
	sum := sha256.Sum256(testUserData())
	want.UserDataHash, want.UserDataSource = hex.EncodeToString(sum[:]), UserDataStored
	baseSum := sha256.Sum256(kvmtest.LabBaseContent)
	want.BaseSHA256 = hex.EncodeToString(baseSum[:])
	d, ok := h.fb.Domain(vmName)
	if !ok {
		t.Fatal("domain not defined")
	}
	want.DomainUUID, want.MAC = inst.DomainUUID, inst.MAC
	want.NICs = []address.NIC{{NIC: definition.NIC{Network: "default", MAC: inst.MAC}}}
	if !reflect.DeepEqual(inst, want) {
		t.Fatalf("instance\n got %+v\nwant %+v", inst, want)
	}
	if inst.DomainUUID == "" || len(inst.MAC) != 17 {
		t.Fatalf("uuid %q mac %q", inst.DomainUUID, inst.MAC)
	}
	if d.State != libvirt.DomainRunning || d.Transient || !d.NVRAM {
		t.Fatalf("domain %+v", d)
	}
	for _, sub := range []string{`type="qemu"`, `<source file="/var/lib/libvirt/images/` + labOverlay + `"`,
		`<source file="/var/lib/libvirt/images/` + labSeed + `"`, `<uuid>` + rules.DomainUUID(labUID) + `</uuid>`, definition.MarkNamespace} {
		if !strings.Contains(d.XML, sub) {
			t.Errorf("domain XML lacks %s", sub)
		}
	}
	overlay, ok := h.fb.Volume(fake.DefaultPool, labOverlay)
	if !ok || overlay.BackingPath != "/var/lib/libvirt/images/base.qcow2" || overlay.Capacity != 4<<30 || overlay.Format != "qcow2" {
		t.Fatalf("overlay %+v", overlay)
	}
	seed, ok := h.fb.Volume(fake.DefaultPool, labSeed)
	if !ok || !bytes.Contains(seed.Content, []byte("cidata")) || !bytes.Contains(seed.Content, testUserData()) {
		t.Fatalf("seed volume missing or without the user data (%d bytes)", len(seed.Content))
	}
}

func testUserData() []byte { return labRequest().UserData }

func TestCreate_defaultsFromRequestAndHost(t *testing.T) {
	tests := []struct {
		name        string
		host        func(*hostconfig.HostConfig)
		req         func(*CreateRequest)
		wantNetwork string
		wantBridge  string
		wantFW      rules.Firmware
		wantXML     []string
	}{
		{"host network", nil, nil, "default", "", rules.FirmwareUEFI, []string{`<source network="default"`, `firmware="efi"`}},
		{"host bridge", func(h *hostconfig.HostConfig) { h.Bridge = "br0" }, nil, "", "br0", rules.FirmwareUEFI, []string{`<source bridge="br0"`}},
		{"request network", func(h *hostconfig.HostConfig) { h.Bridge = "br0" }, func(r *CreateRequest) { r.NICs = []definition.NIC{{Network: "proxies"}} }, "proxies", "", rules.FirmwareUEFI, []string{`<source network="proxies"`}},
		{"bios", nil, func(r *CreateRequest) { r.Firmware = rules.FirmwareBIOS }, "default", "", rules.FirmwareBIOS, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mut []func(*hostconfig.HostConfig)
			if tt.host != nil {
				mut = append(mut, tt.host)
			}
			h := newCore(t, mut...)
			h.fb.AddNetwork("proxies", true)
			var rm []func(*CreateRequest)
			if tt.req != nil {
				rm = append(rm, tt.req)
			}
			inst := h.create(rm...)
			if inst.Network != tt.wantNetwork || inst.Bridge != tt.wantBridge || inst.Firmware != tt.wantFW {
				t.Fatalf("network %q bridge %q firmware %q", inst.Network, inst.Bridge, inst.Firmware)
			}
			d, _ := h.fb.Domain(vmName)
			for _, sub := range tt.wantXML {
				if !strings.Contains(d.XML, sub) {
					t.Errorf("XML lacks %s:\n%s", sub, d.XML)
				}
			}
			if tt.wantFW == rules.FirmwareBIOS && d.NVRAM {
				t.Error("BIOS domain has NVRAM")
			}
		})
	}
}

func TestCreate_rejectsInvalidRequestBeforeAnyRPC(t *testing.T) {
	tests := []struct {
		name   string
		mut    func(*CreateRequest)
		substr string
	}{
		{"bad name", func(r *CreateRequest) { r.Name = "Egress_1" }, "domain name"},
		{"no vcpus", func(r *CreateRequest) { r.VCPUs = 0 }, "vcpus"},
		{"too little memory", func(r *CreateRequest) { r.MemoryMiB = 63 }, "memory"},
		{"no disk", func(r *CreateRequest) { r.DiskGiB = 0 }, "disk"},
		{"bad firmware", func(r *CreateRequest) { r.Firmware = "coreboot" }, "firmware"},
		{"network and bridge", func(r *CreateRequest) { r.NICs = []definition.NIC{{Network: "a", Bridge: "b"}} }, "network and bridge"},
		{"no base", func(r *CreateRequest) { r.BaseImageID = "" }, "base image"},
		{"unknown host", func(r *CreateRequest) { r.Host = "elsewhere" }, "not configured"},
		// The upper bounds the schema also applies.
		{"256 vcpus", func(r *CreateRequest) { r.VCPUs = 256 }, "vcpus is 256"},
		{"memory over 1 TiB", func(r *CreateRequest) { r.MemoryMiB = rules.MaxMemoryMiB + 1 }, "memory is 1048577 MiB"},
		{"32 MiB memory", func(r *CreateRequest) { r.MemoryMiB = 32 }, "memory is 32 MiB"},
		{"65537 GiB disk", func(r *CreateRequest) { r.DiskGiB = 65537 }, "disk is 65537 GiB"},
		{"disk that wraps to 1 GiB", func(r *CreateRequest) { r.DiskGiB = 17179869185 }, "disk is 17179869185 GiB"},
		{"name with a dot", func(r *CreateRequest) { r.Name = "egress.a" }, "only lowercase letters"},
		{"name with a trailing hyphen", func(r *CreateRequest) { r.Name = "egress-" }, "must not end with a hyphen"},
		{"bridge name too long", func(r *CreateRequest) { r.NICs = []definition.NIC{{Bridge: "a-very-long-bridge"}} }, "at most 15"},
		{"multicast mac", func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: "01:00:5e:00:00:01"}} }, "multicast"},
		{"mac with hyphens", func(r *CreateRequest) { r.NICs = []definition.NIC{{MAC: "52-54-00-00-00-01"}} }, "with ':'"},
		{"network config without version", func(r *CreateRequest) { r.NetworkConfig = "ethernets: {}\n" }, "no `version` key"},
		{"network config not YAML", func(r *CreateRequest) { r.NetworkConfig = "version: [2\n" }, "not a YAML mapping"},
		{"name not of its prefix", func(r *CreateRequest) { r.NamePrefix = "web-" }, "does not begin with its name prefix"},
		{"invalid name prefix", func(r *CreateRequest) { r.NamePrefix = "Egress" }, "name prefix"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			req := labRequest()
			tt.mut(&req)
			_, err := h.c.Create(context.Background(), req)
			if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), tt.substr) {
				t.Fatalf("err = %v, want Permanent containing %q", err, tt.substr)
			}
			if n := len(h.fb.Calls()); n != 0 {
				t.Fatalf("%d RPCs made: %v", n, h.fb.Methods())
			}
		})
	}
}

func TestCreate_generatesUIDWhenEmpty(t *testing.T) {
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) { r.UID = "" })
	if !definition.IsUUID(inst.UID) || inst.DomainUUID != inst.UID {
		t.Fatalf("uid %q is not a UUID used as the domain's UUID %q", inst.UID, inst.DomainUUID)
	}
	other := newCore(t).create(func(r *CreateRequest) { r.UID = "" })
	if other.UID == inst.UID {
		t.Fatal("two generated UIDs are equal")
	}
}

func TestCreate_notRunningLeavesDomainShutOff(t *testing.T) {
	h := newCore(t)
	inst := h.create(func(r *CreateRequest) { r.Running = false })
	if inst.State != StateStopped || h.fb.Count("DomainCreate") != 0 {
		t.Fatalf("state %s, DomainCreate calls %d", inst.State, h.fb.Count("DomainCreate"))
	}
}

// The seed is uploaded on a dedicated connection, never the pooled one; the connection stays
// open for the next create's upload (hostwide.UploadSlots), and the Client's Close closes it.
func TestCreate_seedUploadedOnDedicatedConnectionOnly(t *testing.T) {
	h := newCore(t)
	h.create()
	h.create(func(r *CreateRequest) { r.Name, r.UID = "egress-2", "uid-of-egress-2" })
	if n := h.fb.Count("StorageVolUpload"); n != 0 {
		t.Fatalf("pooled connection uploaded %d times", n)
	}
	// The base image is found on the pooled connection without reading any volume.
	if n := h.fb.Count("StorageVolDownload"); n != 0 {
		t.Fatalf("pooled connection read %d volumes", n)
	}
	ded := h.pool.DedicatedBackends(labHost)
	if len(ded) != 1 {
		t.Fatalf("dedicated connections %d, want 1 for both creates", len(ded))
	}
	if got := strings.Join(ded[0].Methods(), ","); got != "StorageVolUpload,StorageVolUpload" || ded[0].Closed() {
		t.Fatalf("seed connection did %s, closed %v", got, ded[0].Closed())
	}
	if err := h.c.Close(); err != nil {
		t.Fatal(err)
	}
	if !ded[0].Closed() {
		t.Fatal("the kept seed connection is open after Close")
	}
}

// A kept seed connection whose upload fails (the host's libvirtd restarted since the upload
// before) is closed, and the seed is uploaded on a new connection: the create succeeds.
func TestCreate_seedUploadRetriedWhenTheKeptConnectionFails(t *testing.T) {
	h := newCore(t)
	h.create()
	kept := h.pool.DedicatedBackends(labHost)[0]
	kept.FailAlways("StorageVolUpload", errors.New("write: broken pipe"))
	h.create(func(r *CreateRequest) { r.Name, r.UID = "egress-2", "uid-of-egress-2" })
	ded := h.pool.DedicatedBackends(labHost)
	if len(ded) != 2 || !ded[0].Closed() || ded[1].Count("StorageVolUpload") != 1 {
		t.Fatalf("dedicated connections %d, the failed one closed %v", len(ded), ded[0].Closed())
	}
}

func TestCreate_hypervisorTypeAskedOncePerHost(t *testing.T) {
	tests := []struct {
		name string
		caps string
		want string
	}{
		{"kvm offered", fake.CapabilitiesKVM, `type="kvm"`},
		{"tcg only", fake.CapabilitiesQEMU, `type="qemu"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.fb.SetCapabilities(tt.caps)
			h.create()
			h.create(func(r *CreateRequest) { r.Name, r.UID = "egress-2", "other" })
			for _, n := range []string{"egress-1", "egress-2"} {
				d, _ := h.fb.Domain(n)
				if !strings.HasPrefix(d.XML, "<domain "+tt.want) {
					t.Fatalf("%s: %.60s", n, d.XML)
				}
			}
			if n := h.fb.Count("ConnectGetCapabilities"); n != 1 {
				t.Fatalf("capabilities asked %d times", n)
			}
		})
	}
}

func TestCreate_adoptsOwnDomainWithSameUID(t *testing.T) {
	tests := []struct {
		name       string
		state      libvirt.DomainState
		running    bool
		wantStarts int
		wantState  State
	}{
		{"running", libvirt.DomainRunning, true, 0, StateRunning},
		{"shut off and wanted running", libvirt.DomainShutoff, true, 1, StateRunning},
		{"shut off and wanted stopped", libvirt.DomainShutoff, false, 0, StateStopped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "old-tag", tt.state)
			inst := h.create(func(r *CreateRequest) { r.Running = tt.running })
			if inst.UID != labUID || inst.State != tt.wantState || inst.Tag != "old-tag" {
				t.Fatalf("adopted %+v", inst)
			}
			if !inst.CreatedAt.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) {
				t.Fatalf("created-at not read back: %v", inst.CreatedAt)
			}
			if h.fb.Count("DomainDefineXML") != 0 || h.fb.Count("StorageVolCreateXML") != 0 {
				t.Fatalf("adoption wrote: %v", h.fb.Methods())
			}
			if n := h.fb.Count("DomainCreate"); n != tt.wantStarts {
				t.Fatalf("DomainCreate calls %d, want %d", n, tt.wantStarts)
			}
		})
	}
}

func TestCreate_repeatAdoptsWhatTheFirstMade(t *testing.T) {
	h := newCore(t)
	first := h.create()
	second := h.create()
	if !reflect.DeepEqual(first, second) {
		t.Fatalf("repeat differs:\n%+v\n%+v", first, second)
	}
	if h.fb.Count("DomainDefineXML") != 1 {
		t.Fatalf("defined %d times", h.fb.Count("DomainDefineXML"))
	}
}

func TestCreate_refusesDomainsThatAreNotOurs(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(h *coreHarness)
		substrs []string
	}{
		{"other uid", func(h *coreHarness) { h.markedDomain(vmName, "feedface", "", libvirt.DomainRunning) },
			[]string{"feedface", labUID}},
		{"no mark", func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainRunning) },
			[]string{"not managed by kvm2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			tt.setup(h)
			before, _ := h.fb.Domain(vmName)
			_, err := h.c.Create(context.Background(), labRequest())
			if classOfErr(t, err) != kvmerr.Permanent {
				t.Fatalf("class %v: %v", kvmerr.Classify(err), err)
			}
			for _, s := range tt.substrs {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q lacks %q", err, s)
				}
			}
			after, _ := h.fb.Domain(vmName)
			if after.XML != before.XML || after.State != before.State {
				t.Fatal("refused domain was changed")
			}
			for _, m := range []string{"DomainDefineXML", "DomainCreate", "DomainDestroy", "DomainUndefine", "DomainSetMetadata", "StorageVolCreateXML"} {
				if h.fb.Count(m) != 0 {
					t.Fatalf("%s called on a foreign domain", m)
				}
			}
		})
	}
}

func TestCreate_pausedOrSuspendedIsPermanentBeforeStart(t *testing.T) {
	for _, s := range []libvirt.DomainState{libvirt.DomainPaused, libvirt.DomainPmsuspended} {
		t.Run(string(stateOf(s)), func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", s)
			_, err := h.c.Create(context.Background(), labRequest())
			if classOfErr(t, err) != kvmerr.Permanent || !strings.Contains(err.Error(), string(stateOf(s))) {
				t.Fatalf("err = %v", err)
			}
			if h.fb.Count("DomainCreate") != 0 {
				t.Fatal("DomainCreate called")
			}
		})
	}
}

func TestCreate_quotaExceededBeforeAnyWrite(t *testing.T) {
	h := newCore(t)
	h.fb.UpdatePool(fake.DefaultPool, func(p *fake.StoragePool) { p.Available = labBaseCap })
	_, err := h.c.Create(context.Background(), labRequest())
	if !errors.Is(err, kvmerr.ErrQuotaExceeded) || classOfErr(t, err) != kvmerr.QuotaExceeded {
		t.Fatalf("err = %v", err)
	}
	var qe *kvmerr.QuotaError
	if !errors.As(err, &qe) || qe.Pool != fake.DefaultPool || qe.Available != labBaseCap || qe.Needed <= labBaseCap {
		t.Fatalf("quota error %+v", qe)
	}
	for _, m := range []string{"StorageVolCreateXML", "StorageVolDelete", "DomainDefineXML"} {
		if h.fb.Count(m) != 0 {
			t.Fatalf("%s called before the precheck failed", m)
		}
	}
	for _, d := range h.pool.DedicatedBackends(labHost) {
		if d.Count("StorageVolCreateXML") != 0 || d.Count("StorageVolUpload") != 0 {
			t.Fatalf("a dedicated connection wrote before the precheck failed: %v", d.Methods())
		}
	}
}

func TestCreate_baseImageProblemsArePermanent(t *testing.T) {
	tests := []struct {
		name string
		mut  func(h *coreHarness, r *CreateRequest)
	}{
		{"not cached", func(h *coreHarness, r *CreateRequest) { h.fb.RemoveVolume(fake.DefaultPool, labBase) }},
		{"marker missing", func(h *coreHarness, r *CreateRequest) {
			sum := sha256.Sum256(kvmtest.LabBaseContent)
			h.fb.RemoveVolume(fake.DefaultPool, labBase+rules.DigestInfix+hex.EncodeToString(sum[:]))
		}},
		{"other host", func(h *coreHarness, r *CreateRequest) { r.BaseImageID = "elsewhere/default/" + labBase }},
		{"malformed id", func(h *coreHarness, r *CreateRequest) { r.BaseImageID = "nonsense" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			req := labRequest()
			tt.mut(h, &req)
			_, err := h.c.Create(context.Background(), req)
			if classOfErr(t, err) != kvmerr.Permanent {
				t.Fatalf("err = %v", err)
			}
			if h.fb.Count("StorageVolCreateXML") != 0 || h.fb.Count("DomainDefineXML") != 0 {
				t.Fatal("wrote despite a missing base")
			}
		})
	}
}

func TestCreate_reusesOverlayAndRebuildsSeed(t *testing.T) {
	h := newCore(t)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labOverlay, Format: "qcow2", Capacity: 4 << 30, Content: []byte("guest data"),
		BackingPath: fake.DefaultPoolPath + "/" + labBase})
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: labSeed, Format: "raw", Content: []byte("stale seed")})
	h.create()
	overlay, _ := h.fb.Volume(fake.DefaultPool, labOverlay)
	if string(overlay.Content) != "guest data" {
		t.Fatal("overlay was replaced")
	}
	seed, _ := h.fb.Volume(fake.DefaultPool, labSeed)
	if bytes.Contains(seed.Content, []byte("stale seed")) || !bytes.Contains(seed.Content, testUserData()) {
		t.Fatal("seed was not rebuilt")
	}
	if n := h.fb.Count("StorageVolCreateXML"); n != 1+len(labConsoleLogs) {
		t.Fatalf("created %d volumes, want only the seed and the console logs", n)
	}
}

func TestCreate_failureLeavesNoDebris(t *testing.T) {
	boom := errors.New("connection reset")
	tests := []struct {
		name      string
		inject    func(h *coreHarness)
		wantClass kvmerr.Class
	}{
		{"overlay create refused", func(h *coreHarness) {
			h.fb.FailNth("StorageVolCreateXML", 1, lverr(libvirt.ErrOperationFailed))
		}, kvmerr.Transient},
		{"seed create fails", func(h *coreHarness) { h.fb.FailNth("StorageVolCreateXML", 2, boom) }, kvmerr.Transient},
		{"dedicated dial fails", func(h *coreHarness) {
			h.pool.FailDedicated(labHost, &kvmerr.DialError{Host: labHost, Stage: kvmerr.StageTCP, Err: boom})
		}, kvmerr.Transient},
		{"upload fails", func(h *coreHarness) {
			h.pool.OnDedicated(func(d *fake.Backend) { d.FailAlways("StorageVolUpload", boom) })
		}, kvmerr.Transient},
		{"path fails", func(h *coreHarness) { h.fb.FailNth("StorageVolGetPath", 2, boom) }, kvmerr.Transient},
		{"a console log create fails", func(h *coreHarness) {
			h.fb.FailFor("StorageVolCreateXML", fake.DefaultPool+"/"+labConsoleLogs[2], boom)
		}, kvmerr.Transient},
		{"define refused", func(h *coreHarness) { h.fb.FailAlways("DomainDefineXML", lverr(libvirt.ErrXMLError)) }, kvmerr.Permanent},
		{"start fails", func(h *coreHarness) { h.fb.FailAlways("DomainCreate", lverr(libvirt.ErrInternalError)) }, kvmerr.Transient},
		{"dies right after start", func(h *coreHarness) {
			h.fb.Inject("DomainCreate", func(context.Context, fake.Call) error {
				h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.StartState = libvirt.DomainShutoff })
				return nil
			})
		}, kvmerr.Transient},
		{"paused right after start", func(h *coreHarness) {
			h.fb.Inject("DomainCreate", func(context.Context, fake.Call) error {
				h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.StartState = libvirt.DomainPaused })
				return nil
			})
		}, kvmerr.Permanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			tt.inject(h)
			_, err := h.c.Create(context.Background(), labRequest())
			if got := classOfErr(t, err); got != tt.wantClass {
				t.Fatalf("class %v, want %v: %v", got, tt.wantClass, err)
			}
			assertNoDebris(t, h)
		})
	}
}

// assertNoDebris fails when anything of vmName is left on the fake host.
func assertNoDebris(t *testing.T, h *coreHarness) {
	t.Helper()
	if names := h.fb.DomainNames(); len(names) != 0 {
		t.Errorf("domains left: %v", names)
	}
	for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
		if strings.HasPrefix(v, vmName) {
			t.Errorf("volume left: %s", v)
		}
	}
	for _, f := range h.fb.HostFiles() { // a console log virtlogd made, unknown to the pool
		t.Errorf("file left on the host: %s", f)
	}
}

func TestCreate_cleanupRunsAfterCallerCancels(t *testing.T) {
	h := newCore(t)
	ctx, cancel := context.WithCancel(context.Background())
	h.pool.OnDedicated(func(d *fake.Backend) {
		d.Inject("StorageVolUpload", func(context.Context, fake.Call) error {
			cancel()
			return context.Canceled
		})
	})
	_, err := h.c.Create(ctx, labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	assertNoDebris(t, h)
}

func TestCreate_failureKeepsWhatItDidNotCreate(t *testing.T) {
	h := newCore(t)
	h.fb.AddVolume(fake.DefaultPool, fake.Volume{Name: "egress-1.qcow2", Format: "qcow2", Capacity: 4 << 30, Content: []byte("guest data")})
	h.fb.FailAlways("DomainDefineXML", lverr(libvirt.ErrInternalError))
	if _, err := h.c.Create(context.Background(), labRequest()); err == nil {
		t.Fatal("Create succeeded")
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, "egress-1.qcow2"); !ok {
		t.Fatal("pre-existing overlay removed")
	}
	if _, ok := h.fb.Volume(fake.DefaultPool, "egress-1-cidata.iso"); ok {
		t.Fatal("seed written by the failed call left behind")
	}
}

func TestCreate_notRunningWithinCapIsTransient(t *testing.T) {
	h := newCore(t)
	h.c.startWait = 20 * time.Millisecond
	h.fb.Inject("DomainGetState", func(context.Context, fake.Call) error {
		h.fb.SetDomainState(vmName, libvirt.DomainNostate)
		return nil
	})
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient || !strings.Contains(err.Error(), "not running") {
		t.Fatalf("err = %v", err)
	}
	if h.fb.Count("DomainGetState") < 2 {
		t.Fatalf("state polled %d times", h.fb.Count("DomainGetState"))
	}
	assertNoDebris(t, h)
}

func TestCreate_concurrentSameNameDefinesOnce(t *testing.T) {
	h := newCore(t)
	var wg sync.WaitGroup
	results := make([]Instance, 4)
	errs := make([]error, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = h.c.Create(context.Background(), labRequest())
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("create %d: %v", i, err)
		}
		if results[i].UID != labUID {
			t.Fatalf("create %d: uid %s", i, results[i].UID)
		}
	}
	if n := h.fb.Count("DomainDefineXML"); n != 1 {
		t.Fatalf("defined %d times", n)
	}
}

func TestCreate_lockWaitEndsWithCtx(t *testing.T) {
	h := newCore(t)
	unlock, err := h.c.locks.Lock(context.Background(), lockKey(labHost, vmName))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = h.c.Create(ctx, labRequest())
	if classOfErr(t, err) != kvmerr.Transient || !strings.Contains(err.Error(), "waiting for another operation") {
		t.Fatalf("err = %v", err)
	}
	if h.pool.Acquired(labHost) != 0 {
		t.Fatal("acquired a connection without the lock")
	}
}

func TestCreate_acquireFailureIsClassified(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want kvmerr.Class
	}{
		{"host key", &kvmerr.DialError{Host: labHost, Stage: kvmerr.StageHostKey, Err: errors.New("mismatch")}, kvmerr.Permanent},
		{"tcp", &kvmerr.DialError{Host: labHost, Stage: kvmerr.StageTCP, Err: errors.New("refused")}, kvmerr.Transient},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.pool.FailAcquire(labHost, tt.err)
			_, err := h.c.Create(context.Background(), labRequest())
			if got := classOfErr(t, err); got != tt.want {
				t.Fatalf("class %v, want %v", got, tt.want)
			}
		})
	}
}

func TestCreate_markRecordsTheRequest(t *testing.T) {
	h := newCore(t)
	h.create(func(r *CreateRequest) {
		r.Tag = "t1"
		r.VCPUs = 2
		r.MemoryMiB = 256
		r.DiskGiB = 8
		r.NamePrefix = vmName[:3]
	})
	d, _ := h.fb.Domain(vmName)
	m, err := definition.ParseMark(d.Metadata[definition.MarkNamespace])
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(testUserData())
	if m.UID != labUID || m.Tag != "t1" || m.VCPUs != 2 || m.MemoryMiB != 256 || m.DiskGiB != 8 ||
		m.BaseImageID != labBaseID || m.BaseSHA256 == "" || m.Network != "default" || m.Firmware != "uefi" ||
		m.UserDataSHA256 != hex.EncodeToString(sum[:]) || m.CreatedAt.IsZero() || m.NamePrefix != vmName[:3] {
		t.Fatalf("mark %+v", m)
	}
	if got, err := h.c.Get(context.Background(), rules.FormatID("lab", vmName), labUID); err != nil || got.NamePrefix != vmName[:3] {
		t.Fatalf("read back prefix %q, %v", got.NamePrefix, err)
	}
}

func TestCreate_deadLinkCleanupUsesDedicatedConnection(t *testing.T) {
	h := newCore(t)
	// The start is the first write after both volumes are made (the domain is defined first).
	h.fb.Inject("DomainCreate", func(context.Context, fake.Call) error {
		h.fb.Close() // the abandon policy closed the pooled link
		return kvmerr.ErrAbandoned
	})
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	assertNoDebris(t, h)
	ded := h.pool.DedicatedBackends(labHost)
	if len(ded) != 2 || ded[1].Count("StorageVolDelete") != 2+len(labConsoleLogs) {
		t.Fatalf("cleanup did not run on a dedicated connection: %d dedicated", len(ded))
	}
}

// The pooled link dies under the cleanup itself (another create's RPC on it was abandoned, as
// an interrupt does to every call in flight): the cleanup runs again on a dedicated connection
// and leaves nothing behind.
func TestCreate_linkDyingDuringTheCleanupIsCleanedOnADedicatedConnection(t *testing.T) {
	h := newCore(t)
	h.fb.FailAlways("DomainCreate", lverr(libvirt.ErrInternalError))
	h.fb.Inject("DomainDestroy", func(context.Context, fake.Call) error {
		h.fb.Close() // another call's abandonment killed the link the cleanup runs on
		return kvmerr.ErrAbandoned
	})
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	var left *LeftoversError
	if errors.As(err, &left) {
		t.Fatalf("the cleanup reported leftovers: %v", err)
	}
	assertNoDebris(t, h)
	ded := h.pool.DedicatedBackends(labHost)
	if len(ded) != 2 || ded[1].Count("DomainUndefine") != 1 || ded[1].Count("StorageVolDelete") != 2+len(labConsoleLogs) {
		t.Fatalf("cleanup did not run again on a dedicated connection: %d dedicated", len(ded))
	}
}

func TestCreate_usesTheHostsPool(t *testing.T) {
	h := newCore(t, func(hc *hostconfig.HostConfig) { hc.Pool = "proxies" })
	h.fb.AddPool(fake.StoragePool{Name: "proxies", Active: true, Capacity: 10 << 30, Available: 10 << 30})
	h.create()
	if got, want := h.fb.VolumeNames("proxies"), slices.Sorted(slices.Values(append([]string{labSeed, labOverlay}, labConsoleLogs...))); !slices.Equal(got, want) {
		t.Fatalf("volumes in proxies: %s", got)
	}
	for _, v := range h.fb.VolumeNames(fake.DefaultPool) {
		if strings.HasPrefix(v, vmName) {
			t.Fatalf("volume %s in the base's pool", v)
		}
	}
	h.fb.UpdatePool("proxies", func(p *fake.StoragePool) { p.Available = 1 << 20 })
	_, err := h.c.Create(context.Background(), labRequest2("egress-2"))
	var qe *kvmerr.QuotaError
	if !errors.As(err, &qe) || qe.Pool != "proxies" {
		t.Fatalf("quota checked on the wrong pool: %v", err)
	}
	if err := h.c.Delete(context.Background(), vmID, labUID); err != nil {
		t.Fatal(err)
	}
	if n := len(h.fb.VolumeNames("proxies")); n != 0 {
		t.Fatalf("%d volumes left in proxies", n)
	}
}

func labRequest2(name string) CreateRequest {
	r := labRequest()
	r.Name, r.UID = name, "uid-of-"+name
	return r
}

func TestCreate_failedReadBackKeepsTheDomainForAdoption(t *testing.T) {
	h := newCore(t)
	h.fb.FailNth("DomainGetXMLDesc", 1, errors.New("connection reset"))
	_, err := h.c.Create(context.Background(), labRequest())
	if classOfErr(t, err) != kvmerr.Transient {
		t.Fatalf("err = %v", err)
	}
	var unread *UnreadError
	if !errors.As(err, &unread) || unread.UID != labUID || unread.ID != rules.FormatID(labHost, vmName) {
		t.Fatalf("err = %v, want an UnreadError naming the VM and its uid, so the caller keeps the uid", err)
	}
	if _, ok := h.fb.Domain(vmName); !ok {
		t.Fatal("a created domain was removed because reading it back failed")
	}
	inst := h.create()
	if inst.UID != labUID || h.fb.Count("DomainDefineXML") != 1 {
		t.Fatalf("retry did not adopt: %+v, defines %d", inst, h.fb.Count("DomainDefineXML"))
	}
}

func TestCreate_hungSeedUploadIsRetriedOnANewConnection(t *testing.T) {
	h := newCore(t)
	h.c.seedBudget = 20 * time.Millisecond
	var uploads atomic.Int32
	h.pool.OnDedicated(func(d *fake.Backend) {
		d.Inject("StorageVolUpload", func(ctx context.Context, c fake.Call) error {
			if uploads.Add(1) > 1 {
				return nil
			}
			<-ctx.Done() // the stream hung: only the budget ends it
			return kvmerr.New(kvmerr.Transient, c.Method, labHost, fmt.Errorf("%w: %w", kvmerr.ErrAbandoned, ctx.Err()))
		})
	})
	inst := h.create()
	if inst.State != StateRunning || uploads.Load() != 2 {
		t.Fatalf("state %s after %d uploads", inst.State, uploads.Load())
	}
	var seedConns int
	for _, d := range h.pool.DedicatedBackends(labHost) {
		if d.Count("StorageVolUpload") > 0 {
			seedConns++
		}
	}
	if seedConns != 2 {
		t.Fatalf("seed uploaded on %d connections, want a new one for the retry", seedConns)
	}
}

// The caller's context ends (Ctrl-C) once the VM runs, during the read-back: the VM stays, and the
// error says it exists under its UID, so the caller can keep the UID instead of losing the VM.
func TestCreate_callerCancelledAfterTheStartKeepsTheVMUnderItsUID(t *testing.T) {
	h := newCore(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The first definition read of a new VM is the read-back's.
	h.fb.Inject("DomainGetXMLDesc", func(context.Context, fake.Call) error {
		cancel()
		return context.Canceled
	})
	_, err := h.c.Create(ctx, labRequest())
	var unread *UnreadError
	if !errors.As(err, &unread) || unread.UID != labUID || !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want an UnreadError with the uid, caused by the cancel", err)
	}
	if _, ok := h.fb.Domain(vmName); !ok {
		t.Fatal("the created domain was removed after a cancelled read-back")
	}
	if h.fb.Count("DomainCreate") != 1 || h.fb.Count("DomainDestroy")+h.fb.Count("DomainUndefine") != 0 {
		t.Fatalf("calls: start %d, destroy %d, undefine %d", h.fb.Count("DomainCreate"), h.fb.Count("DomainDestroy"), h.fb.Count("DomainUndefine"))
	}
}

// A retried Create that adopts the VM an earlier attempt made, and cannot read it back either,
// says the same: the VM exists under its UID.
func TestCreate_adoptionWhoseReadBackFailsKeepsTheUID(t *testing.T) {
	h := newCore(t)
	h.fb.FailNth("DomainGetXMLDesc", 1, errors.New("connection reset"))
	if _, err := h.c.Create(context.Background(), labRequest()); err == nil {
		t.Fatal("first create: want the read-back failure")
	}
	h.fb.ResetCalls()
	// The adoption reads the definition (1st), then the read-back reads it again (2nd).
	h.fb.FailNth("DomainGetXMLDesc", 2, errors.New("connection reset"))
	_, err := h.c.Create(context.Background(), labRequest())
	var unread *UnreadError
	if !errors.As(err, &unread) || unread.UID != labUID {
		t.Fatalf("err = %v, want an UnreadError with the uid", err)
	}
	if n := h.fb.Count("DomainDefineXML"); n != 0 {
		t.Fatalf("the retry defined the domain %d times, want it adopted", n)
	}
}
