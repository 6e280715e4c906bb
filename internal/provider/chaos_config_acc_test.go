//go:build chaos

package provider

// The chaos walk's configuration (chaos_acc_test.go): written from the model before every apply.

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
)

// providerHCL is the terraform block and the provider on both hosts.
func (w *chaosWalk) providerHCL() string {
	return `
terraform {
  required_providers {
    kvm2 = { source = "egress-proxies/kvm2" }
  }
}

` + w.providerBlock()
}

// providerBlock is the provider block on both hosts.
func (w *chaosWalk) providerBlock() string {
	return fmt.Sprintf(`provider "kvm2" {
  hosts = {
%s%s  }
}
`, w.hosts[0].block(), w.hosts[1].block())
}

// baseHCL is kvm2_base_image.<host key> named base on every host but those of skip.
func (w *chaosWalk) baseHCL(base string, skip map[string]bool) string {
	var b strings.Builder
	for _, h := range w.hosts {
		if skip[h.key] {
			continue
		}
		fmt.Fprintf(&b, `
resource "kvm2_base_image" %q {
  host       = %q
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, h.key, h.key, base+".qcow2", h.pool, w.f.imageURL, w.f.imageSHA)
	}
	return b.String()
}

// vmHCL is resource kvm2_proxy_vm addr named name (with vm.prefix: name_prefix name-) as vm
// asks, on base (an expression).
func vmHCL(addr, name, base string, vm chaosVM) string {
	if vm.vcpus == 0 {
		vm.vcpus = 1
	}
	naming := fmt.Sprintf("name          = %q", name)
	if vm.prefix {
		naming = fmt.Sprintf("name_prefix   = %q", name+"-")
	}
	var more strings.Builder
	if vm.userData != "" {
		fmt.Fprintf(&more, "  user_data     = %q\n", vm.userData)
	}
	if vm.nets != "" {
		var nics []string
		for _, n := range strings.Split(vm.nets, ",") {
			nics = append(nics, fmt.Sprintf("{ network = %q }", n))
		}
		fmt.Fprintf(&more, "  network_interfaces = [%s]\n", strings.Join(nics, ", "))
	}
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  %s
  host          = %q
  base_image_id = %s
  memory_mib    = %d
  disk_gib      = %d
  vcpus         = %d
  firmware      = %q
  tag           = %q
  running       = %v
  autostart     = %v
  wait_for_ip   = false
%s}
`, addr, naming, vm.host, base, vm.memory, vm.disk, vm.vcpus, vm.firmware, vm.tag, vm.running, vm.autostart, more.String())
}

// baseRef is the base_image_id of a VM of the walk on host: the base image resource, or its id
// written out when this step leaves that resource out (chaos_ops_acc_test.go, base-delete).
func (w *chaosWalk) baseRef(host string) string {
	if !w.owner() { // walker 0's image, as a state of VMs beside a state of images names it
		return fmt.Sprintf("%q", w.ownerBaseID(host))
	}
	if w.noBase[host] {
		return fmt.Sprintf("%q", host+"/"+w.host(host).pool+"/"+w.f.obj("base")+".qcow2")
	}
	return "kvm2_base_image." + host + ".id"
}

// config writes the walk's main.tf from the model: the slots configured and, on a CLI with
// actions, a start and a stop action for each.
func (w *chaosWalk) config() string {
	var b strings.Builder
	b.WriteString(w.providerHCL())
	if w.owner() {
		b.WriteString(w.baseHCL(w.f.obj("base"), w.noBase))
	}
	for i, vm := range w.vms {
		if vm.host == "" {
			continue
		}
		block := vmHCL(fmt.Sprintf("s%d", i), w.fixedName(i), w.baseRef(vm.host), vm)
		if dep := w.dependsOn[i]; dep != "" {
			block = strings.Replace(block, "\n}\n", "\n  depends_on    = ["+dep+"]\n}\n", 1)
		}
		b.WriteString(block)
		if w.actions {
			for _, op := range []string{"start", "stop"} {
				fmt.Fprintf(&b, `
action "kvm2_proxy_vm_power" "s%d_%s" {
  config {
    id               = kvm2_proxy_vm.s%d.id
    uid              = kvm2_proxy_vm.s%d.uid
    operation        = %q
    shutdown_timeout = "3s"
  }
}
`, i, op, i, i, op)
			}
		}
	}
	return b.String() + w.extraHCL
}

func (w *chaosWalk) write() {
	w.t.Helper()
	if err := os.WriteFile(w.d.dir+"/main.tf", []byte(w.config()), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

// sortedBlocked lists the names held by foreign objects by slot, then host.
func sortedBlocked(b map[slotHost]string) []slotHost {
	return slices.SortedFunc(maps.Keys(b), func(x, y slotHost) int {
		if x.slot != y.slot {
			return x.slot - y.slot
		}
		return strings.Compare(x.host, y.host)
	})
}

// vmsSlot is the slot that differs between two models.
func (w *chaosWalk) vmsSlot(a, b [chaosSlots]chaosVM) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return 0
}

// fleet is the model in one line.
func (w *chaosWalk) fleet() string {
	var parts []string
	for i, vm := range w.vms {
		if vm.host != "" {
			parts = append(parts, fmt.Sprintf("s%d@%s/%dM/%dG/%dcpu/%s/run=%v/auto=%v%s", i, vm.host, vm.memory, vm.disk, vm.vcpus,
				strings.TrimSuffix(vm.tag, "-"+w.f.run), vm.running, vm.autostart, vm.shape()))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}
