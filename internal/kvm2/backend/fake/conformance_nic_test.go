package fake

import (
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"
)

// nicScenarios: a domain's interface limits (virsh domiftune's call) go into the definitions the
// impact flags name, by the interface's MAC; an average of 0 removes a direction.
var nicScenarios = []scenario{
	{"the limits of a stopped domain's interface", func(t *testing.T, tg *target) {
		n := tg.name("a")
		const mac = "52:54:00:6b:00:01"
		dom := tg.define(t, n, guest{name: n, devices: "<interface type='network'><mac address='" + mac +
			"'/><source network='" + n + "'/><model type='virtio'/></interface>"}.xml())
		params := func(in, out uint32) []libvirt.TypedParam {
			p := func(f string, v uint32) libvirt.TypedParam {
				return libvirt.TypedParam{Field: f, Value: *libvirt.NewTypedParamValueUint(v)}
			}
			return []libvirt.TypedParam{p("inbound.average", in), p("inbound.peak", 0), p("inbound.burst", 0),
				p("outbound.average", out), p("outbound.peak", 0), p("outbound.burst", 16)}
		}
		err := tg.b.DomainSetInterfaceParameters(tg.ctx(t), dom, mac, params(100, 0), libvirt.DomainAffectLive|libvirt.DomainAffectConfig)
		wantRefusal(t, "set live|config", err, libvirt.ErrOperationInvalid, "domain is not running")
		if err := tg.b.DomainSetInterfaceParameters(tg.ctx(t), dom, mac, params(100, 50), libvirt.DomainAffectCurrent); err != nil {
			t.Fatal(err)
		}
		bw := tg.domainDoc(t, dom, 0).Devices.Interfaces[0].Bandwidth
		if bw == nil || bw.Inbound == nil || *bw.Inbound.Average != 100 || bw.Inbound.Peak != nil ||
			bw.Outbound == nil || *bw.Outbound.Average != 50 || bw.Outbound.Burst == nil || *bw.Outbound.Burst != 16 {
			t.Fatalf("limits %+v, want inbound average 100, outbound average 50 burst 16", bw)
		}
		if err := tg.b.DomainSetInterfaceParameters(tg.ctx(t), dom, mac, params(0, 50), libvirt.DomainAffectConfig); err != nil {
			t.Fatal(err)
		}
		bw = tg.domainDoc(t, dom, libvirt.DomainXMLInactive).Devices.Interfaces[0].Bandwidth
		if bw == nil || bw.Inbound != nil || bw.Outbound == nil || *bw.Outbound.Average != 50 {
			t.Fatalf("limits %+v, want the inbound one removed and the outbound one kept", bw)
		}
		err = tg.b.DomainSetInterfaceParameters(tg.ctx(t), dom, "52:54:00:6b:00:02", params(10, 10), libvirt.DomainAffectCurrent)
		wantRefusal(t, "an interface the domain lacks", err, libvirt.ErrInvalidArg)
	}},
}

func TestNICLimits(t *testing.T) { runScenarios(t, newFakeTarget, nicScenarios) }
