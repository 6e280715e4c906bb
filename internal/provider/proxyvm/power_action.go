package proxyvm

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/action"
	"github.com/hashicorp/terraform-plugin-framework/action/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

var (
	_ action.Action              = (*proxyVMPowerAction)(nil)
	_ action.ActionWithConfigure = (*proxyVMPowerAction)(nil)
)

// proxyVMPowerActionTimeout bounds one invocation beyond its shutdown timeout: the start and
// the state reads around it.
const proxyVMPowerActionTimeout = 5 * time.Minute

// proxyVMPowerAction is the action kvm2_proxy_vm_power (Terraform 1.14+): start, stop or reboot
// a proxy VM, from an `action_trigger` or `terraform apply -invoke`.
type proxyVMPowerAction struct{ data *corecall.Data }

// NewPowerAction is the kvm2_proxy_vm_power action.
func NewPowerAction() action.Action { return &proxyVMPowerAction{} }

// proxyVMPowerModel is the action's configuration.
type proxyVMPowerModel struct {
	ID              types.String `tfsdk:"id"`
	UID             types.String `tfsdk:"uid"`
	Operation       types.String `tfsdk:"operation"`
	ShutdownTimeout types.String `tfsdk:"shutdown_timeout"`
}

func (a *proxyVMPowerAction) Metadata(_ context.Context, req action.MetadataRequest, resp *action.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vm_power"
}

func (a *proxyVMPowerAction) Configure(_ context.Context, req action.ConfigureRequest, resp *action.ConfigureResponse) {
	a.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

func (a *proxyVMPowerAction) Schema(_ context.Context, _ action.SchemaRequest, resp *action.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Starts, stops or reboots a `kvm2_proxy_vm` (Terraform 1.14 or later), from an `action_trigger` " +
			"in a resource's `lifecycle` block or with `terraform apply -invoke=action.kvm2_proxy_vm_power.NAME`. The VM " +
			"is acted on only when its mark carries `uid` and its UUID is the one derived from it, so a same-named VM of " +
			"another configuration is never touched. The action changes the VM, not Terraform's state: a VM stopped " +
			"by it while its resource says `running = true` plans a start at the next apply.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "Which VM: " + rules.IDRule + ".",
				Required:            true,
				Validators:          []validator.String{validators.VMID()},
			},
			"uid": schema.StringAttribute{
				MarkdownDescription: "The VM's `uid`, the proof that the domain under the name is this VM: " + rules.UIDRule +
					". It is no secret: give the `uid` of this configuration's own `kvm2_proxy_vm` by reference.",
				Required:   true,
				Validators: []validator.String{validators.UID()},
			},
			"operation": schema.StringAttribute{
				MarkdownDescription: "The operation, " + rules.PowerOperationRule + ": `start` (a stopped VM is started and " +
					"the action waits until it runs), `stop` (the " +
					"guest is asked to power off through ACPI; after `shutdown_timeout` it is powered off hard) or `reboot` " +
					"(a stop as for `stop`, then a start: a new QEMU process). A VM already where `start` or `stop` would " +
					"take it is left as it is.",
				Required:   true,
				Validators: []validator.String{validators.PowerOperation()},
			},
			"shutdown_timeout": schema.StringAttribute{
				MarkdownDescription: fmt.Sprintf("How long `stop` and `reboot` wait for the guest to power off before a hard "+
					"power-off, %s. Default: `%gs`.", rules.ShutdownTimeoutRule, rules.DefaultShutdownTimeout.Seconds()),
				Optional:   true,
				Validators: []validator.String{validators.ShutdownTimeout()},
			},
		},
	}
}

func (a *proxyVMPowerAction) Invoke(ctx context.Context, req action.InvokeRequest, resp *action.InvokeResponse) {
	var cfg proxyVMPowerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(a.data, &resp.Diagnostics) {
		return
	}
	grace := rules.DefaultShutdownTimeout
	if !cfg.ShutdownTimeout.IsNull() {
		var err error
		if grace, err = rules.ParseShutdownTimeout(cfg.ShutdownTimeout.ValueString()); err != nil {
			resp.Diagnostics.AddError("Invalid shutdown_timeout", err.Error())
			return
		}
	}
	op := rules.PowerOperation(cfg.Operation.ValueString())
	id := cfg.ID.ValueString()
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), grace+proxyVMPowerActionTimeout)
	defer cancel()
	progress := func(msg string) {
		if resp.SendProgress != nil {
			resp.SendProgress(action.InvokeProgressEvent{Message: msg})
		}
	}
	tflog.Info(ctx, "power action", map[string]any{"id": id, "operation": string(op), "shutdown_timeout": grace.String()})
	// A retry runs only what has not taken effect yet: a reboot whose stop is done goes on as a
	// start, so a failure of the read after the action never reboots the VM twice.
	var did kvm2.PowerResult
	res, err := corecall.WithRetry(ctx, a.data.Retry, string(op)+" proxy VM", func(ctx context.Context) (kvm2.PowerResult, error) {
		r, err := a.data.Client.Power(ctx, kvm2.PowerRequest{
			ID: id, UID: cfg.UID.ValueString(), Operation: did.Rest(op), ShutdownTimeout: grace, Progress: progress,
		})
		did = did.Then(r)
		return did, err
	})
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic(string(op), proxyVMKind, id, err))
		return
	}
	progress(powerSummary(id, op, res))
}

// powerSummary says in one line what a power action did.
func powerSummary(id string, op rules.PowerOperation, res kvm2.PowerResult) string {
	switch {
	case op == rules.PowerStart && !res.Started:
		return fmt.Sprintf("%s was already running", id)
	case op == rules.PowerStop && !res.Stopped:
		return fmt.Sprintf("%s was already stopped", id)
	case res.Forced:
		return fmt.Sprintf("%s: %s done (the guest did not power off in time and was powered off hard); state %s", id, op, res.Instance.State)
	default:
		return fmt.Sprintf("%s: %s done; state %s", id, op, res.Instance.State)
	}
}
