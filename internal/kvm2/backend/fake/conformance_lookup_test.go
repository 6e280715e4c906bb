package fake

import (
	"encoding/hex"
	"path"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
	"libvirt.org/go/libvirtxml"
)

// refTo is a domain reference built without a lookup: the name and UUID a caller already knows.
func refTo(t *testing.T, name, uuid string) libvirt.Domain {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(uuid, "-", ""))
	if err != nil || len(b) != 16 {
		t.Fatalf("uuid %q: %v", uuid, err)
	}
	ref := libvirt.Domain{Name: name, ID: -1}
	copy(ref.UUID[:], b)
	return ref
}

// lookupScenarios: a reference reaches a domain by its UUID, whatever name it carries. Reading a
// VM by the UUID its UID gives, without a lookup by name, relies on this: the reference cannot
// reach a same-named domain of another owner, and a UUID no domain holds is ErrNoDomain.
var lookupScenarios = []scenario{
	{"a reference is resolved by its UUID, not its name", func(t *testing.T, tg *target) {
		n, other, u := tg.name("a"), tg.name("b"), newUUID(t)
		tg.define(t, n, guest{name: n, uuid: u, metadata: markA("1")}.xml())
		tg.define(t, other, guest{name: other, uuid: newUUID(t), metadata: markA("2")}.xml())

		// The UUID of n under the name of the other domain reaches n.
		x, err := tg.b.DomainGetXMLDesc(tg.ctx(t), refTo(t, other, u), 0)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(x, "<name>"+n+"</name>") || !strings.Contains(x, `v="1"`) {
			t.Fatalf("the reference with %s's UUID read another domain:\n%s", n, x)
		}
		s, _, err := tg.b.DomainGetState(tg.ctx(t), refTo(t, other, u))
		if err != nil || libvirt.DomainState(s) != libvirt.DomainShutoff {
			t.Fatalf("state by UUID = %d, %v; want shut off", s, err)
		}
	}},
	{"a UUID no domain holds is not found, even under an existing name", func(t *testing.T, tg *target) {
		n := tg.name("a")
		tg.define(t, n, guest{name: n, uuid: newUUID(t)}.xml())
		ref := refTo(t, n, newUUID(t))
		_, err := tg.b.DomainGetXMLDesc(tg.ctx(t), ref, 0)
		wantRefusal(t, "XML of an unknown UUID under an existing name", err, libvirt.ErrNoDomain, "uuid")
		_, err = tg.b.DomainGetAutostart(tg.ctx(t), ref)
		wantRefusal(t, "autostart of an unknown UUID under an existing name", err, libvirt.ErrNoDomain)
	}},
}

func TestLookupAnswersAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, lookupScenarios)
}

// poolScenarios: a create defines its domain before it makes the domain's disks, naming their
// paths in the directory the pool's definition gives. That relies on both: a definition may name
// files that do not exist yet, and a directory pool puts a volume named n at <target path>/n.
var poolScenarios = []scenario{
	{"a definition may name disks that do not exist yet, in the pool's directory", func(t *testing.T, tg *target) {
		x, err := tg.b.StoragePoolGetXMLDesc(tg.ctx(t), tg.pool)
		if err != nil {
			t.Fatal(err)
		}
		var pool libvirtxml.StoragePool
		if err := pool.Unmarshal(x); err != nil || pool.Target == nil || pool.Target.Path == "" {
			t.Fatalf("pool definition without a target path (%v):\n%s", err, x)
		}
		n := tg.name("later")
		overlay := path.Join(pool.Target.Path, n+".qcow2")
		backing := path.Join(pool.Target.Path, n+"-base.qcow2")
		tg.define(t, n, guest{name: n, uuid: newUUID(t), devices: qcow2Disk(overlay, explicitBacking(backing, true)) +
			cdrom(path.Join(pool.Target.Path, n+".iso"))}.xml())
		if got := tg.volume(t, n+".qcow2", "qcow2", ""); got != overlay {
			t.Fatalf("volume %s.qcow2 is at %s, not %s in the pool's directory", n, got, overlay)
		}
	}},
}

func TestConformance_pool(t *testing.T) {
	runScenarios(t, newFakeTarget, poolScenarios)
}
