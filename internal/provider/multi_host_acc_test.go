//go:build acceptance

package provider

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// multiHostModule is the module of one host's part of the fleet: its base image and its VMs.
const multiHostModule = `
variable "host" { type = string }
variable "pool" { type = string }
variable "base" { type = string }
variable "source_url" { type = string }
variable "sha256" { type = string }
variable "tag" { type = string }
variable "vms" { type = set(string) }

resource "kvm2_base_image" "base" {
  host       = var.host
  name       = var.base
  pool       = var.pool
  source_url = var.source_url
  sha256     = var.sha256
}

resource "kvm2_proxy_vm" "vm" {
  for_each      = var.vms
  name          = each.key
  host          = var.host
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = var.tag
  running       = true
}

output "vm_ids" { value = { for k, v in kvm2_proxy_vm.vm : k => v.id } }
output "vm_ips" { value = { for k, v in kvm2_proxy_vm.vm : k => v.ipv4_address } }
output "vm_uids" { value = { for k, v in kvm2_proxy_vm.vm : k => v.uid } }
output "base_id" { value = kvm2_base_image.base.id }
`

// multiHostConfig is a fleet spread over hosts alpha and beta (vms is VM name -> host key): one
// instance of multiHostModule per host, each with a base image of the same name, so that
// -target=module.fleet["alpha"] touches nothing of the other host. With importing, import
// blocks fed by kvm2_proxy_vms take the VMs listed by tag into state by id.
func multiHostConfig(alpha, beta labHost, l *accLab, base, tag string, vms map[string]string, importing bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "provider \"kvm2\" {\n  hosts = {\n%s%s  }\n}\n", alpha.block(), beta.block())
	perHost := map[string][]string{}
	for n, h := range vms {
		perHost[h] = append(perHost[h], n)
	}
	fmt.Fprintf(&b, "\nlocals {\n  hosts = {\n")
	for _, h := range []labHost{alpha, beta} {
		sort.Strings(perHost[h.key])
		fmt.Fprintf(&b, "    %s = { pool = %q, vms = [%s] }\n", h.key, h.pool, quoteList(perHost[h.key]))
	}
	fmt.Fprintf(&b, `  }
}

module "fleet" {
  source     = "./fleet"
  for_each   = local.hosts
  host       = each.key
  pool       = each.value.pool
  vms        = toset(each.value.vms)
  base       = %q
  source_url = %q
  sha256     = %q
  tag        = %q
}

output "vm_ids" { value = merge([for m in module.fleet : m.vm_ids]...) }
output "vm_uids" { value = merge([for m in module.fleet : m.vm_uids]...) }
output "vm_ips" { value = merge([for m in module.fleet : m.vm_ips]...) }
output "base_ids" { value = { for k, m in module.fleet : k => m.base_id } }
`, base, l.imageURL, l.imageSHA, tag)
	if importing {
		fmt.Fprintf(&b, `
data "kvm2_proxy_vms" "listed" {
  tag = %q
}

locals {
  # import's to takes no function call: split each listed id into host and name first.
  listed = { for id in data.kvm2_proxy_vms.listed.ids : id => { host = split("/", id)[0], name = split("/", id)[1] } }
}

import {
  for_each = local.listed
  to       = module.fleet[each.value.host].kvm2_proxy_vm.vm[each.value.name]
  id       = each.key
}

output "listed" {
  value = sort(tolist(data.kvm2_proxy_vms.listed.ids))
}
`, tag)
	}
	return b.String()
}

// quoteList is names as HCL list elements.
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// twoHostHealthConfig is the kvm2_host_health data source over both hosts, alone in a configuration.
func twoHostHealthConfig(alpha, beta labHost) string {
	return fmt.Sprintf(`provider "kvm2" {
  hosts = {
%s%s  }
}

data "kvm2_host_health" "all" {}

output "health" {
  value = { for h in data.kvm2_host_health.all.hosts : h.name => { status = h.status, reason = h.reason, transport = h.transport } }
}

output "healthy" {
  value = data.kvm2_host_health.all.healthy
}
`, alpha.block(), beta.block())
}

// TestAccMultiHost_fleet runs one configuration over both lab hosts, through the terraform CLI
// as a user does: a for_each fleet spread over them applies and plans empty; the fleet is
// listed by tag over both hosts and bulk-imported back into state with 0 changed; base images
// of the same name stay apart; with host 2 stopped, kvm2_host_health names it down and host 1
// ok, a plan fails fast naming only host 2, and -target applies on host 1 succeed; host 2
// comes back and the next plan is empty.
func TestAccMultiHost_fleet(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	// Host 2 without the read lock: this test takes the write lock while it stops host 2.
	alpha, beta := l.firstHost("alpha"), l.host2Unheld("beta")
	part := "-mh" + l.run
	base := l.prefix + "base" + part + ".qcow2"
	tag := "mh-" + l.run
	vms := map[string]string{}
	for i := range 4 {
		vms[fmt.Sprintf("%sf%d%s", l.prefix, i, part)] = []string{"alpha", "beta"}[i%2]
	}
	d := newCLIDir(t)
	destroyed, stopped := false, false
	t.Cleanup(func() {
		if !destroyed {
			// Not fatal: the destroy below must run whatever the restart says.
			if out, err := runLabScript("restart-sshd.sh", "--host", "2", "--start"); err != nil {
				t.Errorf("restart-sshd.sh --host 2 --start at cleanup: %v\n%s", err, out)
			}
			if stopped {
				host2Down.Unlock()
			}
			d.write("main.tf", multiHostConfig(alpha, beta, l, base, tag, vms, false))
			if r := d.run("destroy", "-auto-approve"); r.failed {
				t.Errorf("destroy at cleanup exited %d:\n%s", r.code, r.out)
			}
		}
		for _, h := range []labHost{alpha, beta} {
			doms, vols, err := h.objects(part)
			if err != nil {
				t.Errorf("list leftovers on %s: %v", h.key, err)
			} else if len(doms)+len(vols) > 0 {
				t.Errorf("left on %s after destroy: %v %v", h.key, doms, vols)
			}
		}
	})

	// 1. The fleet over both hosts.
	d.write("main.tf", multiHostConfig(alpha, beta, l, base, tag, vms, false))
	if err := os.MkdirAll(filepath.Join(d.dir, "fleet"), 0o700); err != nil {
		t.Fatal(err)
	}
	d.write(filepath.Join("fleet", "main.tf"), multiHostModule)
	d.mustRun("init")
	r := d.mustRun("apply", "-auto-approve")
	t.Logf("apply over two hosts: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
	if got := applySummary(r.out); got != "6 added, 0 changed, 0 destroyed" {
		t.Fatalf("apply: %s, want 6 added\n%s", got, r.out)
	}
	out := d.outputs()
	ids := out["vm_ids"].(map[string]any)
	for n, h := range vms {
		if want := h + "/" + n; ids[n] != want {
			t.Errorf("VM %s has id %v, want %s", n, ids[n], want)
		}
	}
	// Every guest booted and its agent reported an address from its own host's network.
	nets := map[string]string{"alpha": "192.168.123.", "beta": "192.168.124."}
	for n, ip := range out["vm_ips"].(map[string]any) {
		if !strings.HasPrefix(fmt.Sprint(ip), nets[vms[n]]) {
			t.Errorf("VM %s on %s reports ipv4 %v, want one in %s0/24", n, vms[n], ip, nets[vms[n]])
		}
	}
	// Base images of the same name stay apart: one each, on its own host, each verified there.
	baseIDs := out["base_ids"].(map[string]any)
	for _, h := range []labHost{alpha, beta} {
		if want := h.key + "/" + h.pool + "/" + base; baseIDs[h.key] != want {
			t.Errorf("base image on %s has id %v, want %s", h.key, baseIDs[h.key], want)
		}
		doms, vols, err := h.objects(part)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s holds domains %v and volumes %v", h.key, doms, vols)
		var wantDoms []string
		for n, vh := range vms {
			if vh == h.key {
				wantDoms = append(wantDoms, n)
			}
		}
		sort.Strings(wantDoms)
		if !slices.Equal(doms, wantDoms) {
			t.Errorf("%s holds domains %v, want %v", h.key, doms, wantDoms)
		}
		images := 0
		for _, v := range vols {
			if strings.HasPrefix(v, base+" ") {
				images++
			}
		}
		if images != 1 {
			t.Errorf("%s holds %d volumes named %s, want 1: %v", h.key, images, base, vols)
		}
	}
	d.planIsEmpty("after apply over two hosts")

	// Which path each host's libvirt socket is reached by: host 2's sshd refuses stream-local
	// forwarding, so the provider uses an exec channel there.
	health := newCLIDir(t)
	health.write("main.tf", twoHostHealthConfig(alpha, beta))
	health.mustRun("init")
	health.mustRun("apply", "-auto-approve")
	hOut := health.outputs()
	t.Logf("health of both hosts: %v", hOut["health"])
	hs := hOut["health"].(map[string]any)
	for key, want := range map[string]string{"alpha": "streamlocal", "beta": "exec:"} {
		h := hs[key].(map[string]any)
		if h["status"] != "ok" || !strings.HasPrefix(fmt.Sprint(h["transport"]), want) {
			t.Errorf("%s is %v over %v, want ok over %s...", key, h["status"], h["transport"], want)
		}
	}

	// 2. Listed by tag over both hosts and bulk-imported: the state forgets the fleet, import
	// blocks fed by kvm2_proxy_vms take it back, and nothing changes.
	uids := out["vm_uids"].(map[string]any)
	d.mustRun("state", "rm", `module.fleet["alpha"].kvm2_proxy_vm.vm`, `module.fleet["beta"].kvm2_proxy_vm.vm`)
	d.write("main.tf", multiHostConfig(alpha, beta, l, base, tag, vms, true))
	r = d.mustRun("apply", "-auto-approve")
	t.Logf("bulk import over two hosts: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
	if got := applySummary(r.out); got != "4 imported, 0 added, 0 changed, 0 destroyed" {
		t.Errorf("import apply: %s, want 4 imported, 0 added, 0 changed\n%s", got, r.out)
	}
	out = d.outputs()
	var wantListed []any
	for n, h := range vms {
		wantListed = append(wantListed, h+"/"+n)
	}
	sort.Slice(wantListed, func(i, j int) bool { return wantListed[i].(string) < wantListed[j].(string) })
	if got := out["listed"].([]any); !slices.Equal(got, wantListed) {
		t.Errorf("kvm2_proxy_vms listed %v, want %v", got, wantListed)
	}
	for n, uid := range out["vm_uids"].(map[string]any) {
		if uids[n] != uid {
			t.Errorf("imported %s has uid %v, created with %v", n, uid, uids[n])
		}
	}
	d.planIsEmpty("after bulk import")
	// Back to the configuration without import blocks: only the listing output goes.
	d.write("main.tf", multiHostConfig(alpha, beta, l, base, tag, vms, false))
	if got := applySummary(d.mustRun("apply", "-auto-approve").out); got != "0 added, 0 changed, 0 destroyed" {
		t.Errorf("apply without the import blocks: %s, want no change", got)
	}

	// 3. Host 2 stops, once no other test is using it.
	host2Down.Lock()
	stopped = true
	labScript(t, "restart-sshd.sh", "--host", "2", "--stop")
	health.mustRun("apply", "-auto-approve")
	hOut = health.outputs()
	t.Logf("health with host 2 stopped: %v", hOut["health"])
	hs = hOut["health"].(map[string]any)
	if s := hs["alpha"].(map[string]any)["status"]; s != "ok" {
		t.Errorf("alpha is %v with host 2 stopped, want ok", s)
	}
	if s := hs["beta"].(map[string]any)["status"]; s != "down" {
		t.Errorf("beta is %v with its sshd stopped, want down", s)
	}
	if hOut["healthy"] != false {
		t.Errorf("healthy is %v with host 2 stopped, want false", hOut["healthy"])
	}

	r = d.run("plan")
	t.Logf("plan with host 2 stopped: exit %d in %v", r.code, r.took.Round(10*time.Millisecond))
	if !r.failed {
		t.Fatalf("plan with host 2 stopped succeeded:\n%s", r.out)
	}
	if r.took > 60*time.Second {
		t.Errorf("plan with host 2 stopped took %v to fail, want at most 60 s (%s)", r.took, budget.Now())
	}
	errs := regexp.MustCompile(`(?m)^│? ?Error: .*$`).FindAllString(r.out, -1)
	if len(errs) == 0 {
		t.Errorf("the failed plan printed no error:\n%s", r.out)
	}
	if !strings.Contains(r.out, "on beta") || !strings.Contains(r.out, beta.port) {
		t.Errorf("the failed plan does not name host beta and its port %s:\n%s", beta.port, r.out)
	}
	for _, line := range strings.Split(r.out, "\n") {
		if strings.Contains(line, "alpha") && (strings.Contains(line, "Error") || strings.Contains(line, "Unable")) {
			t.Errorf("an error names the live host: %s", line)
		}
	}

	// A -target apply of host 1's part goes through: a new VM there.
	vms[l.prefix+"f4"+part] = "alpha"
	d.write("main.tf", multiHostConfig(alpha, beta, l, base, tag, vms, false))
	r = d.mustRun("apply", "-auto-approve", `-target=module.fleet["alpha"]`)
	t.Logf("-target apply on host 1 with host 2 stopped: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
	if got := applySummary(r.out); got != "1 added, 0 changed, 0 destroyed" {
		t.Errorf("-target apply: %s, want 1 added\n%s", got, r.out)
	}

	// 4. Host 2 comes back: the next plan is empty.
	labScript(t, "restart-sshd.sh", "--host", "2", "--start")
	host2Down.Unlock()
	stopped = false
	d.planIsEmpty("after host 2 came back")

	r = d.mustRun("destroy", "-auto-approve")
	destroyed = true
	t.Logf("destroy over two hosts: %s in %v", applySummary(r.out), r.took.Round(10*time.Millisecond))
}
