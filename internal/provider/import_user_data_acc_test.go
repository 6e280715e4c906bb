//go:build acceptance

package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// importVM is one VM of TestAccImportUserData_cli: its resource key, its host name and the
// attributes that set its user data and power.
type importVM struct{ key, name, extra string }

// block is the VM's resource block. No wait_for_ip: an import records the default.
func (v importVM) block() string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  %s
}
`, v.key, v.name, v.extra)
}

// importBlock takes the VM into state by its id.
func (v importVM) importBlock() string {
	return fmt.Sprintf("\nimport {\n  to = kvm2_proxy_vm.%s\n  id = %q\n}\n", v.key, "lab/"+v.name)
}

// stateValues is terraform show -json: resource address -> its attribute values (sensitive
// ones included, as show -json prints them).
func (d *cliDir) stateValues() map[string]map[string]any {
	d.t.Helper()
	r := d.mustRun("show", "-json")
	var doc struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string         `json:"address"`
					Values  map[string]any `json:"values"`
				} `json:"resources"`
			} `json:"root_module"`
		} `json:"values"`
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil {
		d.t.Fatalf("terraform show -json: %v\n%s", err, r.out)
	}
	out := map[string]map[string]any{}
	for _, res := range doc.Values.RootModule.Resources {
		out[res.Address] = res.Values
	}
	return out
}

// TestAccImportUserData_cli drives the real terraform binary over VMs made by this very
// configuration and then forgotten (state rm): an import {} block of a VM with user_data applies
// "1 imported, 0 added, 0 changed" and the next plan is empty; so does terraform import; a VM
// made with user_data_wo is imported without its user data in state, 0 changed; a VM whose seed
// was overwritten on the host (another ISO) is imported without user data and the apply takes it
// into state in place (1 changed), never replacing the VM; so is a VM whose mark is as earlier
// versions wrote it (no user-data-source). It also measures what the seed read
// adds to an import.
func TestAccImportUserData_cli(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	hasWO, why := mustCLI(t).has(featureWriteOnly)
	lacksWO := !hasWO
	if lacksWO {
		t.Logf("the write-only VM is left out: %s", why)
	}
	const userData = "#!/bin/sh\necho kvm2-import > /tmp/hello\n"
	woSentinel := "wo-import-" + l.run
	ud := "user_data = " + hclString(userData)
	vms := []importVM{
		{"ud", l.name("imp-ud"), ud}, // running: its seed is read while QEMU has it open
		{"cli", l.name("imp-cli"), ud + "\n  running = false"},
		{"tamper", l.name("imp-tamper"), ud + "\n  running = false"},
		{"old", l.name("imp-old"), ud + "\n  running = false"},
	}
	if !lacksWO {
		vms = append(vms, importVM{"wo", l.name("imp-wo"),
			"user_data_wo = " + hclString("#!/bin/sh\necho "+woSentinel+"\n") + "\n  running = false"})
	}
	byKey := map[string]importVM{}
	for _, v := range vms {
		byKey[v.key] = v
	}
	config := func(keys []string, imports ...string) string {
		var b strings.Builder
		b.WriteString(l.config(l.baseImage(l.pool)))
		for _, k := range keys {
			b.WriteString(byKey[k].block())
		}
		for _, k := range imports {
			b.WriteString(byKey[k].importBlock())
		}
		b.WriteString("\noutput \"uids\" {\n  value = {\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "    %s = kvm2_proxy_vm.%s.uid\n", k, k)
		}
		b.WriteString("  }\n}\n")
		return b.String()
	}
	keys := make([]string, len(vms))
	for i, v := range vms {
		keys[i] = v.key
	}

	d := newCLIDir(t)
	c := l.client()
	// Whatever a failed run leaves: the VMs by the UID their marks carry, then the base image.
	t.Cleanup(func() {
		ctx := context.Background()
		for _, v := range vms {
			if inst, err := c.Get(ctx, "lab/"+v.name, ""); err == nil {
				if err := c.Delete(ctx, inst.ID, inst.UID); err != nil {
					t.Errorf("cleanup: delete %s: %v", inst.ID, err)
				}
			}
		}
		_ = c.DeleteBaseImage(ctx, "lab/"+l.pool+"/"+l.name("base")+".qcow2")
	})
	t.Cleanup(func() {
		if r := d.run("destroy", "-auto-approve"); r.failed {
			t.Errorf("destroy exited %d:\n%s", r.code, r.out)
		}
		if err := l.checkLeftovers(); err != nil {
			t.Error(err)
		}
	})

	// 1. Made by this configuration, then forgotten.
	d.write("main.tf", config(keys))
	d.mustRun("init")
	r := d.mustRun("apply", "-auto-approve")
	if got, want := applySummary(r.out), fmt.Sprintf("%d added, 0 changed, 0 destroyed", len(vms)+1); got != want {
		t.Fatalf("create: %s, want %s\n%s", got, want, r.out)
	}
	uids := d.outputs()["uids"].(map[string]any)
	rm := []string{"state", "rm"}
	for _, k := range keys {
		rm = append(rm, "kvm2_proxy_vm."+k)
	}
	d.mustRun(rm...)
	imported := []string{}
	importWith := func(key, want string) cliRun {
		t.Helper()
		imported = append(imported, key)
		d.write("main.tf", config(imported, imported...))
		r := d.mustRun("apply", "-auto-approve")
		t.Logf("import block of %s: %s in %v", key, applySummary(r.out), r.took.Round(10*time.Millisecond))
		if got := applySummary(r.out); got != want {
			t.Errorf("import block of %s: %s, want %s\n%s", key, got, want, r.out)
		}
		return r
	}
	userDataIn := func(key string) any { return d.stateValues()["kvm2_proxy_vm."+key]["user_data"] }

	// 2. An import {} block of a VM with user_data: nothing changes, and then nothing to plan.
	importWith("ud", "1 imported, 0 added, 0 changed, 0 destroyed")
	d.planIsEmpty("after the import block of a VM with user_data")
	if got := userDataIn("ud"); got != userData {
		t.Errorf("state user_data of the imported VM is %v, want the value it was created with", got)
	}

	// 3. terraform import of a VM with user_data: the next plan is empty.
	imported = append(imported, "cli")
	d.write("main.tf", config(imported, slices.DeleteFunc(slices.Clone(imported), func(k string) bool { return k == "cli" })...))
	r = d.mustRun("import", "kvm2_proxy_vm.cli", "lab/"+byKey["cli"].name)
	t.Logf("terraform import of a VM with user_data: %v", r.took.Round(10*time.Millisecond))
	d.planIsEmpty("after terraform import of a VM with user_data")
	if got := userDataIn("cli"); got != userData {
		t.Errorf("state user_data after terraform import is %v, want the value it was created with", got)
	}

	// 4. A VM made with user_data_wo: imported without its user data, 0 changed.
	if !lacksWO {
		importWith("wo", "1 imported, 0 added, 0 changed, 0 destroyed")
		d.planIsEmpty("after the import block of a VM with user_data_wo")
		if got := userDataIn("wo"); got != nil {
			t.Errorf("state user_data of the write-only VM is %v, want null", got)
		}
		raw, err := os.ReadFile(filepath.Join(d.dir, "terraform.tfstate"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(raw), woSentinel) {
			t.Error("the state file holds the write-only user data")
		}
	}

	// 5. The seed overwritten on the host with another ISO: not trusted, so the import takes no
	// user data and the apply updates state in place; the VM is the same VM.
	tamper := byKey["tamper"]
	other, err := definition.SeedISO(definition.SeedSpec{InstanceID: fmt.Sprint(uids["tamper"]), Hostname: tamper.name,
		UserData: []byte("#!/bin/sh\necho replaced > /tmp/hello\n")})
	if err != nil {
		t.Fatal(err)
	}
	seedVol := fmt.Sprintf("%s.%s.cidata.iso", tamper.name, uids["tamper"])
	if _, err := l.virsh(string(other), "vol-upload", "--pool", l.pool, seedVol, "/dev/stdin"); err != nil {
		t.Fatal(err)
	}
	importWith("tamper", "1 imported, 0 added, 1 changed, 0 destroyed")
	d.planIsEmpty("after the import of a VM whose seed was replaced")
	vals := d.stateValues()["kvm2_proxy_vm.tamper"]
	if vals["uid"] != uids["tamper"] || vals["user_data"] != userData {
		t.Errorf("after the import and apply: uid %v (created as %v), user_data set: %v", vals["uid"], uids["tamper"], vals["user_data"] == userData)
	}

	// 6. A mark as earlier versions write it (no user-data-source; everything else the same):
	// which attribute supplied the user data cannot be told, so the seed is not read, and the
	// apply takes user_data into state in place, as before.
	old := byKey["old"]
	mark, err := l.virsh("", "metadata", old.name, "--uri", definition.MarkNamespace)
	if err != nil {
		t.Fatal(err)
	}
	stripped := regexp.MustCompile(`<user-data-source>[^<]*</user-data-source>`).ReplaceAllString(strings.TrimSpace(mark), "")
	if stripped == strings.TrimSpace(mark) {
		t.Fatalf("the mark records no user-data-source:\n%s", mark)
	}
	if _, err := l.virsh("", "metadata", old.name, "--uri", definition.MarkNamespace, "--key", definition.MarkPrefix,
		"--set", shellQuote(stripped), "--config"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadUserData(context.Background(), "lab/"+old.name, fmt.Sprint(uids["old"])); !errors.Is(err, kvm2.ErrUserDataNotStored) {
		t.Errorf("a mark without its source: %v, want not read", err)
	}
	importWith("old", "1 imported, 0 added, 1 changed, 0 destroyed")
	d.planIsEmpty("after the import of a VM with a mark of an earlier version")
	if vals := d.stateValues()["kvm2_proxy_vm.old"]; vals["uid"] != uids["old"] || vals["user_data"] != userData {
		t.Errorf("after the import and apply: uid %v (created as %v), user_data set: %v", vals["uid"], uids["old"], vals["user_data"] == userData)
	}

	// 7. What the seed read costs: the core's read of the seed against the read of the VM alone.
	ctx := context.Background()
	id := "lab/" + byKey["ud"].name
	var gets, reads []time.Duration
	for range 5 {
		start := time.Now()
		inst, err := c.Get(ctx, id, "")
		gets = append(gets, time.Since(start))
		if err != nil {
			t.Fatal(err)
		}
		start = time.Now()
		data, err := c.ReadUserData(ctx, id, inst.UID)
		reads = append(reads, time.Since(start))
		if err != nil || string(data) != userData {
			t.Errorf("ReadUserData: %d bytes, %v", len(data), err)
		}
	}
	if _, err := c.ReadUserData(ctx, "lab/"+tamper.name, fmt.Sprint(uids["tamper"])); !errors.Is(err, kvm2.ErrSeedMismatch) {
		t.Errorf("the replaced seed: %v, want the digest mismatch", err)
	}
	t.Logf("import read (Get) %v; seed read (ReadUserData) %v", durations(gets), durations(reads))
}

// durations is min/median/max of ds.
func durations(ds []time.Duration) string {
	s := slices.Clone(ds)
	slices.Sort(s)
	return fmt.Sprintf("min %v median %v max %v", s[0].Round(time.Millisecond), s[len(s)/2].Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond))
}
