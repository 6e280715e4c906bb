//go:build chaos

package provider

// The chaos walk's attach probe (chaos_ops_acc_test.go): an administrator's domain names one of
// the walk's VM's overlay, and the VM's destroy must be refused naming that domain, with nothing
// of the VM removed, until the administrator lets go of the disk.

import (
	"fmt"
	"regexp"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// attachKinds are the attach probe's variants, taken in turn (the one taken least first):
// the administrator's domain stopped, the disk in its (only) definition; the domain running,
// the disk in its next-boot (persistent) definition only (virsh attach-disk --config), which
// the host shows only when asked for the inactive definition; the domain running, the disk
// hot-plugged and in its next-boot definition (--live --config).
var attachKinds = []string{"attach stopped", "attach next-boot", "attach live"}

// attach: the administrator attaches a VM's overlay to a domain of its own (attachKinds); the
// VM's destroy must be refused naming that domain, with nothing of the VM removed; once the
// administrator detaches the disk from both definitions (a running domain keeps running with
// the disk out of its next boot; a hot-plugged disk leaves with the domain's stop, since a
// firmware that boots nothing never acknowledges a hot-unplug), the same destroy succeeds.
// For a live attach a running VM is stopped first: qemu locks an image a running VM writes,
// so no other domain can open it.
func (w *chaosWalk) attach() {
	kind := attachKinds[0]
	for _, k := range attachKinds {
		if w.counts[k] < w.counts[kind] {
			kind = k
		}
	}
	w.counts[kind]++
	s := w.anyOf(w.slots(true))
	st := w.state()[s]
	name := w.f.obj("att")
	pool := w.host(st.Host).pool
	flags := libvirt.DomainDeviceModifyConfig
	if kind == "attach live" {
		flags |= libvirt.DomainDeviceModifyLive
	}
	var disk string
	w.onHost(st.Host, func(l *libvirt.Libvirt) error {
		p, err := l.StoragePoolLookupByName(pool)
		if err != nil {
			return err
		}
		v, err := l.StorageVolLookupByName(p, chaosOwnedNames(st.Name, st.UID)[0])
		if err != nil {
			return err
		}
		if kind == "attach live" {
			if vm, err := l.DomainLookupByName(st.Name); err == nil {
				_ = l.DomainDestroy(vm) // qemu's lock: see above
			}
		}
		d, err := l.DomainDefineXML(adminDomainXML(name))
		if err != nil {
			return err
		}
		if kind != "attach stopped" {
			if err := l.DomainCreate(d); err != nil {
				return fmt.Errorf("start of the administrator's domain %s: %w", name, err)
			}
		}
		disk = fmt.Sprintf("<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='%s'/><target dev='vdb' bus='virtio'/></disk>", v.Key)
		if err := l.DomainAttachDeviceFlags(d, disk, uint32(flags)); err != nil {
			return fmt.Errorf("%s of %s to %s: %w", kind, v.Key, name, err)
		}
		return nil
	})
	key := st.Host + " domain " + name
	w.adoptForeign(key)
	before := w.vms
	w.vms[s] = chaosVM{}
	w.write()
	r := w.d.apply(10 * time.Minute)
	w.t.Logf("step %d: %s: %s's overlay attached to %s; its destroy exited %d\n%s", w.step, kind, st.Name, name, r.code, r.errors())
	if r.code == 0 || !regexp.MustCompile(`are\s+used\s+by\s+domain\(s\)\s+`+regexp.QuoteMeta(name)).MatchString(r.out) {
		w.violation("%s: the destroy of %s, whose overlay %s uses, was not refused as in use (exit %d)\n%s", kind, st.Name, name, r.code, r.errors())
	}
	if inv, err := w.inventory(nil); err == nil {
		for _, n := range append([]string{"domain " + st.Name}, prefixAll("volume "+pool+"/", chaosOwnedNames(st.Name, st.UID))...) {
			if _, ok := inv[st.Host+" "+n]; !ok {
				w.violation("%s: the refused destroy of %s removed %s", kind, st.Name, n)
			}
		}
	}
	if kind == "attach stopped" {
		w.removeAdmin(key)
	} else { // the administrator lets go of the disk, its domain kept until the destroy is done
		w.onHost(st.Host, func(l *libvirt.Libvirt) error {
			d, err := l.DomainLookupByName(name)
			if err != nil {
				return err
			}
			if err := l.DomainDetachDeviceFlags(d, disk, uint32(libvirt.DomainDeviceModifyConfig)); err != nil {
				return fmt.Errorf("detach of the disk from %s's next boot: %w", name, err)
			}
			if kind == "attach live" {
				return l.DomainDestroy(d)
			}
			return nil
		})
		w.adoptForeign(key)
	}
	if len(w.slots(true)) == 0 {
		w.vms = before
	}
	w.applyOK(kind + ": the destroy once the administrator let go of the disk")
	w.removeAdmin(key)
}

func prefixAll(p string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = p + x
	}
	return out
}
