package proxyvm

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

// A boot you can see: the wait for the VM's address after a create or a start (and the error that
// explains a wait that ended without one), then the wait for cloud-init to have finished (its own
// result, read by the core through the guest agent), and the end of the guest's serial console
// at the end of every error of a boot that did not come up.

// consoleReadTimeout bounds the read of a console tail for an error: the operation's own context
// may be what ended.
const consoleReadTimeout = 15 * time.Second

// waitForCloudInit polls cloud-init in the VM's guest until it has finished or ctx ends. A host
// that does not answer in time is asked again; done with errors is a *guest.CloudInitError. It
// returns the last reason it was still waiting, for the error of a wait that ran out.
func (r *proxyVMResource) waitForCloudInit(ctx context.Context, inst kvm2.Instance) (waiting string, err error) {
	ticker := time.NewTicker(r.data.Retry.Poll)
	defer ticker.Stop()
	for {
		st, err := r.data.Client.CloudInit(ctx, inst.ID, inst.UID)
		switch {
		case err == nil && st.Done:
			logCloudInitDone(ctx, inst, st, nil)
			return "", nil
		case err == nil:
			waiting = st.Waiting
		case errors.Is(err, kvmerr.ErrTransient) && ctx.Err() == nil:
			waiting = err.Error()
		default:
			if st.Done {
				logCloudInitDone(ctx, inst, st, err)
			}
			return waiting, err
		}
		select {
		case <-ctx.Done():
			return waiting, ctx.Err()
		case <-ticker.C:
		}
	}
}

// logCloudInitDone logs cloud-init's end with its time by the guest's clock and the time it was
// seen here, the delay between the two being what a user waits beyond cloud-init itself.
func logCloudInitDone(ctx context.Context, inst kvm2.Instance, st guest.CloudInitState, err error) {
	now := time.Now().UTC()
	fields := map[string]any{"id": inst.ID, "uid": inst.UID, "errors": len(st.Result.Errors), "seen_at": now.Format(time.RFC3339Nano)}
	if !st.FinishedAt.IsZero() {
		fields["finished_at_guest_clock"] = st.FinishedAt.Format(time.RFC3339Nano)
		fields["seen_after_ms"] = now.Sub(st.FinishedAt).Milliseconds()
	}
	if err != nil {
		tflog.Warn(ctx, "cloud-init finished with errors in the guest", fields)
		return
	}
	tflog.Info(ctx, "cloud-init finished in the guest", fields)
}

// cloudInitDiagnostic explains a create (or start) whose VM exists but whose cloud-init failed or
// did not finish in time.
func cloudInitDiagnostic(action, id string, timeout time.Duration, inst kvm2.Instance, waiting string, err error) diag.Diagnostic {
	summary := corecall.ErrorSummary(action, proxyVMKind, id)
	kept := fmt.Sprintf("The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.", inst.State)
	var ci *guest.CloudInitError
	switch {
	case errors.As(err, &ci):
		return diag.NewErrorDiagnostic(summary, fmt.Sprintf("%v\n\n%s\n\nFix the user data (the guest's "+
			"/var/log/cloud-init-output.log and /var/log/cloud-init.log tell more), or set wait_for_cloud_init = false "+
			"to accept a VM whatever cloud-init reports.", ci, kept))
	case errors.Is(err, context.Canceled):
		return diag.NewErrorDiagnostic(summary, "The wait for cloud-init was interrupted: Terraform asked the provider to "+
			"stop (as Ctrl-C does). "+kept)
	case errors.Is(err, context.DeadlineExceeded):
		return diag.NewErrorDiagnostic(summary, fmt.Sprintf("cloud-init did not finish within %s (last: %s). %s\n\n"+
			"Check that the image runs cloud-init and qemu-guest-agent (the result is read through the agent), "+
			"raise timeouts.create, or set wait_for_cloud_init = false.", timeout, waiting, kept))
	}
	d := corecall.ErrorDiagnostic(action, proxyVMKind, id, err)
	return diag.NewErrorDiagnostic(d.Summary(), d.Detail()+"\n\n"+kept)
}

// withConsoleTail ends d with the last lines of the guest's serial console of VM id with uid:
// what the guest printed while it booted. It is shown only in an error, never in state or logs;
// the core strips control characters and bounds it (kvm2.ConsoleTail).
func (r *proxyVMResource) withConsoleTail(ctx context.Context, d diag.Diagnostic, id, uid string) diag.Diagnostic {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), consoleReadTimeout)
	defer cancel()
	tail, path, err := r.data.Client.ConsoleTail(ctx, id, uid)
	return diag.NewErrorDiagnostic(d.Summary(), d.Detail()+consoleSection(tail, path, err))
}

// consoleSection is the console tail as the end of an error's detail ("" for a VM without a
// console log: one made by an earlier version).
func consoleSection(tail, path string, err error) string {
	switch {
	case err != nil:
		return fmt.Sprintf("\n\nThe guest's serial console could not be read: %v", err)
	case path == "":
		return ""
	case tail == "":
		return fmt.Sprintf("\n\nThe guest's serial console (%s on the host) is empty: the guest printed nothing on it.", path)
	}
	return fmt.Sprintf("\n\nThe last lines of the guest's serial console (%s on the host; what the guest printed "+
		"there, which may include anything the guest prints):\n%s", path, tail)
}

// waitBoot waits, as plan asks, for the started VM inst to report an address, for cloud-init to
// finish in it and for its port to accept a connection; a failed wait is a diagnostic that ends
// with the guest's console.
func (r *proxyVMResource) waitBoot(ctx context.Context, action string, plan proxyVMModel, inst kvm2.Instance, timeout time.Duration) (kvm2.Instance, diag.Diagnostic) {
	if plan.WaitForIP.ValueBool() {
		w := kvm2.IPWaitOf(steering(plan))
		got, err := r.waitForIP(ctx, inst, w)
		if err != nil {
			return got, r.withConsoleTail(ctx, ipWaitDiagnostic(action, inst.ID, timeout, got, w, err), inst.ID, inst.UID)
		}
		inst = got
	}
	if plan.WaitForCloudInit.ValueBool() {
		if waiting, err := r.waitForCloudInit(ctx, inst); err != nil {
			d := cloudInitDiagnostic(action, inst.ID, timeout, inst, waiting, err)
			if !errors.Is(err, context.Canceled) {
				d = r.withConsoleTail(ctx, d, inst.ID, inst.UID)
			}
			return inst, d
		}
	}
	if port := plan.WaitForPort; plan.WaitForIP.ValueBool() && !port.IsNull() && !port.IsUnknown() {
		got, pw, err := r.waitForPort(ctx, inst, kvm2.IPWaitOf(steering(plan)), int(port.ValueInt64()))
		if err != nil {
			d := portWaitDiagnostic(action, inst.ID, timeout, got, int(port.ValueInt64()), pw, err)
			if !errors.Is(err, context.Canceled) {
				d = r.withConsoleTail(ctx, d, inst.ID, inst.UID)
			}
			return got, d
		}
		inst = got
	}
	return inst, nil
}

// waitForIP polls the VM until it has the address w waits for (kvm2.IPWait.Ready), counting
// how long the NICs w waits on have had an IPv6 address alone, or ctx ends. It returns the last
// instance read, so the caller can record the VM even when the wait fails.
func (r *proxyVMResource) waitForIP(ctx context.Context, inst kvm2.Instance, w kvm2.IPWait) (kvm2.Instance, error) {
	ticker := time.NewTicker(r.data.Retry.Poll)
	defer ticker.Stop()
	var ipv6Since time.Time
	for {
		now := r.data.Retry.Clock()
		switch {
		case !w.IPv6Only(inst):
			ipv6Since = time.Time{}
		case ipv6Since.IsZero():
			ipv6Since = now
		}
		var since time.Duration
		if !ipv6Since.IsZero() {
			since = now.Sub(ipv6Since)
		}
		if w.Ready(inst, since) {
			return inst, nil
		}
		select {
		case <-ctx.Done():
			return inst, ctx.Err()
		case <-ticker.C:
		}
		got, err := r.data.Client.GetWithDisk(ctx, inst.ID, inst.UID)
		switch {
		case err == nil:
			inst = got
		case errors.Is(err, kvmerr.ErrTransient):
			// The host was slow to answer; keep polling within the timeout.
		default:
			return inst, err
		}
	}
}

// ipWaitDiagnostic explains a create (or start) whose VM exists but reported no address.
func ipWaitDiagnostic(action, id string, timeout time.Duration, inst kvm2.Instance, w kvm2.IPWait, err error) diag.Diagnostic {
	if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return corecall.ErrorDiagnostic(action, proxyVMKind, id, err)
	}
	if errors.Is(err, context.Canceled) {
		return diag.NewErrorDiagnostic(corecall.ErrorSummary(action, proxyVMKind, id),
			fmt.Sprintf("The wait for "+w.Describe()+" was interrupted: Terraform asked the provider to stop (as Ctrl-C "+
				"does). The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.", inst.State))
	}
	network := inst.Network
	if network == "" {
		network = "bridge " + inst.Bridge
	} else {
		network = "network " + network
	}
	return diag.NewErrorDiagnostic(corecall.ErrorSummary(action, proxyVMKind, id),
		fmt.Sprintf("No %s was reported within %s; the guest agent or DHCP did not answer. "+
			"The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.\n\n"+
			"Check that the image starts qemu-guest-agent or requests a DHCP lease on %s, raise timeouts.create, "+
			"or set wait_for_ip = false.", strings.TrimPrefix(w.Describe(), "an "), timeout, inst.State, network))
}
