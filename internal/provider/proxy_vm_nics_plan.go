package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// The plan of a VM's NICs: the list the apply leaves, the first NIC mirrored in the top-level
// attributes, what replaces the VM, and the host's checks of each new NIC.

var _ resource.ResourceWithValidateConfig = (*proxyVMResource)(nil)

// ValidateConfig checks what no attribute's validator sees alone, by the core's rules: the NICs
// together (no two with one MAC, a NIC with both a network and a bridge) and
// that the NIC wait_for_ip_interface names exists.
func (r *proxyVMResource) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	cfg, diags := readNICConfig(ctx, req.Config)
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	count := 1
	if !cfg.NetworkInterfaces.IsNull() {
		if cfg.NetworkInterfaces.IsUnknown() {
			return
		}
		nics, diags := definitionNICs(ctx, cfg.NetworkInterfaces)
		if diags.HasError() {
			return // a limit out of its bounds, which its attribute's validator reports
		}
		// The limits are checked by their attributes' and the rate objects' validators (the
		// same rules); checked here again they would be reported twice.
		unlimited := make([]definition.NIC, len(nics))
		for i, n := range nics {
			n.Bandwidth = definition.Bandwidth{}
			unlimited[i] = n
		}
		if err := rules.ValidateConfiguredNICs(unlimited); err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("network_interfaces"), "Invalid network interfaces",
				fmt.Sprintf("%v.\n\nThe list must hold %s.", err, rules.NICsRule))
		}
		if len(nics) > 0 {
			resp.Diagnostics.Append(firstNICAgrees(cfg, nics[0])...)
		}
		count = len(nics)
	}
	validatePortWait(cfg, &resp.Diagnostics)
	if cfg.WaitForIP.IsUnknown() || cfg.WaitForIPFamily.IsUnknown() || cfg.WaitForIPInterface.IsUnknown() {
		return
	}
	iface := -1
	if !cfg.WaitForIPInterface.IsNull() {
		iface = int(cfg.WaitForIPInterface.ValueInt64())
	}
	wait := cfg.WaitForIP.IsNull() || cfg.WaitForIP.ValueBool()
	if err := rules.ValidateIPWait(wait, rules.IPWaitFamily(cfg.WaitForIPFamily.ValueString()), iface, count); err != nil {
		at := path.Root("wait_for_ip_interface")
		if cfg.WaitForIPInterface.IsNull() {
			at = path.Root("wait_for_ip_family")
		}
		resp.Diagnostics.AddAttributeError(at, "Invalid wait for an address", err.Error()+".")
	}
}

// nicConfig is what ValidateConfig reads of the configuration: the NICs and the wait for an
// address. It is read attribute by attribute, not as the whole model: Terraform validates every
// VM's configuration on every plan, and the framework converts a whole model field by field with
// reflection (and a regexp compiled per field, Upstream defects in DESIGN.md): 6% of the
// allocations of an unchanged VM's plan (BenchmarkPlanUnchanged, BENCHMARKS.md).
type nicConfig struct {
	NetworkInterfaces           types.List
	Network, Bridge, MACAddress types.String
	WaitForIP                   types.Bool
	WaitForIPFamily             types.String
	WaitForIPInterface          types.Int64
	WaitForPort                 types.Int64
}

func readNICConfig(ctx context.Context, c tfsdk.Config) (nicConfig, diag.Diagnostics) {
	var cfg nicConfig
	var diags diag.Diagnostics
	for _, a := range []struct {
		name   string
		target any
	}{
		{"network_interfaces", &cfg.NetworkInterfaces}, {"network", &cfg.Network}, {"bridge", &cfg.Bridge},
		{"mac_address", &cfg.MACAddress}, {"wait_for_ip", &cfg.WaitForIP}, {"wait_for_ip_family", &cfg.WaitForIPFamily},
		{"wait_for_ip_interface", &cfg.WaitForIPInterface}, {"wait_for_port", &cfg.WaitForPort},
	} {
		diags.Append(c.GetAttribute(ctx, path.Root(a.name), a.target)...)
	}
	return cfg, diags
}

// firstNICAgrees refuses top-level network, bridge or mac_address set beside network_interfaces
// (generated configuration sets both) that say otherwise than its first element: the two
// describe one NIC.
func firstNICAgrees(cfg nicConfig, first definition.NIC) diag.Diagnostics {
	var diags diag.Diagnostics
	for _, a := range []struct {
		name string
		top  types.String
		nic  string
		same func(a, b string) bool
	}{
		{"network", cfg.Network, first.Network, func(a, b string) bool { return a == b }},
		{"bridge", cfg.Bridge, first.Bridge, func(a, b string) bool { return a == b }},
		{"mac_address", cfg.MACAddress, first.MAC, rules.SameMAC},
	} {
		if a.top.IsNull() || a.top.IsUnknown() || a.same(a.top.ValueString(), a.nic) {
			continue
		}
		diags.AddAttributeError(path.Root(a.name), "Invalid network interfaces",
			fmt.Sprintf("%s is %q but network_interfaces[0].%s is %q: both describe the first NIC. Set it in one place, "+
				"or say the same in both.", a.name, a.top.ValueString(), a.name, a.nic))
	}
	return diags
}

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
	_, err := withRetry(ctx, r.data.retry, "set bandwidth", func(ctx context.Context) (kvm2.Instance, error) {
		return r.data.client.SetBandwidth(ctx, id, uid, limits)
	})
	if err != nil {
		diags.Append(errorDiagnostic("set the bandwidth of", proxyVMKind, id, err))
	}
	return diags
}
