package proxyvm

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A VM's name is given whole (`name`) or made from `name_prefix` at create (rules.NameFromPrefix),
// so that a create_before_destroy replacement has a name of its own. The computed name is kept
// while the VM lives (UseStateForUnknown); Terraform plans a replacement as a new object, whose
// name is then unknown again, so the replacement draws a new one.

const prefixReplaces = "Changing `name_prefix` replaces the VM, unless its name already begins with the new prefix " +
	"(then only the prefix recorded in its mark changes)."

// prefixNotOfName plans a replacement when the configured name_prefix is one the VM's name does
// not begin with (an unknown prefix counts). A prefix removed, or one the name begins with (a
// VM first created with a fixed name, or imported), changes in place.
func prefixNotOfName(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	if req.PlanValue.IsNull() {
		return
	}
	var name types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.RequiresReplace = req.PlanValue.IsUnknown() || !strings.HasPrefix(name.ValueString(), req.PlanValue.ValueString())
}

// planName sets a new VM's name when the plan leaves it to the create: drawn from name_prefix.
func planName(plan *proxyVMModel) error {
	if !plan.Name.IsUnknown() {
		return nil
	}
	name, err := rules.NameFromPrefix(plan.NamePrefix.ValueString())
	if err != nil {
		return err
	}
	plan.Name = types.StringValue(name)
	return nil
}

// plannedID names a planned VM in a plan's diagnostics: its id, or, while a name_prefix's name is
// still to be drawn, the host and the prefix followed by "*".
func plannedID(plan proxyVMModel) string {
	if plan.Name.IsUnknown() {
		return plan.Host.ValueString() + "/" + plan.NamePrefix.ValueString() + "*"
	}
	return plan.Host.ValueString() + "/" + plan.Name.ValueString()
}
