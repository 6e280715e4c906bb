//go:build ownership || chaos

package provider

// The harness of the fault acceptance tests (fault_acc_test.go): the real terraform CLI on a
// temp directory with the provider installed from the filesystem mirror (tools/mirror.sh), the
// lab's restart scripts, and a leak count read through go-libvirt on the lab's local socket,
// which does not trust the code under test.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"
	"github.com/digitalocean/go-libvirt/socket/dialers"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// faultPrefix starts the name of everything the fault tests create on the lab.
const faultPrefix = "fl-"

// faultLab is the lab of a fault test: its names are fl-<what>-<run>.
type faultLab struct {
	*accLab
	repo     string // this checkout: tools/lab and tools/mirror.sh
	labState string // the lab's .lab directory (PID files, sshd config), maybe another checkout's
	cliRC    string // CLI configuration that installs the provider from the mirror
	tf       string // terraform binary
}

var (
	mirrorOnce sync.Once
	mirrorRC   string
	mirrorErr  error
)

// newFaultLab skips without TF_ACC, needs root (the restart scripts and nsenter), builds the
// provider into the mirror once per test binary, and registers the sweep of this run's objects.
func newFaultLab(t *testing.T) *faultLab {
	t.Helper()
	l := newAccLab(t)
	if os.Geteuid() != 0 {
		t.Skip("fault tests restart the lab's daemons: run as root")
	}
	keepInheritedFilesToItself()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tf := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if tf == "" {
		if tf, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("terraform not found: set TF_ACC_TERRAFORM_PATH")
		}
	}
	// The lab's state is beside the known_hosts file it wrote: <.lab>/ssh/known_hosts.
	state := filepath.Dir(filepath.Dir(l.knownHosts))
	if port, err := os.ReadFile(filepath.Join(state, "ssh.port")); err != nil || strings.TrimSpace(string(port)) != l.port {
		t.Fatalf("%s does not describe the lab's sshd on port %s (ssh.port: %q, %v)", state, l.port, port, err)
	}
	mirrorOnce.Do(func() { mirrorRC, mirrorErr = buildMirror(repo) })
	if mirrorErr != nil {
		t.Fatalf("tools/mirror.sh: %v", mirrorErr)
	}
	f := &faultLab{accLab: l, repo: repo, labState: state, cliRC: mirrorRC, tf: tf}
	t.Cleanup(func() {
		// A test that stopped early still reports its leak count before the sweep hides it.
		if t.Failed() {
			if left, err := f.left(); err == nil {
				t.Logf("leak count when the test stopped: %d %v", len(left), left)
			}
		}
		f.sweep()
	})
	return f
}

// keepInheritedFilesToItself marks every file this process inherited beyond stdin, stdout and
// stderr close-on-exec. A lock the caller holds on the lab (`flock -x /tmp/kvm2-lab.lock go
// test ...`) is such a file, open without close-on-exec: every daemon a lab script restarted
// inherited it and held the lock for as long as it ran (host 2's libvirtd, restarted by a
// chaos walk's fault, kept everyone else off the lab after the walk had ended).
func keepInheritedFilesToItself() {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range ents {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// buildMirror runs tools/mirror.sh and returns the CLI configuration it wrote.
func buildMirror(repo string) (string, error) {
	// A mirror of this test binary's own: `make install-mirror` (or a second test run) rebuilding
	// the shared one would change the plugin under a walk's initialised directories, whose lock
	// files then no longer match it.
	dir, err := os.MkdirTemp("", "kvm2-test-mirror-")
	if err != nil {
		return "", err
	}
	afterAll = append(afterAll, func() { os.RemoveAll(dir) })
	cmd := exec.Command("bash", filepath.Join(repo, "tools", "mirror.sh"))
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "KVM2_MIRROR_DIR="+filepath.Join(dir, "mirror"), "KVM2_MIRROR_RC="+filepath.Join(dir, "terraformrc"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%w: %s", err, errOut.String())
	}
	m := regexp.MustCompile(`(?m)^export TF_CLI_CONFIG_FILE=(.+)$`).FindStringSubmatch(out.String())
	if m == nil {
		return "", fmt.Errorf("no TF_CLI_CONFIG_FILE in its output: %q", out.String())
	}
	return m[1], nil
}

// obj is this run's name for an object: fl-<what>-<run>.
func (f *faultLab) obj(what string) string { return faultPrefix + what + "-" + f.run }

// ours reports whether a name on the host is one of this run's objects (volumes named after an
// object carry the object's name, hence the run).
func (f *faultLab) ours(name string) bool {
	return strings.HasPrefix(name, faultPrefix) && strings.Contains(name, "-"+f.run)
}

// hcl is the terraform and provider blocks followed by body.
func (f *faultLab) hcl(body string) string {
	return `
terraform {
  required_providers {
    kvm2 = { source = "egress-proxies/kvm2" }
  }
}
` + f.config(body)
}

// baseImageHCL is kvm2_base_image "base" from source in pool.
func (f *faultLab) baseImageHCL(pool, source string) string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, f.obj("base")+".qcow2", pool, source, f.imageSHA)
}

// vmsHCL is count small stopped VMs named <prefix>-<index> on the base image: the create path
// whole (overlay, seed upload, define) without booting guests on the shared cores.
func (f *faultLab) vmsHCL(prefix string, count int) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "vm" {
  count         = %d
  name          = "%s-${count.index}"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  running       = false
  wait_for_ip   = false
}
`, count, prefix)
}

// tfDir is a terraform working directory.
type tfDir struct {
	f   *faultLab
	t   *testing.T
	dir string
	n   int // commands run, numbering their log files
}

// workdir writes main.tf and runs terraform init against the mirror.
func (f *faultLab) workdir(t *testing.T, hcl string) *tfDir {
	t.Helper()
	d := &tfDir{f: f, t: t, dir: t.TempDir()}
	if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(hcl), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := d.run(2*time.Minute, "init", "-input=false", "-no-color"); r.code != 0 {
		t.Fatalf("terraform init: exit %d\n%s", r.code, r.out)
	}
	return d
}

// tfResult is one ended terraform command.
type tfResult struct {
	code    int
	out     string
	took    time.Duration
	retries int      // "transient failure, retrying" lines of the provider's log
	retried []string // the first of them
	log     string
}

// errors is the text of the command's error diagnostics.
func (r tfResult) errors() string {
	var out []string
	seen := map[string]bool{}
	for _, block := range strings.Split(r.out, "\nError: ")[1:] {
		if b := "Error: " + strings.TrimSpace(block); !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return strings.Join(out, "\n")
}

// tfProc is a terraform command running in its own process group, as under a terminal.
type tfProc struct {
	cmd   *exec.Cmd
	out   *syncBuffer
	log   string
	start time.Time
	done  chan struct{}
	err   error
}

// start runs terraform args in the background, logging the provider at DEBUG to a file.
func (d *tfDir) start(args ...string) *tfProc {
	d.t.Helper()
	d.n++
	p := &tfProc{out: &syncBuffer{}, log: filepath.Join(d.dir, fmt.Sprintf("tf-%02d-%s.log", d.n, args[0])), done: make(chan struct{})}
	p.cmd = exec.Command(d.f.tf, args...)
	p.cmd.Dir = d.dir
	p.cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+d.f.cliRC, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1",
		"TF_LOG=", "TF_LOG_PROVIDER=DEBUG", "TF_LOG_PATH="+p.log)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	p.start = time.Now()
	if err := p.cmd.Start(); err != nil {
		d.t.Fatal(err)
	}
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	// A test that fails early must not leave terraform running against the lab.
	d.t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-p.done
		}
	})
	return p
}

// running reports whether the command has not exited yet.
func (p *tfProc) running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// waitOutput waits until terraform has printed at least n lines matching re.
func (p *tfProc) waitOutput(ctx context.Context, re *regexp.Regexp, n int) (int, error) {
	for {
		got := len(re.FindAllStringIndex(p.out.String(), -1))
		if got >= n {
			return got, nil
		}
		select {
		case <-ctx.Done():
			return got, ctx.Err()
		case <-p.done:
			return got, fmt.Errorf("terraform exited after %d matches of %s", got, re)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// interrupt sends SIGINT to terraform's process group: what Ctrl-C in a terminal does.
func (p *tfProc) interrupt() error { return syscall.Kill(-p.cmd.Process.Pid, syscall.SIGINT) }

// wait waits for the command, killing its process group after timeout.
func (p *tfProc) wait(t *testing.T, timeout time.Duration) tfResult {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(timeout):
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
		t.Errorf("terraform %s did not end within %v (%s): killed\n%s", strings.Join(p.cmd.Args[1:], " "), timeout, budget.Now(), p.out.String())
	}
	r := tfResult{code: p.cmd.ProcessState.ExitCode(), out: p.out.String(), took: time.Since(p.start), log: p.log}
	keepLog(t, p.log, r.out)
	if b, err := os.ReadFile(p.log); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if i := strings.Index(line, "transient failure, retrying"); i >= 0 {
				r.retries++
				if m := retriedErrorRE.FindStringSubmatch(line[i:]); m != nil && len(r.retried) < 8 {
					r.retried = append(r.retried, m[1])
				}
			}
		}
	}
	return r
}

// keepLog copies a command's provider log and output to $KVM2_FAULT_LOG_DIR/<test>/, when set,
// for a look after the test's temp directory is gone.
func keepLog(t *testing.T, log, out string) {
	root := os.Getenv("KVM2_FAULT_LOG_DIR")
	if root == "" {
		return
	}
	dir := filepath.Join(root, strings.ReplaceAll(t.Name(), "/", "_"))
	b, err := os.ReadFile(log)
	if err == nil {
		err = os.MkdirAll(dir, 0o700)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, filepath.Base(log)), b, 0o600)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(log), ".log")+".out"), []byte(out), 0o600)
	}
	if err != nil {
		t.Logf("keep log: %v", err)
	}
}

// retriedErrorRE finds the error field of the provider's "transient failure, retrying" line.
var retriedErrorRE = regexp.MustCompile(`\berror="((?:[^"\\]|\\.)*)"`)

// retriesText is the first retried failures, one a line, for the test log.
func (r tfResult) retriesText() string {
	if len(r.retried) == 0 {
		return ""
	}
	return "retried: " + strings.Join(r.retried, "\nretried: ") + "\n"
}

// run runs terraform args to the end.
func (d *tfDir) run(timeout time.Duration, args ...string) tfResult {
	d.t.Helper()
	return d.start(args...).wait(d.t, timeout)
}

// apply runs terraform apply -auto-approve.
func (d *tfDir) apply(timeout time.Duration) tfResult {
	d.t.Helper()
	return d.run(timeout, "apply", "-auto-approve", "-input=false", "-no-color")
}

// mustApply applies and fails the test unless it succeeds; it logs the figures.
func (d *tfDir) mustApply(what string) tfResult {
	d.t.Helper()
	r := d.apply(10 * time.Minute)
	d.t.Logf("%s: exit %d in %v, %d transient retries", what, r.code, r.took.Round(time.Millisecond), r.retries)
	if r.code != 0 {
		d.t.Fatalf("%s failed:\n%s", what, r.errors())
	}
	return r
}

// assertPlanEmpty runs terraform plan -detailed-exitcode: 0 means no changes.
func (d *tfDir) assertPlanEmpty() {
	d.t.Helper()
	r := d.run(5*time.Minute, "plan", "-detailed-exitcode", "-input=false", "-no-color")
	switch r.code {
	case 0:
		d.t.Logf("plan after convergence: empty (%v)", r.took.Round(time.Millisecond))
	case 2:
		d.t.Errorf("plan after convergence is not empty:\n%s", r.out)
	default:
		d.t.Errorf("plan after convergence failed: exit %d\n%s", r.code, r.errors())
	}
}

// destroy runs terraform destroy; a failure fails the test, which goes on to count what is left.
func (d *tfDir) destroy() {
	d.t.Helper()
	r := d.run(10*time.Minute, "destroy", "-auto-approve", "-input=false", "-no-color")
	d.t.Logf("destroy: exit %d in %v", r.code, r.took.Round(time.Millisecond))
	if r.code != 0 {
		d.t.Errorf("destroy failed:\n%s", r.errors())
	}
}

// untracked lists this run's domains and volumes on the host that the state does not account
// for: not a VM in state, not named with the UID of one, not the base image or its marker.
// After a fault they are what the next apply must adopt or what leaks.
func (d *tfDir) untracked() []string {
	d.t.Helper()
	vms := d.vms()
	left, err := d.f.left()
	if err != nil {
		d.t.Fatal(err)
	}
	var out []string
	for _, o := range left {
		kind, name, _ := strings.Cut(o, " ")
		name = name[strings.LastIndex(name, "/")+1:]
		known := kind == "volume" && strings.HasPrefix(name, d.f.obj("base")+".qcow2")
		for _, vm := range vms {
			known = known || (kind == "domain" && name == vm.Name) || (vm.UID != "" && strings.Contains(name, vm.UID))
		}
		if !known {
			out = append(out, o)
		}
	}
	return out
}

// stateVM is a kvm2_proxy_vm as the state records it.
type stateVM struct {
	Name       string `json:"name"`
	UID        string `json:"uid"`
	DomainUUID string `json:"domain_uuid"`
}

// vms reads the proxy VMs in state (terraform show -json).
func (d *tfDir) vms() []stateVM {
	d.t.Helper()
	r := d.run(2*time.Minute, "show", "-json", "-no-color")
	if r.code != 0 {
		d.t.Fatalf("terraform show: exit %d\n%s", r.code, r.out)
	}
	var doc struct {
		Values *struct {
			RootModule struct {
				Resources []struct {
					Type   string  `json:"type"`
					Values stateVM `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil {
		d.t.Fatalf("terraform show -json: %v", err)
	}
	var out []stateVM
	if doc.Values == nil {
		return nil
	}
	for _, res := range doc.Values.RootModule.Resources {
		if res.Type == "kvm2_proxy_vm" {
			out = append(out, res.Values)
		}
	}
	return out
}

// assertStateMatchesHost checks that the state holds want VMs and that this run's domains on the
// host are exactly those, each once, under the UUID the state records: none duplicated, none
// orphaned.
func (d *tfDir) assertStateMatchesHost(want int) {
	d.t.Helper()
	vms := d.vms()
	host := d.f.domains()
	inState := map[string]string{}
	for _, vm := range vms {
		if _, dup := inState[vm.Name]; dup {
			d.t.Errorf("VM %s is twice in state", vm.Name)
		}
		inState[vm.Name] = vm.DomainUUID
	}
	if len(vms) != want {
		d.t.Errorf("%d VMs in state, want %d", len(vms), want)
	}
	for name, uuid := range inState {
		switch got, ok := host[name]; {
		case !ok:
			d.t.Errorf("VM %s is in state but not on the host", name)
		case got != uuid:
			d.t.Errorf("VM %s: the host's domain has UUID %s, the state %s", name, got, uuid)
		}
	}
	for name := range host {
		if _, ok := inState[name]; !ok {
			d.t.Errorf("domain %s is on the host but not in state: orphaned", name)
		}
	}
}

// local opens a fresh connection to the lab's libvirtd on its local socket.
func (f *faultLab) local() (*libvirt.Libvirt, error) {
	socket := f.socket
	if socket == "" {
		socket = "/var/run/libvirt/libvirt-sock"
	}
	l := libvirt.NewWithDialer(dialers.NewLocal(dialers.WithSocket(socket)))
	return l, l.Connect()
}

// domains maps this run's domain names on the host to their UUIDs.
func (f *faultLab) domains() map[string]string {
	f.t.Helper()
	l, err := f.local()
	if err != nil {
		f.t.Fatalf("local libvirt: %v", err)
	}
	defer l.Disconnect()
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		f.t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range doms {
		if f.ours(d.Name) {
			out[d.Name] = fmt.Sprintf("%x-%x-%x-%x-%x", d.UUID[0:4], d.UUID[4:6], d.UUID[6:8], d.UUID[8:10], d.UUID[10:16])
		}
	}
	return out
}

// left lists this run's domains and volumes, in every active pool, still on the host, except
// the named volumes.
func (f *faultLab) left(except ...string) ([]string, error) {
	l, err := f.local()
	if err != nil {
		return nil, err
	}
	defer l.Disconnect()
	var out []string
	doms, _, err := l.ConnectListAllDomains(1, 0)
	if err != nil {
		return nil, err
	}
	for _, d := range doms {
		if f.ours(d.Name) {
			out = append(out, "domain "+d.Name)
		}
	}
	pools, _, err := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	if err != nil {
		return nil, err
	}
	for _, p := range pools {
		_ = l.StoragePoolRefresh(p, 0)
		vols, _, err := l.StoragePoolListAllVolumes(p, 1, 0)
		if err != nil {
			return nil, err
		}
		for _, v := range vols {
			if f.ours(v.Name) && !slices.Contains(except, v.Name) {
				out = append(out, "volume "+p.Name+"/"+v.Name)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// assertNothingLeft is the leak count: 0 domains and 0 volumes of this run.
func (f *faultLab) assertNothingLeft(what string, except ...string) {
	f.t.Helper()
	left, err := f.left(except...)
	if err != nil {
		f.t.Fatalf("leak count: %v", err)
	}
	f.t.Logf("leak count %s: %d %v", what, len(left), left)
	if len(left) > 0 {
		f.t.Errorf("left on the lab host %s: %v", what, left)
	}
}

// sweep removes whatever this run left, after the test's own count.
func (f *faultLab) sweep() {
	l, err := f.local()
	if err != nil {
		f.t.Logf("sweep: %v", err)
		return
	}
	defer l.Disconnect()
	doms, _, _ := l.ConnectListAllDomains(1, 0)
	for _, d := range doms {
		if f.ours(d.Name) {
			_ = l.DomainDestroy(d)
			_ = l.DomainUndefineFlags(d, libvirt.DomainUndefineNvram)
		}
	}
	pools, _, _ := l.ConnectListAllStoragePools(1, libvirt.ConnectListStoragePoolsActive)
	for _, p := range pools {
		vols, _, _ := l.StoragePoolListAllVolumes(p, 1, 0)
		for _, v := range vols {
			if f.ours(v.Name) {
				_ = l.StorageVolDelete(v, 0)
			}
		}
	}
}

// waitDomains waits until at least n of this run's domains exist on the host.
func (f *faultLab) waitDomains(ctx context.Context, n int) (int, error) {
	for {
		got := 0
		if l, err := f.local(); err == nil {
			doms, _, _ := l.ConnectListAllDomains(1, 0)
			for _, d := range doms {
				if f.ours(d.Name) {
					got++
				}
			}
			_ = l.Disconnect()
		}
		if got >= n {
			return got, nil
		}
		select {
		case <-ctx.Done():
			return got, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// script runs tools/lab/<name> on the lab's state and logs its lines.
func (f *faultLab) script(t *testing.T, name string, args ...string) error {
	cmd := exec.Command("bash", append([]string{filepath.Join(f.repo, "tools", "lab", name)}, args...)...)
	cmd.Env = append(os.Environ(), "KVM2_LAB_STATE="+f.labState)
	out, err := cmd.CombinedOutput()
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		t.Logf("%s: %s", name, sc.Text())
	}
	if err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

// labAnswers reports whether sshd and, through it, libvirtd answer.
func (f *faultLab) labAnswers() bool {
	_, err := f.virsh("", "version")
	return err == nil
}

// ensureLabBack waits, within budget.DaemonBack, for the lab to answer over SSH, then restarts
// sshd and libvirtd the way up.sh starts them, so a fault test never leaves the shared lab down.
func (f *faultLab) ensureLabBack(t *testing.T) {
	t.Helper()
	w := budget.DaemonBack.Start()
	for !w.Over() {
		if f.labAnswers() {
			t.Logf("lab answers over SSH (%v after the check began)", w.Elapsed().Round(time.Millisecond))
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Errorf("%v: restarting sshd and libvirtd", w.Errorf("the lab does not answer over SSH after the fault"))
	if err := f.script(t, "restart-sshd.sh"); err != nil {
		t.Error(err)
	}
	if !f.labAnswers() {
		if err := f.script(t, "restart-libvirtd.sh"); err != nil {
			t.Error(err)
		}
	}
	if !f.labAnswers() {
		t.Errorf("the lab still does not answer over SSH")
	}
}

// restartLock is the file by which the runs sharing a lab agree on who restarts libvirtd.
const restartLock = "/work/lab-restart.lock"

// withRestartLock runs fn holding restartLock, waiting up to 10 minutes for another holder.
func withRestartLock(name string, fn func() error) error {
	if _, err := os.Stat(filepath.Dir(restartLock)); err != nil {
		return fn()
	}
	deadline := time.Now().Add(10 * time.Minute)
	for {
		lf, err := os.OpenFile(restartLock, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			fmt.Fprintf(lf, "%s (autostart host restart test), %s\n", name, time.Now().UTC().Format(time.RFC3339))
			_ = lf.Close()
			break
		}
		if !errors.Is(err, os.ErrExist) || time.Now().After(deadline) {
			holder, _ := os.ReadFile(restartLock)
			return fmt.Errorf("cannot take %s (%v); held by: %s", restartLock, err, holder)
		}
		time.Sleep(5 * time.Second)
	}
	defer os.Remove(restartLock)
	return fn()
}
