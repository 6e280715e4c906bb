package definition

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestParseDomainAndChains_sameAsTheTwoParses: over the definitions the other tests read (the
// captured libvirt 9 ones, rendered ones, hand-written variants, damaged and unparsable ones),
// ParseDomainAndChains gives what ParseDomain and DiskChains give, errors included.
func TestParseDomainAndChains_sameAsTheTwoParses(t *testing.T) {
	cases := map[string]string{
		"live uefi":           liveUEFIDomain,
		"empty":               "",
		"blank":               " \n",
		"not xml":             "domain",
		"cut short":           "<domain",
		"unknown memory unit": `<domain><memory unit='furlongs'>1</memory></domain>`,
		"damaged mark": `<domain><name>x</name><devices><disk type='file' device='disk'><source file='/p/o.qcow2'/></disk></devices>` +
			`<metadata><kvm2:instance xmlns:kvm2="` + MarkNamespace + `"><kvm2:uid>u</kvm2:uid><kvm2:disk-gib>big</kvm2:disk-gib></kvm2:instance></metadata></domain>`,
		"no devices": `<domain><vcpu>3</vcpu></domain>`,
		"chains": `<domain type='kvm'><name>d</name><devices>
<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/p/top.qcow2'/>
  <backingStore type='file'><format type='qcow2'/><source file='/p/base.qcow2'/><backingStore/></backingStore><target dev='vda'/></disk>
<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/p/open.qcow2'/></disk>
<disk type='block' device='disk'><driver name='qemu' type='raw'/><source dev='/dev/vg/lv'/></disk>
<disk type='volume' device='disk'><source pool='other' volume='v.qcow2'/></disk>
<disk type='file' device='cdrom'><driver name='qemu' type='raw'/><target dev='sda' bus='sata'/></disk>
<disk type='network' device='disk'><source protocol='rbd' name='p/img'/></disk>
</devices></domain>`,
	}
	for _, f := range []string{"libvirt9-running-uefi.xml", "libvirt9-running-bios.xml", "libvirt9-get-metadata.xml"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		cases[f] = string(data)
	}
	s := validSpec()
	s.BackingPath, s.BackingFormat, s.ConsoleLogPath = "/var/lib/libvirt/images/base.qcow2", FormatQCOW2, "/var/lib/libvirt/images/web1.log"
	rendered, err := DomainXML(s)
	if err != nil {
		t.Fatal(err)
	}
	cases["rendered"] = rendered
	for name, x := range cases {
		t.Run(name, func(t *testing.T) {
			got := ParseDomainAndChains(x)
			facts, ferr := ParseDomain(x)
			chains, cerr := DiskChains(x)
			if !reflect.DeepEqual(got.Facts, facts) || !reflect.DeepEqual(got.FactsErr, ferr) {
				t.Errorf("facts %+v, %v\nParseDomain %+v, %v", got.Facts, got.FactsErr, facts, ferr)
			}
			if !reflect.DeepEqual(got.Chains, chains) || !reflect.DeepEqual(got.ChainsErr, cerr) {
				t.Errorf("chains %+v, %v\nDiskChains %+v, %v", got.Chains, got.ChainsErr, chains, cerr)
			}
		})
	}
}
