//go:build ownership

package provider

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

// upgradeLab is the lab with the objects of one upgrade run; every name starts with "up-" (after
// KVM2_TEST_NAME_PREFIX when set) and carries the run's token.
type upgradeLab struct {
	*accLab
	up            string            // the prefix of every name
	base, on, off string            // base image volume, running VM, stopped VM
	admin         string            // an administrator's image volume, checksum file and domain
	adminSum      string            // the checksum file's content, sha256sum format
	adminUUID     string            // the administrator's domain UUID
	before        map[string]bool   // host names that existed before the run
	uuids         map[string]string // domain UUID of each VM as the previous release defined it
}

func newUpgradeLab(t *testing.T) *upgradeLab {
	l := newAccLab(t)
	up := os.Getenv("KVM2_TEST_NAME_PREFIX") + "up-"
	u := &upgradeLab{
		accLab: l,
		up:     up,
		base:   up + "base-" + l.run + ".qcow2",
		on:     up + "on-" + l.run,
		off:    up + "off-" + l.run,
		admin:  up + "admin-" + l.run,
		before: map[string]bool{},
		uuids:  map[string]string{},
	}
	names, err := u.hostNames()
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		u.before[n] = true
	}
	t.Cleanup(u.removeLeftovers)
	return u
}

// removeLeftovers runs after the test's own destroy and removes what a failed run left: only
// names carrying this run's token, which this process made up, so nothing of anyone else's.
func (u *upgradeLab) removeLeftovers() {
	names, err := u.hostNames()
	if err != nil {
		u.t.Logf("cannot list the lab host to clean up: %v", err)
		return
	}
	var domains, vols []string
	for _, n := range names {
		if !strings.Contains(n, "-"+u.run) {
			continue
		}
		if _, err := u.host("", "domuuid", n); err == nil {
			domains = append(domains, n)
		} else {
			vols = append(vols, n)
		}
	}
	for _, d := range domains {
		_, _ = u.host("", "destroy", d)
		_, _ = u.host("", "undefine", d)
	}
	for _, v := range vols {
		for _, pool := range []string{u.pool, u.tinyPool} {
			_, _ = u.host("", "vol-delete", "--pool", pool, v)
		}
	}
	if len(domains)+len(vols) > 0 {
		u.t.Logf("cleanup removed what the run left: domains %v, volumes %v", domains, vols)
	}
}

// host is virsh on the lab host, once more after a dropped SSH connection (other tests on the
// shared lab kill sshd on purpose). A create whose reply was lost is found done by the retry.
func (u *upgradeLab) host(stdin string, args ...string) (string, error) {
	out, err := u.virsh(stdin, args...)
	for attempt := 0; attempt < 4 && err != nil && strings.Contains(err.Error(), "exit status 255"); attempt++ {
		time.Sleep(3 * time.Second)
		out, err = u.virsh(stdin, args...)
		if err != nil && strings.Contains(err.Error(), "already exists") {
			return out, nil
		}
	}
	return out, err
}

// mustHost is host that fails the test on error.
func (u *upgradeLab) mustHost(args ...string) string {
	u.t.Helper()
	out, err := u.host("", args...)
	if err != nil {
		u.t.Fatal(err)
	}
	return out
}

// hostNames lists every domain and every volume of the lab's pools.
func (u *upgradeLab) hostNames() ([]string, error) {
	out, err := u.host("", "list", "--all", "--name")
	if err != nil {
		return nil, err
	}
	names := strings.Fields(out)
	for _, pool := range []string{u.pool, u.tinyPool} {
		vols, err := u.volumes(pool)
		if err != nil {
			return nil, err
		}
		names = append(names, vols...)
	}
	return names, nil
}

// volumes lists the volume names of pool.
func (u *upgradeLab) volumes(pool string) ([]string, error) {
	out, err := u.host("", "vol-list", pool)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] == "Name" || strings.HasPrefix(f[0], "---") {
			continue
		}
		names = append(names, f[0])
	}
	return names, nil
}

// ours reports whether a host name belongs to this run (the administrator's objects excepted).
func (u *upgradeLab) ours(name string) bool {
	return strings.Contains(name, "-"+u.run) && !strings.HasPrefix(name, u.admin)
}

// volumeContent downloads a small volume of the lab's pool.
func (u *upgradeLab) volumeContent(name string) (string, error) {
	out, err := u.host("", "vol-download", "--pool", u.pool, name, "/dev/stdout")
	// virsh ends its output with a newline of its own.
	return strings.TrimSuffix(out, "\n"), err
}

// markField reads one field of the kvm2 mark in a domain's persistent definition, whatever
// namespace prefix the mark carries.
func (u *upgradeLab) markField(domain, field string) (string, error) {
	x, err := u.host("", "dumpxml", "--inactive", domain)
	if err != nil {
		return "", err
	}
	meta, _, _ := strings.Cut(x, "</metadata>")
	m := regexp.MustCompile(`<(?:\w+:)?` + regexp.QuoteMeta(field) + `>([^<]*)</`).FindStringSubmatch(meta)
	if m == nil {
		return "", fmt.Errorf("domain %s: no %s in its metadata:\n%s", domain, field, meta)
	}
	return m[1], nil
}

// checkPreviousLayout records what the previous release made, and fails when it is not what
// the upgrade is designed for: volumes named after the VM and the image, a marker holding the
// digest, the mark carrying the UID in state under a UUID libvirt chose.
func (u *upgradeLab) checkPreviousLayout(s *terraform.State) error {
	u.logHost("made by the previous release")
	vols, err := u.volumes(u.pool)
	if err != nil {
		return err
	}
	for _, want := range []string{u.base, u.base + ".sha256", u.on + ".qcow2", u.on + "-cidata.iso", u.off + ".qcow2", u.off + "-cidata.iso"} {
		if !slices.Contains(vols, want) {
			return fmt.Errorf("the previous release left no volume %s in pool %s (it has %v)", want, u.pool, vols)
		}
	}
	marker, err := u.volumeContent(u.base + ".sha256")
	if err != nil {
		return err
	}
	if marker != u.imageSHA+"\n" {
		return fmt.Errorf("the previous release's marker %s.sha256 holds %q, want the digest and a newline", u.base, marker)
	}
	for addr, name := range map[string]string{upOn: u.on, upOff: u.off} {
		rs := s.RootModule().Resources[addr]
		if rs == nil {
			return fmt.Errorf("%s is not in state", addr)
		}
		uuid := strings.TrimSpace(u.mustHost("domuuid", name))
		if got := rs.Primary.Attributes["domain_uuid"]; got != uuid {
			return fmt.Errorf("%s: domain_uuid %s in state, %s on the host", addr, got, uuid)
		}
		uid, err := u.markField(name, "uid")
		if err != nil {
			return err
		}
		if got := rs.Primary.Attributes["uid"]; got != uid {
			return fmt.Errorf("%s: uid %s in state, %s in the mark", addr, got, uid)
		}
		u.uuids[name] = uuid
	}
	return nil
}

// checkSameDomains fails when a VM's domain is no longer the one the previous release defined.
func (u *upgradeLab) checkSameDomains() error {
	for name, uuid := range u.uuids {
		got, err := u.host("", "domuuid", name)
		if err != nil {
			return fmt.Errorf("the domain the previous release defined for %s is gone: %w", name, err)
		}
		if strings.TrimSpace(got) != uuid {
			return fmt.Errorf("domain %s has uuid %s, not %s: it was replaced", name, strings.TrimSpace(got), uuid)
		}
	}
	return nil
}

// checkMarkTags fails unless both VMs' marks carry tag.
func (u *upgradeLab) checkMarkTags(tag string) error {
	for _, name := range []string{u.on, u.off} {
		got, err := u.markField(name, "tag")
		if err != nil {
			return err
		}
		if got != tag {
			return fmt.Errorf("domain %s: the mark's tag is %q, want %q", name, got, tag)
		}
	}
	return nil
}

// addAdminObjects puts an administrator's image, its published checksum file (sha256sum format,
// the same digest as ours) and a domain beside the previous release's objects; the cleanup
// removes them.
func (u *upgradeLab) addAdminObjects() {
	t := u.t
	img, sum := u.admin+".qcow2", u.admin+".qcow2.sha256"
	u.adminSum = u.imageSHA + "  " + img + "\n"
	t.Cleanup(func() {
		_, _ = u.host("", "undefine", u.admin)
		_, _ = u.host("", "vol-delete", "--pool", u.pool, sum)
		_, _ = u.host("", "vol-delete", "--pool", u.pool, img)
	})
	u.mustHost("vol-create-as", u.pool, img, "1M", "--format", "qcow2")
	u.mustHost("vol-create-as", u.pool, sum, strconv.Itoa(len(u.adminSum)), "--format", "raw")
	if _, err := u.host(u.adminSum, "vol-upload", "--pool", u.pool, sum, "/dev/stdin"); err != nil {
		t.Fatal(err)
	}
	path := strings.TrimSpace(u.mustHost("vol-path", "--pool", u.pool, img))
	if _, err := u.host(fmt.Sprintf(`<domain type='qemu'><name>%s</name><memory unit='MiB'>64</memory>
<os><type arch='x86_64'>hvm</type></os><devices><disk type='file' device='disk'><driver name='qemu' type='qcow2'/>
<source file='%s'/><target dev='vda' bus='virtio'/></disk></devices></domain>`, u.admin, path), "define", "/dev/stdin"); err != nil {
		t.Fatal(err)
	}
	u.adminUUID = strings.TrimSpace(u.mustHost("domuuid", u.admin))
}

// checkDestroyed is the CheckDestroy: nothing of this run is left on the host, and the
// administrator's objects are as they were put there.
func (u *upgradeLab) checkDestroyed(*terraform.State) error {
	u.logHost("after destroy")
	names, err := u.hostNames()
	if err != nil {
		return err
	}
	var left, unknown []string
	for _, n := range names {
		switch {
		case u.ours(n):
			left = append(left, n)
		case strings.HasPrefix(n, u.up) && !u.before[n] && !strings.HasPrefix(n, u.admin):
			unknown = append(unknown, n)
		}
	}
	var problems []string
	if len(left) > 0 {
		problems = append(problems, fmt.Sprintf("%d objects of this run left on the lab host after destroy: %v", len(left), left))
	}
	if len(unknown) > 0 {
		problems = append(problems, fmt.Sprintf("objects named up- that were not there before the run: %v", unknown))
	}
	if u.adminUUID != "" {
		for _, n := range []string{u.admin, u.admin + ".qcow2", u.admin + ".qcow2.sha256"} {
			if !slices.Contains(names, n) {
				problems = append(problems, "the administrator's "+n+" was deleted")
			}
		}
		if got, err := u.host("", "domuuid", u.admin); err == nil && strings.TrimSpace(got) != u.adminUUID {
			problems = append(problems, "the administrator's domain "+u.admin+" was redefined")
		}
		if got, err := u.volumeContent(u.admin + ".qcow2.sha256"); err == nil && got != u.adminSum {
			problems = append(problems, fmt.Sprintf("the administrator's checksum file now holds %q, not %q", got, u.adminSum))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	u.t.Logf("after destroy: 0 domains and 0 volumes of this run on the lab host; the administrator's objects untouched")
	return nil
}

// logHost logs this run's domains (UUID, mark UID, disks) and volumes (with backing files), so a
// failure shows what each release put on the host.
func (u *upgradeLab) logHost(stage string) {
	var b strings.Builder
	fmt.Fprintf(&b, "lab host %s:\n", stage)
	names, err := u.hostNames()
	if err != nil {
		u.t.Logf("%s: %v", stage, err)
		return
	}
	disk := regexp.MustCompile(`<source file='([^']*)'`)
	for _, n := range names {
		if !strings.Contains(n, "-"+u.run) {
			continue
		}
		if x, err := u.host("", "dumpxml", "--inactive", n); err == nil {
			uuid := regexp.MustCompile(`<uuid>([^<]*)</uuid>`).FindStringSubmatch(x)
			uid, _ := u.markField(n, "uid")
			var disks []string
			for _, m := range disk.FindAllStringSubmatch(x, -1) {
				disks = append(disks, m[1])
			}
			fmt.Fprintf(&b, "  domain %s uuid=%v mark uid=%q disks=%v\n", n, uuid[1:], uid, disks)
			continue
		}
		x, _ := u.host("", "vol-dumpxml", "--pool", u.pool, n)
		backing := ""
		if m := regexp.MustCompile(`(?s)<backingStore>.*?<path>([^<]*)</path>`).FindStringSubmatch(x); m != nil {
			backing = m[1]
		}
		fmt.Fprintf(&b, "  volume %s backing=%q\n", n, backing)
	}
	u.t.Log(b.String())
}
