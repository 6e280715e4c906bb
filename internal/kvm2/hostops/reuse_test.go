package hostops

import (
	"context"
	"slices"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
)

// reuseHost is a host with our overlay and, beside it, a stopped domain "ours" on it and a
// stopped domain "other" on a disk of its own (whose qcow2 records a raw backing image).
func reuseHost() (b *fake.Backend, overlay, otherDisk string) {
	b = fake.New("lab")
	overlay = b.AddVolume(fake.DefaultPool, fake.Volume{Name: "ours.qcow2", Format: "qcow2", Capacity: 4 << 30})
	otherDisk = b.AddVolume(fake.DefaultPool, fake.Volume{Name: "other.qcow2", Format: "qcow2", Capacity: 2 << 30})
	b.AddVolume(fake.DefaultPool, fake.Volume{Name: "other-base.img", Format: "raw", Capacity: 1 << 30})
	b.AddDomain(fake.Domain{Name: "ours", XML: domXML("ours", disk("qcow2", overlay)), State: libvirt.DomainShutoff})
	b.AddDomain(fake.Domain{Name: "other", XML: domXML("other", chained(otherDisk, fake.DefaultPoolPath+"/other-base.img")),
		State: libvirt.DomainShutoff})
	return b, overlay, otherDisk
}

// chained is a qcow2 disk at top whose definition records its backing image base (raw) and ends
// the chain there.
func chained(top, base string) string {
	return "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='" + top + "'/>" +
		"<backingStore type='file'><format type='raw'/><source file='" + base + "'/><backingStore/></backingStore>" +
		"<target dev='vda'/></disk>"
}

// reuseRead reads the host's disks with reuse and returns the users of path and the domains whose
// definitions it asked the host for.
func reuseRead(t *testing.T, b *fake.Backend, reuse *DefinitionReuse, path string) (users, asked []string) {
	t.Helper()
	b.ResetCalls()
	for name := range usersWith(t, b, nil, reuse, path) {
		users = append(users, name)
	}
	for _, c := range b.Calls() {
		if c.Method == "DomainGetXMLDesc" {
			asked = append(asked, c.Target)
		}
	}
	slices.Sort(users)
	slices.Sort(asked)
	return users, asked
}

// The reads that follow one another ask the host again only for the definitions whose block
// statistics changed: a disk attached to a stopped domain, a recorded backing image changed to
// ours, a running domain's next-boot definition (which no statistics describe), a domain defined
// anew under the same name. Each change is seen by the read after it, and the unchanged
// domains are not read again.
func TestDefinitionReuse_readsAgainWhatChanged(t *testing.T) {
	b, overlay, otherDisk := reuseHost()
	reuse := NewDefinitionReuse(time.Now)
	step := func(what string, wantUsers, wantAsked []string) {
		t.Helper()
		users, asked := reuseRead(t, b, reuse, overlay)
		if !slices.Equal(users, wantUsers) || !slices.Equal(asked, wantAsked) {
			t.Errorf("%s: users of our overlay %q (want %q), definitions read %q (want %q)", what, users, wantUsers, asked, wantAsked)
		}
	}
	step("first read", []string{"ours"}, []string{"other", "ours"})
	step("nothing changed", []string{"ours"}, nil)

	b.UpdateDomain("other", func(d *fake.Domain) { // virsh attach-disk --config
		d.XML = domXML("other", chained(otherDisk, fake.DefaultPoolPath+"/other-base.img"), disk("qcow2", overlay))
	})
	step("our overlay attached to the stopped domain", []string{"other", "ours"}, []string{"other"})

	b.UpdateDomain("other", func(d *fake.Domain) {
		d.XML = domXML("other", chained(otherDisk, fake.DefaultPoolPath+"/other-base.img"))
	})
	step("detached again", []string{"ours"}, []string{"other"})

	b.UpdateDomain("other", func(d *fake.Domain) { d.XML = domXML("other", chained(otherDisk, overlay)) })
	step("its recorded backing image changed to our overlay", []string{"other", "ours"}, []string{"other"})

	b.UpdateDomain("other", func(d *fake.Domain) {
		d.XML = domXML("other", chained(otherDisk, fake.DefaultPoolPath+"/other-base.img"))
	})
	step("changed back", []string{"ours"}, []string{"other"})

	b.UpdateDomain("other", func(d *fake.Domain) { d.State = libvirt.DomainRunning })
	step("started", []string{"ours"}, []string{"other", "other"}) // live and next-boot
	b.UpdateDomain("other", func(d *fake.Domain) {                // virsh attach-disk --config on the running domain
		d.Persistent = &fake.Definition{XML: domXML("other", chained(otherDisk, fake.DefaultPoolPath+"/other-base.img"), disk("qcow2", overlay))}
	})
	step("our overlay attached to its next boot", []string{"other", "ours"}, []string{"other", "other"})

	b.RemoveDomain("other")
	b.AddDomain(fake.Domain{Name: "other", XML: domXML("other", disk("qcow2", overlay)), State: libvirt.DomainShutoff})
	step("defined anew on our overlay", []string{"other", "ours"}, []string{"other"})
}

// A domain whose disk has no path in the statistics (a volume disk, here) is read every time:
// nothing says its definition stands.
func TestDefinitionReuse_aDiskWithoutAPathIsReadEveryTime(t *testing.T) {
	b, overlay, _ := reuseHost()
	b.AddDomain(fake.Domain{Name: "byvolume", State: libvirt.DomainShutoff, XML: domXML("byvolume",
		"<disk type='volume' device='disk'><driver name='qemu' type='qcow2'/><source pool='missing' volume='x.qcow2'/><target dev='vda'/></disk>")})
	reuse := NewDefinitionReuse(time.Now)
	reuseRead(t, b, reuse, overlay)
	for i := range 2 {
		if _, asked := reuseRead(t, b, reuse, overlay); !slices.Equal(asked, []string{"byvolume"}) {
			t.Errorf("read %d: definitions read %q, want only byvolume's", i+2, asked)
		}
	}
}

// A kept definition stands for reuseFor at most; a host that does not give the statistics has
// every definition read, and a failed statistics call fails the read.
func TestDefinitionReuse_agesOutAndFailsSafe(t *testing.T) {
	b, overlay, _ := reuseHost()
	now := time.Now()
	reuse := NewDefinitionReuse(func() time.Time { return now })
	reuseRead(t, b, reuse, overlay)
	b.FailNth("ConnectGetAllDomainStats", 1, fake.LibvirtError(libvirt.ErrNoSupport, "fake: no statistics"))
	if _, asked := reuseRead(t, b, reuse, overlay); len(asked) != 2 {
		t.Errorf("with the statistics not given, definitions read %q, want both", asked)
	}
	b.FailNth("ConnectGetAllDomainStats", 1, fake.LibvirtError(libvirt.ErrInternalError, "fake: statistics failed"))
	if _, err := ReadDiskIndexWith(context.Background(), b, nil, nil, nil, reuse); err == nil {
		t.Error("a read whose statistics call failed succeeded")
	}
	if _, asked := reuseRead(t, b, reuse, overlay); len(asked) != 0 {
		t.Errorf("definitions read %q, want none", asked)
	}
	now = now.Add(reuseFor + time.Second)
	if _, asked := reuseRead(t, b, reuse, overlay); len(asked) != 2 {
		t.Errorf("after %v, definitions read %q, want both", reuseFor, asked)
	}
}
