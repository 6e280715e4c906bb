//go:build acceptance || ownership || cloud || matrix || chaos

package provider

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// cliUnderTest is the CLI the acceptance tests drive (TF_ACC_TERRAFORM_PATH, else terraform on
// PATH): Terraform or OpenTofu, and its version.
type cliUnderTest struct {
	path                string
	tofu                bool
	major, minor, patch int
	version             string // as `version -json` reports it, e.g. "1.14.9"
}

// String names the CLI as its own `version` does: "Terraform v1.14.9", "OpenTofu v1.12.6".
func (c cliUnderTest) String() string {
	if c.tofu {
		return "OpenTofu v" + c.version
	}
	return "Terraform v" + c.version
}

// atLeast reports whether the CLI's version is major.minor or later.
func (c cliUnderTest) atLeast(major, minor int) bool {
	return c.major > major || (c.major == major && c.minor >= minor)
}

// cliVersion reads the CLI under test once per test binary: `version -json` for the version
// (terraform and tofu both print {"terraform_version": ...}) and the plain `version` line for
// which of the two it is.
var cliVersion = sync.OnceValues(func() (cliUnderTest, error) {
	path := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if path == "" {
		var err error
		if path, err = exec.LookPath("terraform"); err != nil {
			return cliUnderTest{}, fmt.Errorf("no CLI under test: set TF_ACC_TERRAFORM_PATH (make acc does)")
		}
	}
	c := cliUnderTest{path: path}
	out, err := exec.Command(path, "version", "-json").Output()
	if err != nil {
		return c, fmt.Errorf("%s version -json: %w", path, err)
	}
	var v struct {
		Version string `json:"terraform_version"`
	}
	// tofu prints CLI configuration warnings on stdout, before the JSON.
	if i := bytes.IndexByte(out, '{'); i > 0 {
		out = out[i:]
	}
	if err := json.Unmarshal(out, &v); err != nil {
		return c, fmt.Errorf("%s version -json: %w: %q", path, err, out)
	}
	c.version = v.Version
	if _, err := fmt.Sscanf(v.Version, "%d.%d.%d", &c.major, &c.minor, &c.patch); err != nil {
		return c, fmt.Errorf("%s version -json: version %q: %w", path, v.Version, err)
	}
	plain, err := exec.Command(path, "version").Output()
	if err != nil {
		return c, fmt.Errorf("%s version: %w", path, err)
	}
	for _, line := range strings.Split(string(plain), "\n") {
		switch line {
		case "OpenTofu v" + c.version:
			c.tofu = true
			return c, nil
		case "Terraform v" + c.version:
			return c, nil
		}
	}
	return c, fmt.Errorf("%s version: neither Terraform v%s nor OpenTofu v%s:\n%s", path, c.version, c.version, plain)
})

// mustCLI is the CLI under test; a CLI that cannot be read fails the test (it is no reason to
// skip one).
func mustCLI(t *testing.T) cliUnderTest {
	t.Helper()
	c, err := cliVersion()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// cliFeature is a language feature the tests need, and the first release of each CLI that has
// it (0, 0: none yet).
type cliFeature struct {
	what            string
	terraform, tofu [2]int
}

var (
	// Write-only attributes (user_data_wo): Terraform 1.11, OpenTofu 1.11.
	featureWriteOnly = cliFeature{what: "write-only attributes", terraform: [2]int{1, 11}, tofu: [2]int{1, 11}}
	// List resources and `terraform query`: Terraform 1.14. OpenTofu 1.12 has neither a query
	// command nor list blocks.
	featureListResources = cliFeature{what: "list resources (terraform query)", terraform: [2]int{1, 14}}
	// Resource identity in import blocks: Terraform 1.12, OpenTofu 1.12.
	featureIdentity = cliFeature{what: "resource identity in import blocks", terraform: [2]int{1, 12}, tofu: [2]int{1, 12}}
	// Actions (action blocks, -invoke): Terraform 1.14. OpenTofu 1.12 has no actions.
	featureActions = cliFeature{what: "actions (action blocks, -invoke)", terraform: [2]int{1, 14}}
)

// has reports whether the CLI under test has the feature, and if not, why, naming both.
func (c cliUnderTest) has(f cliFeature) (bool, string) {
	first, name := f.terraform, "Terraform"
	if c.tofu {
		first, name = f.tofu, "OpenTofu"
	}
	if first == [2]int{} {
		return false, fmt.Sprintf("%s lacks %s: no %s release up to this one has them", c, f.what, name)
	}
	if !c.atLeast(first[0], first[1]) {
		return false, fmt.Sprintf("%s lacks %s: %s has them from %d.%d", c, f.what, name, first[0], first[1])
	}
	return true, ""
}

func skipUnless(t *testing.T, f cliFeature) {
	t.Helper()
	if ok, why := mustCLI(t).has(f); !ok {
		t.Skip(why)
	}
}

// skipUnlessWriteOnly skips the test, saying why, on a CLI without write-only attributes.
func skipUnlessWriteOnly(t *testing.T) {
	t.Helper()
	skipUnless(t, featureWriteOnly)
}

// skipUnlessListResources skips the test, saying why, on a CLI without list resources.
func skipUnlessListResources(t *testing.T) {
	t.Helper()
	skipUnless(t, featureListResources)
}

// skipUnlessActions skips the test, saying why, on a CLI without actions.
func skipUnlessActions(t *testing.T) {
	t.Helper()
	skipUnless(t, featureActions)
}

// skipUnlessIdentity skips the test, saying why, on a CLI without identity in import blocks.
func skipUnlessIdentity(t *testing.T) {
	t.Helper()
	skipUnless(t, featureIdentity)
}

// stepNeedsWriteOnly is a TestStep SkipFunc: true on a CLI without write-only attributes, after
// logging why (the harness itself only says that a step was skipped).
func stepNeedsWriteOnly(t *testing.T) func() (bool, error) {
	return func() (bool, error) {
		c, err := cliVersion()
		if err != nil {
			return false, err
		}
		ok, why := c.has(featureWriteOnly)
		if !ok {
			t.Logf("skipping the step: %s", why)
		}
		return !ok, nil
	}
}
