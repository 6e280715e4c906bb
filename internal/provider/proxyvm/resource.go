// Package proxyvm is the kvm2_proxy_vm family: the resource (schema.go, model.go, the plan in
// plan.go, validate.go and nics_plan.go, create, read, update, delete and import in resource.go,
// resize.go, the waits of a boot in boot.go and port.go, identity.go), its list resource for
// `terraform query` (list_resource.go), the kvm2_proxy_vm_power action and the kvm2_proxy_vms
// data source.
package proxyvm

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/ownership"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/memory"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

var (
	_ resource.ResourceWithConfigure   = (*proxyVMResource)(nil)
	_ resource.ResourceWithImportState = (*proxyVMResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*proxyVMResource)(nil)
)

const proxyVMKind = "proxy VM"

// Default operation timeouts; a `timeouts` block overrides them.
const (
	proxyVMCreateTimeout = 10 * time.Minute
	proxyVMReadTimeout   = 2 * time.Minute
	proxyVMUpdateTimeout = 5 * time.Minute
	proxyVMDeleteTimeout = 5 * time.Minute
)

// proxyVMResource is kvm2_proxy_vm: one marked domain with a qcow2 overlay on a base image.
type proxyVMResource struct{ data *corecall.Data }

// NewResource is the kvm2_proxy_vm resource.
func NewResource() resource.Resource { return &proxyVMResource{} }

func (r *proxyVMResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vm"
}

func (r *proxyVMResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

func (r *proxyVMResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	memory.Creating()
	var plan, cfg proxyVMModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, proxyVMCreateTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()

	// The write-only user data exists only in the configuration.
	userData, _ := effectiveUserData(cfg)
	// One UID for every attempt: a retried create then adopts what an earlier attempt defined.
	uid, err := rules.NewUID()
	if err == nil {
		err = planName(&plan) // a name_prefix's name is drawn once, like the UID
	}
	if err != nil {
		resp.Diagnostics.AddError("Unable to create proxy VM", err.Error())
		return
	}
	creq, diags := createRequest(ctx, plan, uid, userData, writeOnlyUserData(cfg))
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	id := creq.Host + "/" + creq.Name
	tflog.Info(ctx, "creating proxy VM", map[string]any{"id": id, "uid": creq.UID, "user_data_bytes": len(userData),
		"user_data_write_only": creq.WriteOnlyUserData})
	// Some attempt left something on the host under the UID: what it could not remove, or the
	// VM itself, made but not read back (the apply was interrupted, or the host stopped
	// answering). A later attempt adopts it; when none succeeds, the UID must stay in state.
	var leftovers, unread bool
	inst, err := corecall.WithRetry(ctx, r.data.Retry, "create proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
		inst, err := r.data.Client.Create(ctx, creq)
		var left *kvm2.LeftoversError
		var ur *kvm2.UnreadError
		leftovers = leftovers || errors.As(err, &left)
		unread = unread || errors.As(err, &ur)
		return inst, err
	})
	if err != nil {
		if leftovers || unread {
			// Keeping the VM in state with an error taints it: the next apply deletes it by its
			// UID, which removes the VM or what the failed create left on the host, before
			// creating it again.
			resp.Diagnostics.Append(resp.State.Set(ctx, leftoverState(plan, id, uid, userData))...)
			resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
		}
		d := corecall.ErrorDiagnostic("create", proxyVMKind, id, err)
		if detail, taken := TakenDetail(err); taken { // an interrupted apply's VM, most likely
			d = diag.NewErrorDiagnostic(d.Summary(), detail)
		}
		if unread && !leftovers {
			d = diag.NewErrorDiagnostic(d.Summary(), d.Detail()+"\n\nThe VM was created on the host but not read back; "+
				"it is recorded in state with its uid as tainted, so the next apply replaces it.")
		}
		resp.Diagnostics.Append(d)
		return
	}
	plan.UserDataSHA256 = types.StringValue(userDataSHA256(userData))
	if plan.Running.ValueBool() {
		var d diag.Diagnostic
		if inst, d = r.waitBoot(ctx, "create", plan, inst, timeout); d != nil {
			// Keeping the VM in state with an error taints it: it exists, and the next apply
			// replaces it.
			applyInstance(&plan, inst)
			resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
			resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
			resp.Diagnostics.Append(d)
			return
		}
	}
	planned := plan
	applyInstance(&plan, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
	resp.Diagnostics.Append(changedDuringApply("create", id, planned, plan)...)
}

// leftoverState is the state of a VM whose create failed and left objects on the host: what the
// plan asked for, its UID, and state "gone", so that it is replaced.
func leftoverState(plan proxyVMModel, id, uid, userData string) proxyVMModel {
	plan.ID = types.StringValue(id)
	plan.UID = types.StringValue(uid)
	plan.State = types.StringValue(stateGone)
	plan.UserDataSHA256 = types.StringValue(userDataSHA256(userData))
	plan.UserDataWO = types.StringNull()
	for _, v := range []*types.String{&plan.Network, &plan.Bridge} {
		if v.IsUnknown() {
			*v = types.StringNull()
		}
	}
	for _, v := range []*types.String{&plan.DomainUUID, &plan.IPv4Address, &plan.CreatedAt} {
		*v = types.StringValue("")
	}
	if plan.MACAddress.IsUnknown() { // a configured address stays as planned
		plan.MACAddress = types.StringValue("")
	}
	return plan
}

func (r *proxyVMResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state proxyVMModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Read(ctx, proxyVMReadTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	id, uid := state.ID.ValueString(), state.UID.ValueString()
	inst, err := r.get(ctx, id, uid)
	var gone *ownership.GoneError
	if corecall.IsNotFound(err) && errors.As(err, &gone) && gone.VolumesMayRemain() {
		// The domain is gone but its volumes are not (or may not be: their pool is inactive):
		// keep the VM in state as "gone", so the plan replaces it and the replacement's delete
		// removes them.
		tflog.Warn(ctx, "proxy VM gone, its volumes remain", map[string]any{"id": id, "error": err.Error()})
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("state"), stateGone)...)
		resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("ipv4_address"), "")...)
		resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
		return
	}
	if corecall.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		// The framework wants an identity after every Read without an error, a removal too.
		resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("read", proxyVMKind, id, err))
		return
	}
	applyInstance(&state, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
	if resp.Private != nil {
		resp.Diagnostics.Append(noteDiskGrown(ctx, resp.Private, inst)...)
	}
}

// Update changes what changes in place (tag, autostart, running, sizes, NICs' bandwidth) and reads the VM back;
// wait_for_ip and a user_data_wo_version first set after an import are rewritten in the mark (for
// an import to read back); the other inputs that may differ without replacement (user_data after
// an import, timeouts) only change state.
func (r *proxyVMResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan, state proxyVMModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := plan.Timeouts.Update(ctx, proxyVMUpdateTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	id, uid := state.ID.ValueString(), state.UID.ValueString()

	if !plan.Tag.Equal(state.Tag) || steering(plan) != steering(state) {
		tag, steer := plan.Tag.ValueString(), steering(plan)
		_, err := corecall.WithRetry(ctx, r.data.Retry, "set tag", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.Client.SetMarkSettings(ctx, id, uid, tag, steer)
		})
		if err != nil {
			resp.Diagnostics.Append(corecall.ErrorDiagnostic("update the mark of", proxyVMKind, id, err))
			return
		}
	}
	if !plan.Autostart.Equal(state.Autostart) {
		autostart := plan.Autostart.ValueBool()
		_, err := corecall.WithRetry(ctx, r.data.Retry, "set autostart", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.Client.SetAutostart(ctx, id, uid, autostart)
		})
		if err != nil {
			resp.Diagnostics.Append(corecall.ErrorDiagnostic("update the autostart of", proxyVMKind, id, err))
			return
		}
	}
	started := false
	running := plan.Running.ValueBool()
	setRunning := func(running bool) bool {
		_, err := corecall.WithRetry(ctx, r.data.Retry, "set running", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.Client.SetRunning(ctx, id, uid, running)
		})
		if err != nil {
			action := "stop"
			if running {
				action = "start"
			}
			resp.Diagnostics.Append(corecall.ErrorDiagnostic(action, proxyVMKind, id, err))
			return false
		}
		return true
	}
	// A VM to be stopped stops before a resize, which then only redefines it.
	if !running && !plan.Running.Equal(state.Running) && !setRunning(false) {
		return
	}
	start := running && !plan.Running.Equal(state.Running)
	if sizesChanged(plan, state) {
		resized, res, d := r.resize(ctx, id, uid, plan)
		resp.Diagnostics.Append(d...)
		if d.HasError() {
			return
		}
		started = res.Restarted
		// A restart that stopped the VM but failed to start it is finished here.
		start = start || (running && resized.State != kvm2.StateRunning)
	}
	if d := r.setBandwidth(ctx, id, uid, plan, state); d.HasError() {
		resp.Diagnostics.Append(d...)
		return
	}
	if start {
		if !setRunning(true) {
			return
		}
		started = true
	}
	if names, d := missingLogs(ctx, req.Private); len(names) > 0 && !d.HasError() {
		_, err := corecall.WithRetry(ctx, r.data.Retry, "make console logs", func(ctx context.Context) (kvm2.Instance, error) {
			return r.data.Client.MakeConsoleLogs(ctx, id, uid)
		})
		if err != nil {
			resp.Diagnostics.Append(corecall.ErrorDiagnostic("make the console log volumes of", proxyVMKind, id, err))
			return
		}
		resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateLogsMissing, nil)...)
	}
	inst, err := r.get(ctx, id, uid)
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("read back", proxyVMKind, id, err))
		return
	}
	if started {
		var d diag.Diagnostic
		if inst, d = r.waitBoot(ctx, "start", plan, inst, timeout); d != nil {
			applyInstance(&plan, inst)
			resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
			resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
			resp.Diagnostics.Append(d)
			return
		}
	}
	planned := plan
	applyInstance(&plan, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
	resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, id)...)
	resp.Diagnostics.Append(changedDuringApply("update", id, planned, plan)...)
}

func (r *proxyVMResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state proxyVMModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, proxyVMDeleteTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	id, uid := state.ID.ValueString(), state.UID.ValueString()
	err := corecall.RetryErr(ctx, r.data.Retry, "delete proxy VM", func(ctx context.Context) error {
		return r.data.Client.Delete(ctx, id, uid)
	})
	if err != nil && !corecall.IsNotFound(err) {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("delete", proxyVMKind, id, err))
	}
}

// ImportState accepts "host/name" (or an identity with host and name) and reads the VM at once,
// so that a domain that is missing or not ours fails the import with the reason instead of a generic "does not exist". The user data
// of a VM whose mark records it as given in user_data is read back from its seed (see
// importUserData), so a configuration that sets the same user_data plans no change.
func (r *proxyVMResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if req.ID == "" && req.Identity != nil {
		id, diags := identityID(ctx, req.Identity)
		resp.Diagnostics.Append(diags...)
		if diags.HasError() {
			return
		}
		req.ID = id
	}
	host, name, err := rules.ParseID(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Unable to import proxy VM "+req.ID,
			fmt.Sprintf("%v. Use host/name, for example lab/egress-1.", err))
		return
	}
	if !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), proxyVMReadTimeout)
	defer cancel()
	inst, err := r.get(ctx, req.ID, "")
	if err != nil {
		resp.Diagnostics.AddError("Unable to import proxy VM "+req.ID, importDetail(host, name, err))
		return
	}
	state := importedModel(inst)
	state.UserData = r.importUserData(ctx, inst)
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
	resp.Diagnostics.Append(setIdentity(ctx, resp.Identity, req.ID)...)
	if resp.Private != nil {
		resp.Diagnostics.Append(noteMissingLogs(ctx, resp.Private, r.data.Client, req.ID, inst.UID)...)
	}
}

// importUserData is the user_data an imported VM gets in state: the user data its seed holds,
// when its mark records it as given in user_data and the core proves the seed the VM's own and
// its content the digest in the mark; else null, and the next apply takes the configured value
// into state through an update, as for a VM made before the mark recorded the source. The user
// data of a VM made with user_data_wo is never read. Only lengths and digests are logged.
func (r *proxyVMResource) importUserData(ctx context.Context, inst kvm2.Instance) types.String {
	fields := map[string]any{"id": inst.ID, "uid": inst.UID, "user_data_sha256": inst.UserDataHash}
	switch inst.UserDataSource {
	case kvm2.UserDataStored:
	case kvm2.UserDataWriteOnly:
		tflog.Debug(ctx, "imported VM was created with user_data_wo: its user data is not read back", fields)
		return types.StringNull()
	default:
		if inst.UserDataHash != "" && inst.UserDataHash != emptyUserDataSHA256 {
			tflog.Info(ctx, "imported VM's mark does not say where its user data came from (an earlier version made it): "+
				"not read back; the next apply takes user_data from the configuration", fields)
		}
		return types.StringNull()
	}
	start := time.Now()
	data, err := r.data.Client.ReadUserData(ctx, inst.ID, inst.UID)
	fields["took_ms"] = time.Since(start).Milliseconds()
	if err != nil {
		fields["error"] = err.Error()
		tflog.Warn(ctx, "imported VM's user data not read back from its seed; the next apply takes user_data from "+
			"the configuration", fields)
		return types.StringNull()
	}
	fields["user_data_bytes"] = len(data)
	tflog.Info(ctx, "imported VM's user data read back from its seed and checked against its mark", fields)
	return types.StringValue(string(data))
}

// get reads the VM id with uid ("" for an import), its disk's real size included, retrying
// Transient failures.
func (r *proxyVMResource) get(ctx context.Context, id, uid string) (kvm2.Instance, error) {
	return corecall.WithRetry(ctx, r.data.Retry, "read proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
		return r.data.Client.GetWithDisk(ctx, id, uid)
	})
}

// importDetail explains why a VM cannot be imported.
func importDetail(host, name string, err error) string {
	if corecall.IsNotFound(err) {
		return fmt.Sprintf("Host %q has no domain %q that carries the kvm2 mark (%v). Only domains created by this "+
			"provider can be imported; check the host and the name.", host, name, err)
	}
	if errors.Is(err, kvmerr.ErrPermanent) {
		return fmt.Sprintf("%v\n\nOnly domains created by this provider, which carry its kvm2 mark, can be imported. "+
			"A domain made otherwise must be recreated with kvm2_proxy_vm.", err)
	}
	return corecall.ErrorDetail(err)
}
