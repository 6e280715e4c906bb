package proxyvm

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/list"
	listschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"
	"golang.org/x/sync/errgroup"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

var (
	_ list.ListResource              = (*proxyVMListResource)(nil)
	_ list.ListResourceWithConfigure = (*proxyVMListResource)(nil)
)

// proxyVMListResource is the list resource kvm2_proxy_vm, for `terraform query` (Terraform 1.14+).
type proxyVMListResource struct{ data *corecall.Data }

// NewListResource is the list resource of kvm2_proxy_vm (`terraform query`).
func NewListResource() list.ListResource { return &proxyVMListResource{} }

// proxyVMListConfig is the `config` block of a `list "kvm2_proxy_vm"` block.
type proxyVMListConfig struct {
	Host types.String `tfsdk:"host"`
	Tag  types.String `tfsdk:"tag"`
}

func (l *proxyVMListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vm"
}

func (l *proxyVMListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	l.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

func (l *proxyVMListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = listschema.Schema{
		MarkdownDescription: "Lists the proxy VMs on the provider's hosts for `terraform query` (Terraform 1.14 or later): " +
			"domains carrying the provider's mark, whose UUID is the one derived from the mark's uid (a clone with a copied " +
			"mark is skipped). Each result is the VM's identity (host and name); with `include_resource = true` it is the " +
			"full object as an import would record it, so `terraform query -generate-config-out=FILE` writes " +
			"configuration and `import` blocks that apply with no changes. A host that cannot be listed fails the query, " +
			"so a partial list is never mistaken for the whole fleet.",
		Attributes: map[string]listschema.Attribute{
			"host": listschema.StringAttribute{
				MarkdownDescription: "List only this host (a key of the provider's `hosts`). Default: every configured host.",
				Optional:            true,
			},
			"tag": listschema.StringAttribute{
				MarkdownDescription: "List only VMs whose mark carries this tag (matched exactly). Default: every tag.",
				Optional:            true,
			},
		},
	}
}

func (l *proxyVMListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg proxyVMListConfig
	diags := req.Config.Get(ctx, &cfg)
	if l.data != nil {
		diags.Append(corecall.CheckHostConfigured(l.data, path.Root("host"), cfg.Host)...)
	}
	if diags.HasError() || !corecall.RequireClient(l.data, &diags) {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	ctx = corecall.WithCoreLogging(ctx)
	var hosts []string
	if h := cfg.Host.ValueString(); h != "" {
		hosts = []string{h}
	}
	found, err := corecall.WithRetry(ctx, l.data.Retry, "list proxy VMs", func(ctx context.Context) ([]kvm2.Instance, error) {
		return l.data.Client.ListByTag(ctx, cfg.Tag.ValueString(), hosts...)
	})
	if err != nil {
		diags.Append(corecall.ErrorDiagnostic("list", proxyVMKind+"s", listScope(cfg), err))
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	if !cfg.Tag.IsNull() && cfg.Tag.ValueString() == "" {
		found = untagged(found) // ListByTag with "" lists every tag; a configured "" means untagged
	}
	if req.Limit > 0 && int64(len(found)) > req.Limit {
		found = found[:req.Limit]
	}
	var full []kvm2.Instance
	if req.IncludeResource {
		full, err = readListed(ctx, l.data, found)
		if err != nil {
			diags.Append(corecall.ErrorDiagnostic("list", proxyVMKind+"s", listScope(cfg), err))
			stream.Results = list.ListResultsStreamDiagnostics(diags)
			return
		}
	}
	stream.Results = func(push func(list.ListResult) bool) {
		for i, inst := range found {
			result := req.NewListResult(ctx)
			result.DisplayName = inst.ID
			result.Diagnostics.Append(result.Identity.Set(ctx, proxyVMIdentity{
				Host: types.StringValue(inst.Host), Name: types.StringValue(inst.Name)})...)
			if req.IncludeResource {
				result.Diagnostics.Append(result.Resource.Set(ctx, listedModel(full[i]))...)
			}
			if !push(result) {
				return
			}
		}
	}
}

// readListed reads every listed VM in full, as an import does (the mark is checked again, with its
// UUID); the answer keeps the order of insts. The list resource and kvm2_proxy_vms share it.
func readListed(ctx context.Context, data *corecall.Data, insts []kvm2.Instance) ([]kvm2.Instance, error) {
	out := make([]kvm2.Instance, len(insts))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(corecall.ReadParallel)
	for i, inst := range insts {
		g.Go(func() error {
			got, err := corecall.WithRetry(gctx, data.Retry, "read proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
				return data.Client.GetWithDisk(ctx, inst.ID, "")
			})
			if err != nil {
				return err
			}
			out[i] = got
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	tflog.Debug(ctx, "listed proxy VMs in full", map[string]any{"count": len(out)})
	return out, nil
}

// untagged keeps the VMs whose mark carries no tag.
func untagged(insts []kvm2.Instance) []kvm2.Instance {
	var out []kvm2.Instance
	for _, inst := range insts {
		if inst.Tag == "" {
			out = append(out, inst)
		}
	}
	return out
}

// listScope names what a query listed, for its error.
func listScope(cfg proxyVMListConfig) string {
	scope := "every host"
	if h := cfg.Host.ValueString(); h != "" {
		scope = "host " + h
	}
	if !cfg.Tag.IsNull() {
		scope += fmt.Sprintf(" with tag %q", cfg.Tag.ValueString())
	}
	return scope
}

// listedModel is the resource object of a listed VM, from which `terraform query
// -generate-config-out` writes its configuration: the imported state, except that a VM named
// from a name_prefix has no name there, so the configuration says `name_prefix` as its author
// did (name and name_prefix are exclusive) and imports it with no change.
func listedModel(inst kvm2.Instance) proxyVMModel {
	m := importedModel(inst)
	if !m.NamePrefix.IsNull() {
		m.Name = types.StringNull()
	}
	return m
}
