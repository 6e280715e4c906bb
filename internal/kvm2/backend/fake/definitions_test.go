package fake

import (
	"context"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

func TestNetworkHelpersDecideStart(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	dom, err := b.DomainDefineXML(ctx, guest{name: "vm", devices: networkNIC(DefaultNetwork)}.xml())
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name  string
		setup func()
		want  libvirt.ErrorNumber // -1: starts
	}{
		{"active", func() {}, -1},
		{"stopped", func() { b.SetNetworkActive(DefaultNetwork, false) }, libvirt.ErrOperationInvalid},
		{"started again", func() { b.SetNetworkActive(DefaultNetwork, true) }, -1},
		{"removed", func() { b.RemoveNetwork(DefaultNetwork) }, libvirt.ErrNoNetwork},
	}
	for _, st := range steps {
		st.setup()
		err := b.DomainCreate(ctx, dom)
		if got := code(err); got != st.want {
			t.Fatalf("%s: start err = %v, want code %d", st.name, err, st.want)
		}
		if err == nil {
			_ = b.DomainDestroy(ctx, dom)
		}
	}
	if b.SetNetworkActive("nope", true) {
		t.Error("SetNetworkActive reported a missing network as existing")
	}
}

func TestAddVolumeBackingPathMakesAChain(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	base := b.AddVolume(DefaultPool, Volume{Name: "base.qcow2", Format: "qcow2"})
	ov := b.AddVolume(DefaultPool, Volume{Name: "ov.qcow2", Format: "qcow2", BackingPath: base})
	if base != DefaultPoolPath+"/base.qcow2" {
		t.Fatalf("AddVolume returned %q", base)
	}
	b.AddDomain(Domain{Name: "up", State: libvirt.DomainRunning, XML: guest{name: "up", devices: qcow2Disk(ov, "")}.xml()})
	x, err := b.DomainGetXMLDesc(ctx, libvirt.Domain{Name: "up"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := `<backingStore type="file"><format type="qcow2"/><source file="` + base + `"/><backingStore/></backingStore>`
	if !strings.Contains(x, want) {
		t.Fatalf("live XML of a running domain added on the overlay lacks %s:\n%s", want, x)
	}

	b.RemoveVolume(DefaultPool, "base.qcow2")
	dom, err := b.DomainDefineXML(ctx, guest{name: "down", devices: qcow2Disk(ov, "")}.xml())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.DomainCreate(ctx, dom); code(err) != libvirt.ErrSystemError {
		t.Fatalf("start on an overlay whose base was removed: %v, want ErrSystemError", err)
	}
}

func TestStoppingDropsTheLiveDefinition(t *testing.T) {
	ctx := context.Background()
	stops := []struct {
		name string
		stop func(b *Backend)
	}{
		{"SetDomainState", func(b *Backend) { b.SetDomainState("vm", libvirt.DomainShutoff) }},
		{"UpdateDomain", func(b *Backend) { b.UpdateDomain("vm", func(d *Domain) { d.State = libvirt.DomainShutoff }) }},
		{"DomainDestroy", func(b *Backend) {
			if err := b.DomainDestroy(ctx, libvirt.Domain{Name: "vm"}); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range stops {
		t.Run(tt.name, func(t *testing.T) {
			b := New("h")
			b.AddDomain(Domain{Name: "vm", State: libvirt.DomainRunning, XML: guest{name: "vm", metadata: markA("1")}.xml()})
			dom := libvirt.Domain{Name: "vm"}
			if err := b.DomainSetMetadata(ctx, dom, `<m v="2"/>`, "fk", nsA, libvirt.DomainAffectLive); err != nil {
				t.Fatal(err)
			}
			tt.stop(b)
			got, err := b.DomainGetMetadata(ctx, dom, nsA)
			if err != nil || !strings.Contains(got, `v="1"`) {
				t.Fatalf("after stop: %q, %v; want the persistent v=1", got, err)
			}
			if d, _ := b.Domain("vm"); d.Persistent != nil {
				t.Fatalf("stopped domain keeps two definitions: %+v", d.Persistent)
			}
		})
	}
}

func TestGuestDyingAtStartKeepsOneDefinition(t *testing.T) {
	b := New("h")
	b.AddDomain(Domain{Name: "vm", StartState: libvirt.DomainShutoff, XML: guest{name: "vm"}.xml()})
	if err := b.DomainCreate(context.Background(), libvirt.Domain{Name: "vm"}); err != nil {
		t.Fatal(err)
	}
	if d, _ := b.Domain("vm"); d.State != libvirt.DomainShutoff || d.Persistent != nil {
		t.Fatalf("domain = state %d, persistent %+v; want shut off with one definition", d.State, d.Persistent)
	}
}

func TestUpdateDomainKeepsXMLAndMetadataInStep(t *testing.T) {
	ctx := context.Background()
	b := New("h")
	b.AddDomain(Domain{Name: "vm", XML: guest{name: "vm", metadata: markA("1")}.xml()})
	dom := libvirt.Domain{Name: "vm"}
	if got, err := b.DomainGetMetadata(ctx, dom, nsA); err != nil || got != `<m v="1"/>` {
		t.Fatalf("AddDomain did not read metadata from XML: %q, %v", got, err)
	}

	b.UpdateDomain("vm", func(d *Domain) { d.XML = strings.Replace(d.XML, `v="1"`, `v="7"`, 1) })
	if got, _ := b.DomainGetMetadata(ctx, dom, nsA); got != `<m v="7"/>` {
		t.Fatalf("after an XML edit: %q", got)
	}

	b.UpdateDomain("vm", func(d *Domain) { d.Metadata[nsB] = `<o:o xmlns:o="` + nsB + `"/>` })
	x, _ := b.DomainGetXMLDesc(ctx, dom, 0)
	if !strings.Contains(x, `<o:o xmlns:o="`+nsB+`"/>`) || !strings.Contains(x, `v="7"`) {
		t.Fatalf("after a Metadata edit the XML is %s", x)
	}
}

func TestBareElement(t *testing.T) {
	tests := []struct {
		name, stored, want string
	}{
		{"prefixed", `<k:i xmlns:k="urn:k" a="1"><k:uid>u</k:uid><k:e/></k:i>`, `<i a="1"><uid>u</uid><e/></i>`},
		{"default namespace", `<i xmlns="urn:k"><uid>u</uid></i>`, `<i><uid>u</uid></i>`},
		{"already bare", `<i><uid>u &amp; v</uid></i>`, `<i><uid>u &amp; v</uid></i>`},
		{"another namespace inside is kept", `<k:i xmlns:k="urn:k"><o:x xmlns:o="urn:o"/></k:i>`, `<i><o:x xmlns:o="urn:o"/></i>`},
		{"unreadable is returned as stored", `<k:i`, `<k:i`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := bareElement(tt.stored, "urn:k"); got != tt.want {
				t.Fatalf("bareElement = %s, want %s", got, tt.want)
			}
		})
	}
}
