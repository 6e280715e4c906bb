//go:build acceptance || ownership || cloud || matrix

package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// cliDir is a Terraform working directory driven through the real terraform binary, as a user
// runs it (-target, state rm, plain output), with this package's provider served in-process
// and attached through TF_REATTACH_PROVIDERS. The test harness of terraform-plugin-testing has
// no -target; the tests that need one use this.
type cliDir struct {
	t        *testing.T
	dir      string
	bin      string
	reattach string
	env      []string // added to every command's environment (TF_WORKSPACE=..., say)
}

// newCLIDir serves the provider for the life of the test and returns an empty working directory.
func newCLIDir(t *testing.T) *cliDir {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		var err error
		if bin, err = exec.LookPath("terraform"); err != nil {
			t.Fatal("no terraform binary: set TF_ACC_TERRAFORM_PATH (make acc does)")
		}
	}
	host := os.Getenv("TF_ACC_PROVIDER_HOST")
	if host == "" {
		host = "registry.terraform.io"
	}
	addr := host + "/hashicorp/kvm2"

	ctx, cancel := context.WithCancel(context.Background())
	configCh := make(chan *plugin.ReattachConfig, 1)
	closeCh := make(chan struct{})
	serveErr := make(chan error, 1)
	go func() {
		serveErr <- tf6server.Serve(addr, func() tfprotov6.ProviderServer { return providerserver.NewProtocol6(New("acctest")())() },
			tf6server.WithDebug(ctx, configCh, closeCh),
			tf6server.WithGoPluginLogger(hclog.NewNullLogger()),
			tf6server.WithoutLogStderrOverride(),
			// Provider logs go where TF_LOG and TF_LOG_PATH say, as in the plugin-testing harness.
			tf6server.WithLoggingSink(t))
	}()
	var cfg *plugin.ReattachConfig
	select {
	case cfg = <-configCh:
	case err := <-serveErr:
		cancel()
		t.Fatalf("serve the provider: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("the provider server did not start in 30 s")
	}
	t.Cleanup(func() {
		cancel()
		select {
		case <-closeCh:
		case <-time.After(10 * time.Second):
			t.Log("the provider server did not stop in 10 s")
		}
	})
	info, err := json.Marshal(map[string]any{addr: map[string]any{
		"Protocol": cfg.Protocol, "ProtocolVersion": cfg.ProtocolVersion, "Pid": cfg.Pid, "Test": cfg.Test,
		"Addr": map[string]string{"Network": cfg.Addr.Network(), "String": cfg.Addr.String()},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return &cliDir{t: t, dir: t.TempDir(), bin: bin, reattach: string(info)}
}

// write replaces the file name of the working directory with content.
func (d *cliDir) write(name, content string) {
	d.t.Helper()
	if err := os.WriteFile(filepath.Join(d.dir, name), []byte(content), 0o600); err != nil {
		d.t.Fatal(err)
	}
}

// cliRun is one terraform command's outcome.
type cliRun struct {
	args   []string
	out    string // stdout and stderr, interleaved as printed
	code   int
	took   time.Duration
	failed bool
}

// run runs terraform with args (-no-color and -input=false added where they apply) and returns
// what it printed and its exit code; it fails the test only when terraform could not be started.
func (d *cliDir) run(args ...string) cliRun {
	d.t.Helper()
	full := []string{args[0]}
	switch args[0] {
	case "init", "plan", "apply", "destroy", "import", "refresh":
		full = append(full, "-no-color", "-input=false")
	case "output":
		full = append(full, "-no-color")
	}
	full = append(full, args[1:]...)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, d.bin, full...)
	cmd.Dir = d.dir
	cmd.Env = append(append(os.Environ(), d.env...), "TF_REATTACH_PROVIDERS="+d.reattach, "TF_IN_AUTOMATION=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	r := cliRun{args: full, out: out.String(), took: time.Since(start)}
	if err != nil {
		exitErr, ok := err.(*exec.ExitError)
		if !ok {
			d.t.Fatalf("%s %s: %v", filepath.Base(d.bin), strings.Join(full, " "), err)
		}
		r.code, r.failed = exitErr.ExitCode(), true
	}
	d.t.Logf("%s %s: exit %d in %v", filepath.Base(d.bin), strings.Join(full, " "), r.code, r.took.Round(10*time.Millisecond))
	return r
}

// mustRun is run that fails the test, showing the output, unless terraform exits 0.
func (d *cliDir) mustRun(args ...string) cliRun {
	d.t.Helper()
	r := d.run(args...)
	if r.failed {
		d.t.Fatalf("%s %s exited %d:\n%s", filepath.Base(d.bin), strings.Join(r.args, " "), r.code, r.out)
	}
	return r
}

// planIsEmpty runs plan -detailed-exitcode and fails the test unless it plans no change.
func (d *cliDir) planIsEmpty(what string) {
	d.t.Helper()
	r := d.run("plan", "-detailed-exitcode")
	if r.code != 0 {
		d.t.Fatalf("%s: plan exited %d, want 0 (no changes):\n%s", what, r.code, r.out)
	}
}

// outputs returns terraform output -json, decoded: name -> value.
func (d *cliDir) outputs() map[string]any {
	d.t.Helper()
	r := d.mustRun("output", "-json")
	var raw map[string]struct {
		Value any `json:"value"`
	}
	if err := json.Unmarshal([]byte(r.out), &raw); err != nil {
		d.t.Fatalf("terraform output -json: %v\n%s", err, r.out)
	}
	vals := make(map[string]any, len(raw))
	for k, v := range raw {
		vals[k] = v.Value
	}
	return vals
}

// applySummary is the "Resources: ..." figures of an apply's closing line, as printed.
func applySummary(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "Resources: "); i >= 0 && strings.Contains(line, "complete") {
			return strings.TrimSuffix(strings.TrimSpace(line[i+len("Resources: "):]), ".")
		}
	}
	return fmt.Sprintf("(no closing line in %d bytes of output)", len(out))
}

// closedPort is a local TCP port on which nothing listens.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	return fmt.Sprint(port)
}
