package fake

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// chainStatsFlags are the flags of the in-use reads' statistics call (hostops' reuseStatsFlags,
// which this package may not import): stopped domains, with backing chains, without waiting.
const chainStatsFlags = libvirt.ConnectGetAllDomainsStatsInactive | libvirt.ConnectGetAllDomainsStatsBacking |
	libvirt.ConnectGetAllDomainsStatsNowait

// chainStats is the block statistics with backing chains of dom as the in-use reads take them
// (hostops.DefinitionReuse): every field and value, sorted, and the images listed, each as its
// target, backing index and path.
func chainStats(t *testing.T, tg *target, dom libvirt.Domain) (all string, images []string) {
	t.Helper()
	recs, err := tg.b.ConnectGetAllDomainStats(tg.ctx(t), libvirt.DomainStatsBlock, chainStatsFlags)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Dom.UUID != dom.UUID {
			continue
		}
		var fields []string
		byEntry := map[string][3]string{}
		for _, p := range r.Params {
			fields = append(fields, fmt.Sprintf("%s=%v", p.Field, p.Value.I))
			f := strings.SplitN(p.Field, ".", 3)
			if len(f) != 3 || f[0] != "block" {
				continue
			}
			e := byEntry[f[1]]
			switch f[2] {
			case "name":
				e[0] = fmt.Sprint(p.Value.I)
			case "backingIndex":
				e[1] = fmt.Sprint(p.Value.I)
			case "path":
				e[2] = fmt.Sprint(p.Value.I)
			}
			byEntry[f[1]] = e
		}
		for _, e := range byEntry {
			images = append(images, strings.Join(e[:], " "))
		}
		slices.Sort(fields)
		slices.Sort(images)
		return strings.Join(fields, "\n"), images
	}
	t.Fatalf("no statistics of %s", dom.Name)
	return "", nil
}

// chainStatsScenarios: for a domain that does not run, the block statistics with backing chains
// list each disk and each backing image its definition records (not the empty <backingStore/>
// that ends the chain), the same twice while nothing changes, and otherwise when a disk is
// attached, a recorded backing image changes, or a disk's format changes between qcow2 and raw
// (libvirt reads the capacity as the format says). The in-use reads of a fleet's destroy
// lean on this to read again only the definitions that changed.
var chainStatsScenarios = []scenario{
	{"a stopped domain's statistics with backing chains change with its disks", func(t *testing.T, tg *target) {
		base := tg.volume(t, tg.name("base.qcow2"), "qcow2", "")
		top := tg.volume(t, tg.name("top.qcow2"), "qcow2", base)
		other := tg.volume(t, tg.name("other.qcow2"), "qcow2", "")
		dn, uuid := tg.name("cs"), newUUID(t)
		def := func(devices string) libvirt.Domain {
			return tg.define(t, dn, guest{name: dn, uuid: uuid, devices: devices}.xml())
		}
		dom := def(qcow2Disk(top, explicitBacking(base, true)))
		first, images := chainStats(t, tg, dom)
		if want := []string{"vda  " + base, "vda  " + top}; !slices.Equal(images, want) {
			t.Fatalf("images listed %q, want %q", images, want)
		}
		if again, _ := chainStats(t, tg, dom); again != first {
			t.Fatalf("statistics of an unchanged domain changed:\n%s\nthen\n%s", first, again)
		}
		changed := func(what, devices string) {
			t.Helper()
			now, images := chainStats(t, tg, def(devices))
			if now == first {
				t.Errorf("%s: statistics unchanged (images %q)", what, images)
			}
		}
		changed("a recorded backing image changed", qcow2Disk(top, explicitBacking(other, true)))
		changed("a disk attached", qcow2Disk(top, explicitBacking(base, true))+
			strings.Replace(qcow2Disk(other, ""), "vda", "vdb", 1))
		changed("the disk's format changed to raw", strings.Replace(qcow2Disk(top, ""), "type='qcow2'", "type='raw'", 1))
		if back, _ := chainStats(t, tg, def(qcow2Disk(top, explicitBacking(base, true)))); back != first {
			t.Errorf("statistics of the first definition defined again differ:\n%s\nthen\n%s", first, back)
		}
	}},
	{"a running domain has no statistics among the inactive ones", func(t *testing.T, tg *target) {
		p := tg.volume(t, tg.name("r.qcow2"), "qcow2", "")
		dn := tg.name("r")
		dom := tg.define(t, dn, guest{name: dn, uuid: newUUID(t), devices: qcow2Disk(p, "")}.xml())
		if _, images := chainStats(t, tg, dom); len(images) != 1 {
			t.Fatalf("stopped: images %q, want the one disk", images)
		}
		tg.start(t, dom)
		recs, err := tg.b.ConnectGetAllDomainStats(tg.ctx(t), libvirt.DomainStatsBlock, chainStatsFlags)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.Dom.UUID == dom.UUID {
				t.Fatalf("the running domain %s is among the inactive ones", dn)
			}
		}
	}},
}

func TestChainStatsAnswerAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, chainStatsScenarios)
}
