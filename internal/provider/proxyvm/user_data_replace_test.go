package proxyvm

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

// TestProxyVM_userDataReplacementSaysWhy plans VMs of the fake host as an import records them,
// against configurations that differ in their user data, through the resource's ModifyPlan: a
// replacement forced by user_data_sha256 of a VM whose user data is not in state (given write-only,
// or not read back) comes with a warning that says why and what to do; a configuration whose
// user data matches is not replaced, and a VM whose user data is in state shows its own diff.
func TestProxyVM_userDataReplacementSaysWhy(t *testing.T) {
	t.Parallel()
	const ud = "#cloud-config\nhostname: egress\n"
	h := providertest.NewFakeHost(t)
	h.CreateOutOfBandWith("egress-wo", "", ud, func(r *kvm2.CreateRequest) { r.WriteOnlyUserData = true })
	h.CreateOutOfBand("egress-plain", "", "")
	ctx := context.Background()
	imported := func(name string) proxyVMModel {
		inst, err := h.Client().Get(ctx, "lab/"+name, "")
		if err != nil {
			t.Fatal(err)
		}
		return importedModel(inst)
	}
	wo, plain := imported("egress-wo"), imported("egress-plain")
	stored := wo // as an import that read the user data back records it
	stored.UserData = types.StringValue(ud)
	tests := []struct {
		name        string
		state       proxyVMModel
		cfg         func(*proxyVMModel)
		wantReplace bool
		want        string // in the warning's detail; "": no warning
	}{
		{"generated configuration, no user data", wo, func(*proxyVMModel) {}, true, "the configuration gives no user data"},
		{"generated configuration, says terraform query", wo, func(*proxyVMModel) {}, true, "terraform query -generate-config-out"},
		{"other user data", wo, func(m *proxyVMModel) { m.UserData = types.StringValue("#cloud-config\n") }, true,
			"the sha256 of the configured user data is " + rules.UserDataSHA256([]byte("#cloud-config\n"))},
		{"unknown user data", wo, func(m *proxyVMModel) { m.UserDataWO = types.StringUnknown() }, true, "not known until apply"},
		{"the same user data, write-only", wo, func(m *proxyVMModel) { m.UserDataWO = types.StringValue(ud) }, false, ""},
		{"user data in state, changed", stored, func(m *proxyVMModel) { m.UserData = types.StringValue("#cloud-config\n") }, true, ""},
		{"no user data, some added", plain, func(m *proxyVMModel) { m.UserData = types.StringValue(ud) }, true, ""},
	}
	r := &proxyVMResource{}
	var sch resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &sch)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.state
			cfg.UserData = types.StringNull()
			tt.cfg(&cfg)
			plan := cfg
			plan.UserDataWO = types.StringNull() // never in a plan
			var diags diag.Diagnostics
			state, planned, config := tfsdk.State{Schema: sch.Schema}, tfsdk.Plan{Schema: sch.Schema}, tfsdk.Plan{Schema: sch.Schema}
			diags.Append(state.Set(ctx, tt.state)...)
			diags.Append(planned.Set(ctx, plan)...)
			diags.Append(config.Set(ctx, cfg)...)
			if diags.HasError() {
				t.Fatal(diags)
			}
			req := resource.ModifyPlanRequest{State: state, Plan: planned, Config: tfsdk.Config{Schema: sch.Schema, Raw: config.Raw}}
			resp := resource.ModifyPlanResponse{Plan: planned}
			r.ModifyPlan(ctx, req, &resp)
			if resp.Diagnostics.HasError() {
				t.Fatal(resp.Diagnostics)
			}
			replaced := false
			for _, p := range resp.RequiresReplace {
				replaced = replaced || p.Equal(path.Root("user_data_sha256"))
			}
			if replaced != tt.wantReplace {
				t.Fatalf("replaced for user_data_sha256: %v, want %v (%v)", replaced, tt.wantReplace, resp.RequiresReplace)
			}
			warnings := resp.Diagnostics.Warnings()
			switch {
			case tt.want == "" && len(warnings) != 0:
				t.Fatalf("unexpected %v", warnings)
			case tt.want != "" && (len(warnings) != 1 || !strings.Contains(warnings[0].Detail(), tt.want) ||
				!strings.Contains(warnings[0].Summary(), "lab/egress-wo will be replaced for its user data")):
				t.Fatalf("warnings %v, want one saying %q", warnings, tt.want)
			}
		})
	}
}
