package proxyvm

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

// ModifyPlan decides what the attribute plan modifiers cannot:
//   - host and base image are checked against the provider block, with no host contacted;
//   - user data is compared by sha256 (user_data or the write-only user_data_wo), so an imported
//     VM whose configured user data matches its mark is not replaced;
//   - network/bridge keep their host default unless configured, and switching replaces;
//   - a VM found running but no longer defined ("transient") is replaced;
//   - a configured mac_address is compared ignoring case, its change replaces, and a new VM's
//     (or a replacement's) address is looked up among the host's domains.
func (r *proxyVMResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() {
		return // destroy
	}
	if unchanged, diags := r.unchangedPlan(ctx, req, resp); unchanged || diags.HasError() {
		resp.Diagnostics.Append(diags...)
		return
	}
	var plan, cfg proxyVMModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if r.data != nil {
		resp.Diagnostics.Append(corecall.CheckHostConfigured(r.data, path.Root("host"), plan.Host)...)
	}
	resp.Diagnostics.Append(checkBaseImageHost(plan)...)
	if resp.Diagnostics.HasError() {
		return
	}

	if userData, known := effectiveUserData(cfg); known {
		plan.UserDataSHA256 = types.StringValue(userDataSHA256(userData))
	} else {
		plan.UserDataSHA256 = types.StringUnknown()
	}
	if req.State.Raw.IsNull() {
		// A replacement is planned as a new VM; the VM it replaces is named in private state.
		replaced := ""
		if resp.Private != nil { // a replacement's disk is new: the note of the one it replaces goes
			resp.Diagnostics.Append(resp.Private.SetKey(ctx, privateDiskMarked, nil)...)
		}
		if req.Private != nil {
			var diags diag.Diagnostics
			replaced, diags = replacedUID(ctx, req.Private)
			resp.Diagnostics.Append(diags...)
		}
		resp.Diagnostics.Append(r.checkPoolSpace(ctx, plan)...)
		_, diags := r.planNICs(ctx, &plan, cfg, nil, replaced)
		resp.Diagnostics.Append(diags...)
		if cfg.NetworkInterfaces.IsNull() { // else planNICs checked each NIC
			resp.Diagnostics.Append(r.checkAttachment(ctx, plan, cfg)...)
			resp.Diagnostics.Append(r.checkMAC(ctx, plan, replaced)...)
		}
		resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
		return
	}

	var state proxyVMModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if resp.Private != nil {
		resp.Diagnostics.Append(noteReplacedUID(ctx, resp.Private, state.UID)...)
	}
	if req.Private != nil {
		resp.Diagnostics.Append(checkDiskGrown(ctx, req.Private, plan, state)...)
	}
	planAttachment(&plan, cfg, state)
	var nicPaths path.Paths
	if !req.Plan.Raw.Equal(req.State.Raw) { // else (write-only user data) the NICs are the VM's as they are
		var diags diag.Diagnostics
		nicPaths, diags = r.planNICs(ctx, &plan, cfg, &state, "")
		resp.Diagnostics.Append(diags...)
	}
	if cfg.NetworkInterfaces.IsNull() && (!plan.Network.Equal(state.Network) || !plan.Bridge.Equal(state.Bridge)) {
		resp.Diagnostics.Append(r.checkAttachment(ctx, plan, cfg)...) // the replacement's attachment
	}
	resp.RequiresReplace = append(resp.RequiresReplace, nicPaths...)
	resp.RequiresReplace = append(resp.RequiresReplace, replacePaths(plan, state)...)
	if macChanged(cfg.MACAddress, state.MACAddress) {
		resp.RequiresReplace = append(resp.RequiresReplace, path.Root("mac_address"))
	}
	resp.Diagnostics.Append(restartWarning(plan, state, resp.RequiresReplace)...)
	resp.Diagnostics.Append(userDataReplaceWarning(plan, cfg, state, resp.RequiresReplace)...)
	if sameUserData(plan.UserDataSHA256, state.UserDataSHA256) {
		plan.UserDataSHA256 = state.UserDataSHA256 // no spurious diff on a mark without a hash
	}
	if mustReplace(state.State.ValueString()) {
		plan.State = types.StringUnknown()
	} else if names, d := missingLogs(ctx, req.Private); len(names) > 0 {
		resp.Diagnostics.Append(d...)
		plan.State = types.StringUnknown() // an update, which makes them
		resp.Diagnostics.Append(missingLogsWarning(state.ID.ValueString(), names))
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

// checkPoolSpace fails the plan of a new VM whose host pool is known to lack room for it.
func (r *proxyVMResource) checkPoolSpace(ctx context.Context, plan proxyVMModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if r.data == nil || r.data.Client == nil || plan.Host.IsUnknown() || plan.BaseImageID.IsUnknown() {
		return diags
	}
	host := plan.Host.ValueString()
	free, needed, short, skipped := r.data.Lookups.Shortfall(corecall.WithCoreLogging(ctx), r.data.Client, host, plan.BaseImageID.ValueString())
	diags.Append(corecall.SkippedWarning(path.Root("host"), "the free space of its host's pool", plannedID(plan), skipped)...)
	if short {
		quota := &kvmerr.QuotaError{Host: host, Pool: r.data.Pool(host), Available: free, Needed: needed}
		diags.Append(corecall.ErrorDiagnostic("create", proxyVMKind, plannedID(plan), quota))
	}
	return diags
}

// checkAttachment fails the plan of a VM whose network or bridge (the configured one, else the
// host's default) the host says it lacks: a missing network or bridge, or a network that is not
// active. A host that does not answer in time gives a warning; apply reports the refusal.
func (r *proxyVMResource) checkAttachment(ctx context.Context, plan, cfg proxyVMModel) diag.Diagnostics {
	return r.checkNICAttachment(ctx, plan, cfg.Network, cfg.Bridge, path.Root("network"), path.Root("bridge"))
}

// checkNICAttachment is checkAttachment of one NIC whose configured network and bridge (both
// null: the host's) are at netPath and bridgePath.
func (r *proxyVMResource) checkNICAttachment(ctx context.Context, plan proxyVMModel, network, bridge types.String, netPath, bridgePath path.Path) diag.Diagnostics {
	var diags diag.Diagnostics
	if r.data == nil || r.data.Client == nil || plan.Host.IsUnknown() || network.IsUnknown() || bridge.IsUnknown() {
		return diags
	}
	host := plan.Host.ValueString()
	refused, skipped := r.data.Lookups.AttachmentRefusal(corecall.WithCoreLogging(ctx), r.data.Client, host,
		network.ValueString(), bridge.ValueString())
	diags.Append(corecall.SkippedWarning(path.Root("host"), "that its network or bridge is on the host", plannedID(plan), skipped)...)
	if refused == nil {
		return diags
	}
	at, whose := netPath, ""
	switch {
	case !bridge.IsNull():
		at = bridgePath
	case network.IsNull():
		at, whose = path.Root("host"), " (the host's default, from the provider block)"
	}
	advice := "Create the network on the host, or set network to one the host has."
	switch {
	case refused.Bridge != "":
		advice = "Create the bridge on the host, or set bridge to one the host has."
	case refused.Problem == kvm2.AttachmentInactive:
		advice = fmt.Sprintf("Start the network on the host (virsh net-start %s; virsh net-autostart %s keeps it "+
			"started across reboots), or set network to another one.", refused.Network, refused.Network)
	}
	diags.AddAttributeError(at, corecall.ErrorSummary("create", proxyVMKind, plannedID(plan)),
		fmt.Sprintf("%v%s.\n\n%s The plan asked the host; an apply would fail the same way.", refused, whose, advice))
	return diags
}

// planAttachment plans network and bridge: a configured one wins and clears the other; when
// neither is configured, the VM keeps what it has (the host's default at create).
func planAttachment(plan *proxyVMModel, cfg, state proxyVMModel) {
	switch {
	case !cfg.Network.IsNull():
		plan.Bridge = types.StringNull()
	case !cfg.Bridge.IsNull():
		plan.Network = types.StringNull()
	default:
		plan.Network = state.Network
		plan.Bridge = state.Bridge
	}
}

// replacePaths lists the planned changes that the host cannot make in place, beyond the inputs
// marked RequiresReplace in the schema.
func replacePaths(plan, state proxyVMModel) path.Paths {
	var paths path.Paths
	if !plan.Network.Equal(state.Network) {
		paths = append(paths, path.Root("network"))
	}
	if !plan.Bridge.Equal(state.Bridge) {
		paths = append(paths, path.Root("bridge"))
	}
	if plan.UserDataSHA256.IsUnknown() || !sameUserData(plan.UserDataSHA256, state.UserDataSHA256) {
		paths = append(paths, path.Root("user_data_sha256"))
	}
	// A version first set after an import is not a change of the user data.
	if !state.UserDataWOVersion.IsNull() && !plan.UserDataWOVersion.Equal(state.UserDataWOVersion) {
		paths = append(paths, path.Root("user_data_wo_version"))
	}
	if mustReplace(state.State.ValueString()) {
		paths = append(paths, path.Root("state"))
	}
	return paths
}

// userDataReplaceWarning says why a VM whose user data is not in state (given in user_data_wo,
// or not read back by an import: write-only, unverified against its seed, or a VM of an earlier
// version) is replaced for its user data: the plan can show only that the digests differ, and
// after an import, most often from configuration `terraform query` generated, the configuration
// lacks the user data it was made with. A VM whose user_data is in state shows its own diff.
func userDataReplaceWarning(plan, cfg, state proxyVMModel, replace path.Paths) diag.Diagnostics {
	var diags diag.Diagnostics
	recorded := state.UserDataSHA256.ValueString()
	if !state.UserData.IsNull() || recorded == "" || recorded == emptyUserDataSHA256 ||
		!slices.ContainsFunc(replace, func(p path.Path) bool { return p.Equal(path.Root("user_data_sha256")) }) {
		return diags
	}
	why := "The host keeps only the sha256 of a VM's user data, and this VM's user data is not in state: it was " +
		"given in user_data_wo, which is never read back, or an import could not read it back (a VM made by an " +
		"earlier version, or a seed that does not match the digests in its mark). So the plan cannot compare the " +
		"user data itself, only its sha256."
	var what, fix string
	switch {
	case plan.UserDataSHA256.IsUnknown():
		what = "the configured user data is not known until apply, so the plan cannot tell it is the same"
		fix = "If the VM's user data is unchanged, give it as a value known at plan time."
	case cfg.UserData.IsNull() && cfg.UserDataWO.IsNull():
		what = "the configuration gives no user data"
		fix = "Put the VM's user data back in the configuration, in user_data or user_data_wo as it was made; its " +
			"sha256 must be " + recorded + ". Configuration that `terraform query -generate-config-out` wrote has " +
			"`user_data = null`, since Terraform never writes a sensitive value into generated configuration."
	default:
		what = "the sha256 of the configured user data is " + plan.UserDataSHA256.ValueString()
		fix = "If this is not the change you meant, give the user data the VM was made with."
	}
	diags.AddAttributeWarning(path.Root("user_data_sha256"),
		fmt.Sprintf("%s will be replaced for its user data", state.ID.ValueString()),
		fmt.Sprintf("Its mark records user data of sha256 %s, and %s. %s\n\n%s", recorded, what, why, fix))
	return diags
}

// emptyUserDataSHA256 is the sha256 of no user data.
var emptyUserDataSHA256 = userDataSHA256("")

// sameUserData compares planned and recorded user data hashes. A VM whose mark recorded no hash
// had no user data.
func sameUserData(planned, recorded types.String) bool {
	rec := recorded.ValueString()
	if recorded.IsNull() || rec == "" {
		rec = emptyUserDataSHA256
	}
	return planned.ValueString() == rec
}

// checkBaseImageHost reports a base image id that is malformed or lives on another host.
func checkBaseImageHost(plan proxyVMModel) diag.Diagnostics {
	var diags diag.Diagnostics
	if plan.BaseImageID.IsUnknown() || plan.Host.IsUnknown() {
		return diags
	}
	host, _, _, err := rules.ParseBaseImageID(plan.BaseImageID.ValueString())
	if err != nil {
		diags.AddAttributeError(path.Root("base_image_id"), "Invalid base image id",
			fmt.Sprintf("%v. Use the id attribute of a kvm2_base_image.", err))
		return diags
	}
	if host != plan.Host.ValueString() {
		diags.AddAttributeError(path.Root("base_image_id"), "Base image on another host",
			fmt.Sprintf("Base image %q is on host %q, but the VM is on host %q. A VM's disk is an overlay on a base "+
				"image of the same host: create a kvm2_base_image on %q.",
				plan.BaseImageID.ValueString(), host, plan.Host.ValueString(), plan.Host.ValueString()))
	}
	return diags
}

// unchangedPlan reports a plan that repeats the prior state exactly, with no write-only user data
// to hash, user data that is the VM's and no transient domain to replace: the no-change plan of
// a whole fleet, which this answers with six attribute reads instead of decoding plan, config
// and state in full (the sixth, the UID, is noted for a replacement's plan, see
// privateReplacedUID).
func (r *proxyVMResource) unchangedPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) (bool, diag.Diagnostics) {
	var diags diag.Diagnostics
	if req.State.Raw.IsNull() || !req.Plan.Raw.Equal(req.State.Raw) {
		return false, diags
	}
	var userDataWO, state, host, userData, userDataSHA types.String
	diags.Append(req.Config.GetAttribute(ctx, path.Root("user_data_wo"), &userDataWO)...)
	diags.Append(req.State.GetAttribute(ctx, path.Root("state"), &state)...)
	diags.Append(req.State.GetAttribute(ctx, path.Root("host"), &host)...)
	diags.Append(req.State.GetAttribute(ctx, path.Root("user_data"), &userData)...)
	diags.Append(req.State.GetAttribute(ctx, path.Root("user_data_sha256"), &userDataSHA)...)
	if diags.HasError() || !userDataWO.IsNull() || mustReplace(state.ValueString()) {
		return false, diags
	}
	if names, d := missingLogs(ctx, req.Private); len(names) > 0 || d.HasError() {
		return false, append(diags, d...) // planned in full: an update makes them
	}
	// Without user_data_wo the configured user data is user_data, the same in plan and state:
	// a VM whose mark records other user data (write-only user data no longer configured) is
	// planned in full, as a change of the user data.
	if !sameUserData(types.StringValue(userDataSHA256(userData.ValueString())), userDataSHA) {
		return false, diags
	}
	if r.data != nil {
		diags.Append(corecall.CheckHostConfigured(r.data, path.Root("host"), host)...)
	}
	if resp.Private != nil { // terraform plan -replace plans a replacement from an unchanged plan
		var uid types.String
		diags.Append(req.State.GetAttribute(ctx, path.Root("uid"), &uid)...)
		diags.Append(noteReplacedUID(ctx, resp.Private, uid)...)
	}
	return true, diags
}

// privateReplacedUID is the private state key under which the plan of an existing VM names its
// UID for the plan of its replacement: Terraform plans a replacement as a new object, handing
// it the private state of the first plan, and the VM's own domain must not count as the
// holder of its fixed MAC address.
const privateReplacedUID = "replaced_uid"

// privateState is the part of a plan's private state that ModifyPlan reads and writes.
type privateState interface {
	GetKey(ctx context.Context, key string) ([]byte, diag.Diagnostics)
	SetKey(ctx context.Context, key string, value []byte) diag.Diagnostics
}

// noteReplacedUID records uid as the VM a replacement would replace.
func noteReplacedUID(ctx context.Context, private privateState, uid types.String) diag.Diagnostics {
	if uid.IsNull() || uid.IsUnknown() || uid.ValueString() == "" {
		return nil
	}
	v, err := json.Marshal(uid.ValueString())
	if err != nil {
		return nil // a Go string always marshals
	}
	return private.SetKey(ctx, privateReplacedUID, v)
}

// replacedUID is the UID noteReplacedUID recorded, or "" for a VM that replaces nothing.
func replacedUID(ctx context.Context, private privateState) (string, diag.Diagnostics) {
	v, diags := private.GetKey(ctx, privateReplacedUID)
	var uid string
	if len(v) == 0 || json.Unmarshal(v, &uid) != nil {
		return "", diags
	}
	return uid, diags
}

// macChanged reports a configured MAC address (unknown counts) that is not the VM's, ignoring
// case. An address no longer configured keeps the VM's.
func macChanged(configured, recorded types.String) bool {
	if configured.IsNull() {
		return false
	}
	return configured.IsUnknown() || !rules.SameMAC(configured.ValueString(), recorded.ValueString())
}

// checkMAC fails the plan of a new VM (or of the replacement of the VM with uid replaced, or of
// a tainted VM) whose configured MAC address another domain on the host already has. A host
// that does not answer in time gives a warning; apply checks again.
func (r *proxyVMResource) checkMAC(ctx context.Context, plan proxyVMModel, replaced string) diag.Diagnostics {
	return r.checkNICMAC(ctx, plan, plan.MACAddress, path.Root("mac_address"), replaced)
}

// checkNICMAC is checkMAC of one NIC's planned address mac, at the path at.
func (r *proxyVMResource) checkNICMAC(ctx context.Context, plan proxyVMModel, mac types.String, at path.Path, replaced string) diag.Diagnostics {
	var diags diag.Diagnostics
	if r.data == nil || r.data.Client == nil || plan.Host.IsUnknown() || mac.IsNull() || mac.IsUnknown() {
		return diags
	}
	host := plan.Host.ValueString()
	inUse, skipped := r.data.Lookups.MACInUse(corecall.WithCoreLogging(ctx), r.data.Client, host, knownString(plan.Name),
		mac.ValueString(), replaced)
	diags.Append(corecall.SkippedWarning(at, "that no other domain on its host has its mac_address",
		plannedID(plan), skipped)...)
	if inUse == nil {
		return diags
	}
	diags.AddAttributeError(at, corecall.ErrorSummary("create", proxyVMKind, plannedID(plan)), macInUseDetail(plan, inUse))
	return diags
}

// macInUseDetail explains a planned MAC address another domain has. A VM of this provider whose
// name this resource's name (or name_prefix) gives is most likely the resource's own VM, which a
// create_before_destroy replacement creates beside: the detail then leads with that and its fix,
// and never advises removing a running VM without saying what it is.
func macInUseDetail(plan proxyVMModel, inUse *rules.MACInUseError) string {
	const tail = " The plan asked the host; an apply would fail the same way."
	name, prefix := knownString(plan.Name), knownString(plan.NamePrefix)
	own := inUse.UID != "" && (inUse.Domain == name || prefix != "" && strings.HasPrefix(inUse.Domain, prefix))
	if own {
		return fmt.Sprintf("%v.\n\nDomain %s is a VM of this provider (uid %s) whose name this resource's name or "+
			"name_prefix gives: most likely it is this resource's own VM, and this plan replaces it with "+
			"create_before_destroy, which creates the new VM while the old one still runs and holds the address. One "+
			"MAC address cannot be on two VMs of a network at once: remove mac_address (each VM then gets a random "+
			"one), or remove create_before_destroy (the old VM is then destroyed first). Do not remove %s from the "+
			"host: it is a running VM of this configuration.%s", inUse, inUse.Domain, inUse.UID, inUse.Domain, tail)
	}
	what := "a domain without this provider's mark"
	if inUse.UID != "" {
		what = "a VM of this provider, uid " + inUse.UID + ", of another resource or configuration"
	}
	return fmt.Sprintf("%v.\n\nTwo NICs with one address on a network break each other's traffic. Choose another "+
		"mac_address, or remove it to get a random one. Domain %s is %s: change its address or remove it on the host "+
		"only once you know nothing uses it.%s", inUse, inUse.Domain, what, tail)
}
