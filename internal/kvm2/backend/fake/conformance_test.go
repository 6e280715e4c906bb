package fake

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

// The scenarios in this file state what libvirt 9.0 answers where ownership depends on it:
// defining a name or UUID that another domain holds, starting a domain whose network or disk is
// missing, metadata under its namespace and impact flags, and the backing chains of live XML.
// Each runs here on the fake and, with the integration tag, on the lab host through the
// production adapter (conformance_integration_test.go), so the fake and the host are held to
// the same answers.

// target is a host a scenario runs on.
type target struct {
	b    backend.Backend
	pool libvirt.StoragePool
	dir  string // the directory of pool's volumes
	tag  string // every object name starts with it
	// inactiveNetwork makes a network called name that exists but is not active; it is removed
	// when t ends.
	inactiveNetwork func(t *testing.T, name string)
	// cleanup runs f on a connection fit for removing what a test made (the test's own may be
	// what failed).
	cleanup func(f func(ctx context.Context, b backend.Backend))
}

// scenario is one behaviour both targets must show.
type scenario struct {
	name string
	run  func(t *testing.T, tg *target)
}

// newFakeTarget is a fresh fake host.
func newFakeTarget(*testing.T) *target {
	b := New("h")
	return &target{
		b: b, pool: libvirt.StoragePool{Name: DefaultPool}, dir: DefaultPoolPath, tag: "fk-",
		inactiveNetwork: func(_ *testing.T, name string) { b.AddNetwork(name, false) },
		cleanup:         func(f func(context.Context, backend.Backend)) { f(context.Background(), b.Twin()) },
	}
}

// runScenarios runs each scenario on a target of its own.
func runScenarios(t *testing.T, newTarget func(*testing.T) *target, scenarios []scenario) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) { sc.run(t, newTarget(t)) })
	}
}

func (tg *target) ctx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func (tg *target) name(s string) string { return tg.tag + s }

// define defines x, which must succeed, and removes the domain called name when t ends.
func (tg *target) define(t *testing.T, name, x string) libvirt.Domain {
	t.Helper()
	t.Cleanup(func() {
		tg.cleanup(func(ctx context.Context, b backend.Backend) {
			if d, err := b.DomainLookupByName(ctx, name); err == nil {
				_ = b.DomainDestroy(ctx, d)
				_ = b.DomainUndefine(ctx, d, 0)
			}
		})
	})
	dom, err := tg.b.DomainDefineXML(tg.ctx(t), x)
	if err != nil {
		t.Fatalf("DomainDefineXML(%s): %v", name, err)
	}
	return dom
}

func (tg *target) start(t *testing.T, dom libvirt.Domain) {
	t.Helper()
	if err := tg.b.DomainCreate(tg.ctx(t), dom); err != nil {
		t.Fatalf("DomainCreate(%s): %v", dom.Name, err)
	}
}

func (tg *target) destroy(t *testing.T, dom libvirt.Domain) {
	t.Helper()
	if err := tg.b.DomainDestroy(tg.ctx(t), dom); err != nil {
		t.Fatalf("DomainDestroy(%s): %v", dom.Name, err)
	}
}

// volume creates a 16 MiB volume of format in the pool, on backing when not empty, removes it
// when t ends and returns its path.
func (tg *target) volume(t *testing.T, name, format, backing string) string {
	t.Helper()
	x := "<volume><name>" + name + "</name><capacity unit='MiB'>16</capacity>" +
		"<target><format type='" + format + "'/></target>"
	if backing != "" {
		x += "<backingStore><path>" + backing + "</path><format type='qcow2'/></backingStore>"
	}
	x += "</volume>"
	t.Cleanup(func() {
		tg.cleanup(func(ctx context.Context, b backend.Backend) {
			if v, err := b.StorageVolLookupByName(ctx, tg.pool, name); err == nil {
				_ = b.StorageVolDelete(ctx, v)
			}
		})
	})
	ctx := tg.ctx(t)
	v, err := tg.b.StorageVolCreateXML(ctx, tg.pool, x)
	if err != nil {
		t.Fatalf("StorageVolCreateXML(%s): %v", name, err)
	}
	p, err := tg.b.StorageVolGetPath(ctx, v)
	if err != nil {
		t.Fatalf("StorageVolGetPath(%s): %v", name, err)
	}
	return p
}

func (tg *target) deleteVolume(t *testing.T, name string) {
	t.Helper()
	ctx := tg.ctx(t)
	v, err := tg.b.StorageVolLookupByName(ctx, tg.pool, name)
	if err == nil {
		err = tg.b.StorageVolDelete(ctx, v)
	}
	if err != nil {
		t.Fatalf("deleting volume %s: %v", name, err)
	}
}

// domainDoc reads the domain's XML as flags asks for it.
func (tg *target) domainDoc(t *testing.T, dom libvirt.Domain, flags libvirt.DomainXMLFlags) libvirtxml.Domain {
	t.Helper()
	x, err := tg.b.DomainGetXMLDesc(tg.ctx(t), dom, flags)
	if err != nil {
		t.Fatalf("DomainGetXMLDesc(%s, %d): %v", dom.Name, flags, err)
	}
	var doc libvirtxml.Domain
	if err := doc.Unmarshal(x); err != nil {
		t.Fatalf("DomainGetXMLDesc(%s) is not a domain: %v\n%s", dom.Name, err, x)
	}
	return doc
}

func (tg *target) state(t *testing.T, dom libvirt.Domain) libvirt.DomainState {
	t.Helper()
	s, _, err := tg.b.DomainGetState(tg.ctx(t), dom)
	if err != nil {
		t.Fatalf("DomainGetState(%s): %v", dom.Name, err)
	}
	return libvirt.DomainState(s)
}

// guest is a minimal domain a TCG host can start.
type guest struct {
	name, uuid, metadata, devices string
}

func (g guest) xml() string {
	var b strings.Builder
	b.WriteString("<domain type='qemu'><name>" + g.name + "</name>")
	if g.uuid != "" {
		b.WriteString("<uuid>" + g.uuid + "</uuid>")
	}
	b.WriteString("<memory unit='MiB'>32</memory><os><type arch='x86_64'>hvm</type></os>")
	if g.metadata != "" {
		b.WriteString("<metadata>" + g.metadata + "</metadata>")
	}
	b.WriteString("<devices>" + g.devices + "</devices></domain>")
	return b.String()
}

func newUUID(t *testing.T) string {
	var u [16]byte
	if _, err := rand.Read(u[:]); err != nil {
		t.Fatal(err)
	}
	h := hex.EncodeToString(u[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func qcow2Disk(path, backing string) string {
	return "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='" + path + "'/>" +
		backing + "<target dev='vda' bus='virtio'/></disk>"
}

func cdrom(path string) string {
	return "<disk type='file' device='cdrom'><driver name='qemu' type='raw'/><source file='" + path + "'/>" +
		"<target dev='sda' bus='sata'/><readonly/></disk>"
}

func networkNIC(name string) string {
	return "<interface type='network'><source network='" + name + "'/></interface>"
}

// explicitBacking is a disk's <backingStore> naming path, ended (no further probing) when end.
func explicitBacking(path string, end bool) string {
	x := "<backingStore type='file'><format type='qcow2'/><source file='" + path + "'/>"
	if end {
		x += "<backingStore/>"
	}
	return x + "</backingStore>"
}

const (
	nsA = "https://example.invalid/kvm2-fake/a"
	nsB = "https://example.invalid/kvm2-fake/b"
)

// markA is an element under nsA, as a domain definition carries it.
func markA(v string) string { return `<fk:m xmlns:fk="` + nsA + `" v="` + v + `"/>` }

// wantRefusal fails unless err is a libvirt error with code whose message contains each of
// msgs.
func wantRefusal(t *testing.T, what string, err error, code libvirt.ErrorNumber, msgs ...string) {
	t.Helper()
	var le libvirt.Error
	if !errors.As(err, &le) {
		t.Fatalf("%s: err = %v, want libvirt error %d", what, err, code)
	}
	if libvirt.ErrorNumber(le.Code) != code {
		t.Fatalf("%s: code %d (%s), want %d", what, le.Code, le.Message, code)
	}
	for _, m := range msgs {
		if !strings.Contains(le.Message, m) {
			t.Fatalf("%s: message %q lacks %q", what, le.Message, m)
		}
	}
}

// wantMetadata fails unless the current definition's element under uri carries v="want", or,
// with want empty, there is none.
func wantMetadata(t *testing.T, tg *target, dom libvirt.Domain, uri, want string) {
	t.Helper()
	got, err := tg.b.DomainGetMetadata(tg.ctx(t), dom, uri)
	if want == "" {
		wantRefusal(t, "DomainGetMetadata "+uri, err, libvirt.ErrNoDomainMetadata)
		return
	}
	if err != nil || !strings.Contains(got, `v="`+want+`"`) || strings.Contains(got, "xmlns") {
		t.Fatalf("DomainGetMetadata %s = %q, %v; want the bare element with v=%q", uri, got, err, want)
	}
}

// inactiveMetadata is the inner XML of the persistent definition's <metadata>.
func inactiveMetadata(t *testing.T, tg *target, dom libvirt.Domain) string {
	t.Helper()
	doc := tg.domainDoc(t, dom, libvirt.DomainXMLInactive)
	if doc.Metadata == nil {
		return ""
	}
	return doc.Metadata.XML
}

// defineScenarios: a name or UUID another domain holds is refused; the same name and UUID
// redefine.
var defineScenarios = []scenario{
	{"same name under another uuid is refused", func(t *testing.T, tg *target) {
		n, u1 := tg.name("a"), newUUID(t)
		tg.define(t, n, guest{name: n, uuid: u1}.xml())
		_, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: n, uuid: newUUID(t)}.xml())
		wantRefusal(t, "define", err, libvirt.ErrOperationFailed, "domain '"+n+"' already exists with uuid "+u1)
		if d, err := tg.b.DomainLookupByName(tg.ctx(t), n); err != nil || uuidString(d.UUID) != u1 {
			t.Fatalf("after the refusal: %v, %v; want the domain with uuid %s", d, err, u1)
		}
	}},
	{"same name without uuid is refused", func(t *testing.T, tg *target) {
		n, u1 := tg.name("a"), newUUID(t)
		tg.define(t, n, guest{name: n, uuid: u1}.xml())
		_, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: n}.xml())
		wantRefusal(t, "define", err, libvirt.ErrOperationFailed, "domain '"+n+"' already exists with uuid "+u1)
	}},
	{"another name under a used uuid is refused", func(t *testing.T, tg *target) {
		n, other, u1 := tg.name("a"), tg.name("b"), newUUID(t)
		tg.define(t, n, guest{name: n, uuid: u1}.xml())
		t.Cleanup(func() { // in case the refusal is missed
			tg.cleanup(func(ctx context.Context, b backend.Backend) {
				if d, err := b.DomainLookupByName(ctx, other); err == nil {
					_ = b.DomainUndefine(ctx, d, 0)
				}
			})
		})
		_, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: other, uuid: u1}.xml())
		wantRefusal(t, "define", err, libvirt.ErrOperationFailed, "domain '"+n+"' is already defined with uuid "+u1)
		_, err = tg.b.DomainLookupByName(tg.ctx(t), other)
		wantRefusal(t, "lookup of the refused name", err, libvirt.ErrNoDomain)
	}},
	{"same name and uuid redefines", func(t *testing.T, tg *target) {
		n, u := tg.name("a"), newUUID(t)
		tg.define(t, n, guest{name: n, uuid: u, metadata: markA("1")}.xml())
		dom, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: n, uuid: u, metadata: markA("2")}.xml())
		if err != nil || uuidString(dom.UUID) != u {
			t.Fatalf("redefine = %v, %v", dom, err)
		}
		wantMetadata(t, tg, dom, nsA, "2")
	}},
	{"redefining a running domain changes only its persistent definition", func(t *testing.T, tg *target) {
		n, u := tg.name("a"), newUUID(t)
		dom := tg.define(t, n, guest{name: n, uuid: u, metadata: markA("1")}.xml())
		tg.start(t, dom)
		if _, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: n, uuid: u, metadata: markA("2")}.xml()); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "1")
		if md := inactiveMetadata(t, tg, dom); !strings.Contains(md, `v="2"`) {
			t.Fatalf("persistent metadata = %q, want v=2", md)
		}
		tg.destroy(t, dom)
		wantMetadata(t, tg, dom, nsA, "2")
	}},
}

func TestDefineRefusesWhatLibvirtRefuses(t *testing.T) {
	runScenarios(t, newFakeTarget, defineScenarios)
}

// startScenarios: a domain whose network or disk file is missing does not start.
var startScenarios = []scenario{
	{"missing network", func(t *testing.T, tg *target) {
		n, net := tg.name("a"), tg.name("no-such-net")
		dom := tg.define(t, n, guest{name: n, devices: networkNIC(net)}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrNoNetwork, "'"+net+"'")
		wantShutOff(t, tg, dom)
	}},
	{"inactive network", func(t *testing.T, tg *target) {
		n, net := tg.name("a"), tg.name("net")
		tg.inactiveNetwork(t, net)
		dom := tg.define(t, n, guest{name: n, devices: networkNIC(net)}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrOperationInvalid, "network '"+net+"' is not active")
		wantShutOff(t, tg, dom)
	}},
	{"network checked before disks", func(t *testing.T, tg *target) {
		n, net := tg.name("a"), tg.name("no-such-net")
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(tg.dir+"/"+tg.name("missing.qcow2"), "") + networkNIC(net)}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrNoNetwork)
	}},
	{"missing disk", func(t *testing.T, tg *target) {
		n, p := tg.name("a"), tg.dir+"/"+tg.name("missing.qcow2")
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(p, "")}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrSystemError, "Cannot access storage file '"+p+"'")
		wantShutOff(t, tg, dom)
	}},
	{"missing cdrom", func(t *testing.T, tg *target) {
		n, p := tg.name("a"), tg.dir+"/"+tg.name("missing.iso")
		dom := tg.define(t, n, guest{name: n, devices: cdrom(p)}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrSystemError, "'"+p+"'")
		wantShutOff(t, tg, dom)
	}},
	{"overlay whose backing file is gone", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", "")
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		tg.deleteVolume(t, tg.name("base.qcow2"))
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, "")}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrSystemError,
			"Cannot access backing file '"+base+"' of storage file '"+ov+"'")
		wantShutOff(t, tg, dom)
	}},
	{"overlay whose backing file's own backing file is gone", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base2 := tg.volume(t, tg.name("base2.qcow2"), "qcow2", "")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", base2)
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		tg.deleteVolume(t, tg.name("base2.qcow2"))
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, "")}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrSystemError,
			"Cannot access backing file '"+base2+"' of storage file '"+ov+"'")
	}},
	{"backing file the definition names is missing", func(t *testing.T, tg *target) {
		n, missing := tg.name("a"), tg.dir+"/"+tg.name("missing-base.qcow2")
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", "")
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, explicitBacking(missing, true))}.xml())
		wantRefusal(t, "start", tg.b.DomainCreate(tg.ctx(t), dom), libvirt.ErrSystemError, "'"+missing+"'")
		wantShutOff(t, tg, dom)
	}},
	{"every file present starts", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", "")
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		seed := tg.volume(t, tg.name("seed.iso"), "raw", "")
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, "") + cdrom(seed)}.xml())
		tg.start(t, dom)
	}},
}

func wantShutOff(t *testing.T, tg *target, dom libvirt.Domain) {
	t.Helper()
	if s := tg.state(t, dom); s != libvirt.DomainShutoff {
		t.Fatalf("state after a refused start = %d, want shut off", s)
	}
}

func TestStartRefusesMissingNetworkOrDisk(t *testing.T) {
	runScenarios(t, newFakeTarget, startScenarios)
}

// metadataScenarios: metadata lives under its namespace in the definitions the impact flags
// name, and libvirt refuses flags naming a definition the domain lacks.
var metadataScenarios = []scenario{
	{"live|config on an inactive domain is refused", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="1"/>`, "fk", nsA, libvirt.DomainAffectLive|libvirt.DomainAffectConfig)
		wantRefusal(t, "set live|config", err, libvirt.ErrOperationInvalid, "domain is not running")
		err = tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="1"/>`, "fk", nsA, libvirt.DomainAffectLive)
		wantRefusal(t, "set live", err, libvirt.ErrOperationInvalid, "domain is not running")
		wantMetadata(t, tg, dom, nsA, "")
	}},
	{"current and config on an inactive domain reach its definition", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="1"/>`, "fk", nsA, libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "1")
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="2"/>`, "fk", nsA, libvirt.DomainAffectConfig); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "2")
		if md := inactiveMetadata(t, tg, dom); !strings.Contains(md, `fk:m xmlns:fk="`+nsA+`"`) {
			t.Fatalf("definition's metadata = %q, want the element under prefix fk in %s", md, nsA)
		}
	}},
	{"a namespace does not see another's element", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="1"/>`, "fk", nsA, libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsB, "")
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="9"/>`, "fkb", nsB, libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "1")
		wantMetadata(t, tg, dom, nsB, "9")
	}},
	{"an empty element is refused, not a removal", func(t *testing.T, tg *target) {
		// The adapter always sends the element, and libvirt removes only for a NULL one.
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n, metadata: markA("1")}.xml())
		err := tg.b.DomainSetMetadata(tg.ctx(t), dom, "", "fk", nsA, libvirt.DomainAffectCurrent)
		wantRefusal(t, "set empty", err, libvirt.ErrXMLDetail, "Document is empty")
		wantMetadata(t, tg, dom, nsA, "1")
	}},
	{"config on a transient domain is refused, current works", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		tg.start(t, dom)
		if err := tg.b.DomainUndefine(tg.ctx(t), dom, 0); err != nil {
			t.Fatal(err)
		}
		for _, f := range []libvirt.DomainModificationImpact{libvirt.DomainAffectLive | libvirt.DomainAffectConfig, libvirt.DomainAffectConfig} {
			err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="1"/>`, "fk", nsA, f)
			wantRefusal(t, fmt.Sprintf("set with flags %d", f), err, libvirt.ErrOperationInvalid, "transient domains do not have any persistent config")
		}
		wantMetadata(t, tg, dom, nsA, "")
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="2"/>`, "fk", nsA, libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "2")
	}},
	{"current on a running domain changes only the live definition", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n, metadata: markA("1")}.xml())
		tg.start(t, dom)
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="2"/>`, "fk", nsA, libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "2")
		if md := inactiveMetadata(t, tg, dom); !strings.Contains(md, `v="1"`) {
			t.Fatalf("persistent metadata = %q, want v=1 kept", md)
		}
		tg.destroy(t, dom)
		wantMetadata(t, tg, dom, nsA, "1")
	}},
	{"live only is gone after the domain stops", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		tg.start(t, dom)
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="3"/>`, "fk", nsA, libvirt.DomainAffectLive); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "3")
		tg.destroy(t, dom)
		wantMetadata(t, tg, dom, nsA, "")
	}},
	{"live|config on a running domain reaches both", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n}.xml())
		tg.start(t, dom)
		if err := tg.b.DomainSetMetadata(tg.ctx(t), dom, `<m v="4"/>`, "fk", nsA, libvirt.DomainAffectLive|libvirt.DomainAffectConfig); err != nil {
			t.Fatal(err)
		}
		wantMetadata(t, tg, dom, nsA, "4")
		tg.destroy(t, dom)
		wantMetadata(t, tg, dom, nsA, "4")
	}},
}

func TestMetadataHonoursNamespaceAndFlags(t *testing.T) {
	runScenarios(t, newFakeTarget, metadataScenarios)
}

// diskChain returns the backing files of the disk with target dev, outermost first, and
// whether the chain ends with an empty <backingStore/>.
func diskChain(t *testing.T, doc libvirtxml.Domain, dev string) ([]string, bool) {
	t.Helper()
	if doc.Devices != nil {
		for _, d := range doc.Devices.Disks {
			if d.Target == nil || d.Target.Dev != dev {
				continue
			}
			var files []string
			for bs := d.BackingStore; bs != nil; bs = bs.BackingStore {
				if bs.Source == nil || bs.Source.File == nil {
					return files, true
				}
				files = append(files, bs.Source.File.File)
			}
			return files, false
		}
	}
	t.Fatalf("no disk %s", dev)
	return nil, false
}

func wantChain(t *testing.T, what string, doc libvirtxml.Domain, dev string, files []string, ended bool) {
	t.Helper()
	got, gotEnded := diskChain(t, doc, dev)
	if !slices.Equal(got, files) || gotEnded != ended {
		t.Fatalf("%s: %s chain = %v (ended %v), want %v (ended %v)", what, dev, got, gotEnded, files, ended)
	}
}

// chainScenarios: a running domain's live XML shows each disk's backing chain; the inactive XML
// only what the definition says.
var chainScenarios = []scenario{
	{"running overlay reports its whole chain", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base2 := tg.volume(t, tg.name("base2.qcow2"), "qcow2", "")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", base2)
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		seed := tg.volume(t, tg.name("seed.iso"), "raw", "")
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, "") + cdrom(seed)}.xml())
		wantChain(t, "defined", tg.domainDoc(t, dom, 0), "vda", nil, false)
		tg.start(t, dom)
		live := tg.domainDoc(t, dom, 0)
		wantChain(t, "live", live, "vda", []string{base, base2}, true)
		wantChain(t, "live", live, "sda", nil, true)
		inactive := tg.domainDoc(t, dom, libvirt.DomainXMLInactive)
		wantChain(t, "inactive", inactive, "vda", nil, false)
		wantChain(t, "inactive", inactive, "sda", nil, false)
		tg.destroy(t, dom)
		wantChain(t, "stopped", tg.domainDoc(t, dom, 0), "vda", nil, false)
	}},
	{"a chain the definition ends is not probed further", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base2 := tg.volume(t, tg.name("base2.qcow2"), "qcow2", "")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", base2)
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, explicitBacking(base, true))}.xml())
		tg.start(t, dom)
		wantChain(t, "live", tg.domainDoc(t, dom, 0), "vda", []string{base}, true)
		wantChain(t, "inactive", tg.domainDoc(t, dom, libvirt.DomainXMLInactive), "vda", []string{base}, true)
	}},
	{"a chain the definition leaves open is probed from its end", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base2 := tg.volume(t, tg.name("base2.qcow2"), "qcow2", "")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", base2)
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, explicitBacking(base, false))}.xml())
		tg.start(t, dom)
		wantChain(t, "live", tg.domainDoc(t, dom, 0), "vda", []string{base, base2}, true)
		wantChain(t, "inactive", tg.domainDoc(t, dom, libvirt.DomainXMLInactive), "vda", []string{base}, false)
	}},
	{"a transient domain's inactive XML has no detected chain", func(t *testing.T, tg *target) {
		n := tg.name("a")
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", "")
		ov := tg.volume(t, tg.name("ov.qcow2"), "qcow2", base)
		dom := tg.define(t, n, guest{name: n, devices: qcow2Disk(ov, "")}.xml())
		tg.start(t, dom)
		if err := tg.b.DomainUndefine(tg.ctx(t), dom, 0); err != nil {
			t.Fatal(err)
		}
		wantChain(t, "live", tg.domainDoc(t, dom, 0), "vda", []string{base}, true)
		wantChain(t, "inactive", tg.domainDoc(t, dom, libvirt.DomainXMLInactive), "vda", nil, false)
	}},
}

func TestLiveXMLReportsBackingChains(t *testing.T) {
	runScenarios(t, newFakeTarget, chainScenarios)
}
