package proxyvm

import (
	"context"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// stateGone is the `state` of a VM whose domain was removed outside Terraform while its volumes
// remain; the next plan replaces it, and the replacement's delete removes the volumes.
const stateGone = "gone"

// stateTransient is the `state` of a domain that still runs but is no longer defined on the host
// (undefined out of band). It cannot survive a stop or a host reboot, so the next plan replaces it.
const stateTransient = "transient"

// proxyVMModel is kvm2_proxy_vm.
type proxyVMModel struct {
	ID                types.String `tfsdk:"id"`
	Name              types.String `tfsdk:"name"`
	NamePrefix        types.String `tfsdk:"name_prefix"`
	Host              types.String `tfsdk:"host"`
	BaseImageID       types.String `tfsdk:"base_image_id"`
	VCPUs             types.Int64  `tfsdk:"vcpus"`
	MemoryMiB         types.Int64  `tfsdk:"memory_mib"`
	DiskGiB           types.Int64  `tfsdk:"disk_gib"`
	Network           types.String `tfsdk:"network"`
	Bridge            types.String `tfsdk:"bridge"`
	Firmware          types.String `tfsdk:"firmware"`
	Tag               types.String `tfsdk:"tag"`
	UserData          types.String `tfsdk:"user_data"`
	UserDataWO        types.String `tfsdk:"user_data_wo"`
	UserDataWOVersion types.Int64  `tfsdk:"user_data_wo_version"`
	UserDataSHA256    types.String `tfsdk:"user_data_sha256"`
	Running           types.Bool   `tfsdk:"running"`
	Autostart         types.Bool   `tfsdk:"autostart"`
	WaitForIP         types.Bool   `tfsdk:"wait_for_ip"`
	WaitForCloudInit  types.Bool   `tfsdk:"wait_for_cloud_init"`
	UID               types.String `tfsdk:"uid"`
	DomainUUID        types.String `tfsdk:"domain_uuid"`
	State             types.String `tfsdk:"state"`
	IPv4Address       types.String `tfsdk:"ipv4_address"`
	MACAddress        types.String `tfsdk:"mac_address"`
	CreatedAt         types.String `tfsdk:"created_at"`
	NetworkConfig     types.String `tfsdk:"network_config"`
	// The NICs (nics_model.go).
	NetworkInterfaces  types.List     `tfsdk:"network_interfaces"`
	IPv6Address        types.String   `tfsdk:"ipv6_address"`
	WaitForIPFamily    types.String   `tfsdk:"wait_for_ip_family"`
	WaitForIPInterface types.Int64    `tfsdk:"wait_for_ip_interface"`
	WaitForPort        types.Int64    `tfsdk:"wait_for_port"`
	Timeouts           timeouts.Value `tfsdk:"timeouts"`
}

// effectiveUserData is the user data a create uses: user_data, else the write-only user_data_wo
// (present only in the configuration). known is false while either is unknown.
func effectiveUserData(cfg proxyVMModel) (data string, known bool) {
	if cfg.UserData.IsUnknown() || cfg.UserDataWO.IsUnknown() {
		return "", false
	}
	if !cfg.UserData.IsNull() {
		return cfg.UserData.ValueString(), true
	}
	return cfg.UserDataWO.ValueString(), true
}

// writeOnlyUserData reports whether the user data of a create comes from user_data_wo, which
// the mark then records so that an import never reads it back into state.
func writeOnlyUserData(cfg proxyVMModel) bool {
	return cfg.UserData.IsNull() && !cfg.UserDataWO.IsNull()
}

// userDataSHA256 is the hex sha256 the core records in the domain's mark.
func userDataSHA256(data string) string { return rules.UserDataSHA256([]byte(data)) }

// createRequest builds the core request from the plan and the effective user data (write-only:
// it came from user_data_wo).
func createRequest(ctx context.Context, plan proxyVMModel, uid, userData string, writeOnly bool) (kvm2.CreateRequest, diag.Diagnostics) {
	nics, diags := requestNICs(ctx, plan)
	return kvm2.CreateRequest{
		Host:              plan.Host.ValueString(),
		Name:              plan.Name.ValueString(),
		UID:               uid,
		BaseImageID:       plan.BaseImageID.ValueString(),
		VCPUs:             int(plan.VCPUs.ValueInt64()),
		MemoryMiB:         int(plan.MemoryMiB.ValueInt64()),
		DiskGiB:           int(plan.DiskGiB.ValueInt64()),
		NICs:              nics,
		Firmware:          rules.Firmware(plan.Firmware.ValueString()),
		Tag:               plan.Tag.ValueString(),
		UserData:          []byte(userData),
		WriteOnlyUserData: writeOnly,
		Running:           plan.Running.ValueBool(),
		Autostart:         plan.Autostart.ValueBool(),
		NetworkConfig:     knownString(plan.NetworkConfig),
		Steering:          steering(plan),
	}, diags
}

// steering is what the mark records of the attributes that only steer the provider, so that an
// import reads them back (importedModel) and the plan after it is empty.
func steering(plan proxyVMModel) definition.Steering {
	s := definition.Steering{NoIPWait: !plan.WaitForIP.IsNull() && !plan.WaitForIP.IsUnknown() && !plan.WaitForIP.ValueBool()}
	if !plan.UserDataWOVersion.IsNull() && !plan.UserDataWOVersion.IsUnknown() {
		s.UserDataWOVersion = strconv.FormatInt(plan.UserDataWOVersion.ValueInt64(), 10)
	}
	if !plan.WaitForCloudInit.IsNull() && !plan.WaitForCloudInit.IsUnknown() {
		s.CloudInitWait = strconv.FormatBool(plan.WaitForCloudInit.ValueBool())
	}
	s.NamePrefix = knownString(plan.NamePrefix)
	s.IPWaitFamily, s.IPWaitInterface = ipWaitSteering(plan)
	s.PortWait = portWaitSteering(plan)
	return s
}

// applySteering sets the attributes that only steer the provider from what inst's mark records:
// an import's. A mark of an earlier version records neither, and they keep their defaults.
func applySteering(m *proxyVMModel, inst kvm2.Instance) {
	m.WaitForIP = types.BoolValue(!inst.NoIPWait)
	// Recorded as given: unset (and a mark of an earlier version) is null, as in a configuration
	// that does not set it.
	m.WaitForCloudInit = types.BoolNull()
	if b, err := strconv.ParseBool(inst.CloudInitWait); err == nil {
		m.WaitForCloudInit = types.BoolValue(b)
	}
	m.UserDataWOVersion = types.Int64Null()
	if n, err := strconv.ParseInt(inst.UserDataWOVersion, 10, 64); err == nil {
		m.UserDataWOVersion = types.Int64Value(n)
	}
	m.NamePrefix = optionalString(inst.NamePrefix)
	applyIPWaitSteering(m, inst)
	applyPortWaitSteering(m, inst)
}

// applyInstance copies what the host reports into m. Configuration-only values (user_data,
// user_data_wo_version, wait_for_ip, timeouts) are left as they are; user_data_wo is always
// null in state.
func applyInstance(m *proxyVMModel, inst kvm2.Instance) {
	m.ID = types.StringValue(inst.ID)
	m.Name = types.StringValue(inst.Name)
	m.Host = types.StringValue(inst.Host)
	m.BaseImageID = types.StringValue(inst.BaseImageID)
	m.VCPUs = types.Int64Value(int64(inst.VCPUs))
	m.MemoryMiB = types.Int64Value(int64(inst.MemoryMiB))
	m.DiskGiB = types.Int64Value(int64(inst.DiskGiB))
	m.Network = optionalString(inst.Network)
	m.Bridge = optionalString(inst.Bridge)
	m.Firmware = types.StringValue(string(inst.Firmware))
	m.Tag = types.StringValue(inst.Tag)
	m.UserDataWO = types.StringNull()
	if inst.UserDataHash != "" {
		m.UserDataSHA256 = types.StringValue(inst.UserDataHash)
	}
	m.Running = types.BoolValue(inst.State == kvm2.StateRunning || inst.State == kvm2.StateStarting)
	m.Autostart = types.BoolValue(inst.Autostart)
	m.UID = types.StringValue(inst.UID)
	m.DomainUUID = types.StringValue(inst.DomainUUID)
	m.State = types.StringValue(instanceState(inst))
	m.IPv4Address = types.StringValue(inst.IPv4)
	// A configured address keeps its spelling: the host reports it in lower case.
	if !rules.SameMAC(m.MACAddress.ValueString(), inst.MAC) {
		m.MACAddress = types.StringValue(inst.MAC)
	}
	m.NetworkConfig = optionalString(inst.NetworkConfig)
	m.CreatedAt = types.StringValue(formatTime(inst.CreatedAt))
	applyNICs(m, inst)
}

// instanceState is the `state` attribute: the domain state, or "transient" for a running domain
// that is no longer defined.
func instanceState(inst kvm2.Instance) string {
	if !inst.Persistent && inst.State != kvm2.StateStopped {
		return stateTransient
	}
	return string(inst.State)
}

// formatTime renders t in RFC 3339 UTC, or "" for the zero time.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// optionalString maps "" to null, for attributes where empty means "not used" (network/bridge).
func optionalString(v string) types.String {
	if v == "" {
		return types.StringNull()
	}
	return types.StringValue(v)
}

// knownString is the value of v, or "" when null or unknown.
func knownString(v types.String) string {
	if v.IsNull() || v.IsUnknown() {
		return ""
	}
	return v.ValueString()
}

// mustReplace reports a recorded state that only a replacement can bring back to what the
// configuration asks for: a VM no longer defined (transient) or gone with its volumes left.
func mustReplace(state string) bool { return state == stateTransient || state == stateGone }

// importedModel is the state an import records for inst: what the host reports, and for the
// configuration-only attributes their defaults, so a configuration that leaves them out plans
// no change. `terraform query` with include_resource returns the same object, without the user
// data an import reads back (generated configuration never holds a sensitive value).
func importedModel(inst kvm2.Instance) proxyVMModel {
	state := proxyVMModel{
		UserData:          types.StringNull(),
		UserDataWO:        types.StringNull(),
		UserDataWOVersion: types.Int64Null(),
		UserDataSHA256:    types.StringNull(),
		Timeouts:          timeouts.Value{Object: types.ObjectNull(timeoutsAttrTypes)},
	}
	applyInstance(&state, inst)
	applySteering(&state, inst)
	return state
}

// timeoutsAttrTypes is the object type of the timeouts block, for a null value at import.
var timeoutsAttrTypes = map[string]attr.Type{
	"create": types.StringType, "read": types.StringType, "update": types.StringType, "delete": types.StringType,
}
