//go:build acceptance

package provider

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// TestAccQuery_userDataReplacementSaysWhy generates, with terraform query, the configuration
// of a lab VM made with write-only user data: Terraform writes user_data = null there, and the
// plan of the import replaces the VM with a warning that says why (only the sha256 in the mark
// can be compared) and what to give, naming the sha256. Nothing is applied.
func TestAccQuery_userDataReplacementSaysWhy(t *testing.T) {
	t.Parallel()
	l := newAccLab(t)
	skipUnlessListResources(t)
	tag := "query-ud-" + l.run
	name := l.name("qud")
	const userData = "#!/bin/sh\necho kvm2-query > /tmp/hello\n"
	base, query := newCLIDir(t), newCLIDir(t)
	c := l.client()
	ctx := context.Background()
	t.Cleanup(func() {
		if inst, err := c.Get(ctx, "lab/"+name, ""); err == nil {
			if err := c.Delete(ctx, inst.ID, inst.UID); err != nil {
				t.Errorf("cleanup: delete %s: %v", inst.ID, err)
			}
		}
		if r := base.run("destroy", "-auto-approve"); r.failed {
			t.Errorf("cleanup: destroy exited %d:\n%s", r.code, r.out)
		}
	})
	base.write("main.tf", l.config(l.baseImage(l.pool)+"\noutput \"base_id\" {\n  value = kvm2_base_image.base.id\n}\n"))
	base.mustRun("init")
	base.mustRun("apply", "-auto-approve")
	uid, err := rules.NewUID()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Create(ctx, kvm2.CreateRequest{
		Host: "lab", Name: name, UID: uid, BaseImageID: base.outputs()["base_id"].(string), VCPUs: 1, MemoryMiB: 64,
		DiskGiB: 1, Firmware: rules.FirmwareBIOS, Tag: tag, UserData: []byte(userData), WriteOnlyUserData: true,
		Steering: definition.Steering{NoIPWait: true},
	}); err != nil {
		t.Fatalf("create %s: %v", name, err)
	}

	query.write("main.tf", l.config(""))
	query.write("vm.tfquery.hcl", fmt.Sprintf(`
list "kvm2_proxy_vm" "vm" {
  provider         = kvm2
  include_resource = true
  config {
    host = "lab"
    tag  = %q
  }
}
`, tag))
	query.mustRun("init")
	query.mustRun("query", "-no-color", "-generate-config-out=generated.tf")
	gen, err := os.ReadFile(query.dir + "/generated.tf")
	if err != nil || !strings.Contains(string(gen), "user_data") {
		t.Fatalf("generated.tf (%v) holds no user_data line:\n%s", err, gen)
	}
	r := query.mustRun("plan")
	sha := rules.UserDataSHA256([]byte(userData))
	for _, want := range []string{
		"must be replaced", "Warning: lab/" + name + " will be replaced for its user data",
		"user data of sha256 " + sha, "the configuration gives no user data", "generate-config-out",
	} {
		if !strings.Contains(strings.Join(strings.Fields(r.out), " "), want) {
			t.Errorf("the plan of the generated import does not say %q:\n%s", want, r.out)
		}
	}
}
