//go:build chaos

package provider

// Two faults of the chaos walk (chaos_acc_test.go) that need more than a lab script: the link
// between the provider and a host cut mid-stream (link-cut), and the pool of the walk's VMs
// filled (pool-full). For the second the walk keeps its VMs in a pool of its own on each host,
// a small tmpfs that a filler file can fill without touching the machine's disk or any file
// that is not the walk's.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// chaosPoolSize is the size of the walk's pool on each host: the two base images of the walk
// and of the other configuration (26 MB each), the overlays and seeds, the administrator's
// volumes, and the 43 MB a create asks to find free.
const chaosPoolSize = "192m"

// libvirtdPID is the PID of the host's libvirtd (LAB_LIBVIRTD_PID of tools/lab/lib.sh; host 2's
// is beside its run directory).
func (h chaosHost) libvirtdPID() (string, error) {
	file := filepath.Join(filepath.Dir(filepath.Dir(h.local)), "libvirtd.pid")
	if h.num == "1" {
		file = "/run/libvirtd.pid"
	}
	b, err := os.ReadFile(file)
	return strings.TrimSpace(string(b)), err
}

// inMounts runs a shell script in the host's libvirtd mount namespace: where its pool's files
// are as libvirtd sees them.
func (h chaosHost) inMounts(script string) (string, error) {
	pid, err := h.libvirtdPID()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "nsenter", "-t", pid, "-m", "--", "sh", "-c", script).CombinedOutput()
	if err != nil {
		return strings.TrimSpace(string(out)), fmt.Errorf("%s on host %s: %w: %s", script, h.key, err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

// persistentMounts reports whether a mount made in the host's libvirtd mount namespace outlives
// a restart of libvirtd: host 2's namespace is bound to a file (lab_ensure_ns), host 1's
// libvirtd runs in this machine's namespace unless the lab hides /dev/kvm from it, and then a
// restart gives it a fresh namespace.
func (h chaosHost) persistentMounts() bool {
	if h.num != "1" {
		return true
	}
	pid, err := h.libvirtdPID()
	if err != nil {
		return false
	}
	theirs, err1 := os.Readlink("/proc/" + pid + "/ns/mnt")
	ours, err2 := os.Readlink("/proc/self/ns/mnt")
	return err1 == nil && err2 == nil && theirs == ours
}

// makePools gives the walk a pool of its own on each host where a mount outlives a restart of
// libvirtd: a tmpfs of chaosPoolSize under a persistent, autostarted dir pool named
// fl-pool-<run>, which every configuration of the walk uses (its VMs, the other
// configuration's, the administrator's volumes). Elsewhere the walk stays on the lab's pool
// and pool-full is not drawn there. The pools are removed when the test ends, after the sweep.
func (w *chaosWalk) makePools() {
	t := w.t
	name := w.f.obj("pool")
	for i := range w.hosts {
		h := &w.hosts[i]
		if !h.persistentMounts() {
			t.Logf("host %s: libvirtd's mounts end with it; the walk stays on pool %s there, without pool-full", h.key, h.pool)
			continue
		}
		dir := fmt.Sprintf("/var/lib/kvm2-lab/%s-h%s", name, h.num)
		if _, err := h.inMounts(fmt.Sprintf("mkdir -p %s && mount -t tmpfs -o size=%s,mode=0711 %s %s", dir, chaosPoolSize, name, dir)); err != nil {
			t.Fatal(err)
		}
		hh := *h
		t.Cleanup(func() { hh.removePool(w, name, dir) })
		l, err := h.conn()
		if err != nil {
			t.Fatal(err)
		}
		xml := fmt.Sprintf(`<pool type='dir'><name>%s</name><target><path>%s</path></target></pool>`, name, dir)
		p, err := l.StoragePoolDefineXML(xml, 0)
		if err == nil {
			err = l.StoragePoolCreate(p, 0)
		}
		if err == nil {
			err = l.StoragePoolSetAutostart(p, 1)
		}
		_ = l.Disconnect()
		if err != nil {
			t.Fatalf("pool %s on %s: %v", name, h.key, err)
		}
		h.pool, h.poolDir = name, dir
		t.Logf("host %s: the walk's pool %s, a tmpfs of %s at %s", h.key, name, chaosPoolSize, dir)
	}
}

// removePool stops and undefines the walk's pool and unmounts its tmpfs.
func (h chaosHost) removePool(w *chaosWalk, name, dir string) {
	t := w.t
	if l, err := h.conn(); err == nil {
		if p, err := l.StoragePoolLookupByName(name); err == nil {
			_ = l.StoragePoolDestroy(p)
			if err := l.StoragePoolUndefine(p); err != nil {
				t.Errorf("undefine pool %s on %s: %v", name, h.key, err)
			}
		}
		_ = l.Disconnect()
	}
	if _, err := h.inMounts(fmt.Sprintf("umount %s && rmdir %s", dir, dir)); err != nil {
		t.Error(err)
	}
}

// refreshPool makes the host's libvirtd rescan the walk's pool, whose directory changed behind
// its back (it reports a dir pool's free space as of its last scan).
func (h chaosHost) refreshPool() error {
	l, err := h.conn()
	if err != nil {
		return err
	}
	defer l.Disconnect()
	p, err := l.StoragePoolLookupByName(h.pool)
	if err == nil {
		err = l.StoragePoolRefresh(p, 0)
	}
	return err
}

// filler is the file that fills the walk's pool: this run's name, so the sweep would find it.
func (w *chaosWalk) filler() string { return w.f.obj("filler") }

// fillPool writes zeros into the walk's pool on h until the tmpfs is full, then has libvirtd
// rescan the pool so it reports the space as gone.
func (w *chaosWalk) fillPool(h chaosHost) error {
	out, err := h.inMounts(fmt.Sprintf("dd if=/dev/zero of=%s/%s bs=1M 2>&1 | tail -1; df -B1 --output=avail %s | tail -1",
		h.poolDir, w.filler(), h.poolDir))
	w.t.Logf("step %d: pool %s on %s filled: %s", w.step, h.pool, h.key, strings.ReplaceAll(out, "\n", "; "))
	if err != nil {
		return err
	}
	return h.refreshPool()
}

// freePool removes the filler and has libvirtd rescan the pool: an administrator freeing space.
func (w *chaosWalk) freePool(h chaosHost) {
	if _, err := h.inMounts(fmt.Sprintf("rm -f %s/%s", h.poolDir, w.filler())); err != nil {
		w.t.Fatal(err)
	}
	if err := h.refreshPool(); err != nil {
		w.t.Fatalf("refresh pool %s on %s: %v", h.pool, h.key, err)
	}
}

// noSpaceRE is the provider saying a pool is out of space: its check before a create (a
// QuotaError), or a write that ran into the full pool.
var noSpaceRE = regexp.MustCompile(`(?i)no\s+space\s+left\s+on\s+device|bytes\s+free,\s+but\s+\d+\s+bytes\s+are\s+needed|has [^,\n]+ free, needs|Free\s+space\s+in\s+the\s+pool`)

// checkNoSpace: an apply that failed while the walk's pool was full (landed: the pool filled
// before the apply ended) says that the pool is out of space, whatever else it says.
func (w *chaosWalk) checkNoSpace(r tfResult, h chaosHost, landed bool) {
	switch {
	case !landed:
	case r.code == 0:
		w.counts["pool-full: the apply needed no space"]++
	case noSpaceRE.MatchString(r.out) && strings.Contains(r.out, "did not answer in time"):
		// A full pool is no host that is slow to answer: retried until the timeout, the user
		// waits minutes to be told to check that the host is reachable.
		w.violation("a write into the full pool %s on %s was retried as transient for %v (%d retries), then reported as a host that did not answer:\n%s",
			h.pool, h.key, r.took.Round(time.Second), r.retries, r.errors())
	case noSpaceRE.MatchString(r.out):
		w.counts["pool-full: refused for lack of space"]++
	default:
		w.violation("the apply failed while pool %s on %s was full, without saying so:\n%s", h.pool, h.key, r.errors())
	}
}

// poolHosts are the hosts where the walk has a pool of its own (pool-full can land there).
func (w *chaosWalk) poolHosts() []chaosHost {
	var out []chaosHost
	for _, h := range w.hosts {
		if h.poolDir != "" {
			out = append(out, h)
		}
	}
	return out
}

// cutLink cuts every established TCP connection to the host's sshd, both ends (ss -K, which
// needs a kernel with CONFIG_INET_DIAG_DESTROY): the provider's sessions die mid-stream as when
// a link drops, while sshd and libvirtd keep running and the next dial succeeds. It returns
// how many sockets were cut.
func cutLink(h chaosHost) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	filter := fmt.Sprintf("( dport = :%s or sport = :%s )", h.port, h.port)
	out, err := exec.CommandContext(ctx, "ss", "-K", "-H", "-tn", "state", "established", filter).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("ss -K %s: %w: %s", filter, err, out)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n, nil
}

// waitSeed polls the host's pool every millisecond, up to a minute or until terraform exits,
// for the seed volume of the VM name: the moment its upload begins (the upload itself takes
// about 10 ms on the lab, so a cut lands in it only some of the time).
func (h chaosHost) waitSeed(name string, p *tfProc) bool {
	l, err := h.conn()
	if err != nil {
		return false
	}
	defer l.Disconnect()
	pool, err := l.StoragePoolLookupByName(h.pool)
	if err != nil {
		return false
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline) && p.running(); time.Sleep(time.Millisecond) {
		vols, _, err := l.StoragePoolListAllVolumes(pool, 1, 0)
		if err != nil {
			return false
		}
		for _, v := range vols {
			if volumeOfName(v.Name, name) && strings.HasSuffix(v.Name, ".cidata.iso") {
				return true
			}
		}
	}
	return false
}
