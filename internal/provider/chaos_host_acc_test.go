//go:build chaos

package provider

// The chaos walk's invariants read from the hosts (chaos_check_acc_test.go reads them): every VM
// in state is on its host as the model configures it (memory, vCPUs, disk capacity, tag,
// autostart, power state), its volumes are exactly the ones its UID gives and its disks are
// among them; every base image in state is its volume and digest marker, with the recorded
// content; and nothing else of this run is on a host but the foreign fleet. The values are
// taken from libvirt's own answers and definitions, never from the provider's parsers.

import (
	"encoding/xml"
	"fmt"
	"html"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// chaosBase is one kvm2_base_image in state.
type chaosBase struct {
	Host      string `json:"host"`
	Name      string `json:"name"`
	Pool      string `json:"pool"`
	SHA256    string `json:"sha256"`
	Path      string `json:"path"`
	SizeBytes int64  `json:"size_bytes"`
}

// ownedNames are the volume names a VM's UID gives: its overlay, its seed, its console log and
// the log's rotated copies. A create makes all of them in the VM's pool.
func chaosOwnedNames(name, uid string) []string {
	return append([]string{rules.OverlayName(name, uid), rules.SeedName(name, uid)}, rules.ConsoleLogNames(name, uid)...)
}

// baseNames are the volumes a base image in state is: the image and its digest marker.
func (b chaosBase) names() []string {
	return []string{b.Name, b.Name + rules.DigestInfix + b.SHA256}
}

// splitKey splits an inventory key: host, kind ("domain" or "volume"), pool ("" for a domain)
// and name.
func splitKey(k string) (host, kind, pool, name string) {
	host, rest, _ := strings.Cut(k, " ")
	kind, name, _ = strings.Cut(rest, " ")
	if kind == "volume" {
		pool, name, _ = strings.Cut(name, "/")
	}
	return host, kind, pool, name
}

// untracked is this run's objects on the hosts that are neither foreign nor accounted for by the
// state: a domain is accounted for by a VM in state of that name on that host; a volume by
// being, by name and pool, one of those a VM in state on that host has (chaosOwnedNames) or one
// of a base image in state there. A volume that merely carries a UID is not.
func (w *chaosWalk) untracked(inv map[string]hostObj, st map[int]chaosState) []string {
	var out []string
	for k := range inv {
		if _, foreign := w.foreign[k]; foreign {
			continue
		}
		host, kind, pool, name := splitKey(k)
		known := false
		for _, vm := range st {
			if vm.Host != host {
				continue
			}
			known = known || kind == "domain" && name == vm.Name ||
				kind == "volume" && vm.UID != "" && pool == w.host(host).pool && slices.Contains(chaosOwnedNames(vm.Name, vm.UID), name)
		}
		for _, b := range w.stBases {
			known = known || kind == "volume" && b.Host == host && b.Pool == pool && slices.Contains(b.names(), name)
		}
		if !known {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// domainXML is what the walk reads of a domain's definition itself.
type domainXML struct {
	Memory struct {
		Unit  string `xml:"unit,attr"`
		Value uint64 `xml:",chardata"`
	} `xml:"memory"`
	VCPU  int `xml:"vcpu"`
	Disks []struct {
		Device string `xml:"device,attr"`
		Source struct {
			File string `xml:"file,attr"`
		} `xml:"source"`
	} `xml:"devices>disk"`
}

var (
	markTagRE = regexp.MustCompile(`<kvm2:tag>([^<]*)</kvm2:tag>`)
	markUIDRE = regexp.MustCompile(`<kvm2:uid>([^<]*)</kvm2:uid>`)
)

// kib is a <memory> value in KiB.
func kib(unit string, v uint64) uint64 {
	switch strings.ToLower(unit) {
	case "b", "bytes":
		return v / 1024
	case "mib", "m":
		return v * 1024
	case "gib", "g":
		return v * 1024 * 1024
	}
	return v // libvirt writes KiB
}

// checkHostVMs: every VM in state is on its host as the model configures it, read from the
// host: memory, vCPUs, the tag and UID of its mark, autostart and power state from the
// domain; the overlay's capacity; its volumes exactly chaosOwnedNames in the host's walk pool
// (none missing, and no other volume of this run on any host carries its UID); and every disk
// of its definition one of those volumes.
func (w *chaosWalk) checkHostVMs(inv map[string]hostObj, st map[int]chaosState) {
	w.t.Helper()
	for slot, vm := range st {
		m := w.vms[slot]
		dom, ok := inv[vm.Host+" domain "+vm.Name]
		if !ok || vm.UID == "" {
			continue // checkConverged says so
		}
		var d domainXML
		var shape domainShape
		err := xml.Unmarshal([]byte(dom.raw), &d)
		if err == nil {
			err = xml.Unmarshal([]byte(dom.raw), &shape)
		}
		if err != nil {
			w.violation("VM %s on %s: its definition does not parse: %v", vm.Name, vm.Host, err)
			continue
		}
		got := hostShapeDiffs(shape, dom.raw, vm, m)
		if mem := kib(d.Memory.Unit, d.Memory.Value); mem != uint64(m.memory)*1024 {
			got = append(got, fmt.Sprintf("memory %d KiB, configured %d MiB", mem, m.memory))
		}
		if int64(d.VCPU) != m.vcpus {
			got = append(got, fmt.Sprintf("%d vCPUs, configured %d", d.VCPU, m.vcpus))
		}
		tag, uid := "", ""
		if t := markTagRE.FindStringSubmatch(dom.raw); t != nil {
			tag = html.UnescapeString(t[1])
		}
		if u := markUIDRE.FindStringSubmatch(dom.raw); u != nil {
			uid = u[1]
		}
		if tag != m.tag {
			got = append(got, fmt.Sprintf("tag %q in its mark, configured %q", tag, m.tag))
		}
		if uid != vm.UID {
			got = append(got, fmt.Sprintf("uid %q in its mark, %q in state", uid, vm.UID))
		}
		if dom.autostart != m.autostart {
			got = append(got, fmt.Sprintf("autostart %v, configured %v", dom.autostart, m.autostart))
		}
		if dom.running != m.running {
			got = append(got, fmt.Sprintf("running %v, configured %v", dom.running, m.running))
		}
		pool := w.host(vm.Host).pool
		paths := map[string]bool{}
		for _, n := range chaosOwnedNames(vm.Name, vm.UID) {
			v, ok := inv[vm.Host+" volume "+pool+"/"+n]
			if !ok {
				got = append(got, "no volume "+pool+"/"+n)
				continue
			}
			paths[v.uuid] = true // a dir pool's volume key is its path
			if n == rules.OverlayName(vm.Name, vm.UID) && v.capacity != uint64(m.disk)<<30 {
				got = append(got, fmt.Sprintf("overlay capacity %d bytes, configured %d GiB", v.capacity, m.disk))
			}
		}
		for k := range inv {
			if host, kind, p, n := splitKey(k); kind == "volume" && strings.Contains(n, vm.UID) &&
				(host != vm.Host || p != pool || !slices.Contains(chaosOwnedNames(vm.Name, vm.UID), n)) {
				if _, foreign := w.foreign[k]; !foreign {
					got = append(got, "another volume carries its UID: "+k)
				}
			}
		}
		disks := 0
		for _, dk := range d.Disks {
			if dk.Source.File == "" {
				continue
			}
			disks++
			if !paths[dk.Source.File] {
				got = append(got, "its definition names disk "+dk.Source.File+", which is none of its volumes")
			}
		}
		if disks < 2 {
			got = append(got, fmt.Sprintf("its definition names %d disk files, not its overlay and seed", disks))
		}
		if len(got) > 0 {
			w.violation("VM %s on %s (slot %d, uid %s), read from the host: %s", vm.Name, vm.Host, slot, vm.UID, strings.Join(got, "; "))
		}
	}
}

// checkBases: every base image in state is its volume and its digest marker in its pool, the
// image's content hashing to the recorded sha256; and every base image of the walk's
// configuration is in state.
func (w *chaosWalk) checkBases(inv map[string]hostObj) {
	w.t.Helper()
	byHost := map[string]chaosBase{}
	for _, b := range w.stBases {
		byHost[b.Host] = b
	}
	for _, h := range w.hosts {
		b, ok := byHost[h.key]
		if !ok {
			if w.owner() && !w.noBase[h.key] { // walker 0's images, in a multi-walker run
				w.violation("base image of host %s is configured but not in state", h.key)
			}
			continue
		}
		img := h.key + " volume " + b.Pool + "/" + b.Name
		for _, n := range b.names() {
			if _, ok := inv[h.key+" volume "+b.Pool+"/"+n]; !ok {
				w.violation("base image %s/%s on %s in state: volume %s is missing", b.Pool, b.Name, h.key, n)
			}
		}
		if v, ok := inv[img]; ok {
			sums := map[string]hostObj{img: v}
			if err := h.checksums(map[string]string{img: v.uuid}, sums); err != nil {
				w.t.Fatal(err)
			}
			if sums[img].sum != b.SHA256 {
				w.violation("base image %s/%s on %s: content sha256 %s, %s in state", b.Pool, b.Name, h.key, sums[img].sum, b.SHA256)
			}
		}
	}
}
