//go:build acceptance || matrix

package provider

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/lab/budget"
)

// TestAccProxyVM_rollingReplacementWaitsForThePort: a group of two proxies named from
// name_prefix, whose user data (the tiny guest's) starts tinyproxy only proxyDelay after the
// guest has its address, is replaced (new user data) with create_before_destroy while a poller
// sends a request every pollEvery through every VM of the group that the host lists: once with
// wait_for_port = 8888, once without it. With it the create returns, and the old VM goes, only
// once the new proxy accepts connections, so no poll goes unanswered (the longest silence beyond
// the polling rhythm is under one poll interval); without it the old VMs go while the new
// proxies still sleep, and that gap is measured and logged beside it.
func TestAccProxyVM_rollingReplacementWaitsForThePort(t *testing.T) {
	l := newAccLab(t)
	hostIP, _ := l.subnet(l.network)
	target, token := tokenServer(t, hostIP)
	tag := l.name("roll")
	group := func(version string, waitPort bool) string {
		port := ""
		if waitPort {
			port = "wait_for_port = 8888"
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
  user_data     = "#!/bin/sh\n# version %s\nuntil ip addr show | grep -q 'inet 192\\.168\\.'; do sleep 1; done\nsleep %d\ntinyproxy -c /etc/tinyproxy.conf\n"
  %s
  lifecycle {
    create_before_destroy = true
  }
}
`, tag, tag, version, int(proxyDelay/time.Second), port))
	}
	p := startEgressPoller(t, l.client(), tag, target, token)
	var portGap, addressGap time.Duration
	// replacement replaces the group with user data version, waiting for the port or not, and
	// records the longest silence of its apply in gap.
	replacement := func(version string, waitPort bool, gap *time.Duration) resource.TestStep {
		var from time.Time
		return resource.TestStep{
			PreConfig: func() { from = time.Now() },
			Config:    group(version, waitPort),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
				plancheck.ExpectResourceAction("kvm2_proxy_vm.egress[0]", plancheck.ResourceActionCreateBeforeDestroy),
				plancheck.ExpectResourceAction("kvm2_proxy_vm.egress[1]", plancheck.ResourceActionCreateBeforeDestroy),
			}},
			Check: func(*terraform.State) error {
				// Only the new VMs can answer a poll after the apply returned: it returns once
				// the old ones are gone. Waiting for one makes the window hold the silence after
				// the old VMs went, which the new proxies' start ends.
				applied := time.Now()
				if err := p.waitAnswering(2, applied, budget.ProxiesAnswer); err != nil {
					return err
				}
				*gap = p.longestSilence(from, time.Now())
				t.Logf("replacement %s (wait_for_port %v): apply returned %s after it began; answers per poll: %s",
					version, waitPort, applied.Sub(from).Round(100*time.Millisecond), p.timeline(from, time.Now()))
				return nil
			},
		}
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: l.factories(),
		CheckDestroy:             l.checkNothingOfOursLeft,
		Steps: []resource.TestStep{
			{Config: group("1", true), Check: func(*terraform.State) error { return p.waitAnswering(2, time.Time{}, budget.ProxiesAnswer) }},
			replacement("2", true, &portGap),
			replacement("3", false, &addressGap),
		},
	})
	// longestSilence spans two answered polls, so an unbroken rhythm measures pollEvery.
	t.Logf("longest time no VM of the group answered, beyond the poll rhythm (a poll every %s, the proxy started %s "+
		"after the address): with wait_for_port %s, without it %s", pollEvery, proxyDelay,
		max(0, portGap-pollEvery), max(0, addressGap-pollEvery))
	if portGap-pollEvery >= pollEvery {
		t.Errorf("with wait_for_port the group was silent for %s beyond the poll rhythm (without it: %s)",
			portGap-pollEvery, addressGap-pollEvery)
	}
}

// proxyDelay is how long the rolling test's user data sleeps, once the guest has its IPv4
// address, before it starts the proxy. It waits for the address first: under TCG the tiny guest's
// DHCP lease can come more than 15 s after its user data started, and a sleep counted from the
// start was over before the create returned, so wait_for_port had nothing to wait for.
const proxyDelay = 8 * time.Second

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
	listed   int // addresses asked
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
				p.polls = append(p.polls, poll{at: at, answered: n, listed: len(ips)})
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

// waitAnswering waits, within the wait on b, until a poll begun after since got answers from n
// VMs.
func (p *egressPoller) waitAnswering(n int, since time.Time, b budget.Budget) error {
	w := b.Start()
	for ; !w.Over(); time.Sleep(pollEvery) {
		p.mu.Lock()
		last := 0
		if len(p.polls) > 0 && p.polls[len(p.polls)-1].at.After(since) {
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

// timeline is how many VMs answered each poll between from and to, one entry per change, with
// its time from from.
func (p *egressPoller) timeline(from, to time.Time) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	last := -1
	for _, q := range p.polls {
		if q.at.Before(from) || q.at.After(to) || q.answered == last {
			continue
		}
		last = q.answered
		fmt.Fprintf(&b, " %s:%d (%d listed)", q.at.Sub(from).Round(100*time.Millisecond), q.answered, q.listed)
	}
	return b.String()
}
