//go:build acceptance

package provider

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// orphansGuide is the directory of the replacement guide's orphan recipe.
var orphansGuide = filepath.Join("..", "..", "examples", "guides", "replacing-without-downtime", "orphans")

// TestAccGuides_orphansRemoved runs the replacement guide's orphan recipe as a reader copies it
// (orphans/remove-orphans.sh and orphans/orphans.tf, with the lab's provider block), with the
// real terraform binary, on the lab host: a configuration with one VM of a tag, and two VMs of
// that tag made by the core as an apply killed mid-create leaves them (marked with uids no state
// holds, one running and one stopped). The script lists exactly the two by their uids, imports
// them into its own state and destroys them once told "yes"; the configuration's VM is
// untouched (same uid, the plan empty), and nothing of the orphans is left on the host. On the
// way, the listing says which of the tag's VMs run (kvm2_proxy_vms's running) as libvirt does.
func TestAccGuides_orphansRemoved(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	tag := "orphans-" + l.run
	prefix := l.name("orph") + "-"
	d := newCLIDir(t)
	c := l.client()
	ctx := context.Background()
	d.write("main.tf", l.config(l.baseImage(l.pool)+fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name_prefix   = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  wait_for_ip   = false
}
`, prefix, tag)))
	orphans := []string{prefix + "oob1", prefix + "oob2"}
	t.Cleanup(func() {
		for _, name := range orphans {
			if inst, err := c.Get(ctx, "lab/"+name, ""); err == nil {
				if err := c.Delete(ctx, inst.ID, inst.UID); err != nil {
					t.Errorf("cleanup: delete %s: %v", inst.ID, err)
				}
			}
		}
		if r := d.run("destroy", "-auto-approve"); r.failed {
			t.Errorf("cleanup: destroy exited %d:\n%s", r.code, r.out)
		}
	})
	d.mustRun("init")
	d.mustRun("apply", "-auto-approve")
	state := d.stateValues()
	kept, _ := state["kvm2_proxy_vm.egress"]["uid"].(string)
	baseID, _ := state["kvm2_base_image.base"]["id"].(string)
	if kept == "" || baseID == "" {
		t.Fatalf("state holds no VM uid or base image id: %v", state)
	}

	// What a killed apply leaves: VMs of the tag whose uids no state holds.
	orphanUIDs := map[string]string{}
	for i, name := range orphans {
		uid, err := rules.NewUID()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Create(ctx, kvm2.CreateRequest{
			Host: "lab", Name: name, UID: uid, BaseImageID: baseID, VCPUs: 1, MemoryMiB: 128, DiskGiB: 1,
			Firmware: rules.FirmwareBIOS, Tag: tag, Running: i == 0, Autostart: true,
			Steering: definition.Steering{NoIPWait: true, NamePrefix: prefix},
		}); err != nil {
			t.Fatalf("create %s out of band: %v", name, err)
		}
		orphanUIDs[name] = uid
	}
	// The listing tells a running VM from a stopped one by the ID libvirt lists it with.
	listed, err := c.ListByTag(ctx, tag, "lab")
	if err != nil {
		t.Fatal(err)
	}
	for _, inst := range listed {
		if want := inst.Name != orphans[1]; inst.Active != want {
			t.Errorf("%s listed active %v, want %v", inst.ID, inst.Active, want)
		}
	}

	// The recipe, as the guide gives it: its files in orphans/ beside main.tf, the provider
	// block the configuration's (the test serves the provider as hashicorp/kvm2).
	tf, err := os.ReadFile(filepath.Join(orphansGuide, "orphans.tf"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile(filepath.Join(orphansGuide, "remove-orphans.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := strings.Replace(string(tf), `source = "egress-proxies/kvm2"`, `source = "hashicorp/kvm2"`, 1)
	cfg = replaceBlock(t, cfg, `provider "kvm2" {`, strings.TrimPrefix(l.config(""), "\n"))
	dir := filepath.Join(d.dir, "orphans")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"orphans.tf": cfg, "remove-orphans.sh": string(script)} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	bin := t.TempDir() // `terraform` on PATH is the binary under test
	if err := os.Symlink(d.bin, filepath.Join(bin, "terraform")); err != nil {
		t.Fatal(err)
	}
	runCtx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(runCtx, "bash", "orphans/remove-orphans.sh", tag)
	cmd.Dir = d.dir
	cmd.Env = append(os.Environ(), "TF_REATTACH_PROVIDERS="+d.reattach, "TF_IN_AUTOMATION=1",
		"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.Stdin = strings.NewReader("yes\n") // terraform destroy's question
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("remove-orphans.sh: %v\n%s", err, out.String())
	}
	t.Logf("remove-orphans.sh:\n%s", out.String())
	for name, uid := range orphanUIDs {
		if !strings.Contains(out.String(), fmt.Sprintf("orphan lab/%s: uid %s", name, uid)) {
			t.Errorf("the script did not list orphan lab/%s (uid %s)", name, uid)
		}
	}
	if n := strings.Count(out.String(), "orphan lab/"); n != len(orphans) {
		t.Errorf("the script listed %d orphans, want %d", n, len(orphans))
	}
	if !strings.Contains(out.String(), fmt.Sprintf("Destroy complete! Resources: %d destroyed.", len(orphans))) {
		t.Errorf("the script's destroy did not destroy the %d orphans", len(orphans))
	}

	// Only the configuration's VM is left of the tag, the same VM, and its plan is empty.
	left, err := c.ListByTag(ctx, tag, "lab")
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0].UID != kept {
		t.Fatalf("VMs of tag %s after the recipe: %+v; want only the configuration's, uid %s", tag, left, kept)
	}
	d.planIsEmpty("the configuration after the recipe")
	for _, name := range orphans {
		for _, args := range [][]string{{"list", "--all", "--name"}, {"vol-list", l.pool}} {
			got, err := l.virsh("", args...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(got, name) {
				t.Errorf("%s is still on the host (virsh %s):\n%s", name, strings.Join(args, " "), got)
			}
		}
	}
}
