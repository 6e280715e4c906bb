package provider

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"golang.org/x/crypto/ssh"
)

// fastRetry keeps unit tests quick: backoff and polling in milliseconds.
var fastRetry = providertest.FastRetry

// afterAll runs when every test of the binary has ended (the fault harness's private mirror).
var afterAll []func()

// TestMain points the testing framework at the local terraform binary and an empty CLI
// configuration, unless the caller (the Makefile) already did.
func TestMain(m *testing.M) {
	setDefaultEnv("CHECKPOINT_DISABLE", "1")
	setDefaultEnv("TF_ACC_TERRAFORM_PATH", "/usr/local/bin/terraform")
	if os.Getenv("TF_CLI_CONFIG_FILE") == "" {
		dir, err := os.MkdirTemp("", "kvm2-provider-test")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		cfg := filepath.Join(dir, "terraformrc")
		if err := os.WriteFile(cfg, nil, 0o600); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Setenv("TF_CLI_CONFIG_FILE", cfg)
		code := m.Run()
		os.RemoveAll(dir)
		runAfterAll()
		os.Exit(code)
	}
	code := m.Run()
	runAfterAll()
	os.Exit(code)
}

func runAfterAll() {
	for _, f := range afterAll {
		f()
	}
}

func setDefaultEnv(key, value string) {
	if os.Getenv(key) == "" {
		os.Setenv(key, value)
	}
}

// factories serves the real provider, with its core built by newClient.
func factories(newClient ClientFactory) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"kvm2": providerserver.NewProtocol6WithError(newProvider("test", newClient, fastRetry)()),
	}
}

// rowStep is step as one row of a table whose rows run as the steps of one test case (one
// terraform init and version check for the table, not one per row: that overhead was most of a
// plan-only row's cost). The step first logs the row's name, so a failing step says which row
// it is. Only for rows that leave nothing in state: plan-only steps.
func rowStep(t *testing.T, name string, step resource.TestStep) resource.TestStep {
	step.PreConfig = func() { t.Logf("row %q", name) }
	return step
}

// refusalStep is a row whose plan must fail with an error matching want.
func refusalStep(t *testing.T, name, config, want string) resource.TestStep {
	return rowStep(t, name, resource.TestStep{Config: config, PlanOnly: true, ExpectError: regexp.MustCompile(want)})
}

// plannedStep is a row whose plan must succeed and plan something.
func plannedStep(t *testing.T, name, config string) resource.TestStep {
	return rowStep(t, name, resource.TestStep{Config: config, PlanOnly: true, ExpectNonEmptyPlan: true})
}

// testHostKey is a syntactically valid pinned host key; unit tests never dial.
const testHostKey = providertest.HostKey

// providerBlock is a provider with one host "lab" whose extra attributes are given by attrs.
func providerBlock(attrs string) string {
	return fmt.Sprintf(`
provider "kvm2" {
  hosts = {
    lab = {
      address = "127.0.0.1"
      %s
    }
  }
}
`, attrs)
}

// validHostAttrs authenticate with an inline key (a real one: Configure parses it) and verify
// with a pinned host key.
var validHostAttrs = `private_key = "` + hclEscape(testPrivateKey) + `"
      host_key    = "` + testHostKey + `"`

// testPrivateKey is an unencrypted OpenSSH ed25519 key made for this test run.
var testPrivateKey = newTestPrivateKey(nil)

// newTestPrivateKey returns a fresh ed25519 key in OpenSSH PEM, protected by passphrase when
// one is given.
func newTestPrivateKey(passphrase []byte) string {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	var block *pem.Block
	if passphrase == nil {
		block, err = ssh.MarshalPrivateKey(priv, "")
	} else {
		block, err = ssh.MarshalPrivateKeyWithPassphrase(priv, "", passphrase)
	}
	if err != nil {
		panic(err)
	}
	return string(pem.EncodeToMemory(block))
}

// hclEscape makes s fit between double quotes in HCL.
func hclEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "${", "$${", "%{", "%%{").Replace(s)
}

// hclString quotes s as an HCL string literal: Go's quoting, with template sequences escaped.
func hclString(s string) string {
	q := strconv.Quote(s)
	return strings.NewReplacer("${", "$${", "%{", "%%{").Replace(q)
}
