package fake

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
)

const markNS = "https://example.test/mark"

func domainXML(name, extra string) string {
	return `<domain type="qemu"><name>` + name + `</name>` + extra + `</domain>`
}

func code(err error) libvirt.ErrorNumber {
	var le libvirt.Error
	if errors.As(err, &le) {
		return libvirt.ErrorNumber(le.Code)
	}
	return -1
}

func TestMissingObjectsReturnLibvirtCodes(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	pool := libvirt.StoragePool{Name: DefaultPool}
	tests := []struct {
		name string
		call func() error
		want libvirt.ErrorNumber
	}{
		{"domain", func() error { _, err := b.DomainLookupByName(ctx, "nope"); return err }, libvirt.ErrNoDomain},
		{"domain state", func() error { _, _, err := b.DomainGetState(ctx, libvirt.Domain{Name: "nope"}); return err }, libvirt.ErrNoDomain},
		{"pool", func() error { _, err := b.StoragePoolLookupByName(ctx, "nope"); return err }, libvirt.ErrNoStoragePool},
		{"volume", func() error { _, err := b.StorageVolLookupByName(ctx, pool, "nope"); return err }, libvirt.ErrNoStorageVol},
		{"network", func() error { _, err := b.NetworkLookupByName(ctx, "nope"); return err }, libvirt.ErrNoNetwork},
		{"metadata", func() error {
			b.AddDomain(Domain{Name: "bare"})
			_, err := b.DomainGetMetadata(ctx, libvirt.Domain{Name: "bare"}, markNS)
			return err
		}, libvirt.ErrNoDomainMetadata},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := code(tt.call()); got != tt.want {
				t.Fatalf("code = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDefineXMLStoresMetadataByNamespace(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	mark := `<kvm2:instance xmlns:kvm2="` + markNS + `"><kvm2:uid>u1</kvm2:uid></kvm2:instance>`
	dom, err := b.DomainDefineXML(ctx, domainXML("vm", `<metadata><other xmlns="urn:x"/>`+mark+`</metadata><os firmware="efi"/>`))
	if err != nil {
		t.Fatal(err)
	}
	// libvirt returns the element bare: no prefix, no namespace declaration.
	const bare = `<instance><uid>u1</uid></instance>`
	got, err := b.DomainGetMetadata(ctx, dom, markNS)
	if err != nil || got != bare {
		t.Fatalf("metadata = %q, %v; want %q", got, err, bare)
	}
	d, _ := b.Domain("vm")
	if !d.NVRAM || d.Transient || d.State != libvirt.DomainShutoff {
		t.Fatalf("domain = %+v, want persistent shut-off with NVRAM", d)
	}
	if err := b.DomainSetMetadata(ctx, dom, "<x/>", "kvm2", markNS, libvirt.DomainAffectCurrent); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.DomainGetMetadata(ctx, dom, markNS); got != "<x/>" {
		t.Fatalf("after set: %q", got)
	}
}

func TestDefineXMLRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, xml string
		want      libvirt.ErrorNumber
	}{
		{"not xml", "<domain", libvirt.ErrXMLError},
		{"no name", "<domain/>", libvirt.ErrXMLError},
		{"uuid clash", domainXML("vm", "<uuid>00000000-0000-0000-0000-000000000001</uuid>"), libvirt.ErrOperationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			b.AddDomain(Domain{Name: "vm"})
			_, err := b.DomainDefineXML(ctx, tt.xml)
			if code(err) != tt.want {
				t.Fatalf("err = %v, want code %d", err, tt.want)
			}
		})
	}
}

func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		dom       Domain
		steps     func(b *Backend, d libvirt.Domain) error
		wantCode  libvirt.ErrorNumber
		wantExist bool
	}{
		{"start running is invalid", Domain{Name: "vm", State: libvirt.DomainRunning},
			func(b *Backend, d libvirt.Domain) error { return b.DomainCreate(ctx, d) }, libvirt.ErrOperationInvalid, true},
		{"destroy shut off is invalid", Domain{Name: "vm"},
			func(b *Backend, d libvirt.Domain) error { return b.DomainDestroy(ctx, d) }, libvirt.ErrOperationInvalid, true},
		{"undefine nvram without flag", Domain{Name: "vm", NVRAM: true},
			func(b *Backend, d libvirt.Domain) error { return b.DomainUndefine(ctx, d, 0) }, libvirt.ErrOperationInvalid, true},
		{"undefine nvram with flag", Domain{Name: "vm", NVRAM: true},
			func(b *Backend, d libvirt.Domain) error {
				return b.DomainUndefine(ctx, d, libvirt.DomainUndefineNvram)
			}, -1, false},
		{"undefine running keeps it transient", Domain{Name: "vm", State: libvirt.DomainRunning},
			func(b *Backend, d libvirt.Domain) error { return b.DomainUndefine(ctx, d, 0) }, -1, true},
		{"destroy transient removes it", Domain{Name: "vm", State: libvirt.DomainRunning, Transient: true},
			func(b *Backend, d libvirt.Domain) error { return b.DomainDestroy(ctx, d) }, -1, false},
		{"start then destroy", Domain{Name: "vm"},
			func(b *Backend, d libvirt.Domain) error {
				if err := b.DomainCreate(ctx, d); err != nil {
					return err
				}
				return b.DomainDestroy(ctx, d)
			}, -1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			b.AddDomain(tt.dom)
			err := tt.steps(b, libvirt.Domain{Name: "vm"})
			if code(err) != tt.wantCode {
				t.Fatalf("err = %v, want code %d", err, tt.wantCode)
			}
			if _, ok := b.Domain("vm"); ok != tt.wantExist {
				t.Fatalf("exists = %v, want %v", ok, tt.wantExist)
			}
		})
	}
}

func TestStartStateSimulatesGuestFate(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	b.AddDomain(Domain{Name: "vm", StartState: libvirt.DomainShutoff})
	if err := b.DomainCreate(ctx, libvirt.Domain{Name: "vm"}); err != nil {
		t.Fatal(err)
	}
	s, _, err := b.DomainGetState(ctx, libvirt.Domain{Name: "vm"})
	if err != nil || libvirt.DomainState(s) != libvirt.DomainShutoff {
		t.Fatalf("state = %d, %v", s, err)
	}
}

func TestInterfaceAddresses(t *testing.T) {
	ctx := context.Background()
	lease := []libvirt.DomainInterface{{Name: "vnet0", Addrs: []libvirt.DomainIPAddr{{Addr: "192.168.122.5"}}}}
	tests := []struct {
		name     string
		dom      Domain
		source   libvirt.DomainInterfaceAddressesSource
		wantCode libvirt.ErrorNumber
		wantN    int
	}{
		{"agent not connected", Domain{State: libvirt.DomainRunning}, libvirt.DomainInterfaceAddressesSrcAgent, libvirt.ErrAgentUnresponsive, 0},
		{"agent", Domain{State: libvirt.DomainRunning, Agent: lease}, libvirt.DomainInterfaceAddressesSrcAgent, -1, 1},
		{"lease", Domain{State: libvirt.DomainRunning, Lease: lease}, libvirt.DomainInterfaceAddressesSrcLease, -1, 1},
		{"not running", Domain{Lease: lease}, libvirt.DomainInterfaceAddressesSrcLease, libvirt.ErrOperationInvalid, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			tt.dom.Name = "vm"
			b.AddDomain(tt.dom)
			got, err := b.DomainInterfaceAddresses(ctx, libvirt.Domain{Name: "vm"}, tt.source)
			if code(err) != tt.wantCode || len(got) != tt.wantN {
				t.Fatalf("got %v, %v; want %d ifaces, code %d", got, err, tt.wantN, tt.wantCode)
			}
		})
	}
}

func TestListAllDomainsFilters(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	b.AddDomain(Domain{Name: "a", State: libvirt.DomainRunning})
	b.AddDomain(Domain{Name: "b"})
	b.AddDomain(Domain{Name: "c", State: libvirt.DomainRunning, Transient: true})
	tests := []struct {
		flags libvirt.ConnectListAllDomainsFlags
		want  string
	}{
		{0, "a,b,c"},
		{libvirt.ConnectListDomainsActive, "a,c"},
		{libvirt.ConnectListDomainsInactive, "b"},
		{libvirt.ConnectListDomainsPersistent, "a,b"},
		{libvirt.ConnectListDomainsTransient, "c"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			doms, err := b.ConnectListAllDomains(ctx, tt.flags)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, d := range doms {
				names = append(names, d.Name)
			}
			if got := strings.Join(names, ","); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}

// ConnectListAllStoragePools filters by the pools' state as libvirt does, and fails on a flag
// the fake does not model rather than ignore it.
func TestListAllStoragePoolsFilters(t *testing.T) {
	ctx := context.Background()
	b := New("h") // holds DefaultPool, active
	b.AddPool(StoragePool{Name: "stopped"})
	for _, tt := range []struct {
		flags libvirt.ConnectListAllStoragePoolsFlags
		want  string
	}{
		{0, DefaultPool + ",stopped"},
		{libvirt.ConnectListStoragePoolsActive, DefaultPool},
		{libvirt.ConnectListStoragePoolsInactive, "stopped"},
		{libvirt.ConnectListStoragePoolsActive | libvirt.ConnectListStoragePoolsInactive, DefaultPool + ",stopped"},
	} {
		pools, err := b.ConnectListAllStoragePools(ctx, tt.flags)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range pools {
			names = append(names, p.Name)
		}
		if got := strings.Join(names, ","); got != tt.want {
			t.Fatalf("flags %d: got %s, want %s", tt.flags, got, tt.want)
		}
	}
	if _, err := b.ConnectListAllStoragePools(ctx, libvirt.ConnectListStoragePoolsDir); err == nil {
		t.Fatal("a flag the fake does not model was ignored")
	}
}

func TestVolumesCreateUploadDownloadDelete(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	pool := libvirt.StoragePool{Name: DefaultPool}
	base := Volume{Name: "base.qcow2", Format: "qcow2", Content: []byte("base")}
	b.AddVolume(DefaultPool, base)
	vol, err := b.StorageVolCreateXML(ctx, pool, `<volume><name>o.qcow2</name><capacity unit="G">2</capacity>`+
		`<target><format type="qcow2"/></target><backingStore><path>/var/lib/libvirt/images/base.qcow2</path></backingStore></volume>`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.StorageVolCreateXML(ctx, pool, `<volume><name>o.qcow2</name><capacity>1</capacity></volume>`); code(err) != libvirt.ErrStorageVolExist {
		t.Fatalf("duplicate create: %v", err)
	}
	if p, _ := b.StorageVolGetPath(ctx, vol); p != "/var/lib/libvirt/images/o.qcow2" {
		t.Fatalf("path = %q", p)
	}
	if c, _, _ := b.StorageVolGetInfo(ctx, vol); c != 2<<30 {
		t.Fatalf("capacity = %d", c)
	}
	x, _ := b.StorageVolGetXMLDesc(ctx, vol)
	if !strings.Contains(x, "<backingStore><path>/var/lib/libvirt/images/base.qcow2</path>") {
		t.Fatalf("xml = %s", x)
	}
	var progress []uint64
	b.OnUpload(func(_ libvirt.StorageVol, sent uint64) { progress = append(progress, sent) })
	payload := bytes.Repeat([]byte("x"), 100<<10)
	if err := b.StorageVolUpload(ctx, vol, bytes.NewReader(payload), uint64(len(payload))); err != nil {
		t.Fatal(err)
	}
	if len(progress) != 2 || progress[1] != uint64(len(payload)) {
		t.Fatalf("progress = %v", progress)
	}
	if p, _ := b.Pool(DefaultPool); p.Available != DefaultPoolAvailable-uint64(len(payload)) {
		t.Fatalf("available = %d", p.Available)
	}
	var out bytes.Buffer
	if err := b.StorageVolDownload(ctx, vol, &out, 10); err != nil || out.Len() != 10 {
		t.Fatalf("download %d bytes, %v", out.Len(), err)
	}
	if err := b.StorageVolDelete(ctx, vol); err != nil {
		t.Fatal(err)
	}
	if p, _ := b.Pool(DefaultPool); p.Available != DefaultPoolAvailable {
		t.Fatalf("available after delete = %d", p.Available)
	}
	if _, err := b.StorageVolLookupByName(ctx, pool, "o.qcow2"); code(err) != libvirt.ErrNoStorageVol {
		t.Fatalf("lookup after delete: %v", err)
	}
}

func TestVolumeCreateFailures(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		pool func(*Backend)
		xml  string
		want libvirt.ErrorNumber
	}{
		{"missing backing", nil, `<volume><name>o</name><capacity>1</capacity><backingStore><path>/nope</path></backingStore></volume>`, libvirt.ErrOperationFailed},
		{"bad unit", nil, `<volume><name>o</name><capacity unit="Q">1</capacity></volume>`, libvirt.ErrXMLError},
		{"inactive pool", func(b *Backend) { b.UpdatePool(DefaultPool, func(p *StoragePool) { p.Active = false }) },
			`<volume><name>o</name><capacity>1</capacity></volume>`, libvirt.ErrOperationInvalid},
		{"no pool", func(b *Backend) { b.RemovePool(DefaultPool) }, `<volume><name>o</name><capacity>1</capacity></volume>`, libvirt.ErrNoStoragePool},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			if tt.pool != nil {
				tt.pool(b)
			}
			_, err := b.StorageVolCreateXML(ctx, libvirt.StoragePool{Name: DefaultPool}, tt.xml)
			if code(err) != tt.want {
				t.Fatalf("err = %v, want code %d", err, tt.want)
			}
		})
	}
}

func TestUploadFailures(t *testing.T) {
	tests := []struct {
		name      string
		available uint64
		data      string
		length    uint64
	}{
		{"short stream", DefaultPoolAvailable, "abc", 10},
		{"pool full", 2, "abc", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			b.UpdatePool(DefaultPool, func(p *StoragePool) { p.Available = tt.available })
			b.AddVolume(DefaultPool, Volume{Name: "v"})
			err := b.StorageVolUpload(context.Background(), libvirt.StorageVol{Pool: DefaultPool, Name: "v"}, strings.NewReader(tt.data), tt.length)
			if err == nil {
				t.Fatal("upload succeeded")
			}
			if v, _ := b.Volume(DefaultPool, "v"); v.Content != nil {
				t.Fatalf("content stored after failure: %q", v.Content)
			}
		})
	}
}

func TestDiscardUploadsKeepsDigestOnly(t *testing.T) {
	b := New("h")
	b.DiscardUploads(true)
	b.AddVolume(DefaultPool, Volume{Name: "v"})
	if err := b.StorageVolUpload(context.Background(), libvirt.StorageVol{Pool: DefaultPool, Name: "v"}, strings.NewReader("abc"), 3); err != nil {
		t.Fatal(err)
	}
	v, _ := b.Volume(DefaultPool, "v")
	if v.Content != nil || v.SHA256 != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" || v.Allocation != 3 {
		t.Fatalf("volume = %+v", v)
	}
}

func TestFaults(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	tests := []struct {
		name   string
		inject func(b *Backend)
		fails  []bool // outcome of three LookupByName calls of "vm"
	}{
		{"always", func(b *Backend) { b.FailAlways("DomainLookupByName", boom) }, []bool{true, true, true}},
		{"second", func(b *Backend) { b.FailNth("DomainLookupByName", 2, boom) }, []bool{false, true, false}},
		{"other target", func(b *Backend) { b.FailFor("DomainLookupByName", "other", boom) }, []bool{false, false, false}},
		{"cleared", func(b *Backend) { b.FailAlways("DomainLookupByName", boom); b.ClearFaults("") }, []bool{false, false, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			b.AddDomain(Domain{Name: "vm"})
			tt.inject(b)
			for i, want := range tt.fails {
				_, err := b.DomainLookupByName(ctx, "vm")
				if (err != nil) != want || (err != nil && !errors.Is(err, boom)) {
					t.Fatalf("call %d: err = %v, want failure %v", i+1, err, want)
				}
			}
			if b.Count("DomainLookupByName") != 3 {
				t.Fatalf("count = %d", b.Count("DomainLookupByName"))
			}
		})
	}
}

func TestCanceledContextAndClose(t *testing.T) {
	b := New("h")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.ConnectGetLibVersion(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled ctx: %v", err)
	}
	if !b.Alive() {
		t.Fatal("new backend not alive")
	}
	b.Close()
	if b.Alive() {
		t.Fatal("closed backend alive")
	}
	if _, err := b.ConnectGetLibVersion(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("after close: %v", err)
	}
	if got := strings.Join(b.Methods(), ","); got != "ConnectGetLibVersion,Close,ConnectGetLibVersion" {
		t.Fatalf("log = %s", got)
	}
}

func TestTwinSharesStateNotLog(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	twin := b.Twin()
	if _, err := twin.DomainDefineXML(ctx, domainXML("vm", "")); err != nil {
		t.Fatal(err)
	}
	if _, err := b.DomainLookupByName(ctx, "vm"); err != nil {
		t.Fatalf("pooled does not see the twin's domain: %v", err)
	}
	if b.Count("DomainDefineXML") != 0 || twin.Count("DomainDefineXML") != 1 {
		t.Fatalf("logs mixed: pooled %v twin %v", b.Methods(), twin.Methods())
	}
}

func TestPoolAcquireReleaseDedicated(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	p := NewPool(b)
	got, release, err := p.Acquire(ctx, "h")
	if err != nil || got != b {
		t.Fatalf("acquire = %v, %v", got, err)
	}
	if p.Outstanding() != 1 {
		t.Fatalf("outstanding = %d", p.Outstanding())
	}
	release()
	if p.Outstanding() != 0 || p.Acquired("h") != 1 {
		t.Fatalf("outstanding = %d acquired = %d", p.Outstanding(), p.Acquired("h"))
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("double release did not panic")
			}
		}()
		release()
	}()
	var hooked *Backend
	p.OnDedicated(func(d *Backend) { hooked = d })
	d, err := p.Dedicated(ctx, "h")
	if err != nil || d == backendIface(b) || d != backendIface(hooked) {
		t.Fatalf("dedicated = %v, %v", d, err)
	}
	if p.Unclosed() != 1 {
		t.Fatalf("unclosed = %d", p.Unclosed())
	}
	d.Close()
	if p.Unclosed() != 0 || len(p.DedicatedBackends("h")) != 1 {
		t.Fatalf("unclosed = %d", p.Unclosed())
	}
}

func backendIface(b *Backend) any { return b }

func TestPoolErrors(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	tests := []struct {
		name  string
		setup func(p *Pool)
		ctx   context.Context
		host  string
		want  error
	}{
		{"unknown host", nil, ctx, "x", nil},
		{"acquire fault", func(p *Pool) { p.FailAcquire("h", boom); p.FailDedicated("h", boom) }, ctx, "h", boom},
		{"canceled", nil, canceled, "h", context.Canceled},
		{"closed", func(p *Pool) { p.Close() }, ctx, "h", ErrPoolClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewPool(New("h"))
			if tt.setup != nil {
				tt.setup(p)
			}
			_, _, aerr := p.Acquire(tt.ctx, tt.host)
			_, derr := p.Dedicated(tt.ctx, tt.host)
			for _, err := range []error{aerr, derr} {
				if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
					t.Fatalf("err = %v, want %v", err, tt.want)
				}
			}
			if p.Outstanding() != 0 {
				t.Fatalf("outstanding = %d", p.Outstanding())
			}
		})
	}
}

func TestObserveReportsEveryCallWithOutcome(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	type seen struct {
		host, method string
		failed       bool
	}
	var mu sync.Mutex
	var got []seen
	b.Observe(backend.ObserverFunc(func(_ context.Context, host, method string, _ time.Duration, err error) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, seen{host, method, err != nil})
	}))
	b.AddDomain(Domain{Name: "vm"})
	_, _ = b.DomainLookupByName(ctx, "vm")
	_, _ = b.Twin().DomainLookupByName(ctx, "nope")
	want := []seen{{"h", "DomainLookupByName", false}, {"h", "DomainLookupByName", true}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("observed %v, want %v", got, want)
	}
}

func TestSetMetadataRewritesXML(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, defined, set, want string
	}{
		{"replaces", domainXML("vm", `<metadata><a xmlns="urn:a">1</a></metadata><os/>`), `<a>2</a>`,
			`<domain type="qemu"><name>vm</name><metadata><a:a xmlns:a="urn:a">2</a:a></metadata><os/></domain>`},
		{"adds", domainXML("vm", `<os/>`), `<a>2</a>`,
			`<domain type="qemu"><name>vm</name><os/><metadata><a:a xmlns:a="urn:a">2</a:a></metadata></domain>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			dom, err := b.DomainDefineXML(ctx, tt.defined)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.DomainSetMetadata(ctx, dom, tt.set, "a", "urn:a", libvirt.DomainAffectCurrent); err != nil {
				t.Fatal(err)
			}
			if got, _ := b.DomainGetXMLDesc(ctx, dom, 0); got != tt.want {
				t.Fatalf("xml = %s\nwant  %s", got, tt.want)
			}
		})
	}
}

func TestSetMetadataRefusesDeclaredNamespace(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	dom, err := b.DomainDefineXML(ctx, domainXML("vm", `<os/>`))
	if err != nil {
		t.Fatal(err)
	}
	err = b.DomainSetMetadata(ctx, dom, `<a xmlns="urn:a">2</a>`, "a", "urn:a", libvirt.DomainAffectCurrent)
	var lerr libvirt.Error
	if !errors.As(err, &lerr) || lerr.Code != uint32(libvirt.ErrInternalError) {
		t.Fatalf("err = %v, want libvirt internal error as libvirt 9.0 gives", err)
	}
}
