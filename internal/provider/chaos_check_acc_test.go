//go:build chaos

package provider

// The chaos walk's view of the lab (chaos_acc_test.go): both hosts read through go-libvirt on
// their local sockets (not through the code under test), the foreign fleet made beside ours and
// its snapshot, the invariants checked after every step, and the sweep of this run's objects.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// chaosHost is one lab host as the walk reaches it: the provider's key, the --host number of
// the lab's restart scripts, and its libvirtd socket on this machine.
type chaosHost struct {
	labHost
	num    string // "1" or "2"
	local  string // libvirtd's socket on this machine
	reboot bool   // restart-libvirtd.sh can kill its guests (host 1 only)
	netB   string // the host's second network (two-NIC VMs), "" when the lab has none
	// poolDir is the directory of the walk's own pool (makePools), in libvirtd's mount
	// namespace; "" where the walk stays on the lab's pool.
	poolDir string
}

// chaosHosts are the lab's two hosts under the provider keys "lab" and "lab2".
func chaosHosts(f *faultLab) []chaosHost {
	h1 := chaosHost{labHost: f.firstHost("lab"), num: "1", local: f.socket, reboot: true, netB: os.Getenv("KVM2_TEST_NETWORK_B")}
	if h1.local == "" {
		h1.local = "/var/run/libvirt/libvirt-sock"
	}
	h2 := chaosHost{labHost: f.secondHost("lab2"), num: "2", netB: os.Getenv("KVM2_TEST_HOST2_NETWORK_B")}
	m := regexp.MustCompile(`socket=([^&']+)`).FindStringSubmatch(os.Getenv("KVM2_TEST_HOST2_LOCAL_URI"))
	if m == nil {
		f.t.Fatal("KVM2_TEST_HOST2_LOCAL_URI names no socket of host 2's libvirtd: bring the lab up with both hosts")
	}
	h2.local = m[1]
	return []chaosHost{h1, h2}
}

// conn opens a fresh connection to the host's libvirtd.
func (h chaosHost) conn() (*libvirt.Libvirt, error) {
	l := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(h.local), dialers.WithLocalTimeout(10*time.Second)))
	return l, l.Connect()
}

// answers reports whether the host answers over its sshd, as the provider reaches it.
func (h chaosHost) answers() bool {
	_, err := h.virsh("version")
	return err == nil
}

// hostObj is one of this run's objects on a host, as libvirt reports it.
type hostObj struct {
	uuid, xml, sum string // sum: sha256 of a volume's content, for foreign volumes only
	live, raw      string // a domain's live definition (canonical) and its inactive one as read
	running        bool
	autostart      bool
	capacity       uint64 // a volume's
}

// inventory maps "host domain NAME" and "host volume POOL/NAME" to this run's objects on every
// host; with sums, the content of the volumes keys names is read and hashed.
func (w *chaosWalk) inventory(sums map[string]bool) (map[string]hostObj, error) {
	out := map[string]hostObj{}
	for _, h := range w.hosts {
		paths := map[string]string{}
		l, err := h.conn()
		if err != nil {
			return nil, fmt.Errorf("host %s: %w", h.key, err)
		}
		err = func() error {
			doms, _, err := l.ConnectListAllDomains(1, 0)
			if err != nil {
				return err
			}
			for _, d := range doms {
				if !w.f.ours(d.Name) {
					continue
				}
				xml, err := l.DomainGetXMLDesc(d, libvirt.DomainXMLInactive)
				if err != nil {
					return fmt.Errorf("XML of %s: %w", d.Name, err)
				}
				live, err := l.DomainGetXMLDesc(d, 0)
				if err != nil {
					return fmt.Errorf("live XML of %s: %w", d.Name, err)
				}
				state, _, err := l.DomainGetState(d, 0)
				if err != nil {
					return fmt.Errorf("state of %s: %w", d.Name, err)
				}
				auto, err := l.DomainGetAutostart(d)
				if err != nil {
					return fmt.Errorf("autostart of %s: %w", d.Name, err)
				}
				out[h.key+" domain "+d.Name] = hostObj{uuid: uuidString(d.UUID), xml: canonicalXML(xml), live: canonicalXML(live), raw: xml,
					running: libvirt.DomainState(state) == libvirt.DomainRunning, autostart: auto == 1}
			}
			pools, _, err := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
			if err != nil {
				return err
			}
			for _, p := range pools {
				_ = l.StoragePoolRefresh(p, 0)
				vols, _, err := l.StoragePoolListAllVolumes(p, 1, 0)
				if err != nil && !w.f.ours(p.Name) && p.Name != h.pool {
					continue // not a pool of this walk's (another walk's, removed or stopped since the listing)
				}
				if err != nil {
					return err
				}
				for _, v := range vols {
					if !w.f.ours(v.Name) {
						continue
					}
					key := h.key + " volume " + p.Name + "/" + v.Name
					if sums[key] {
						paths[key] = v.Key // a dir pool's volume key is its path
					}
					_, capacity, _, err := l.StorageVolGetInfo(v)
					if err != nil && !strings.Contains(err.Error(), "not found") {
						return fmt.Errorf("info of volume %s: %w", v.Name, err)
					}
					out[key] = hostObj{uuid: v.Key, capacity: capacity}
				}
			}
			return nil
		}()
		_ = l.Disconnect()
		if err == nil && len(paths) > 0 {
			err = h.checksums(paths, out)
		}
		if err != nil {
			return nil, fmt.Errorf("host %s: %w", h.key, err)
		}
	}
	return out, nil
}

// checksums sets the sum of each volume key in paths (key -> path) in out, by sha256sum run in
// the host's libvirtd mount namespace: where the pool's files are as libvirtd sees them.
// (go-libvirt's StorageVolDownload deadlocked here once, and once read an empty stream.)
func (h chaosHost) checksums(paths map[string]string, out map[string]hostObj) error {
	pid, err := h.libvirtdPID()
	if err != nil {
		return err
	}
	args := []string{"-t", pid, "-m", "--", "sha256sum"}
	for _, p := range paths {
		args = append(args, p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := exec.CommandContext(ctx, "nsenter", args...).Output()
	if err != nil {
		return fmt.Errorf("sha256sum of the foreign volumes: %w", err)
	}
	byPath := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if sum, path, ok := strings.Cut(line, "  "); ok {
			byPath[path] = sum
		}
	}
	for key, p := range paths {
		o := out[key]
		o.sum = byPath[p]
		out[key] = o
	}
	return nil
}

// canonicalXML is the domain XML as its sorted lines, trimmed: libvirtd reorders elements it
// adds itself (controllers) when it reloads a definition after a restart, which changes nothing.
func canonicalXML(xml string) string {
	var lines []string
	for _, l := range strings.Split(xml, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

func uuidString(u libvirt.UUID) string {
	return fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

// chaosState is one kvm2_proxy_vm in state.
type chaosState struct {
	Slot       int
	Host       string `json:"host"`
	Name       string `json:"name"`
	UID        string `json:"uid"`
	DomainUUID string `json:"domain_uuid"`
	Running    bool   `json:"running"`
	MemoryMiB  int64  `json:"memory_mib"`
	DiskGiB    int64  `json:"disk_gib"`
	Tag        string `json:"tag"`
	VCPUs      int64  `json:"vcpus"`
	Autostart  bool   `json:"autostart"`
	// The shapes of chaos_shape_acc_test.go.
	Firmware       string `json:"firmware"`
	NamePrefix     string `json:"name_prefix"`
	UserDataSHA256 string `json:"user_data_sha256"`
	NICs           []struct {
		Network string `json:"network"`
		MAC     string `json:"mac_address"`
	} `json:"network_interfaces"`
}

// state reads the walk's proxy VMs from state, by slot.
func (w *chaosWalk) state() map[int]chaosState {
	w.t.Helper()
	r := w.d.run(2*time.Minute, "show", "-json", "-no-color")
	if r.code != 0 {
		w.t.Fatalf("terraform show: exit %d\n%s", r.code, r.out)
	}
	var doc struct {
		Values *struct {
			RootModule struct {
				Resources []struct {
					Type   string          `json:"type"`
					Name   string          `json:"name"`
					Values json.RawMessage `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil {
		w.t.Fatalf("terraform show -json: %v\n%s", err, r.out)
	}
	out := map[int]chaosState{}
	w.stBases, w.names = nil, [chaosSlots]string{}
	if doc.Values == nil {
		return out
	}
	for _, res := range doc.Values.RootModule.Resources {
		var slot int
		if res.Type == "kvm2_base_image" {
			var b chaosBase
			if err := json.Unmarshal(res.Values, &b); err != nil {
				w.t.Fatalf("base image %s in state: %v", res.Name, err)
			}
			w.stBases = append(w.stBases, b)
			continue
		}
		if res.Type != "kvm2_proxy_vm" {
			continue
		}
		if _, err := fmt.Sscanf(res.Name, "s%d", &slot); err != nil {
			continue // a probe's own VM (createFull's): accounted for by no slot
		}
		var vm chaosState
		if err := json.Unmarshal(res.Values, &vm); err != nil {
			w.t.Fatalf("%s in state: %v", res.Name, err)
		}
		vm.Slot = slot
		out[slot] = vm
		if slot >= 0 && slot < chaosSlots {
			w.names[slot] = vm.Name
		}
	}
	return out
}

// violation records a broken invariant; the walk goes on to the end, so one run shows them all.
func (w *chaosWalk) violation(format string, args ...any) {
	w.t.Helper()
	w.violations++
	w.t.Errorf("step %d: VIOLATION: "+format, append([]any{w.step}, args...)...)
	w.keepLogs()
}

// keepLogs copies, once a step, the terraform logs (the provider's at DEBUG: every RPC) of the
// walk's last ten minutes out of its temporary directory, which the test removes, into
// $TMPDIR/kvm2-chaos-<run>/step<N>/, and says where.
func (w *chaosWalk) keepLogs() {
	if w.d == nil || w.keptStep == w.step {
		return
	}
	w.keptStep = w.step
	dst := filepath.Join(os.TempDir(), "kvm2-chaos-"+w.f.run, fmt.Sprintf("step%d", w.step))
	logs, _ := filepath.Glob(filepath.Join(w.d.dir, "tf-*.log"))
	kept := 0
	for _, l := range logs {
		fi, err := os.Stat(l)
		if err != nil || time.Since(fi.ModTime()) > 10*time.Minute {
			continue
		}
		b, err := os.ReadFile(l)
		if err == nil && os.MkdirAll(dst, 0o700) == nil && os.WriteFile(filepath.Join(dst, filepath.Base(l)), b, 0o600) == nil {
			kept++
		}
	}
	w.t.Logf("step %d: %d terraform logs of the last ten minutes kept in %s", w.step, kept, dst)
}

// checkForeign: no foreign object is gone or changed: a domain's UUID, its inactive and live
// definitions, power state and autostart; a volume's capacity and content (sha256 of the file).
func (w *chaosWalk) checkForeign(inv map[string]hostObj) {
	w.t.Helper()
	now, err := w.inventory(w.sums)
	if err != nil {
		w.t.Fatal(err)
	}
	for k, was := range w.foreign {
		if got := now[k]; got.sum != was.sum {
			// A volume read once came back empty from go-libvirt with no error: read again.
			time.Sleep(2 * time.Second)
			if now, err = w.inventory(w.sums); err != nil {
				w.t.Fatal(err)
			}
			w.t.Logf("foreign %s read sha256 %s, read again: %s", k, got.sum, now[k].sum)
			break
		}
	}
	for k, was := range w.foreign {
		got, ok := now[k]
		switch {
		case !ok:
			w.violation("foreign %s is gone", k)
		case got.uuid != was.uuid:
			w.violation("foreign %s: UUID %s -> %s", k, was.uuid, got.uuid)
		case got.xml != was.xml:
			w.violation("foreign %s: XML changed:\n--- before\n%s\n--- after\n%s", k, was.xml, got.xml)
		case got.live != was.live:
			w.violation("foreign %s: live XML changed:\n--- before\n%s\n--- after\n%s", k, was.live, got.live)
		case got.running != was.running || got.autostart != was.autostart:
			w.violation("foreign %s: running %v, autostart %v -> running %v, autostart %v", k, was.running, was.autostart, got.running, got.autostart)
		case got.capacity != was.capacity:
			w.violation("foreign %s: capacity %d -> %d", k, was.capacity, got.capacity)
		case got.sum != was.sum:
			w.violation("foreign %s: content changed (sha256 %s -> %s)", k, was.sum, got.sum)
		}
	}
}

// checkConverged is the invariants of a converged step: every VM in state is on its host under
// the UUID and in the power state the state records, and as the model configures it, in state
// and on the host (checkHostVMs); every base image in state is on its host (checkBases);
// nothing of this run on the hosts is outside the state but the foreign fleet; no foreign object
// changed.
func (w *chaosWalk) checkConverged() {
	w.t.Helper()
	st := w.state()
	inv, err := w.inventory(nil)
	if err != nil {
		w.t.Fatal(err)
	}
	for slot, vm := range st {
		dom, ok := inv[vm.Host+" domain "+vm.Name]
		switch {
		case !ok:
			w.violation("VM %s is in state on host %s but not on the host", vm.Name, vm.Host)
		case dom.uuid != vm.DomainUUID:
			w.violation("VM %s on %s: host UUID %s, state %s", vm.Name, vm.Host, dom.uuid, vm.DomainUUID)
		case dom.running != vm.Running:
			w.violation("VM %s on %s: running %v on the host, %v in state", vm.Name, vm.Host, dom.running, vm.Running)
		}
		m := w.vms[slot]
		if m.host != vm.Host || m.memory != vm.MemoryMiB || m.disk != vm.DiskGiB || m.tag != vm.Tag || m.running != vm.Running ||
			m.vcpus != vm.VCPUs || m.autostart != vm.Autostart {
			w.violation("slot %d in state %+v, configured %+v", slot, vm, m)
		} else if d := w.shapeDiffs(slot, vm, m); len(d) > 0 {
			w.violation("slot %d (%s on %s) in state: %s", slot, vm.Name, vm.Host, strings.Join(d, "; "))
		}
	}
	if shared := sharedMACs(st); len(shared) > 0 {
		w.violation("NICs of the walk's VMs share a MAC on a host: %v", shared)
	}
	w.countShapes(st)
	for slot, m := range w.vms {
		if _, ok := st[slot]; m.host != "" && !ok {
			w.violation("slot %d is configured on %s but not in state", slot, m.host)
		}
	}
	if left := w.untracked(inv, st); len(left) > 0 {
		w.violation("objects of this configuration on the hosts, not in state: %v", left)
	}
	w.checkHostVMs(inv, st)
	w.checkNVRAM(inv)
	w.checkBases(inv)
	w.checkForeign(inv)
}

// sweepHost removes every object of this run from the host: the walk's, and the foreign fleet.
func (w *chaosWalk) sweepHost(h chaosHost) {
	l, err := h.conn()
	if err != nil {
		w.t.Logf("sweep %s: %v", h.key, err)
		return
	}
	defer l.Disconnect()
	doms, _, _ := l.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if w.f.ours(d.Name) {
			_ = l.DomainDestroy(d)
			_ = l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram)
		}
	}
	pools, _, _ := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	for _, p := range pools {
		vols, _, _ := l.StoragePoolListAllVolumes(p, 1, 0)
		for _, v := range vols {
			if w.f.ours(v.Name) {
				_ = l.StorageVolDelete(v, 0)
			}
		}
	}
}

// waitHosts waits, within budget.DaemonBack, for both hosts to answer over SSH, then restarts
// what does not, so the walk never leaves the shared lab down.
func (w *chaosWalk) waitHosts(t *testing.T) {
	t.Helper()
	for _, h := range w.hosts {
		wait := budget.DaemonBack.Start()
		if answersWithin(wait, h.answers) {
			continue
		}
		t.Errorf("host %s: %v; restarting its sshd and libvirtd", h.key, wait.Errorf("no answer over SSH"))
		_ = withRestartLock(t.Name(), func() error {
			_ = w.f.script(t, "restart-sshd.sh", "--host", h.num)
			if !h.answers() {
				return w.f.script(t, "restart-libvirtd.sh", "--host", h.num)
			}
			return nil
		})
	}
}
