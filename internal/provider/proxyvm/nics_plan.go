package proxyvm

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

// The plan of a VM's NICs: the list the apply leaves, the first NIC mirrored in the top-level
// attributes, what replaces the VM, and the host's checks of each new NIC.

// planNICs plans network_interfaces from the configuration (or, unset, from the VM's NICs with
// the first following the top-level attributes), mirrors the first NIC in the top-level
// attributes, and returns what replaces the VM: another number of NICs, or a NIC's network,
// bridge or configured MAC changed. A new VM's NICs (state nil), and a changed attachment, are
// checked against the host; the first NIC's by the top-level attributes when the list is unset.
func (r *proxyVMResource) planNICs(ctx context.Context, plan *proxyVMModel, cfg proxyVMModel, state *proxyVMModel, replaced string) (path.Paths, diag.Diagnostics) {
	if cfg.NetworkInterfaces.IsUnknown() {
		return nil, nil
	}
	cfgNICs, diags := nicModels(ctx, cfg.NetworkInterfaces)
	var prior []nicModel
	if state != nil {
		var d diag.Diagnostics
		prior, d = nicModels(ctx, state.NetworkInterfaces)
		diags.Append(d...)
	}
	if diags.HasError() {
		return nil, diags
	}
	configured := !cfg.NetworkInterfaces.IsNull()
	var desired []nicModel
	switch {
	case configured:
		desired = make([]nicModel, len(cfgNICs))
		for i, c := range cfgNICs {
			desired[i] = plannedNIC(c, at(prior, i))
		}
		plan.Network, plan.Bridge, plan.MACAddress = desired[0].Network, desired[0].Bridge, desired[0].MACAddress
	case len(prior) > 0:
		desired = append([]nicModel(nil), prior...)
		desired[0].Network, desired[0].Bridge, desired[0].MACAddress = plan.Network, plan.Bridge, plan.MACAddress
	default: // a new VM, or the state of a version before network_interfaces
		desired = []nicModel{{Network: plan.Network, Bridge: plan.Bridge, MACAddress: plan.MACAddress,
			Bandwidth: types.ObjectNull(bandwidthAttrTypes)}}
	}
	for i := range desired {
		desired[i].IPv4Addresses = types.ListUnknown(types.StringType)
		desired[i].IPv6Addresses = types.ListUnknown(types.StringType)
	}
	plan.NetworkInterfaces = nicList(desired)

	var paths path.Paths
	if state != nil && len(prior) > 0 && len(desired) != len(prior) {
		paths = append(paths, path.Root("network_interfaces"))
	}
	for i, d := range desired {
		p, old := path.Root("network_interfaces").AtListIndex(i), at(prior, i)
		changed := old == nil || !d.Network.Equal(old.Network) || !d.Bridge.Equal(old.Bridge)
		if state != nil && old != nil && changed && configured {
			paths = append(paths, p.AtName("network"))
		}
		if state != nil && old != nil && configured && !cfgNICs[i].MACAddress.IsNull() && !cfgNICs[i].MACAddress.IsUnknown() &&
			!rules.SameMAC(cfgNICs[i].MACAddress.ValueString(), old.MACAddress.ValueString()) {
			paths = append(paths, p.AtName("mac_address"))
		}
		if !configured || (state != nil && !changed) {
			continue // the first NIC's by the top-level attributes, in ModifyPlan
		}
		diags.Append(r.checkNICAttachment(ctx, *plan, cfgNICs[i].Network, cfgNICs[i].Bridge, p.AtName("network"), p.AtName("bridge"))...)
		if state == nil {
			diags.Append(r.checkNICMAC(ctx, *plan, d.MACAddress, p.AtName("mac_address"), replaced)...)
		}
	}
	return paths, diags
}

// plannedNIC is the plan of a configured NIC c whose VM has prior at its place (nil: none): a
// configured network or bridge, else the prior one (unknown for a new NIC: the host's); the
// configured MAC, else the prior one (unknown: a random one); the configured limits.
func plannedNIC(c nicModel, prior *nicModel) nicModel {
	n := c
	switch {
	case !c.Network.IsNull():
		n.Bridge = types.StringNull()
	case !c.Bridge.IsNull():
		n.Network = types.StringNull()
	case prior != nil:
		n.Network, n.Bridge = prior.Network, prior.Bridge
	default:
		n.Network, n.Bridge = types.StringUnknown(), types.StringUnknown()
	}
	if c.MACAddress.IsNull() || c.MACAddress.IsUnknown() {
		n.MACAddress = types.StringUnknown()
		if prior != nil {
			n.MACAddress = prior.MACAddress
		}
	}
	return n
}

func at(nics []nicModel, i int) *nicModel {
	if i < len(nics) {
		return &nics[i]
	}
	return nil
}

// setBandwidth gives the VM's NICs the limits plan asks for, when they differ from state's (a
// change of bandwidth is the one NIC change made in place).
func (r *proxyVMResource) setBandwidth(ctx context.Context, id, uid string, plan, state proxyVMModel) diag.Diagnostics {
	planned, diags := nicModels(ctx, plan.NetworkInterfaces)
	prior, d := nicModels(ctx, state.NetworkInterfaces)
	diags.Append(d...)
	if diags.HasError() || len(planned) == 0 || len(planned) != len(prior) {
		return diags
	}
	limits := make([]definition.Bandwidth, len(planned))
	changed := false
	for i := range planned {
		var d diag.Diagnostics
		limits[i], d = bandwidthOf(ctx, planned[i].Bandwidth)
		diags.Append(d...)
		old, d := bandwidthOf(ctx, prior[i].Bandwidth)
		diags.Append(d...)
		changed = changed || !limits[i].Equal(old)
	}
	if !changed || diags.HasError() {
		return diags
	}
	_, err := corecall.WithRetry(ctx, r.data.Retry, "set bandwidth", func(ctx context.Context) (kvm2.Instance, error) {
		return r.data.Client.SetBandwidth(ctx, id, uid, limits)
	})
	if err != nil {
		diags.Append(corecall.ErrorDiagnostic("set the bandwidth of", proxyVMKind, id, err))
	}
	return diags
}
