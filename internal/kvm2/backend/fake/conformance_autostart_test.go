package fake

import (
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// wantAutostart fails unless the domain's autostart flag reads want.
func wantAutostart(t *testing.T, tg *target, dom libvirt.Domain, want bool) {
	t.Helper()
	got, err := tg.b.DomainGetAutostart(tg.ctx(t), dom)
	if err != nil || got != want {
		t.Fatalf("DomainGetAutostart(%s) = %v, %v; want %v", dom.Name, got, err, want)
	}
}

// autostartScenarios: a new definition has autostart off, the flag survives a redefinition, a
// transient domain cannot have it, and undefining a domain clears it.
var autostartScenarios = []scenario{
	{"a new domain has autostart off, set and redefine keep it", func(t *testing.T, tg *target) {
		n, u := tg.name("a"), newUUID(t)
		dom := tg.define(t, n, guest{name: n, uuid: u}.xml())
		wantAutostart(t, tg, dom, false)
		if err := tg.b.DomainSetAutostart(tg.ctx(t), dom, true); err != nil {
			t.Fatal(err)
		}
		wantAutostart(t, tg, dom, true)
		if _, err := tg.b.DomainDefineXML(tg.ctx(t), guest{name: n, uuid: u, metadata: markA("2")}.xml()); err != nil {
			t.Fatal(err)
		}
		wantAutostart(t, tg, dom, true)
		if err := tg.b.DomainSetAutostart(tg.ctx(t), dom, false); err != nil {
			t.Fatal(err)
		}
		wantAutostart(t, tg, dom, false)
	}},
	{"undefining a running domain clears autostart, and a transient one is refused it", func(t *testing.T, tg *target) {
		n := tg.name("a")
		dom := tg.define(t, n, guest{name: n, uuid: newUUID(t)}.xml())
		if err := tg.b.DomainSetAutostart(tg.ctx(t), dom, true); err != nil {
			t.Fatal(err)
		}
		tg.start(t, dom)
		if err := tg.b.DomainUndefine(tg.ctx(t), dom, 0); err != nil {
			t.Fatal(err)
		}
		wantAutostart(t, tg, dom, false)
		err := tg.b.DomainSetAutostart(tg.ctx(t), dom, true)
		wantRefusal(t, "autostart of a transient domain", err, libvirt.ErrOperationInvalid, "transient")
		wantAutostart(t, tg, dom, false)
	}},
}

func TestAutostartAnswersAsLibvirt(t *testing.T) {
	runScenarios(t, newFakeTarget, autostartScenarios)
}
