//go:build ownership

package provider

// Faults injected on the lab mid-apply, through the real terraform CLI: sshd killed with its live
// sessions, libvirtd restarted, SIGINT to terraform, the pool filled mid-upload. Each is followed
// by a re-apply that must converge (plan empty afterwards), a destroy, and a count of this run's
// domains and volumes left on the host, which must be 0. The sshd and libvirtd faults disturb
// everyone using the lab for a few seconds; run them on their own:
//
//	set -a; . .lab/env; set +a; TF_ACC=1 go test -tags ownership -count=1 -run TestAccFault_sshdKilled -v ./internal/provider/

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
)

// disruptVMs is how many VMs the sshd and libvirtd faults interrupt: enough that creates are
// still in flight when the first domain appears (the pool serves four at a time).
const disruptVMs = 6

// TestAccFault_sshdKilled: while terraform creates VMs, the lab's sshd listener and every live
// session under it get SIGKILL, and sshd is started again as up.sh starts it.
func TestAccFault_sshdKilled(t *testing.T) {
	f := newFaultLab(t)
	f.disruptMidApply(t, "ssh", "restart-sshd.sh", "--kill")
}

// TestAccFault_libvirtdRestarted: while terraform creates VMs, the lab's libvirtd is restarted
// (SIGTERM, then started as up.sh starts it, in its own mount namespace where needed); the
// re-apply starts once libvirtd answers again.
func TestAccFault_libvirtdRestarted(t *testing.T) {
	f := newFaultLab(t)
	f.disruptMidApply(t, "lvd", "restart-libvirtd.sh")
}

// disruptMidApply applies disruptVMs VMs, runs the restart script as soon as the first domain
// exists, lets that apply end however it ends, and then requires the re-apply to converge.
func (f *faultLab) disruptMidApply(t *testing.T, what, script string, args ...string) {
	d := f.workdir(t, f.hcl(f.baseImageHCL(f.pool, f.imageURL)+f.vmsHCL(f.obj(what), disruptVMs)))
	// Whatever fails below, the shared lab answers again when the test ends.
	t.Cleanup(func() { f.ensureLabBack(t) })

	p := d.start("apply", "-auto-approve", "-input=false", "-no-color")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	defined, err := f.waitDomains(ctx, 1)
	if err != nil {
		t.Fatalf("no domain of this run appeared: %v", err)
	}
	midApply := p.running()
	faultAt := time.Now()
	scriptErr := f.script(t, script, args...)
	down := time.Since(faultAt)
	first := p.wait(t, 10*time.Minute)
	t.Logf("fault %s %s: %v into the apply, %d of %d domains defined, apply still running: %v; lab back after %v",
		script, strings.Join(args, " "), faultAt.Sub(p.start).Round(time.Millisecond), defined, disruptVMs, midApply, down.Round(time.Millisecond))
	t.Logf("apply under the fault: exit %d in %v, %d transient retries\n%s%s", first.code, first.took.Round(time.Millisecond), first.retries, first.retriesText(), first.errors())
	if scriptErr != nil {
		t.Fatal(scriptErr)
	}
	if !midApply {
		t.Fatal("the apply had ended before the fault began: the fault did not land mid-apply")
	}
	f.ensureLabBack(t)
	t.Logf("after the fault: %d VMs in state, %d domains on the host, not accounted for by the state: %v",
		len(d.vms()), len(f.domains()), d.untracked())

	d.mustApply("re-apply")
	t.Logf("after the re-apply, not accounted for by the state: %v", d.untracked())
	d.assertStateMatchesHost(disruptVMs)
	d.assertPlanEmpty()
	t.Logf("converged %v after the fault began", time.Since(faultAt).Round(time.Millisecond))
	d.destroy()
	f.assertNothingLeft("after destroy")
}

// TestAccFault_sigintMidApply: SIGINT to terraform's process group (Ctrl-C) while it creates 10
// VMs, once a few exist; terraform stops, and the next apply creates exactly the missing ones:
// 10 VMs, each once, none on the host outside the state.
func TestAccFault_sigintMidApply(t *testing.T) {
	const vms = 10
	f := newFaultLab(t)
	d := f.workdir(t, f.hcl(f.baseImageHCL(f.pool, f.imageURL)+f.vmsHCL(f.obj("sig"), vms)))

	p := d.start("apply", "-auto-approve", "-input=false", "-no-color")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	created, err := p.waitOutput(ctx, regexp.MustCompile(`(?m)^kvm2_proxy_vm\.vm\[\d+\]: Creation complete`), 2)
	if err != nil {
		t.Fatalf("terraform did not report 2 VMs created: %v\n%s", err, p.out)
	}
	sent := time.Now()
	if err := p.interrupt(); err != nil {
		t.Fatal(err)
	}
	defined := len(f.domains())
	first := p.wait(t, 5*time.Minute)
	t.Logf("SIGINT %v into the apply, %d VMs reported created, %d of %d domains defined; terraform exited %d %v later, %d transient retries\n%s%s",
		sent.Sub(p.start).Round(time.Millisecond), created, defined, vms, first.code, time.Since(sent).Round(time.Millisecond), first.retries, first.retriesText(), first.errors())
	if first.code == 0 {
		t.Log("note: the interrupted apply still exited 0")
	}
	t.Logf("after SIGINT: %d VMs in state, %d domains on the host, not accounted for by the state: %v",
		len(d.vms()), len(f.domains()), d.untracked())

	start := time.Now()
	d.mustApply("apply after SIGINT")
	t.Logf("after the second apply, not accounted for by the state: %v", d.untracked())
	d.assertStateMatchesHost(vms)
	d.assertPlanEmpty()
	t.Logf("converged %v after the second apply began", time.Since(start).Round(time.Millisecond))
	d.destroy()
	f.assertNothingLeft("after destroy")
}

// libvirtdPID is the PID file of the lab's libvirtd (LAB_LIBVIRTD_PID in tools/lab/lib.sh).
const libvirtdPID = "/run/libvirtd.pid"

// inLibvirtdMounts runs a shell script in libvirtd's mount namespace: where up.sh started it
// in its own, a tmpfs mounted there is the one libvirtd sees.
func inLibvirtdMounts(script string) (string, error) {
	pid, err := os.ReadFile(libvirtdPID)
	if err != nil {
		return "", err
	}
	out, err := exec.Command("nsenter", "-t", strings.TrimSpace(string(pid)), "-m", "--", "sh", "-c", script).CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s: %w: %s", script, err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

// smallPool mounts a tmpfs of size in libvirtd's mount namespace and starts a transient dir
// pool on it named fl-pool-<run>, removed when the test ends. A pool of its own: filling the
// lab's shared tiny pool would fail other tests.
func (f *faultLab) smallPool(t *testing.T, size string) (name, dir string) {
	t.Helper()
	name = f.obj("pool")
	dir = "/var/lib/kvm2-lab/" + name
	if _, err := inLibvirtdMounts(fmt.Sprintf("mkdir -p %s && mount -t tmpfs -o size=%s,mode=0711 %s %s", dir, size, name, dir)); err != nil {
		t.Fatal(err)
	}
	l, err := f.local()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Disconnect()
	xml := fmt.Sprintf(`<pool type='dir'><name>%s</name><target><path>%s</path></target></pool>`, name, dir)
	if _, err := l.StoragePoolCreateXML(xml, 0); err != nil {
		_, _ = inLibvirtdMounts(fmt.Sprintf("umount %s; rmdir %s", dir, dir))
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if l, err := f.local(); err == nil {
			if p, err := l.StoragePoolLookupByName(name); err == nil {
				if err := l.StoragePoolDestroy(p); err != nil {
					t.Errorf("stop pool %s: %v", name, err)
				}
			}
			_ = l.Disconnect()
		}
		if _, err := inLibvirtdMounts(fmt.Sprintf("umount %s && rmdir %s", dir, dir)); err != nil {
			t.Error(err)
		}
	})
	return name, dir
}

// pausingImage serves the lab image; the first GET stops after half the body until resume is
// closed, so a fault can land mid-upload.
type pausingImage struct {
	img     []byte
	half    chan struct{} // closed once the first half is sent
	resume  chan struct{}
	started atomic.Bool
}

func (s *pausingImage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Length", strconv.Itoa(len(s.img)))
	w.Header().Set("Content-Type", "application/octet-stream")
	if r.Method == http.MethodHead {
		return
	}
	if !s.started.CompareAndSwap(false, true) {
		_, _ = w.Write(s.img)
		return
	}
	mid := len(s.img) / 2
	_, _ = w.Write(s.img[:mid])
	w.(http.Flusher).Flush()
	close(s.half)
	select {
	case <-s.resume:
	case <-time.After(2 * time.Minute):
	}
	_, _ = w.Write(s.img[mid:])
}

// TestAccFault_poolFilledMidUpload: a kvm2_base_image upload into a small pool that runs out of
// space halfway through the upload fails with a clear error and leaves nothing; once the space
// is freed, the re-apply caches the image.
func TestAccFault_poolFilledMidUpload(t *testing.T) {
	f := newFaultLab(t)
	img, err := os.ReadFile(os.Getenv("KVM2_TEST_IMAGE_PATH"))
	if err != nil {
		t.Fatalf("KVM2_TEST_IMAGE_PATH: %v", err)
	}
	pool, dir := f.smallPool(t, "40m")
	src := &pausingImage{img: img, half: make(chan struct{}), resume: make(chan struct{})}
	srv := httptest.NewServer(src)
	t.Cleanup(srv.Close)
	d := f.workdir(t, f.hcl(f.baseImageHCL(pool, srv.URL+"/"+filepath.Base(os.Getenv("KVM2_TEST_IMAGE_PATH")))))

	filler := f.obj("filler")
	p := d.start("apply", "-auto-approve", "-input=false", "-no-color")
	select {
	case <-src.half:
	case <-time.After(3 * time.Minute):
		close(src.resume)
		t.Fatalf("the upload never started:\n%s", p.wait(t, time.Minute).out)
	}
	// The image volume holds part of the upload now; the rest of the pool is taken.
	state, err := inLibvirtdMounts(fmt.Sprintf("dd if=/dev/zero of=%s/%s bs=1M 2>/dev/null; sync; ls -l %s | tail -n +2; df -B1 --output=avail %s | tail -1",
		dir, filler, dir, dir))
	close(src.resume)
	if err != nil && !strings.Contains(err.Error(), "No space") {
		t.Logf("fill: %v", err)
	}
	t.Logf("pool %s filled with %d of %d image bytes sent:\n%s", pool, len(img)/2, len(img), state)
	first := p.wait(t, 5*time.Minute)
	t.Logf("apply into the full pool: exit %d in %v, %d transient retries\n%s%s", first.code, first.took.Round(time.Millisecond), first.retries, first.retriesText(), first.errors())
	if first.code == 0 {
		t.Fatal("the apply succeeded although the pool filled up mid-upload")
	}
	outOfSpace := regexp.MustCompile(`(?is)Unable to create base image lab/` + pool + `/` + f.obj("base") + `\.qcow2.*(no\s+space\s+left\s+on\s+device|has [0-9.]+ [KMG]?i?B.* free, needs|bytes\s+free,\s+but|Free\s+space\s+in\s+the\s+pool)`)
	if !outOfSpace.MatchString(first.out) {
		t.Errorf("the error does not say the pool is out of space:\n%s", first.errors())
	}
	f.assertNothingLeft("after the failed upload (the filler aside)", filler)

	freedAt := time.Now()
	if _, err := inLibvirtdMounts(fmt.Sprintf("rm -f %s/%s", dir, filler)); err != nil {
		t.Fatal(err)
	}
	f.refreshPool(t, pool)
	d.mustApply("re-apply after freeing space")
	d.assertPlanEmpty()
	t.Logf("converged %v after the space was freed", time.Since(freedAt).Round(time.Millisecond))
	d.destroy()
	f.assertNothingLeft("after destroy")
}

// refreshPool makes libvirt rescan a pool whose directory changed behind its back.
func (f *faultLab) refreshPool(t *testing.T, name string) {
	t.Helper()
	l, err := f.local()
	if err != nil {
		t.Fatal(err)
	}
	defer l.Disconnect()
	var p libvirt.StoragePool
	if p, err = l.StoragePoolLookupByName(name); err == nil {
		err = l.StoragePoolRefresh(p, 0)
	}
	if err != nil {
		t.Fatal(err)
	}
}
