//go:build acceptance || matrix

package provider

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// TestAccProxyVM_rollingReplacementKeepsEgressUp: a group of two proxies (the tiny guest runs
// tinyproxy from its user data) named from name_prefix is replaced (new user data) with
// create_before_destroy while a poller sends a request every 0.5 s through every VM of the
// group that the host lists; then replaced again without it. The longest time no VM of the
// group answered is logged for both: with create_before_destroy it must stay within a few
// polls, and below the plain replacement's, which spans a boot.
func TestAccProxyVM_rollingReplacementKeepsEgressUp(t *testing.T) {
	l := newAccLab(t)
	hostIP, _ := l.subnet(l.network)
	target, token := tokenServer(t, hostIP)
	tag := l.name("roll")
	group := func(version string, cbd bool) string {
		lifecycle := ""
		if cbd {
			lifecycle = "lifecycle {\n    create_before_destroy = true\n  }"
		}
		return l.config(l.baseImage(l.pool) + fmt.Sprintf(`
resource "kvm2_proxy_vm" "egress" {
  count         = 2
  name_prefix   = "%s-${count.index}-"
  host          = "lab"
  base_image_id = kvm2_base_image.base.id
  memory_mib    = 128
  disk_gib      = 1
  firmware      = "bios"
  tag           = %q
  user_data     = "#!/bin/sh\n# version %s\ntinyproxy -c /etc/tinyproxy.conf\n"
  %s
}
`, tag, tag, version, lifecycle))
	}
	p := startEgressPoller(t, l.client(), tag, target, token)
	var cbdGap, plainGap time.Duration
	// replacement replaces the group with user data version, create-before-destroy or not, and
	// records the longest silence of its apply in gap.
	replacement := func(version string, cbd bool, gap *time.Duration) resource.TestStep {
		action := plancheck.ResourceActionDestroyBeforeCreate
		if cbd {
			action = plancheck.ResourceActionCreateBeforeDestroy
		}
		var from time.Time
		return resource.TestStep{
			PreConfig: func() { from = time.Now() },
			Config:    group(version, cbd),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("kvm2_proxy_vm.egress[0]", action),
				plancheck.ExpectResourceAction("kvm2_proxy_vm.egress[1]", action),
			}},
			Check: func(*terraform.State) error {
				if err := p.waitAnswering(2, budget.ProxiesAnswer); err != nil {
					return err
				}
				*gap = p.longestSilence(from, time.Now())
				return nil
			},
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: group("1", true), Check: func(*terraform.State) error { return p.waitAnswering(2, budget.ProxiesAnswer) }},
			replacement("2", true, &cbdGap),
			replacement("3", false, &plainGap),
		},
	})
	t.Logf("longest time no VM of the group answered: create_before_destroy %s, plain replacement %s (a poll every %s)",
		cbdGap, plainGap, pollEvery)
	if cbdGap > 4*pollEvery || cbdGap >= plainGap {
		t.Errorf("create_before_destroy left the group silent for %s (plain replacement: %s)", cbdGap, plainGap)
	}
}

// pollEvery is how often the poller lists the group and asks each of its VMs.
const pollEvery = 500 * time.Millisecond

// egressPoller asks, every pollEvery, every VM of one tag that the host last listed with an
// address for the token through its proxy, and records for each poll how many answered. The
// list is read apart from the polls, so a slow list never counts as a silence.
type egressPoller struct {
	mu      sync.Mutex
	ips     []string
	listErr error  // the last list's error
	lastErr string // why the last poll's first failed request failed
	polls   []poll
}

type poll struct {
	at       time.Time
	answered int
}

// startEgressPoller lists and polls until the test ends.
func startEgressPoller(t *testing.T, c *kvm2.Client, tag, target, token string) *egressPoller {
	p := &egressPoller{}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // the group's addresses, as the host lists them
		defer wg.Done()
		for ctx.Err() == nil {
			lctx, lcancel := context.WithTimeout(ctx, 10*time.Second)
			vms, err := c.ListByTag(lctx, tag, "lab")
			lcancel()
			p.mu.Lock()
			p.listErr = err
			p.mu.Unlock()
			if err == nil {
				var ips []string
				for _, vm := range vms { // a list reads marks; the address is Get's
					gctx, gcancel := context.WithTimeout(ctx, 5*time.Second)
					inst, gerr := c.Get(gctx, vm.ID, vm.UID)
					gcancel()
					if gerr == nil && inst.IPv4 != "" {
						ips = append(ips, inst.IPv4)
					}
				}
				p.mu.Lock()
				p.ips = ips
				p.mu.Unlock()
			}
			select {
			case <-ctx.Done():
			case <-time.After(pollEvery / 2):
			}
		}
	}()
	go func() { // the polls
		defer wg.Done()
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case at := <-tick.C:
				p.mu.Lock()
				ips := p.ips
				p.mu.Unlock()
				n, why := answering(ips, target, token)
				p.mu.Lock()
				p.lastErr = why
				p.polls = append(p.polls, poll{at: at, answered: n})
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancel(); wg.Wait() })
	return p
}

// answering asks every address for the token through its proxy, at once, and counts
// the answers that came within a poll; why says how one that did not answer failed.
func answering(ips []string, target, token string) (n int, why string) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, ip := range ips {
		wg.Add(1)
		go func(ip string) {
			defer wg.Done()
			pu, _ := url.Parse("http://" + net.JoinHostPort(ip, "8888"))
			client := &http.Client{Timeout: pollEvery, Transport: &http.Transport{Proxy: http.ProxyURL(pu), DisableKeepAlives: true}}
			resp, err := client.Get(target)
			if err != nil {
				mu.Lock()
				why = fmt.Sprintf("%s: %v", ip, err)
				mu.Unlock()
				return
			}
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK && string(body) == token {
				mu.Lock()
				n++
				mu.Unlock()
			}
		}(ip)
	}
	wg.Wait()
	return n, why
}

// waitAnswering waits, within the wait on b, until a poll got answers from n VMs.
func (p *egressPoller) waitAnswering(n int, b budget.Budget) error {
	w := b.Start()
	for ; !w.Over(); time.Sleep(pollEvery) {
		p.mu.Lock()
		last := 0
		if len(p.polls) > 0 {
			last = p.polls[len(p.polls)-1].answered
		}
		p.mu.Unlock()
		if last >= n {
			return nil
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return w.Errorf("no poll got answers from %d VMs of the group (addresses listed: %v, list error: %v, "+
		"a failed request: %s)", n, p.ips, p.listErr, p.lastErr)
}

// longestSilence is the longest time between from and to during which no poll got an answer:
// from the last poll that got one (or from) to the next that did (or to).
func (p *egressPoller) longestSilence(from, to time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	longest, lastHeard := time.Duration(0), from
	for _, q := range p.polls {
		if q.at.Before(from) || q.at.After(to) || q.answered == 0 {
			continue
		}
		longest = max(longest, q.at.Sub(lastHeard))
		lastHeard = q.at
	}
	return max(longest, to.Sub(lastHeard))
}
