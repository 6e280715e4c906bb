package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// cliFeature reports the CLI under test (TF_ACC_TERRAFORM_PATH): its name and version, and
// whether it is OpenTofu.
func cliFeature(t *testing.T) (name string, major, minor int) {
	t.Helper()
	out, err := exec.Command(os.Getenv("TF_ACC_TERRAFORM_PATH"), "version", "-json").Output()
	if err != nil {
		t.Fatalf("terraform version -json: %v", err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("terraform version -json: %v", err)
	}
	if _, err := fmt.Sscanf(v.Version, "%d.%d", &major, &minor); err != nil {
		t.Fatalf("terraform version %q: %v", v.Version, err)
	}
	name = "Terraform"
	if strings.Contains(os.Getenv("TF_ACC_PROVIDER_HOST"), "opentofu") || strings.Contains(os.Getenv("TF_ACC_TERRAFORM_PATH"), "tofu") {
		name = "OpenTofu"
	}
	return name + " " + v.Version, major, minor
}

// skipUnlessTerraform skips unless the CLI is Terraform 1.<minor> or later.
func skipUnlessTerraform(t *testing.T, minor int, feature string) {
	t.Helper()
	name, major, m := cliFeature(t)
	if !strings.HasPrefix(name, "Terraform") || major != 1 || m < minor {
		t.Skipf("%s lacks %s (Terraform 1.%d or later)", name, feature, minor)
	}
}

func skipUnlessListResources(t *testing.T) {
	skipUnlessTerraform(t, 14, "list resources (terraform query)")
}
func skipUnlessActions(t *testing.T) { skipUnlessTerraform(t, 14, "actions") }
func skipUnlessIdentity(t *testing.T) {
	skipUnlessTerraform(t, 12, "resource identity in import blocks")
}
