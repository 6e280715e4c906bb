package fake

import (
	"slices"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// listedUnder reports, for each flag set, whether ConnectListAllDomains with it lists dom (by UUID).
func listedUnder(t *testing.T, tg *target, dom libvirt.Domain, flags ...libvirt.ConnectListAllDomainsFlags) []bool {
	t.Helper()
	out := make([]bool, len(flags))
	for i, f := range flags {
		doms, err := tg.b.ConnectListAllDomains(tg.ctx(t), f)
		if err != nil {
			t.Fatalf("ConnectListAllDomains(%d): %v", f, err)
		}
		out[i] = slices.ContainsFunc(doms, func(d libvirt.Domain) bool { return d.UUID == dom.UUID })
	}
	return out
}

// The lists the shared read of a host is made of (running, shut off, autostart, transient), in
// the states a VM of ours goes through.
var listFlags = []libvirt.ConnectListAllDomainsFlags{
	libvirt.ConnectListDomainsRunning, libvirt.ConnectListDomainsShutoff,
	libvirt.ConnectListDomainsAutostart, libvirt.ConnectListDomainsTransient,
	libvirt.ConnectListDomainsOther | libvirt.ConnectListDomainsPaused,
}

func wantListed(t *testing.T, tg *target, what string, dom libvirt.Domain, running, shutoff, autostart, transient bool) {
	t.Helper()
	got := listedUnder(t, tg, dom, listFlags...)
	want := []bool{running, shutoff, autostart, transient, false}
	if !slices.Equal(got, want) {
		t.Fatalf("%s: listed under running, shutoff, autostart, transient, other|paused = %v, want %v", what, got, want)
	}
}

var listScenarios = []scenario{
	{"a domain is listed by its state, autostart flag and persistence", func(t *testing.T, tg *target) {
		n := tg.name("l")
		dom := tg.define(t, n, guest{name: n, uuid: newUUID(t)}.xml())
		wantListed(t, tg, "defined", dom, false, true, false, false)
		if err := tg.b.DomainSetAutostart(tg.ctx(t), dom, true); err != nil {
			t.Fatal(err)
		}
		wantListed(t, tg, "defined, autostart", dom, false, true, true, false)
		tg.start(t, dom)
		wantListed(t, tg, "running, autostart", dom, true, false, true, false)
		if err := tg.b.DomainUndefine(tg.ctx(t), dom, 0); err != nil {
			t.Fatal(err)
		}
		wantListed(t, tg, "running, undefined", dom, true, false, false, true)
		tg.destroy(t, dom)
		if got := listedUnder(t, tg, dom, 0); got[0] {
			t.Fatal("a destroyed transient domain is still listed")
		}
	}},
	{"the leases of an unknown network are ErrNoNetwork, of an inactive one an empty list", func(t *testing.T, tg *target) {
		_, err := tg.b.NetworkGetDHCPLeases(tg.ctx(t), libvirt.Network{Name: tg.name("nonet")})
		wantRefusal(t, "leases of an unknown network", err, libvirt.ErrNoNetwork)
		net := tg.name("off")
		tg.inactiveNetwork(t, net)
		n, err := tg.b.NetworkLookupByName(tg.ctx(t), net)
		if err != nil {
			t.Fatal(err)
		}
		leases, err := tg.b.NetworkGetDHCPLeases(tg.ctx(t), n)
		if err != nil || len(leases) != 0 {
			t.Fatalf("leases of an inactive network: %v, %v", leases, err)
		}
	}},
}

func TestListsAnswerAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, listScenarios)
}
