//go:build chaos

package provider

// The shapes a chaos walk draws its VMs in (chaos_acc_test.go): each new slot's VM is drawn from
// the walk's rng with or without user data (a small cloud-config), with one NIC or two (the
// host's network and its second one: network_interfaces), with BIOS or UEFI firmware, and under
// a fixed name or a name_prefix. A prefixed VM's name is made at its create: the walk learns it
// from state (names) and finds the VM by it from then on. Every walk that takes all its steps
// owes each shape once (shapesOwed), as it owes its probes.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"html"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// chaosUEFIMiB is the memory of a UEFI VM of the walk (a BIOS one has 64 MiB): the least in
// which the lab's OVMF boots the lab image's disk. Measured on lab host 1 (QEMU 7.2, OVMF 4M,
// q35; host 2 runs the same, and its OVMF too reached its shell at 64 MiB): with 64 MiB OVMF starts
// but fails to load the disk ("BdsDxe: failed to load Boot0001 ... Not Found") and falls to its
// shell; with 96 and 128 MiB it loads and starts Boot0001.
const chaosUEFIMiB = 96

// chaosVM is what the configuration asks of a slot; host "" leaves the slot out.
type chaosVM struct {
	host                string
	memory, disk, vcpus int64
	tag                 string
	running, autostart  bool
	firmware            string // "bios" or "uefi"
	nets                string // the NICs' networks, comma-separated; "" is one NIC on the host's network
	userData            string // "" is none
	prefix              bool   // named by name_prefix (the slot's fixed name and "-"), not name
}

// chaosShapes are the shapes a walk owes once each: the counts of a VM of that shape made and
// checked (countShapes), and "orphan" for a prefixed VM's create killed once its domain is
// defined and its orphan found and removed by the guide's recipe (chaos_orphans_acc_test.go).
var chaosShapes = []string{"vm uefi", "vm two nics", "vm user data", "vm prefixed", orphanShape}

const orphanShape = "orphan removed by the guide's recipe"

// newVM is a new slot's configuration on host: the smallest VM, stopped, of a shape drawn from
// the rng; late in a walk that still owes shapes, of every shape owed.
func (w *chaosWalk) newVM(host string) chaosVM {
	vm := chaosVM{host: host, memory: 64, disk: 1, vcpus: 1, tag: w.tag("a"), firmware: "bios"}
	owed := map[string]bool{}
	if n, _ := w.owed(); w.step+n > w.steps {
		for _, s := range w.shapesOwed() {
			owed[s] = true
		}
	}
	if w.rng.IntN(4) == 0 || owed["vm uefi"] {
		vm.firmware, vm.memory = "uefi", chaosUEFIMiB
	}
	if w.rng.IntN(3) == 0 || owed["vm two nics"] {
		if h := w.hostOrNil(host); h != nil && h.netB != "" {
			vm.nets = h.network + "," + h.netB
		}
	}
	if w.rng.IntN(2) == 0 || owed["vm user data"] {
		vm.userData = w.userData(1)
	}
	vm.prefix = w.rng.IntN(3) == 0 || owed["vm prefixed"] || owed[orphanShape]
	return vm
}

// userData is the walk's user data, version v: a small cloud-config.
func (w *chaosWalk) userData(v int) string {
	return fmt.Sprintf("#cloud-config\nwrite_files:\n  - path: /etc/kvm2-chaos\n    content: \"run %s, version %d\"\n", w.f.run, v)
}

// otherUserData is the user data a replace gives a VM instead of ud: the next version, or some
// for a VM without.
func (w *chaosWalk) otherUserData(ud string) string {
	for v := 1; v < 100; v++ {
		if ud == w.userData(v) {
			return w.userData(v + 1)
		}
	}
	return w.userData(1)
}

// lowMemory is the smaller of the two memory sizes an update toggles vm between: the least it
// starts in.
func lowMemory(firmware string) int64 {
	if firmware == "uefi" {
		return chaosUEFIMiB
	}
	return 64
}

// otherMemory is the memory an update gives a VM of firmware that has mem: low <-> low+32
// (BIOS 64 <-> 96, UEFI 96 <-> 128).
func otherMemory(firmware string, mem int64) int64 { return 2*lowMemory(firmware) + 32 - mem }

// hostOrNil is the host of key, or nil (key "": a slot not placed yet).
func (w *chaosWalk) hostOrNil(key string) *chaosHost {
	for i := range w.hosts {
		if w.hosts[i].key == key {
			return &w.hosts[i]
		}
	}
	return nil
}

// fixedName is slot i's name when named by name: fl-c<i>-<run>; prefixOf its name_prefix.
func (w *chaosWalk) fixedName(i int) string { return w.f.obj(fmt.Sprintf("c%d", i)) }
func (w *chaosWalk) prefixOf(i int) string  { return w.fixedName(i) + "-" }

// slotName is the name of slot i's VM: as the last state read recorded it, else the name the
// configuration gives (for a prefixed VM not yet made, its prefix).
func (w *chaosWalk) slotName(i int) string {
	if n := w.names[i]; n != "" {
		return n
	}
	return w.createName(i)
}

// createName is what slot i's configuration names its next VM by: its fixed name, or its prefix.
func (w *chaosWalk) createName(i int) string {
	if w.vms[i].prefix {
		return w.prefixOf(i)
	}
	return w.fixedName(i)
}

// blockedName is the name a foreign object holds where slot sh.slot may not go: the slot's fixed
// name, or the name of the VM an administrator swapped there (one its prefix drew, maybe).
func (w *chaosWalk) blockedName(sh slotHost) string {
	if sw := w.swapped; sw != nil && sw.slot == sh.slot && sw.host == sh.host {
		return sw.name
	}
	return w.fixedName(sh.slot)
}

// namedLike reports whether a domain name is one that name (a fixed name, or a prefix ending
// in "-") gives.
func namedLike(domain, name string) bool {
	if strings.HasSuffix(name, "-") {
		return strings.HasPrefix(domain, name) && len(domain) == len(name)+rules.NameSuffixLen
	}
	return domain == name
}

// volumeOfName reports whether a volume name is one of a VM named like name (namedLike).
func volumeOfName(vol, name string) bool {
	vm, _, ok := strings.Cut(vol, ".")
	return ok && namedLike(vm, name)
}

// domainNamed reports whether the host has a domain named like name.
func domainNamed(l *libvirt.Libvirt, name string) bool {
	if !strings.HasSuffix(name, "-") {
		_, err := l.DomainLookupByName(name)
		return err == nil
	}
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(doms, func(d libvirt.Domain) bool { return namedLike(d.Name, name) })
}

// guestNames are the domains of this run on host 1 that are not the foreign fleet's: the walk's
// VMs, whatever their names, which a host reboot (restart-libvirtd.sh --kill-guests) kills.
func (w *chaosWalk) guestNames() []string {
	inv, err := w.inventory(nil)
	if err != nil {
		w.t.Logf("step %d: the guests to kill: %v; killing the slots' known names", w.step, err)
		var out []string
		for i := range w.vms {
			out = append(out, w.slotName(i))
		}
		return out
	}
	var out []string
	for k := range inv {
		if host, kind, _, name := splitKey(k); kind == "domain" && host == w.hosts[0].key {
			if _, foreign := w.foreign[k]; !foreign {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// shapesOwed are the shapes of chaosShapes the walk has not covered yet ("orphan" only while
// sigkill is among its faults).
func (w *chaosWalk) shapesOwed() []string {
	var out []string
	for _, s := range chaosShapes {
		if s == orphanShape && w.faultWeights()["sigkill"] == 0 {
			continue
		}
		if w.counts[s] == 0 {
			out = append(out, s)
		}
	}
	return out
}

// shapeSteps is how many steps the shapes owed take: one create, after a destroy when no slot
// is free; and the op that takes the next of them.
func (w *chaosWalk) shapeSteps() (int, string) {
	if len(w.shapesOwed()) == 0 {
		return 0, ""
	}
	if len(w.slots(false)) > 0 {
		return 1, "create"
	}
	return 2, "destroy"
}

// countShapes counts, once per VM (by UID), the shapes of each VM in state.
func (w *chaosWalk) countShapes(st map[int]chaosState) {
	if w.seenUID == nil {
		w.seenUID = map[string]bool{}
	}
	for _, vm := range st {
		if vm.UID == "" || w.seenUID[vm.UID] {
			continue
		}
		w.seenUID[vm.UID] = true
		w.counts["vm "+vm.Firmware]++
		if len(vm.NICs) == 2 {
			w.counts["vm two nics"]++
		}
		if udSHA(vm.UserDataSHA256) != sha256Hex("") {
			w.counts["vm user data"]++
		}
		if vm.NamePrefix != "" {
			w.counts["vm prefixed"]++
		}
	}
}

// udSHA is a user data digest, "" (none recorded) read as the digest of no user data.
func udSHA(sum string) string {
	if sum == "" {
		return sha256Hex("")
	}
	return sum
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// shapeDiffs is how slot's VM in state differs from its configuration m in the new shapes:
// its name (the fixed one, or its prefix and a suffix), firmware, user data and NICs.
func (w *chaosWalk) shapeDiffs(slot int, vm chaosState, m chaosVM) []string {
	var got []string
	if want := w.createName(slot); !namedLike(vm.Name, want) {
		got = append(got, fmt.Sprintf("name %q, configured %q", vm.Name, want))
	}
	if want := map[bool]string{true: w.prefixOf(slot), false: ""}[m.prefix]; vm.NamePrefix != want {
		got = append(got, fmt.Sprintf("name_prefix %q, configured %q", vm.NamePrefix, want))
	}
	if vm.Firmware != m.firmware {
		got = append(got, fmt.Sprintf("firmware %q, configured %q", vm.Firmware, m.firmware))
	}
	if udSHA(vm.UserDataSHA256) != sha256Hex(m.userData) {
		got = append(got, fmt.Sprintf("user_data_sha256 %s, configured user data's %s", vm.UserDataSHA256, sha256Hex(m.userData)))
	}
	want := strings.Split(m.nets, ",")
	if m.nets == "" {
		want = []string{w.host(m.host).network}
	}
	var nets []string
	for _, n := range vm.NICs {
		nets = append(nets, n.Network)
	}
	if !slices.Equal(nets, want) {
		got = append(got, fmt.Sprintf("NICs on %v, configured %v", nets, want))
	}
	return got
}

// shape is vm's shape in a word or four, for the fleet's line.
func (vm chaosVM) shape() string {
	var parts []string
	if vm.firmware == "uefi" {
		parts = append(parts, "uefi")
	}
	if vm.nets != "" {
		parts = append(parts, "2nic")
	}
	if vm.userData != "" {
		parts = append(parts, "ud")
	}
	if vm.prefix {
		parts = append(parts, "prefix")
	}
	if len(parts) == 0 {
		return ""
	}
	return "/" + strings.Join(parts, "+")
}

// domainShape is what the walk reads of a domain's firmware and NICs, from its definition.
type domainShape struct {
	OS struct {
		Firmware string `xml:"firmware,attr"`
		Loader   string `xml:"loader"`
		NVRAM    string `xml:"nvram"`
	} `xml:"os"`
	Interfaces []struct {
		MAC struct {
			Address string `xml:"address,attr"`
		} `xml:"mac"`
		Source struct {
			Network string `xml:"network,attr"`
		} `xml:"source"`
	} `xml:"devices>interface"`
}

// hostShapeDiffs is how the domain's definition d (raw: as read) differs from vm in state and m
// configured: the name prefix and user data digest of its mark, its firmware (libvirt's firmware='efi', or an OVMF loader, for UEFI; neither for BIOS), and its
// NICs, in order, each on the network and under the MAC the state records.
func hostShapeDiffs(d domainShape, raw string, vm chaosState, m chaosVM) []string {
	var got []string
	if p := markField(raw, "name-prefix"); p != vm.NamePrefix {
		got = append(got, fmt.Sprintf("name prefix %q in its mark, %q in state", p, vm.NamePrefix))
	}
	if ud := markField(raw, "user-data-sha256"); udSHA(ud) != udSHA(vm.UserDataSHA256) {
		got = append(got, fmt.Sprintf("user data sha256 %q in its mark, %q in state", ud, vm.UserDataSHA256))
	}
	if efi := d.OS.Firmware == "efi" || strings.Contains(d.OS.Loader, "OVMF"); efi != (m.firmware == "uefi") {
		got = append(got, fmt.Sprintf("firmware %q (loader %q) on the host, configured %q", d.OS.Firmware, d.OS.Loader, m.firmware))
	}
	if len(d.Interfaces) != len(vm.NICs) {
		return append(got, fmt.Sprintf("%d NICs on the host, %d in state", len(d.Interfaces), len(vm.NICs)))
	}
	for i, nic := range d.Interfaces {
		if !strings.EqualFold(nic.MAC.Address, vm.NICs[i].MAC) || nic.Source.Network != vm.NICs[i].Network {
			got = append(got, fmt.Sprintf("NIC %d on %s as %s on the host, on %s as %s in state", i, nic.Source.Network, nic.MAC.Address, vm.NICs[i].Network, vm.NICs[i].MAC))
		}
	}
	return got
}

// sharedMACs are the MACs two NICs of the walk's VMs on one host share (state's view, which
// hostShapeDiffs holds to the hosts'): "host mac".
func sharedMACs(st map[int]chaosState) []string {
	seen := map[string]int{}
	for _, vm := range st {
		for _, n := range vm.NICs {
			seen[vm.Host+" "+strings.ToLower(n.MAC)]++
		}
	}
	var out []string
	for k, n := range seen {
		if n > 1 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// markField is the text of element <kvm2:name> of the mark in a domain's definition, or "".
func markField(raw, name string) string {
	if m := regexp.MustCompile(`<kvm2:` + name + `>([^<]*)</kvm2:` + name + `>`).FindStringSubmatch(raw); m != nil {
		return html.UnescapeString(m[1])
	}
	return ""
}

// checkShapes fails the test when a walk that took all its steps (complete) made no VM of a
// shape of chaosShapes (owed() forces a create of them in its last steps).
func (w *chaosWalk) checkShapes(complete bool) {
	w.t.Helper()
	if owed := w.shapesOwed(); complete && len(owed) > 0 {
		w.t.Errorf("coverage: the walk took all its %d steps but never covered %v: give it more steps (KVM2_CHAOS_STEPS)", w.steps, owed)
	}
}

// chaosNVRAMDir is where libvirtd keeps a UEFI domain's NVRAM (its variable store, made from
// OVMF's template at define or first start): outside every pool, so no volume of the walk's; the
// walk adds the directory of every <nvram> a definition names (seenNVRAM).
const chaosNVRAMDir = "/var/lib/libvirt/qemu/nvram"

// checkNVRAM: every NVRAM file of this run on a host (in libvirtd's mount namespace) belongs to
// a domain on that host: a UEFI VM removed without its NVRAM leaves a file there that nothing
// names and nothing removes.
func (w *chaosWalk) checkNVRAM(inv map[string]hostObj) {
	w.t.Helper()
	dirs := map[string]bool{chaosNVRAMDir: true}
	for k, o := range inv {
		var d domainShape
		if _, kind, _, _ := splitKey(k); kind == "domain" && xml.Unmarshal([]byte(o.raw), &d) == nil && d.OS.NVRAM != "" {
			dirs[filepath.Dir(strings.TrimSpace(d.OS.NVRAM))] = true
		}
	}
	for _, h := range w.hosts {
		for _, dir := range slices.Sorted(maps.Keys(dirs)) {
			out, err := h.inMounts("ls -1 " + dir + " 2>/dev/null || true")
			if err != nil {
				w.t.Logf("step %d: NVRAM files on %s: %v", w.step, h.key, err)
				continue
			}
			for _, f := range strings.Fields(out) {
				name, _, _ := strings.Cut(f, "_VARS")
				if !w.f.ours(f) {
					continue
				}
				if _, ok := inv[h.key+" domain "+name]; !ok {
					w.violation("NVRAM %s/%s is on %s, but no domain %s is", dir, f, h.key, name)
				}
			}
		}
	}
}
