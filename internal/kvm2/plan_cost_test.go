package kvm2

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostwide"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// planRefresh refreshes a fleet of n VMs as a plan does (every VM's GetWithDisk, ten at a time,
// all of them in flight together) on a fresh fake host, and returns every RPC the host saw, by
// method. Half the fleet runs with a DHCP lease, half is only defined.
func planRefresh(t *testing.T, n int) map[string]int {
	t.Helper()
	h := newCore(t)
	vms := make([]fleetVM, n)
	for i := range vms {
		vms[i] = fleetVM{name: fmt.Sprintf("fleet-%03d", i), uid: fleetUID(i), mac: fmt.Sprintf("52:54:00:00:%02x:%02x", i/256, i%256),
			state: libvirt.DomainShutoff}
		if i%2 == 0 {
			vms[i].state, vms[i].autostart = libvirt.DomainRunning, true
			vms[i].ip = fmt.Sprintf("192.168.%d.%d", 122+i/200, 10+i%200)
		}
	}
	addFleet(h, vms)
	together(h, hostwide.SharedReadsFrom-1) // a plan's Gets of one host are in flight together
	work := make(chan fleetVM)
	var wg sync.WaitGroup
	for range 10 { // Terraform's default parallelism
		wg.Go(func() {
			for vm := range work {
				inst, err := h.c.GetWithDisk(context.Background(), rules.FormatID(labHost, vm.name), vm.uid)
				if err != nil || inst.DiskGiB != 4 || inst.MarkDiskGiB != 4 || inst.IPv4 != vm.ip || inst.UID != vm.uid {
					t.Errorf("%s: disk %d GiB, mark %d GiB, address %q, %v", vm.name, inst.DiskGiB, inst.MarkDiskGiB, inst.IPv4, err)
				}
			}
		})
	}
	for _, vm := range vms {
		work <- vm
	}
	close(work)
	wg.Wait()
	byMethod := map[string]int{}
	for _, c := range h.fb.Calls() {
		byMethod[c.Method]++
	}
	return byMethod
}

func total(byMethod map[string]int) int {
	n := 0
	for _, c := range byMethod {
		n += c
	}
	return n
}

func describe(byMethod map[string]int) string {
	var parts []string
	for m, c := range byMethod {
		parts = append(parts, fmt.Sprintf("%s %d", m, c))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// A plan's refresh costs at most one RPC per VM, every method counted, beside host-wide reads
// whose number does not grow with the fleet: each VM's own definition (from which ownership is
// proven), and nothing more per VM for its state, autostart, address or disk size (issue 39,
// item 4). Measured as the RPCs of a 200-VM refresh beyond those of a 10-VM one.
func TestPlanRefresh_costsAtMostOneRPCPerVM(t *testing.T) {
	small, large := planRefresh(t, 10), planRefresh(t, 200)
	perVM := float64(total(large)-total(small)) / 190
	t.Logf("10 VMs: %d RPCs; 200 VMs: %d (%s)", total(small), total(large), describe(large))
	if perVM > 1 {
		t.Errorf("each VM past the 10th cost %.2f RPCs, want at most 1\n10 VMs:  %d (%s)\n200 VMs: %d (%s)",
			perVM, total(small), describe(small), total(large), describe(large))
	}
	if float64(total(large))/200 > float64(total(small))/10 {
		t.Errorf("RPCs per VM grow with the fleet: %.2f at 10 VMs, %.2f at 200", float64(total(small))/10, float64(total(large))/200)
	}
}
