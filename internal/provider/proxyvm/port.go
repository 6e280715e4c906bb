package proxyvm

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

// A VM that is done when it forwards traffic: wait_for_port, the wait after a create, a start or
// a replacement for a TCP connection to a port of the guest to succeed from its host.

// waitForPortAttribute is the schema of wait_for_port.
func waitForPortAttribute() schema.Int64Attribute {
	return schema.Int64Attribute{
		MarkdownDescription: "A TCP port of the guest (" + rules.WaitPort.Text() + ") that a create, a start and a " +
			"replacement wait for, after the address (and cloud-init, with `wait_for_cloud_init`): they return only " +
			"once a TCP connection to it, on the address the wait for an address chose (`wait_for_ip_family`, " +
			"`wait_for_ip_interface`), succeeds from the host, within `timeouts.create`. The host connects over the " +
			"provider's SSH connection: a direct-tcpip channel where its sshd allows TCP forwarding, else " +
			"`nc -z` run on the host (netcat-openbsd, which the exec transport uses too). Nothing is sent to the port " +
			"but the connect. A port that never opens fails the apply with what was tried and the end of the " +
			"guest's serial console, and the VM is tainted. Needs `wait_for_ip`. Changes in place (it only steers " +
			"the provider); recorded in the VM's mark, so an import reads it back. With `create_before_destroy`, the " +
			"VM it replaces goes only once the new one's port accepts connections.",
		Optional:   true,
		Validators: []validator.Int64{validators.WaitPort()},
	}
}

// portWaitSteering is what the mark records of wait_for_port.
func portWaitSteering(plan proxyVMModel) string {
	if plan.WaitForPort.IsNull() || plan.WaitForPort.IsUnknown() {
		return ""
	}
	return strconv.FormatInt(plan.WaitForPort.ValueInt64(), 10)
}

// applyPortWaitSteering sets wait_for_port from inst's mark: null when it records none (a mark of
// an earlier version too), as in a configuration that does not set it.
func applyPortWaitSteering(m *proxyVMModel, inst kvm2.Instance) {
	m.WaitForPort = types.Int64Null()
	if n, err := strconv.ParseInt(inst.PortWait, 10, 64); err == nil {
		m.WaitForPort = types.Int64Value(n)
	}
}

// validatePortWait refuses wait_for_port without the wait for the address it connects to (a
// port outside its bounds is its validator's to report).
func validatePortWait(cfg nicConfig, diags *diag.Diagnostics) {
	if cfg.WaitForPort.IsNull() || cfg.WaitForPort.IsUnknown() || cfg.WaitForIP.IsUnknown() {
		return
	}
	port := cfg.WaitForPort.ValueInt64()
	if rules.WaitPort.Check(port) != nil {
		return
	}
	wait := cfg.WaitForIP.IsNull() || cfg.WaitForIP.ValueBool()
	if err := rules.ValidatePortWait(wait, port); err != nil {
		diags.AddAttributeError(path.Root("wait_for_port"), "Invalid wait for a port", err.Error()+".")
	}
}

// portWait is how a wait for a port went: the connects tried, and the last one.
type portWait struct {
	tries int
	last  kvm2.PortProbe
}

// waitForPort connects to port on the address w chooses every poll until a connect succeeds or
// ctx ends. A port not open yet, a VM without the address yet, and a host slow to answer are
// tried again; a VM not ours, stopped, or a host that cannot reach guests end the wait.
func (r *proxyVMResource) waitForPort(ctx context.Context, inst kvm2.Instance, w kvm2.IPWait, port int) (kvm2.Instance, portWait, error) {
	ticker := time.NewTicker(r.data.Retry.Poll)
	defer ticker.Stop()
	var pw portWait
	start := r.data.Retry.Clock()
	for {
		got, probe, err := r.data.Client.ProbePort(ctx, inst.ID, inst.UID, w, port)
		pw.tries++
		if err == nil {
			pw.last = probe
		}
		switch {
		case err == nil && probe.Open:
			tflog.Info(ctx, "the VM's port accepts connections", map[string]any{"id": inst.ID, "address": probe.Address.String(),
				"via": probe.Via, "tries": pw.tries, "waited_ms": r.data.Retry.Clock().Sub(start).Milliseconds()})
			return got, pw, nil
		case err == nil:
			inst = got
		case errors.Is(err, kvmerr.ErrTransient) && ctx.Err() == nil:
			if probe.Address.IsValid() {
				pw.last = probe
			}
			pw.last.Reason = err.Error()
		default:
			return inst, pw, err
		}
		select {
		case <-ctx.Done():
			return inst, pw, ctx.Err()
		case <-ticker.C:
		}
	}
}

// portWaitDiagnostic explains a create (or start) whose VM exists but whose port did not accept a
// connection: what was tried, and how often.
func portWaitDiagnostic(action, id string, timeout time.Duration, inst kvm2.Instance, port int, pw portWait, err error) diag.Diagnostic {
	summary := corecall.ErrorSummary(action, proxyVMKind, id)
	kept := fmt.Sprintf("The domain exists (state %q) and is recorded in state as tainted, so the next apply replaces it.", inst.State)
	tried := fmt.Sprintf("port %d", port)
	if pw.last.Address.IsValid() {
		tried = pw.last.Address.String()
		if pw.last.Via != "" {
			tried += " (from the host, via " + pw.last.Via + ")"
		}
	}
	switch {
	case errors.Is(err, context.Canceled):
		return diag.NewErrorDiagnostic(summary, "The wait for "+tried+" to accept a connection was interrupted: "+
			"Terraform asked the provider to stop (as Ctrl-C does). "+kept)
	case errors.Is(err, context.DeadlineExceeded):
		last := pw.last.Reason
		if last == "" {
			last = "no answer"
		}
		return diag.NewErrorDiagnostic(summary, fmt.Sprintf("Nothing accepted a TCP connection to %s within %s "+
			"(%d connects tried, the last: %s). %s\n\nCheck that the guest starts the service on port %d and that its "+
			"firewall lets the host connect, raise timeouts.create, or unset wait_for_port.",
			tried, timeout, pw.tries, last, kept, port))
	}
	d := corecall.ErrorDiagnostic(action, proxyVMKind, id, err)
	return diag.NewErrorDiagnostic(d.Summary(), d.Detail()+"\n\n"+kept)
}
