package proxyvm

import (
	"context"
	"strconv"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/attribute"
)

// The NICs between the Terraform values of network_interfaces and the core's: a create's
// request, a read's state.

// objectAsOptions reads an object into its model: every attribute is known where it is read.
var objectAsOptions = basetypes.ObjectAsOptions{}

// nicModel is one element of network_interfaces.
type nicModel struct {
	Network       types.String `tfsdk:"network"`
	Bridge        types.String `tfsdk:"bridge"`
	MACAddress    types.String `tfsdk:"mac_address"`
	Bandwidth     types.Object `tfsdk:"bandwidth"`
	IPv4Addresses types.List   `tfsdk:"ipv4_addresses"`
	IPv6Addresses types.List   `tfsdk:"ipv6_addresses"`
}

type bandwidthModel struct {
	Inbound  types.Object `tfsdk:"inbound"`
	Outbound types.Object `tfsdk:"outbound"`
}

type rateModel struct {
	Average types.Int64 `tfsdk:"average_kibps"`
	Peak    types.Int64 `tfsdk:"peak_kibps"`
	Burst   types.Int64 `tfsdk:"burst_kib"`
}

// nicModels reads the elements of l; none when l is null or unknown.
func nicModels(ctx context.Context, l types.List) ([]nicModel, diag.Diagnostics) {
	if l.IsNull() || l.IsUnknown() {
		return nil, nil
	}
	var out []nicModel
	diags := l.ElementsAs(ctx, &out, false)
	return out, diags
}

// nicList is the value of network_interfaces holding nics, whose values have the schema's types.
func nicList(nics []nicModel) types.List {
	elems := make([]attr.Value, len(nics))
	for i, n := range nics {
		elems[i] = types.ObjectValueMust(nicAttrTypes, map[string]attr.Value{
			"network": n.Network, "bridge": n.Bridge, "mac_address": n.MACAddress, "bandwidth": n.Bandwidth,
			"ipv4_addresses": n.IPv4Addresses, "ipv6_addresses": n.IPv6Addresses,
		})
	}
	return types.ListValueMust(nicObjectType, elems)
}

// definitionNIC is the core's NIC that n configures: "" for what is null or unknown (the core
// then takes the host's attachment or a random MAC), and its limits.
func definitionNIC(ctx context.Context, n nicModel) (definition.NIC, diag.Diagnostics) {
	out := definition.NIC{Network: knownString(n.Network), Bridge: knownString(n.Bridge), MAC: knownString(n.MACAddress)}
	bw, diags := bandwidthOf(ctx, n.Bandwidth)
	out.Bandwidth = bw
	return out, diags
}

// bandwidthOf is the core's limits of a bandwidth value (none when null or unknown).
func bandwidthOf(ctx context.Context, o types.Object) (definition.Bandwidth, diag.Diagnostics) {
	var bw definition.Bandwidth
	if o.IsNull() || o.IsUnknown() {
		return bw, nil
	}
	var m bandwidthModel
	diags := o.As(ctx, &m, objectAsOptions)
	var d diag.Diagnostics
	bw.Inbound, d = rateOf(ctx, m.Inbound)
	diags.Append(d...)
	bw.Outbound, d = rateOf(ctx, m.Outbound)
	diags.Append(d...)
	return bw, diags
}

func rateOf(ctx context.Context, o types.Object) (*definition.Rate, diag.Diagnostics) {
	if o.IsNull() || o.IsUnknown() {
		return nil, nil
	}
	var m rateModel
	diags := o.As(ctx, &m, objectAsOptions)
	// A set value is held to its rule here too: none is dropped as if unset (0 is "not set" to
	// the core), whatever reached this without the schema's validators.
	n := func(v types.Int64, r rules.Ints) uint {
		if v.IsNull() || v.IsUnknown() {
			return 0
		}
		if err := r.Check(v.ValueInt64()); err != nil {
			diags.AddError("Invalid bandwidth", "bandwidth: "+err.Error()+".")
			return 0
		}
		return uint(v.ValueInt64())
	}
	return &definition.Rate{Average: n(m.Average, rules.Average), Peak: n(m.Peak, rules.Peak), Burst: n(m.Burst, rules.Burst)}, diags
}

// bandwidthValue is the bandwidth value of the core's limits (null when none).
func bandwidthValue(bw definition.Bandwidth) types.Object {
	if bw.IsZero() {
		return types.ObjectNull(bandwidthAttrTypes)
	}
	rate := func(r *definition.Rate) attr.Value {
		if r == nil {
			return types.ObjectNull(rateAttrTypes)
		}
		opt := func(v uint) types.Int64 {
			if v == 0 {
				return types.Int64Null()
			}
			return types.Int64Value(int64(v))
		}
		return types.ObjectValueMust(rateAttrTypes, map[string]attr.Value{
			"average_kibps": types.Int64Value(int64(r.Average)), "peak_kibps": opt(r.Peak), "burst_kib": opt(r.Burst),
		})
	}
	return types.ObjectValueMust(bandwidthAttrTypes, map[string]attr.Value{"inbound": rate(bw.Inbound), "outbound": rate(bw.Outbound)})
}

// requestNICs is the NICs a create asks for: network_interfaces when the plan knows it, else one
// NIC from the top-level attributes (unknown values: the host's attachment, a random MAC).
func requestNICs(ctx context.Context, plan proxyVMModel) ([]definition.NIC, diag.Diagnostics) {
	nics, diags := definitionNICs(ctx, plan.NetworkInterfaces)
	if len(nics) == 0 {
		return []definition.NIC{{
			Network: knownString(plan.Network), Bridge: knownString(plan.Bridge), MAC: knownString(plan.MACAddress),
		}}, diags
	}
	return nics, diags
}

// definitionNICs is the core's NICs of the value l of network_interfaces (none when null or
// unknown; unknown values in it: none).
func definitionNICs(ctx context.Context, l types.List) ([]definition.NIC, diag.Diagnostics) {
	models, diags := nicModels(ctx, l)
	out := make([]definition.NIC, len(models))
	for i, m := range models {
		var d diag.Diagnostics
		out[i], d = definitionNIC(ctx, m)
		diags.Append(d...)
	}
	return out, diags
}

// applyNICs sets network_interfaces and ipv6_address from what the host reports of inst's NICs.
// A MAC the prior value spells in another case keeps its spelling, as the top-level one does.
func applyNICs(m *proxyVMModel, inst kvm2.Instance) {
	prior, _ := nicModels(context.Background(), m.NetworkInterfaces) // a prior value of another shape keeps nothing
	nics := make([]nicModel, len(inst.NICs))
	for i, n := range inst.NICs {
		nics[i] = nicModel{
			Network: optionalString(n.Network), Bridge: optionalString(n.Bridge), MACAddress: types.StringValue(n.MAC),
			Bandwidth:     bandwidthValue(n.Bandwidth),
			IPv4Addresses: attribute.StringList(n.IPv4), IPv6Addresses: attribute.StringList(n.IPv6),
		}
		if i < len(prior) && rules.SameMAC(prior[i].MACAddress.ValueString(), n.MAC) {
			nics[i].MACAddress = prior[i].MACAddress
		}
	}
	m.NetworkInterfaces = nicList(nics)
	m.IPv6Address = types.StringValue(inst.IPv6)
}

// ipWaitSteering is what the mark records of wait_for_ip_family and wait_for_ip_interface.
func ipWaitSteering(plan proxyVMModel) (family, iface string) {
	if !plan.WaitForIPInterface.IsNull() && !plan.WaitForIPInterface.IsUnknown() {
		iface = strconv.FormatInt(plan.WaitForIPInterface.ValueInt64(), 10)
	}
	return knownString(plan.WaitForIPFamily), iface
}

// applyIPWaitSteering sets wait_for_ip_family and wait_for_ip_interface from inst's mark: null
// when it records none, as in a configuration that does not set them.
func applyIPWaitSteering(m *proxyVMModel, inst kvm2.Instance) {
	m.WaitForIPFamily = optionalString(inst.IPWaitFamily)
	m.WaitForIPInterface = types.Int64Null()
	if n, err := strconv.ParseInt(inst.IPWaitInterface, 10, 64); err == nil {
		m.WaitForIPInterface = types.Int64Value(n)
	}
}
