//go:build cloud

package provider

// The harness of the cloud image acceptance tests (cloud_acc_test.go): the lab's Debian 12 cloud
// image as a base image, VMs on it, and what the tests read from outside the guest: the guest
// agent (guest-exec through the lab's virsh), the serial console, and a proxy request from the
// host through the guest.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// cloudPrefix names everything the cloud tests create on the lab.
const cloudPrefix = "kvm2-cacc-"

// The waits' bounds are internal/lab/budget's Cloud* budgets; the console tap has its own.
const cloudConsoleLifetime = 30 * time.Minute

// cloudLab is the lab host with the cloud image the lab serves (KVM2_TEST_CLOUD_IMAGE_*).
type cloudLab struct {
	*accLab
	cloudURL, cloudSHA, cloudPath, proxyPort string
}

// newCloudLab skips without TF_ACC, and without the cloud image's environment unless the cloud
// tier was asked for (KVM2_TEST_CLOUD=1, set by make cloud), where its absence fails the test.
func newCloudLab(t *testing.T) *cloudLab {
	t.Helper()
	l := newAccLab(t)
	l.prefix = cloudPrefix
	c := &cloudLab{accLab: l, cloudURL: os.Getenv("KVM2_TEST_CLOUD_IMAGE_URL"),
		cloudSHA: os.Getenv("KVM2_TEST_CLOUD_IMAGE_SHA256"), cloudPath: os.Getenv("KVM2_TEST_CLOUD_IMAGE_PATH"),
		proxyPort: os.Getenv("KVM2_TEST_PROXY_PORT")}
	if c.cloudURL == "" || c.cloudSHA == "" {
		if os.Getenv("KVM2_TEST_CLOUD") != "" {
			t.Fatal("KVM2_TEST_CLOUD is set but KVM2_TEST_CLOUD_IMAGE_URL or KVM2_TEST_CLOUD_IMAGE_SHA256 is not: " +
				"build and serve the cloud image (make lab-cloud-image) and source .lab/env")
		}
		t.Skip("cloud image acceptance: KVM2_TEST_CLOUD_IMAGE_URL and KVM2_TEST_CLOUD_IMAGE_SHA256 are unset; " +
			"make cloud builds the image, serves it and runs these tests")
	}
	if c.proxyPort == "" {
		c.proxyPort = "8888"
	}
	return c
}

// baseImage is kvm2_base_image "base" holding the cloud image in the lab's pool.
func (c *cloudLab) baseImage() string {
	return fmt.Sprintf(`
resource "kvm2_base_image" "base" {
  host       = "lab"
  name       = %q
  pool       = %q
  source_url = %q
  sha256     = %q
}
`, c.name("base")+".qcow2", c.pool, c.cloudURL, c.cloudSHA)
}

// vm is kvm2_proxy_vm "egress" on the cloud image with firmware and extra attributes.
func (c *cloudLab) vm(name, firmware, extra string) string {
	return fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  name          = %q
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  vcpus         = 1
  memory_mib    = 512
  disk_gib      = 3
  firmware      = %q
  %s
}
`, name, firmware, extra)
}

// agent sends one guest agent command through the lab's virsh and returns its "return" value.
func (c *cloudLab) agent(domain string, command any) (json.RawMessage, error) {
	b, err := json.Marshal(command)
	if err != nil {
		return nil, err
	}
	out, err := c.virsh("", "qemu-agent-command", domain, shellQuote(string(b)), "--timeout", "10")
	if err != nil {
		return nil, err
	}
	var r struct {
		Return json.RawMessage `json:"return"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		return nil, fmt.Errorf("agent answered %q: %w", out, err)
	}
	return r.Return, nil
}

// guestRun is the outcome of a command run in the guest by its agent.
type guestRun struct {
	out, errOut string
	code        int
}

// exec runs script with /bin/sh in the guest through the agent's guest-exec and waits, bounded,
// for it to exit.
func (c *cloudLab) exec(domain, script string) (guestRun, error) {
	raw, err := c.agent(domain, map[string]any{"execute": "guest-exec", "arguments": map[string]any{
		"path": "/bin/sh", "arg": []string{"-c", script}, "capture-output": true}})
	if err != nil {
		return guestRun{}, err
	}
	var started struct {
		PID int `json:"pid"`
	}
	if err := json.Unmarshal(raw, &started); err != nil {
		return guestRun{}, err
	}
	w := budget.CloudExec.Start()
	for ; !w.Over(); time.Sleep(300 * time.Millisecond) {
		raw, err := c.agent(domain, map[string]any{"execute": "guest-exec-status", "arguments": map[string]any{"pid": started.PID}})
		if err != nil {
			return guestRun{}, err
		}
		var st struct {
			Exited   bool   `json:"exited"`
			ExitCode int    `json:"exitcode"`
			Out      string `json:"out-data"`
			Err      string `json:"err-data"`
		}
		if err := json.Unmarshal(raw, &st); err != nil {
			return guestRun{}, err
		}
		if !st.Exited {
			continue
		}
		out, _ := base64.StdEncoding.DecodeString(st.Out)
		errOut, _ := base64.StdEncoding.DecodeString(st.Err)
		return guestRun{out: string(out), errOut: string(errOut), code: st.ExitCode}, nil
	}
	return guestRun{}, w.Errorf("guest-exec %q in %s did not exit", script, domain)
}

// agentIPv4 is the first non-loopback IPv4 address the guest agent reports, or "".
func (c *cloudLab) agentIPv4(domain string) (string, error) {
	out, err := c.virsh("", "domifaddr", domain, "--source", "agent")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && f[2] == "ipv4" && !strings.HasPrefix(f[3], "127.") {
			return strings.SplitN(f[3], "/", 2)[0], nil
		}
	}
	return "", nil
}

// waitAgentIPv4 polls, bounded, until the agent reports an IPv4 address.
func (c *cloudLab) waitAgentIPv4(domain string, t0 time.Time) (string, error) {
	var lastErr error
	w := budget.CloudAgent.From(t0)
	for !w.Over() {
		ip, err := c.agentIPv4(domain)
		if err == nil && ip != "" {
			return ip, nil
		}
		lastErr = err
		time.Sleep(2 * time.Second)
	}
	return "", w.Errorf("the guest agent of %s reported none, counted from the apply's start (last error: %v)", domain, lastErr)
}

// cloudInit is what cloud-init says about itself once it has finished.
type cloudInit struct {
	status string // the status --long output
	code   int    // its exit code: 0 done, 1 error (2 degraded on later releases)
	result string // /run/cloud-init/result.json
	uptime string // guest uptime (s) when result.json was written
	schema string // cloud-init schema --system, when cloud-init found the config invalid
}

// cloudInitFinished is the cheap poll: cloud-init writes result.json when its last stage ends.
// (Polling cloud-init status itself starts Python in the guest each time, which under TCG takes
// the guest's one CPU from the boot it measures.)
const cloudInitFinished = "test -e /run/cloud-init/result.json"

// cloudInitScript prints cloud-init's status, its result file and the guest uptime at which it
// was written.
const cloudInitScript = `s=$(cloud-init status --long 2>&1); rc=$?
up=$(cut -d' ' -f1 /proc/uptime); now=$(date +%s); m=$(stat -c %Y /run/cloud-init/result.json)
printf '%s\n--rc %s\n--uptime %s\n--schema\n' "$s" "$rc" "$(echo "$up $now $m" | awk '{print $1-($2-$3)}')"
! grep -q 'Invalid cloud-config provided' /var/log/cloud-init.log || cloud-init schema --system 2>&1
printf -- '--result\n'
cat /run/cloud-init/result.json`

// waitCloudInit polls, bounded, until cloud-init has finished in the guest.
func (c *cloudLab) waitCloudInit(domain string, t0 time.Time) (cloudInit, error) {
	var last string
	w := budget.CloudInit.From(t0)
	for !w.Over() {
		if r, err := c.exec(domain, cloudInitFinished); err != nil || r.code != 0 {
			last = fmt.Sprint("result.json: ", err, r.code)
			time.Sleep(3 * time.Second)
			continue
		}
		r, err := c.exec(domain, cloudInitScript)
		if err != nil {
			return cloudInit{}, err
		}
		status, rest, _ := strings.Cut(r.out, "\n--rc ")
		rc, rest, _ := strings.Cut(rest, "\n--uptime ")
		up, rest, _ := strings.Cut(rest, "\n--schema\n")
		schema, result, _ := strings.Cut(rest, "--result\n")
		code, _ := strconv.Atoi(strings.TrimSpace(rc))
		return cloudInit{status: status, code: code, result: result, uptime: strings.TrimSpace(up), schema: strings.TrimSpace(schema)}, nil
	}
	return cloudInit{}, w.Errorf("cloud-init in %s, counted from the apply's start; last: %s", domain, last)
}

// checkClean fails unless cloud-init finished done, without errors in its status or result.
func (ci cloudInit) checkClean() error {
	var res struct {
		V1 struct {
			Errors            []any `json:"errors"`
			RecoverableErrors any   `json:"recoverable_errors"`
		} `json:"v1"`
	}
	if err := json.Unmarshal([]byte(ci.result), &res); err != nil {
		return fmt.Errorf("cloud-init result.json %q: %w", ci.result, err)
	}
	if ci.code != 0 || !strings.Contains(ci.status, "status: done") || len(res.V1.Errors) > 0 {
		return fmt.Errorf("cloud-init did not finish cleanly (exit %d):\n%s\nresult.json: %s", ci.code, ci.status, ci.result)
	}
	if ci.schema != "" && !strings.HasPrefix(ci.schema, "Valid") {
		return fmt.Errorf("cloud-init found the cloud-config invalid:\n%s", ci.schema)
	}
	if m, ok := res.V1.RecoverableErrors.(map[string]any); ok && len(m) > 0 {
		return fmt.Errorf("cloud-init finished with recoverable errors: %s", ci.result)
	}
	return nil
}

// guestFacts runs script in the guest and parses its "key=value" lines.
func (c *cloudLab) guestFacts(domain, script string) (map[string]string, error) {
	r, err := c.exec(domain, script)
	if err != nil {
		return nil, err
	}
	facts := map[string]string{}
	for _, line := range strings.Split(r.out, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			facts[k] = v
		}
	}
	return facts, nil
}

// guestLogTail is the end of cloud-init's logs in the guest, for a failure message.
func (c *cloudLab) guestLogTail(domain string) string {
	r, err := c.exec(domain, "cloud-init status --long; tail -n 25 /var/log/cloud-init-output.log; grep -E 'WARNING|ERROR|Traceback' /var/log/cloud-init.log | tail -n 15")
	if err != nil {
		return fmt.Sprintf("(no log from the guest: %v)", err)
	}
	return r.out + r.errOut
}

// vmIPv4 is the ipv4_address terraform recorded for kvm2_proxy_vm.egress.
func vmIPv4(s *terraform.State) (string, error) {
	r, ok := s.RootModule().Resources[vmAddr]
	if !ok {
		return "", fmt.Errorf("%s is not in state", vmAddr)
	}
	ip := r.Primary.Attributes["ipv4_address"]
	if net.ParseIP(ip).To4() == nil {
		return "", fmt.Errorf("%s has ipv4_address %q, want an IPv4 address", vmAddr, ip)
	}
	return ip, nil
}

// tapConsole copies the domain's serial console (a pty on the lab host) from the moment the
// domain appears, and logs its tail when the test fails.
func (c *cloudLab) tapConsole(domain string) {
	t := c.t
	buf := &syncBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for w := budget.CloudConsole.Start(); !w.Over() && ctx.Err() == nil; {
			out, err := c.virsh("", "ttyconsole", domain)
			if p := strings.TrimSpace(out); err == nil && strings.HasPrefix(p, "/dev/pts/") {
				// Raw and without echo, so nothing read is sent back to the guest as input.
				cmd := c.ssh(ctx, fmt.Sprintf("stty -F %s raw -echo && exec timeout %d cat %s", p, int(cloudConsoleLifetime.Seconds()), p))
				cmd.Stdout = buf
				_ = cmd.Run()
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(300 * time.Millisecond):
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		if t.Failed() {
			lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
			t.Logf("the last %d lines of %s's serial console:\n%s", min(40, len(lines)), domain,
				strings.Join(lines[max(0, len(lines)-40):], "\n"))
		}
	})
}

// checkProxy polls, bounded, until a request from the host through the proxy at proxy returns
// the token from target.
func checkProxy(proxy, target, token string) error {
	pu, err := url.Parse("http://" + proxy)
	if err != nil {
		return err
	}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: http.ProxyURL(pu)}}
	var last string
	w := budget.CloudProxy.Start()
	for ; !w.Over(); time.Sleep(time.Second) {
		resp, err := client.Get(target)
		if err != nil {
			last = err.Error()
			continue
		}
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK && string(body) == token {
			return nil
		}
		last = fmt.Sprintf("%s: %q", resp.Status, body)
	}
	return w.Errorf("from %s through the proxy at %s; last: %s", target, proxy, last)
}

// imageAgentVersion is the qemu-guest-agent version the cloud image was built with, from the
// packages.txt the image build writes beside the image; "" when that list is not at hand.
func (c *cloudLab) imageAgentVersion() string {
	if c.cloudPath == "" {
		return ""
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(c.cloudPath), "packages.txt"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "qemu-guest-agent" {
			return f[1]
		}
	}
	return ""
}
