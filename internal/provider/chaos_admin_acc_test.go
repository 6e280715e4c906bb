//go:build chaos

package provider

// The administrator beside the chaos walk (chaos_acc_test.go): the foreign fleet it keeps on the
// hosts, snapshotted before the walk and compared after every step (checkForeign), and the
// objects it adds and removes during the walk (chaos_ops_acc_test.go).

import (
	"fmt"
	"slices"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"
)

// makeAdminObjects makes what an administrator keeps beside the provider's objects, with go-libvirt:
// on each host a raw volume of random bytes, on host 1 a qcow2 image too, and an unmarked
// domain under the name of slot 1 on host 1 (so slot 1 may never be placed there).
func (w *chaosWalk) makeAdminObjects() {
	w.t.Helper()
	for i, h := range w.hosts {
		l, err := h.conn()
		if err != nil {
			w.t.Fatal(err)
		}
		p, err := l.StoragePoolLookupByName(h.pool)
		if err != nil {
			w.t.Fatal(err)
		}
		vols := []string{fmt.Sprintf(`<volume><name>%s.raw</name><capacity>1048576</capacity><target><format type='raw'/></target></volume>`, w.f.obj("admvol"))}
		if i == 0 {
			vols = append(vols, fmt.Sprintf(`<volume><name>%s.qcow2</name><capacity unit='M'>64</capacity><target><format type='qcow2'/></target></volume>`, w.f.obj("admimg")))
		}
		for _, x := range vols {
			v, err := l.StorageVolCreateXML(p, x, 0)
			if err != nil {
				w.t.Fatalf("admin volume on %s: %v", h.key, err)
			}
			if strings.HasSuffix(v.Name, ".raw") {
				data := []byte(strings.Repeat(w.f.run+fmt.Sprint(w.seed), 1<<10))
				if err := l.StorageVolUpload(v, strings.NewReader(string(data)), 0, uint64(len(data)), 0); err != nil {
					w.t.Fatalf("fill admin volume %s: %v", v.Name, err)
				}
			}
		}
		if i == 0 {
			x := fmt.Sprintf("<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><os><type>hvm</type></os></domain>", w.slotName(1))
			if _, err := l.DomainDefineXML(x); err != nil {
				w.t.Fatalf("admin's unmarked domain: %v", err)
			}
			w.blocked[slotHost{1, h.key}] = "not managed by kvm2"
		}
		_ = l.Disconnect()
	}
}

// snapshotForeign records every object of this run on the hosts now (before the walk makes any),
// with volume checksums: all of it is foreign to the walk's configuration.
func (w *chaosWalk) snapshotForeign() {
	w.t.Helper()
	keys, err := w.inventory(nil)
	if err != nil {
		w.t.Fatal(err)
	}
	sums := map[string]bool{}
	for k := range keys {
		sums[k] = strings.Contains(k, " volume ")
	}
	if w.foreign, err = w.inventory(sums); err != nil {
		w.t.Fatal(err)
	}
	w.sums = sums
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range w.foreign {
			if !yield(k) {
				return
			}
		}
	})
	w.t.Logf("foreign fleet: %d objects: %s", len(names), strings.Join(names, ", "))
}

// adoptForeign adds keys, as they are on the hosts now, to the foreign fleet.
func (w *chaosWalk) adoptForeign(keys ...string) {
	w.t.Helper()
	for _, k := range keys {
		w.sums[k] = strings.Contains(k, " volume ")
	}
	inv, err := w.inventory(w.sums)
	if err != nil {
		w.t.Fatal(err)
	}
	for _, k := range keys {
		o, ok := inv[k]
		if !ok {
			w.t.Fatalf("step %d: the administrator's %s is not on the host", w.step, k)
		}
		w.foreign[k] = o
	}
}

func (w *chaosWalk) dropForeign(keys ...string) {
	for _, k := range keys {
		delete(w.foreign, k)
		delete(w.sums, k)
	}
}

// removeAdmin is the administrator removing what it made: domains and volumes, by key.
func (w *chaosWalk) removeAdmin(keys ...string) {
	for _, k := range keys {
		host, kind, pool, name := splitKey(k)
		w.onHost(host, func(l *libvirt.Libvirt) error {
			if kind == "domain" {
				d, err := l.DomainLookupByName(name)
				if libvirt.IsNotFound(err) {
					return nil // already gone: nothing to remove
				}
				if err != nil {
					return err
				}
				_ = l.DomainDestroy(d)
				return l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram)
			}
			p, err := l.StoragePoolLookupByName(pool)
			if err != nil {
				return err
			}
			if v, err := l.StorageVolLookupByName(p, name); err == nil {
				return l.StorageVolDelete(v, 0)
			}
			return nil
		})
	}
	w.dropForeign(keys...)
}

// adminDomainXML is a stopped, unmarked domain of the administrator's with disks (with ACPI, so
// that a disk can be hot-plugged into its PCI bus once it runs: chaos_attach_acc_test.go).
func adminDomainXML(name string, disks ...string) string {
	var b strings.Builder
	for i, d := range disks {
		fmt.Fprintf(&b, "<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='%s'/><target dev='vd%c' bus='virtio'/></disk>", d, 'a'+i)
	}
	return fmt.Sprintf("<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory><os><type arch='x86_64'>hvm</type></os><features><acpi/></features><devices>%s</devices></domain>", name, b.String())
}

// makeBaseUser gives host 2 an administrator's stopped domain whose disk, a qcow2 volume of
// its own, backs onto the walk's base image: the base image is in use there for the whole walk.
func (w *chaosWalk) makeBaseUser() {
	h := w.hosts[1]
	name := w.f.obj("buser")
	w.onHost(h.key, func(l *libvirt.Libvirt) error {
		p, err := l.StoragePoolLookupByName(h.pool)
		if err != nil {
			return err
		}
		base, err := l.StorageVolLookupByName(p, w.f.obj("base")+".qcow2")
		if err != nil {
			return err
		}
		v, err := l.StorageVolCreateXML(p, fmt.Sprintf(`<volume><name>%s.qcow2</name><capacity unit='G'>1</capacity><target><format type='qcow2'/></target><backingStore><path>%s</path><format type='qcow2'/></backingStore></volume>`, name, base.Key), 0)
		if err != nil {
			return err
		}
		_, err = l.DomainDefineXML(adminDomainXML(name, v.Key))
		return err
	})
	w.adoptForeign(h.key+" domain "+name, h.key+" volume "+h.pool+"/"+name+".qcow2")
}

// releaseForeignUsers is the administrator letting go, before the final destroy, of everything
// that uses the walk's volumes: the base image's user, a swapped VM's domain and its disks.
func (w *chaosWalk) releaseForeignUsers() {
	h := w.hosts[1]
	name := w.f.obj("buser")
	w.removeAdmin(h.key+" domain "+name, h.key+" volume "+h.pool+"/"+name+".qcow2")
	if w.swapped != nil {
		w.removeAdmin(w.swapped.keys...)
		w.swapped = nil
	}
}
