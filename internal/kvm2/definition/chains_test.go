package definition

import (
	"reflect"
	"testing"
)

// TestDiskChains: each disk's source with its format, the chain the definition records, and
// whether an empty <backingStore/> ends it; a disk with no local source is left out.
func TestDiskChains(t *testing.T) {
	x := `<domain type='kvm'><name>d</name><devices>
<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/p/top.qcow2'/>
  <backingStore type='file'><format type='qcow2'/><source file='/p/base.qcow2'/><backingStore/></backingStore></disk>
<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='/p/open.qcow2'/></disk>
<disk type='block' device='disk'><driver name='qemu' type='raw'/><source dev='/dev/vg/lv'/></disk>
<disk type='volume' device='disk'><source pool='other' volume='v.qcow2'/></disk>
<disk type='file' device='cdrom'><driver name='qemu' type='raw'/><target dev='sda' bus='sata'/></disk>
<disk type='network' device='disk'><source protocol='rbd' name='p/img'/></disk>
</devices></domain>`
	got, err := DiskChains(x)
	if err != nil {
		t.Fatal(err)
	}
	want := []DiskChain{
		{Layers: []DiskLayer{{File: "/p/top.qcow2", Format: "qcow2"}, {File: "/p/base.qcow2", Format: "qcow2"}}, Complete: true},
		{Layers: []DiskLayer{{File: "/p/open.qcow2", Format: "qcow2"}}},
		{Layers: []DiskLayer{{File: "/dev/vg/lv", Format: "raw"}}},
		{Layers: []DiskLayer{{Volume: PoolVolume{Pool: "other", Volume: "v.qcow2"}}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DiskChains = %+v\nwant %+v", got, want)
	}
	if _, err := DiskChains("<domain"); err == nil {
		t.Error("a definition that does not parse gave no error")
	}
}
