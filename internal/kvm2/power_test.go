package kvm2

import (
	"context"
	"errors"
	"reflect"
	"testing"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
)

func TestSetRunning(t *testing.T) {
	tests := []struct {
		name        string
		from        libvirt.DomainState
		running     bool
		wantState   State
		wantCreate  int
		wantDestroy int
		wantClass   kvmerr.Class // 0: success
	}{
		{"start stopped", libvirt.DomainShutoff, true, StateRunning, 1, 0, 0},
		{"start running is a no-op", libvirt.DomainRunning, true, StateRunning, 0, 0, 0},
		{"stop running", libvirt.DomainRunning, false, StateStopped, 0, 1, 0},
		{"stop stopped is a no-op", libvirt.DomainShutoff, false, StateStopped, 0, 1, 0},
		{"start paused is permanent", libvirt.DomainPaused, true, "", 0, 0, kvmerr.Permanent},
		{"start crashed", libvirt.DomainCrashed, true, StateRunning, 1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			h.markedDomain(vmName, labUID, "", tt.from)
			inst, err := h.c.SetRunning(context.Background(), vmID, labUID, tt.running)
			if tt.wantClass != 0 {
				if got := classOfErr(t, err); got != tt.wantClass {
					t.Fatalf("class %v: %v", got, err)
				}
				return
			}
			if err != nil || inst.State != tt.wantState {
				t.Fatalf("state %s, %v; want %s", inst.State, err, tt.wantState)
			}
			if h.fb.Count("DomainCreate") != tt.wantCreate || h.fb.Count("DomainDestroy") != tt.wantDestroy {
				t.Fatalf("calls %v", h.fb.Methods())
			}
		})
	}
}

func TestSetRunning_refusals(t *testing.T) {
	tests := []struct {
		name  string
		setup func(h *coreHarness)
		id    string
		want  kvmerr.Class
	}{
		{"missing", nil, vmID, kvmerr.NotFound},
		{"unmarked", func(h *coreHarness) { h.unmarkedDomain(vmName, libvirt.DomainShutoff) }, vmID, kvmerr.NotFound},
		{"another configuration's", func(h *coreHarness) {
			h.markedDomain(vmName, "fedcba9876543210fedcba9876543210", "", libvirt.DomainShutoff)
		}, vmID, kvmerr.NotFound},
		{"unknown host", nil, "elsewhere/" + vmName, kvmerr.Permanent},
		{"bad id", nil, "x", kvmerr.Permanent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newCore(t)
			if tt.setup != nil {
				tt.setup(h)
			}
			_, err := h.c.SetRunning(context.Background(), tt.id, labUID, true)
			if got := classOfErr(t, err); got != tt.want {
				t.Fatalf("class %v: %v", got, err)
			}
			if h.fb.Count("DomainCreate") != 0 {
				t.Fatal("started a domain")
			}
		})
	}
}

func TestSetTag_rewritesOnlyTheTag(t *testing.T) {
	h := newCore(t)
	before := h.create()
	after, err := h.c.SetTag(context.Background(), vmID, labUID, "fleet-b")
	if err != nil {
		t.Fatal(err)
	}
	if after.Tag != "fleet-b" {
		t.Fatalf("tag %q", after.Tag)
	}
	after.Tag = before.Tag
	if !reflect.DeepEqual(after, before) {
		t.Fatalf("other fields changed:\n%+v\n%+v", before, after)
	}
	d, _ := h.fb.Domain(vmName)
	m, err := definition.ParseMark(d.Metadata[definition.MarkNamespace])
	if err != nil || m.Tag != "fleet-b" || m.UID != labUID {
		t.Fatalf("stored mark %+v, %v", m, err)
	}
	got, err := h.c.Get(context.Background(), vmID, labUID)
	if err != nil || got.Tag != "fleet-b" {
		t.Fatalf("Get after SetTag: %q, %v", got.Tag, err)
	}
}

func TestSetTag_refusesUnmarkedDomain(t *testing.T) {
	h := newCore(t)
	h.unmarkedDomain(vmName, libvirt.DomainRunning)
	_, err := h.c.SetTag(context.Background(), vmID, labUID, "x")
	var gone *ownership.GoneError
	if classOfErr(t, err) != kvmerr.NotFound || !errors.As(err, &gone) || !errors.Is(err, ownership.ErrNotManaged) || h.fb.Count("DomainSetMetadata") != 0 {
		t.Fatalf("err = %v, calls %v", err, h.fb.Methods())
	}
}

func TestSetTag_emptyTagClearsIt(t *testing.T) {
	h := newCore(t)
	h.create()
	inst, err := h.c.SetTag(context.Background(), vmID, labUID, "")
	if err != nil || inst.Tag != "" {
		t.Fatalf("tag %q, %v", inst.Tag, err)
	}
	if got, _ := h.c.ListByTag(context.Background(), "fleet-a"); len(got) != 0 {
		t.Fatalf("still listed under the old tag: %v", got)
	}
}

// The tag of a stopped VM is written although libvirt refuses live|config for an inactive
// domain: setMark falls back to the one definition it has.
func TestSetTag_stoppedDomainFallsBackToCurrent(t *testing.T) {
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false })
	inst, err := h.c.SetTag(context.Background(), vmID, labUID, "fleet-b")
	if err != nil || inst.Tag != "fleet-b" {
		t.Fatalf("tag %q, %v", inst.Tag, err)
	}
	if h.fb.Count("DomainSetMetadata") != 2 {
		t.Fatalf("calls %v: want live|config refused, then current", h.fb.Methods())
	}
	if inst, err = h.c.SetRunning(context.Background(), vmID, labUID, true); err != nil || inst.Tag != "fleet-b" {
		t.Fatalf("after start: tag %q, %v", inst.Tag, err)
	}
}

// The tag of a running VM reaches its persistent definition too: it survives a stop.
func TestSetTag_runningDomainKeepsTheTagAfterStop(t *testing.T) {
	h := newCore(t)
	h.create()
	if _, err := h.c.SetTag(context.Background(), vmID, labUID, "fleet-b"); err != nil {
		t.Fatal(err)
	}
	inst, err := h.c.SetRunning(context.Background(), vmID, labUID, false)
	if err != nil || inst.State != StateStopped {
		t.Fatalf("stop: %+v, %v", inst, err)
	}
	if inst.Tag != "fleet-b" {
		t.Fatalf("the tag after a stop is %q: it was written to the live definition only", inst.Tag)
	}
}

// A start whose reply was lost (the link cut under DomainCreate) is retried while libvirt is
// still starting the domain: it is paused, reason starting up, until QEMU is ready. The retry
// waits for it to run instead of calling it an administrator's pause to resume by hand (found
// by the chaos walk's link cut); a domain paused for any other reason is still refused.
func TestSetRunning_aDomainStartingUpIsWaitedFor(t *testing.T) {
	h := newCore(t)
	h.create(func(r *CreateRequest) { r.Running = false })
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.State, d.Reason = libvirt.DomainPaused, int32(libvirt.DomainPausedStartingUp)
	})
	polls := 0
	h.fb.Inject("DomainGetState", func(context.Context, fake.Call) error {
		if polls++; polls == 3 { // libvirt resumes the CPUs once QEMU is ready
			h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
				d.State, d.Reason = libvirt.DomainRunning, int32(libvirt.DomainRunningBooted)
			})
		}
		return nil
	})
	h.fb.ResetCalls()
	inst, err := h.c.SetRunning(context.Background(), vmID, labUID, true)
	if err != nil || inst.State != StateRunning {
		t.Fatalf("SetRunning of a domain starting up: %v, state %s", err, inst.State)
	}
	if n := h.fb.Count("DomainCreate"); n != 0 {
		t.Fatalf("started the domain again (%d DomainCreate) while libvirt was starting it", n)
	}

	h.fb.ClearFaults("DomainGetState")
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) {
		d.State, d.Reason = libvirt.DomainPaused, int32(libvirt.DomainPausedUser)
	})
	if _, err := h.c.SetRunning(context.Background(), vmID, labUID, true); classOfErr(t, err) != kvmerr.Permanent {
		t.Fatalf("a domain paused by its user: %v, want Permanent", err)
	}
}
