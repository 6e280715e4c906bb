package proxyvm

import (
	"context"
	"fmt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

var _ resource.ResourceWithIdentity = (*proxyVMResource)(nil)

// proxyVMIdentity is the resource identity of kvm2_proxy_vm (Terraform 1.12+): the host and the
// domain name, what `import` blocks and `terraform query` name a VM by. Ownership is still
// proven from the mark on the host: the identity only says where to look.
type proxyVMIdentity struct {
	Host types.String `tfsdk:"host"`
	Name types.String `tfsdk:"name"`
}

func (r *proxyVMResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"host": identityschema.StringAttribute{
				RequiredForImport: true,
				Description:       "Name of the host (a key of the provider's hosts) that runs the VM.",
			},
			"name": identityschema.StringAttribute{
				RequiredForImport: true,
				Description:       "Domain name of the VM on the host.",
			},
		},
	}
}

// setIdentity records the identity of the VM id (host/name), when Terraform asked for one.
func setIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, id string) diag.Diagnostics {
	if identity == nil {
		return nil
	}
	host, name, err := rules.ParseID(id)
	if err != nil {
		var diags diag.Diagnostics
		diags.AddError("Unable to record the identity of proxy VM "+id, err.Error())
		return diags
	}
	return identity.Set(ctx, proxyVMIdentity{Host: types.StringValue(host), Name: types.StringValue(name)})
}

// identityID is the import id host/name of an identity given in an `import` block.
func identityID(ctx context.Context, identity *tfsdk.ResourceIdentity) (string, diag.Diagnostics) {
	var ident proxyVMIdentity
	diags := identity.Get(ctx, &ident)
	if diags.HasError() {
		return "", diags
	}
	if ident.Host.ValueString() == "" || ident.Name.ValueString() == "" {
		diags.AddError("Unable to import proxy VM", fmt.Sprintf(
			"The identity needs both host and name, got host %q and name %q.", ident.Host.ValueString(), ident.Name.ValueString()))
		return "", diags
	}
	return rules.FormatID(ident.Host.ValueString(), ident.Name.ValueString()), diags
}
