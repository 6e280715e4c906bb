package proxyvm

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

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
