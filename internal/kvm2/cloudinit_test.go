package kvm2

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend/fake"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// agentUp connects the guest agent of the lab VM.
func agentUp(h *coreHarness) {
	h.fb.UpdateDomain(vmName, func(d *fake.Domain) { d.Agent = []libvirt.DomainInterface{} })
}

const (
	doneResult   = `{"v1": {"datasource": "DataSourceNoCloud [seed=/dev/sr0]", "errors": []}}`
	failedResult = `{"v1": {"datasource": "DataSourceNoCloud [seed=/dev/sr0]", "errors": ["('scripts_user', RuntimeError('Runparts: 1 failures (runcmd) in 1 attempted commands'))"]}}`
	statusJSON   = `{"v1": {"modules-final": {"errors": [], "finished": 1789565580.5, "start": 1789565570.0}, "stage": null}}`
)

func TestCloudInit_eachAnswerOfTheGuest(t *testing.T) {
	for _, tc := range []struct {
		name    string
		setup   func(h *coreHarness)
		done    bool
		waiting string
		class   kvmerr.Class // of the error; 0: none
		errHas  string
	}{
		{name: "agent not connected", setup: func(*coreHarness) {}, waiting: "does not answer"},
		{name: "no result yet", setup: agentUp, waiting: "has not written"},
		{name: "done without errors", setup: func(h *coreHarness) {
			agentUp(h)
			h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte(doneResult))
		}, done: true},
		{name: "done with errors", setup: func(h *coreHarness) {
			agentUp(h)
			h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte(failedResult))
			h.fb.SetGuestFile(vmName, rules.CloudInitStatusPath, []byte(statusJSON))
		}, done: true, class: kvmerr.Permanent, errHas: "Runparts: 1 failures (runcmd)"},
		{name: "oversize result", setup: func(h *coreHarness) {
			agentUp(h)
			big := `{"v1": {"errors": ["` + strings.Repeat("x", rules.CloudInitFileMaxBytes) + `"]}}`
			h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte(big))
		}, class: kvmerr.Permanent, errHas: "larger than kvm2 reads"},
		{name: "garbage", setup: func(h *coreHarness) {
			agentUp(h)
			h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte("\x00\x01garbage{"))
		}, class: kvmerr.Permanent, errHas: "not the JSON cloud-init writes"},
		{name: "agent refuses file commands", setup: func(h *coreHarness) {
			agentUp(h)
			h.fb.FailAlways("QEMUDomainAgentCommand", fake.LibvirtError(libvirt.ErrInternalError,
				"internal error: unable to execute QEMU agent command 'guest-file-open': The command guest-file-open has been disabled for this instance"))
		}, class: kvmerr.Permanent, errHas: "refuses to read files"},
		{name: "guest stopped", setup: func(h *coreHarness) {
			h.fb.SetDomainState(vmName, libvirt.DomainShutoff)
		}, class: kvmerr.Permanent, errHas: "stopped before cloud-init finished"},
		{name: "host does not answer", setup: func(h *coreHarness) {
			h.fb.FailAlways("DomainGetXMLDesc", fake.LibvirtError(libvirt.ErrRPC, "injected"))
		}, class: kvmerr.Transient},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newCore(t)
			h.create()
			tc.setup(h)
			st, err := h.c.CloudInit(context.Background(), vmID, labUID)
			if tc.class == 0 && err != nil {
				t.Fatalf("err = %v", err)
			}
			if tc.class != 0 {
				if got := classOfErr(t, err); got != tc.class || !strings.Contains(err.Error(), tc.errHas) {
					t.Fatalf("err = %v (class %v); want %v saying %q", err, got, tc.class, tc.errHas)
				}
			}
			if st.Done != tc.done || !strings.Contains(st.Waiting, tc.waiting) {
				t.Fatalf("state %+v; want done %v, waiting %q", st, tc.done, tc.waiting)
			}
			if n := h.fb.OpenAgentFiles(); n != 0 {
				t.Fatalf("%d guest files left open", n)
			}
		})
	}
}

func TestCloudInit_errorsAndTheirTime(t *testing.T) {
	h := newCore(t)
	h.create()
	agentUp(h)
	h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte(failedResult))
	h.fb.SetGuestFile(vmName, rules.CloudInitStatusPath, []byte(statusJSON))
	st, err := h.c.CloudInit(context.Background(), vmID, labUID)
	var ci *guest.CloudInitError
	if !errors.As(err, &ci) || len(ci.Errors) != 1 {
		t.Fatalf("err = %v; want a guest.CloudInitError", err)
	}
	want := time.Unix(1789565580, 500_000_000).UTC()
	if !st.FinishedAt.Equal(want) || !ci.FinishedAt.Equal(want) || !strings.Contains(err.Error(), want.Format(time.RFC3339)) {
		t.Fatalf("finished %v / %v, err %v; want %v", st.FinishedAt, ci.FinishedAt, err, want)
	}
	if st.Result.Datasource != "DataSourceNoCloud [seed=/dev/sr0]" {
		t.Fatalf("datasource %q", st.Result.Datasource)
	}
}

// A result that appears later is found by a later look; nothing of another VM is read.
func TestCloudInit_resultAppearsLaterAndAForeignVMIsNotRead(t *testing.T) {
	h := newCore(t)
	h.create()
	agentUp(h)
	if st, err := h.c.CloudInit(context.Background(), vmID, labUID); err != nil || st.Done {
		t.Fatalf("%+v %v", st, err)
	}
	h.fb.SetGuestFile(vmName, rules.CloudInitResultPath, []byte(doneResult))
	if st, err := h.c.CloudInit(context.Background(), vmID, labUID); err != nil || !st.Done {
		t.Fatalf("%+v %v", st, err)
	}
	h.fb.ResetCalls()
	if _, err := h.c.CloudInit(context.Background(), vmID, foreignUID); err == nil {
		t.Fatal("another VM's uid: no error")
	}
	if n := h.fb.Count("QEMUDomainAgentCommand"); n != 0 {
		t.Fatalf("%d agent commands for a VM that is not ours", n)
	}
}
