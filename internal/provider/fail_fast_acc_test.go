//go:build ownership

package provider

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/skeema/knownhosts"
	"golang.org/x/crypto/ssh"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// failFastBound is how long a plan may take, from the start of the step to the error, when a
// host refuses connections: the budget of a CI plan check, with the state of a whole fleet.
const failFastBound = 10 * time.Second

// failFastVMs is the size of that fleet.
const failFastVMs = 50

// readOutcome is one ReadResource the provider answered.
type readOutcome struct {
	typeName string
	took     time.Duration
	errors   []string // summary and detail of each error diagnostic
	state    []byte   // the new state's msgpack; an id is visible in it as plain bytes
}

// readRecorder keeps what the provider answered to ReadResource while it is on.
type readRecorder struct {
	on    atomic.Bool
	mu    sync.Mutex
	reads []readOutcome
}

func (r *readRecorder) start() {
	r.mu.Lock()
	r.reads = nil
	r.mu.Unlock()
	r.on.Store(true)
}

func (r *readRecorder) stop() []readOutcome {
	r.on.Store(false)
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads
}

// recordingServer is the production provider server with its reads recorded.
type recordingServer struct {
	tfprotov6.ProviderServer
	rec *readRecorder
}

func (s *recordingServer) ReadResource(ctx context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	start := time.Now()
	resp, err := s.ProviderServer.ReadResource(ctx, req)
	if !s.rec.on.Load() {
		return resp, err
	}
	out := readOutcome{typeName: req.TypeName, took: time.Since(start)}
	if err != nil {
		out.errors = append(out.errors, err.Error())
	}
	if resp != nil {
		for _, d := range resp.Diagnostics {
			if d.Severity == tfprotov6.DiagnosticSeverityError {
				out.errors = append(out.errors, d.Summary+": "+d.Detail)
			}
		}
		if resp.NewState != nil {
			out.state = append([]byte(nil), resp.NewState.MsgPack...)
		}
	}
	s.rec.mu.Lock()
	s.rec.reads = append(s.rec.reads, out)
	s.rec.mu.Unlock()
	return resp, err
}

// recordingFactories serves the production provider, recording its reads into rec.
func recordingFactories(rec *readRecorder) map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"kvm2": func() (tfprotov6.ProviderServer, error) {
			s, err := providerserver.NewProtocol6WithError(New("acctest")())()
			if err != nil {
				return nil, err
			}
			return &recordingServer{ProviderServer: s, rec: rec}, nil
		},
	}
}

// failFastConfig is a fleet of stopped VMs and its base image on host "lab" (reached on
// labPort), and one VM with its own base image on host "good" (the lab on its real port). With
// literal, the fleet names its base image by id instead of referring to the resource: terraform
// then refreshes every VM at once instead of skipping them when the base image's read fails.
func (l *accLab) failFastConfig(prefix, labPort string, literal bool) string {
	fleetBase := "kvm2_base_image.base.id"
	if literal {
		fleetBase = fmt.Sprintf("%q", failFastBaseID(l, prefix))
	}
	host := func(name, port string) string {
		h := l.firstHost(name)
		h.port = port
		return h.block()
	}
	vm := func(block, name, host, base, count string) string {
		return fmt.Sprintf(`
resource "kvm2_proxy_vm" %q {
  %s
  name          = %s
  host          = %q
  base_image_id = %s
  memory_mib    = 64
  disk_gib      = 1
  firmware      = "bios"
  running       = false
  wait_for_ip   = false
}
`, block, count, name, host, base)
	}
	image := func(block, host, name string) string {
		return fmt.Sprintf(`
resource "kvm2_base_image" %q {
  host       = %q
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, block, host, name, l.pool, l.imageURL, l.imageSHA)
	}
	return "provider \"kvm2\" {\n  hosts = {\n" + host("lab", labPort) + host("good", l.port) + "  }\n}\n" +
		image("base", "lab", prefix+"base.qcow2") + image("good", "good", prefix+"good.qcow2") +
		vm("vm", fmt.Sprintf(`"%s${count.index}"`, prefix), "lab", fleetBase, fmt.Sprintf("count = %d", failFastVMs)) +
		vm("good", fmt.Sprintf("%q", prefix+"good"), "good", "kvm2_base_image.good.id", "")
}

// failFastBaseID is the id of the fleet's base image.
func failFastBaseID(l *accLab, prefix string) string {
	return "lab/" + l.pool + "/" + prefix + "base.qcow2"
}

// runObjects lists the domains and volumes on the lab whose names contain prefix.
func (l *accLab) runObjects(prefix string) (domains, volumes []string, err error) {
	out, err := l.virsh("", "list", "--all", "--name")
	if err != nil {
		return nil, nil, err
	}
	for _, f := range strings.Fields(out) {
		if strings.Contains(f, prefix) {
			domains = append(domains, f)
		}
	}
	out, err = l.virsh("", "vol-list", l.pool)
	if err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.Contains(f[0], prefix) {
			volumes = append(volumes, f[0])
		}
	}
	return domains, volumes, nil
}

// TestAccFault_deadHostFailsFast: with a fleet of 50 VMs and a base image in state, a plan
// against a host that refuses connections fails within failFastBound, every read with the same
// error naming the host; the VM and base image of a second, healthy host are read as usual.
func TestAccFault_deadHostFailsFast(t *testing.T) {
	l := newAccLab(t)
	prefix := "ff-" + l.run + "-"
	rec := &readRecorder{}
	dead := closedPort(t)
	healthy := l.failFastConfig(prefix, l.port, false)
	t.Cleanup(func() {
		// Last resort when the test's own destroy failed: the names carry this run's id.
		domains, volumes, err := l.runObjects(prefix)
		if err != nil || len(domains)+len(volumes) == 0 {
			return
		}
		t.Errorf("left on the lab after destroy, removing: %v %v", domains, volumes)
		for _, d := range domains {
			_, _ = l.virsh("", "undefine", "--nvram", d)
		}
		for _, v := range volumes {
			_, _ = l.virsh("", "vol-delete", "--pool", l.pool, v)
		}
	})

	// deadPlan is a step that plans with host "lab" pointing at a port where nothing listens,
	// and the step after it, which checks what that plan did (and restores the healthy host, so
	// that the destroy at the end can run). The error pattern is loose on purpose: a step that
	// fails leaves its configuration for the destroy; the exact checks run in the next step's
	// PreConfig.
	deadPlan := func(literal bool, wantFailed int) []resource.TestStep {
		var start time.Time
		return []resource.TestStep{
			{
				PreConfig: func() {
					rec.start()
					start = time.Now()
				},
				Config:      l.failFastConfig(prefix, dead, literal),
				ExpectError: regexp.MustCompile(`Unable to read (proxy VM|base image) lab/`),
			},
			{
				PreConfig: func() {
					elapsed := time.Since(start)
					reads := rec.stop()
					t.Logf("plan against a refusing host with %d VMs and a base image in state (fleet refers to the base image by id: %v): failed after %v (bound %v)",
						failFastVMs, literal, elapsed.Round(10*time.Millisecond), failFastBound)
					if elapsed > failFastBound {
						t.Errorf("the plan took %v to fail, want at most %v (%s)", elapsed, failFastBound, budget.Now())
					}
					checkFailFastReads(t, reads, dead, wantFailed, "good/"+prefix+"good", "good/"+l.pool+"/"+prefix+"good.qcow2")
				},
				Config: healthy,
			},
		}
	}

	steps := []resource.TestStep{{
		Config: healthy,
		ConfigStateChecks: []statecheck.StateCheck{
			statecheck.ExpectKnownValue("kvm2_base_image.base", tfjsonpath.New("id"), knownvalue.StringExact(failFastBaseID(l, prefix))),
			statecheck.ExpectKnownValue("kvm2_proxy_vm.vm[49]", tfjsonpath.New("state"), knownvalue.StringExact("stopped")),
			statecheck.ExpectKnownValue("kvm2_proxy_vm.good", tfjsonpath.New("id"), knownvalue.StringExact("good/"+prefix+"good")),
		},
	}}
	// Every VM and the base image are read at once, and every read fails alike.
	steps = append(steps, deadPlan(true, failFastVMs+1)...)
	// As most configurations are written: the base image's read fails and terraform skips the VMs.
	steps = append(steps, deadPlan(false, 1)...)

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: recordingFactories(rec),
		CheckDestroy: func(*terraform.State) error {
			domains, volumes, err := l.runObjects(prefix)
			if err != nil {
				return err
			}
			if len(domains)+len(volumes) > 0 {
				return fmt.Errorf("left on the lab after destroy: %v %v", domains, volumes)
			}
			return nil
		},
		Steps: steps,
	})
}

// checkFailFastReads: every read on "lab" failed with the host's refusal (named, with its
// address), none on "good" did, and both of good's objects were read.
func checkFailFastReads(t *testing.T, reads []readOutcome, deadPort string, wantFailed int, goodVMID, goodImageID string) {
	t.Helper()
	var failed, goodVM, goodImage int
	var slowest time.Duration
	for _, r := range reads {
		switch {
		case len(r.errors) == 0 && r.typeName == "kvm2_proxy_vm" && bytes.Contains(r.state, []byte(goodVMID)):
			goodVM++
		case len(r.errors) == 0 && r.typeName == "kvm2_base_image" && bytes.Contains(r.state, []byte(goodImageID)):
			goodImage++
		case len(r.errors) > 0:
			if failed == 0 {
				t.Logf("first %s read error: %s", r.typeName, r.errors[0])
			}
			failed++
			slowest = max(slowest, r.took)
			for _, e := range r.errors {
				for _, want := range []string{"on lab", "refused every connection", "127.0.0.1:" + deadPort, "connection refused"} {
					if !strings.Contains(e, want) {
						t.Errorf("%s read error does not say %q: %s", r.typeName, want, e)
					}
				}
				if strings.Contains(e, "good") {
					t.Errorf("an error mentions the healthy host: %s", e)
				}
			}
		}
	}
	t.Logf("reads: %d failed on lab (slowest %v), good VM read %d times, good image %d times",
		failed, slowest.Round(time.Millisecond), goodVM, goodImage)
	if failed != wantFailed {
		t.Errorf("%d reads failed, want %d", failed, wantFailed)
	}
	if goodVM == 0 || goodImage == 0 {
		t.Errorf("the healthy host's VM was read %d times and its base image %d times without error, want both", goodVM, goodImage)
	}
}

// rsaPublicKey is a fresh RSA public key: a key type the lab host (ed25519 only) does not offer.
func rsaPublicKey(t *testing.T) ssh.PublicKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ssh.NewPublicKey(&k.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return pub
}

// TestAccFault_hostKeyTypeChanged: the host offers no key of the type known for it (as
// after a reinstall with another key type): health says HostKeyMismatch and what to update,
// for a pinned host_key and for a known_hosts entry.
func TestAccFault_hostKeyTypeChanged(t *testing.T) {
	l := newAccLab(t)
	pub := rsaPublicKey(t)
	knownHosts := filepath.Join(t.TempDir(), "known_hosts")
	line := knownhosts.Line([]string{net.JoinHostPort(l.host, l.port)}, pub) + "\n"
	if err := os.WriteFile(knownHosts, []byte(line), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct{ attr, says string }{
		"pinned":      {fmt.Sprintf("host_key = %q", strings.TrimSpace(string(ssh.MarshalAuthorizedKey(pub)))), "update host_key"},
		"known_hosts": {fmt.Sprintf("known_hosts_file = %q", knownHosts), "known_hosts_file"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: l.factories(),
				Steps: []resource.TestStep{{
					Config: l.providerBlock(tc.attr) + healthConfig,
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(healthAddr, tfjsonpath.New("hosts"), knownvalue.ListExact([]knownvalue.Check{
							knownvalue.ObjectPartial(map[string]knownvalue.Check{
								"status": knownvalue.StringExact("down"),
								"reason": knownvalue.StringExact("HostKeyMismatch"),
								"message": knownvalue.StringRegexp(regexp.MustCompile(
									`offers only ssh-ed25519 host keys.*reinstalled.*` + regexp.QuoteMeta(tc.says))),
							}),
						})),
					},
				}},
			})
		})
	}
}
