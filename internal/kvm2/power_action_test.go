package kvm2

import (
	"context"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

func TestPower(t *testing.T) {
	tests := []struct {
		name            string
		from            libvirt.DomainState
		ignoresShutdown bool
		op              rules.PowerOperation
		grace           time.Duration
		wantState       State
		wantStopped     bool
		wantForced      bool
		wantStarted     bool
		wantCalls       map[string]int
	}{
		{"start stopped", libvirt.DomainShutoff, false, rules.PowerStart, time.Second, StateRunning, false, false, true,
			map[string]int{"DomainCreate": 1, "DomainShutdown": 0, "DomainDestroy": 0}},
		{"start running is a no-op", libvirt.DomainRunning, false, rules.PowerStart, time.Second, StateRunning, false, false, false,
			map[string]int{"DomainCreate": 0, "DomainShutdown": 0}},
		{"stop: the guest powers off", libvirt.DomainRunning, false, rules.PowerStop, time.Second, StateStopped, true, false, false,
			map[string]int{"DomainShutdown": 1, "DomainDestroy": 0}},
		{"stop: the guest ignores the button, forced after the timeout", libvirt.DomainRunning, true, rules.PowerStop, 30 * time.Millisecond,
			StateStopped, true, true, false, map[string]int{"DomainShutdown": 1, "DomainDestroy": 1}},
		{"stop with timeout 0 forces at once", libvirt.DomainRunning, false, rules.PowerStop, 0, StateStopped, true, true, false,
			map[string]int{"DomainShutdown": 0, "DomainDestroy": 1}},
		{"stop paused forces at once", libvirt.DomainPaused, false, rules.PowerStop, time.Second, StateStopped, true, true, false,
			map[string]int{"DomainShutdown": 0, "DomainDestroy": 1}},
		{"stop stopped is a no-op", libvirt.DomainShutoff, false, rules.PowerStop, time.Second, StateStopped, false, false, false,
			map[string]int{"DomainShutdown": 0, "DomainDestroy": 0}},
		{"reboot running", libvirt.DomainRunning, false, rules.PowerReboot, time.Second, StateRunning, true, false, true,
			map[string]int{"DomainShutdown": 1, "DomainDestroy": 0, "DomainCreate": 1}},
		{"reboot a guest that ignores the button", libvirt.DomainRunning, true, rules.PowerReboot, 20 * time.Millisecond, StateRunning, true, true, true,
			map[string]int{"DomainShutdown": 1, "DomainDestroy": 1, "DomainCreate": 1}},
		{"reboot stopped starts it", libvirt.DomainShutoff, false, rules.PowerReboot, time.Second, StateRunning, false, false, true,
			map[string]int{"DomainShutdown": 0, "DomainCreate": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", tt.from)
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.IgnoresShutdown = tt.ignoresShutdown })
			var steps []string
			res, err := h.c.Power(context.Background(), PowerRequest{
				ID: vmID, UID: labUID, Operation: tt.op, ShutdownTimeout: tt.grace,
				Progress: func(m string) { steps = append(steps, m) },
			})
			if err != nil {
				t.Fatal(err)
			}
			if res.Instance.State != tt.wantState || res.Stopped != tt.wantStopped || res.Forced != tt.wantForced || res.Started != tt.wantStarted {
				t.Fatalf("state %s stopped %v forced %v started %v; want %s %v %v %v",
					res.Instance.State, res.Stopped, res.Forced, res.Started, tt.wantState, tt.wantStopped, tt.wantForced, tt.wantStarted)
			}
			for m, n := range tt.wantCalls {
				if got := h.fb.Count(m); got != n {
					t.Fatalf("%s called %d times, want %d: %v", m, got, n, h.fb.Methods())
				}
			}
			if tt.wantForced && !strings.Contains(strings.Join(steps, "\n"), "off") {
				t.Fatalf("progress does not say the guest was forced: %q", steps)
			}
		})
	}
}

func TestPower_refusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(h *coreHarness)
		req   PowerRequest
		want  kvmerr.Class
	}{
		{"missing", nil, PowerRequest{ID: vmID, UID: labUID, Operation: rules.PowerStop}, kvmerr.NotFound},
		{"unmarked same-named domain", func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainRunning) },
			PowerRequest{ID: vmID, UID: labUID, Operation: rules.PowerStop}, kvmerr.NotFound},
		{"same-named domain of another configuration", func(h *coreHarness) {
			h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainRunning)
		}, PowerRequest{ID: vmID, UID: labUID, Operation: rules.PowerReboot}, kvmerr.NotFound},
		{"no uid", func(h *coreHarness) { h.markedDomain(vmName, labUID, "", libvirt.DomainRunning) },
			PowerRequest{ID: vmID, Operation: rules.PowerStop}, kvmerr.Permanent},
		{"unknown operation", func(h *coreHarness) { h.markedDomain(vmName, labUID, "", libvirt.DomainRunning) },
			PowerRequest{ID: vmID, UID: labUID, Operation: "suspend"}, kvmerr.Permanent},
		{"timeout over the bound", func(h *coreHarness) { h.markedDomain(vmName, labUID, "", libvirt.DomainRunning) },
			PowerRequest{ID: vmID, UID: labUID, Operation: rules.PowerStop, ShutdownTimeout: 2 * time.Hour}, kvmerr.Permanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			if tt.setup != nil {
				tt.setup(h)
			}
			_, err := h.c.Power(context.Background(), tt.req)
			if got := classOfErr(t, err); got != tt.want {
				t.Fatalf("class %v: %v", got, err)
			}
			for _, m := range []string{"DomainShutdown", "DomainDestroy", "DomainCreate"} {
				if h.fb.Count(m) != 0 {
					t.Fatalf("%s was called on a domain that is not ours: %v", m, h.fb.Methods())
				}
			}
		})
	}
}
