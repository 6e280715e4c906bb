//go:build chaos

package provider

// The chaos walk's out-of-band disk growth (chaos_ops_acc_test.go, outOfBand): the administrator
// grows a VM's overlay outside Terraform. The provider reads the disk's size from the disk, so
// the growth is drift, and a configuration that still asks the smaller size could only be
// applied by cutting the disk or replacing the VM: the plan must fail saying so (checkDiskGrown),
// with nothing on the host touched. The user then sets a larger size, and the apply grows the
// disk in place (the same VM).

import (
	"regexp"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// outOfBandDisk grows slot s's overlay (VM st) by 1 GiB: through the running domain's block
// device (virsh blockresize; qemu holds the image of a running VM), else the volume
// (virsh vol-resize).
func (w *chaosWalk) outOfBandDisk(s int, st chaosState) {
	want := uint64(w.vms[s].disk+1) << 30
	pool := w.host(st.Host).pool
	overlay := rules.OverlayName(st.Name, st.UID)
	w.onHost(st.Host, func(l *libvirt.Libvirt) error {
		d, err := l.DomainLookupByName(st.Name)
		if err != nil {
			return err
		}
		if state, _, err := l.DomainGetState(d, 0); err == nil && libvirt.DomainState(state) == libvirt.DomainRunning {
			return l.DomainBlockResize(d, "vda", want, libvirt.DomainBlockResizeBytes)
		}
		p, err := l.StoragePoolLookupByName(pool)
		if err != nil {
			return err
		}
		v, err := l.StorageVolLookupByName(p, overlay)
		if err != nil {
			return err
		}
		return l.StorageVolResize(v, want, 0)
	})
	w.t.Logf("step %d: out-of-band disk growth of %s on %s to %d bytes (configured %d GiB)", w.step, st.Name, st.Host, want, w.vms[s].disk)
	w.write()
	r := w.d.apply(10 * time.Minute)
	w.t.Logf("step %d: the apply of the unchanged configuration: exit %d\n%s", w.step, r.code, r.errors())
	if r.code == 0 || !regexp.MustCompile(`grown\s+outside\s+Terraform`).MatchString(r.out) {
		w.violation("oob disk: the apply asking %d GiB of %s, whose disk was grown to %d bytes outside Terraform, was not refused as a shrink (exit %d)\n%s",
			w.vms[s].disk, st.Name, want, r.code, r.errors())
	}
	if inv, err := w.inventory(nil); err == nil {
		dom, ok := inv[st.Host+" domain "+st.Name]
		vol, vok := inv[st.Host+" volume "+pool+"/"+overlay]
		switch {
		case !ok || dom.uuid != st.DomainUUID:
			w.violation("oob disk: the refused apply replaced or removed %s (on the host: %v, uuid %s, was %s)", st.Name, ok, dom.uuid, st.DomainUUID)
		case !vok || vol.capacity != want:
			w.violation("oob disk: the refused apply changed %s's overlay (on the host: %v, %d bytes, grown to %d)", st.Name, vok, vol.capacity, want)
		}
	}
	// What the plan's error says to do: disk_gib = the disk's size or more. More: a growth in
	// place, which records the size in the mark too (the disk's size exactly changes nothing on
	// the host, so the mark keeps the smaller size, and a later smaller disk_gib, which should
	// replace the VM, would meet the same error).
	w.vms[s].disk += 2
	r = w.applyOK("the apply with disk_gib set past the disk's grown size")
	if st2, ok := w.state()[s]; r.code == 0 && ok && st2.DomainUUID != st.DomainUUID {
		w.violation("oob disk: a larger disk_gib than the grown disk's replaced %s (uuid %s -> %s)", st.Name, st.DomainUUID, st2.DomainUUID)
	}
}
