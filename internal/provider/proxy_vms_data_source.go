package provider

import (
	"context"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
)

var _ datasource.DataSourceWithConfigure = (*proxyVMsDataSource)(nil)

// proxyVMsTimeout bounds one listing, retries included.
const proxyVMsTimeout = 2 * time.Minute

// proxyVMsDataSource is kvm2_proxy_vms: the marked VMs carrying a tag, for inventory and bulk
// import with `import { for_each = data.kvm2_proxy_vms.x.ids ... }`.
type proxyVMsDataSource struct{ data *providerData }

type proxyVMsModel struct {
	Tag  types.String   `tfsdk:"tag"`
	Host types.String   `tfsdk:"host"`
	VMs  []proxyVMEntry `tfsdk:"vms"`
	IDs  types.Set      `tfsdk:"ids"`
}

type proxyVMEntry struct {
	ID        types.String `tfsdk:"id"`
	Name      types.String `tfsdk:"name"`
	Host      types.String `tfsdk:"host"`
	UID       types.String `tfsdk:"uid"`
	Tag       types.String `tfsdk:"tag"`
	CreatedAt types.String `tfsdk:"created_at"`
}

func newProxyVMsDataSource() datasource.DataSource { return &proxyVMsDataSource{} }

func (d *proxyVMsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vms"
}

func (d *proxyVMsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the proxy VMs (domains carrying the provider's mark) with a given tag, from their " +
			"names and marks only. `ids` feeds `import { for_each = ... }` to bulk-import a fleet. A host that cannot " +
			"be listed fails the read, so a partial list is never mistaken for the whole fleet.",
		Attributes: map[string]schema.Attribute{
			"tag": schema.StringAttribute{
				MarkdownDescription: "Tag to match exactly.",
				Required:            true,
			},
			"host": schema.StringAttribute{
				MarkdownDescription: "List only this host (a key of the provider's `hosts`). Default: every configured host.",
				Optional:            true,
			},
			"vms": schema.ListNestedAttribute{
				MarkdownDescription: "Matching VMs, sorted by id.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":         computedString("`host/name`, the import id of `kvm2_proxy_vm`."),
					"name":       computedString("Domain name."),
					"host":       computedString("Host name."),
					"uid":        computedString("Unique id from the VM's mark."),
					"tag":        computedString("Tag from the VM's mark."),
					"created_at": computedString("Creation time from the VM's mark, RFC 3339 UTC."),
				}},
			},
			"ids": schema.SetAttribute{
				MarkdownDescription: "The `id` of every matching VM.",
				Computed:            true,
				ElementType:         types.StringType,
			},
		},
	}
}

func (d *proxyVMsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *proxyVMsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg proxyVMsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !requireClient(d.data, &resp.Diagnostics) {
		return
	}
	var hosts []string
	if !cfg.Host.IsNull() {
		resp.Diagnostics.Append(checkHostConfigured(d.data, path.Root("host"), cfg.Host)...)
		if resp.Diagnostics.HasError() {
			return
		}
		hosts = []string{cfg.Host.ValueString()}
	}
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), proxyVMsTimeout)
	defer cancel()
	tag := cfg.Tag.ValueString()
	list, err := withRetry(ctx, d.data.retry, "list proxy VMs", func(ctx context.Context) ([]kvm2.Instance, error) {
		return d.data.client.ListByTag(ctx, tag, hosts...)
	})
	if err != nil {
		resp.Diagnostics.Append(errorDiagnostic("list", "proxy VMs with tag", tag, err))
		return
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	cfg.VMs = make([]proxyVMEntry, 0, len(list))
	ids := make([]string, 0, len(list))
	for _, inst := range list {
		cfg.VMs = append(cfg.VMs, proxyVMEntry{
			ID:        types.StringValue(inst.ID),
			Name:      types.StringValue(inst.Name),
			Host:      types.StringValue(inst.Host),
			UID:       types.StringValue(inst.UID),
			Tag:       types.StringValue(inst.Tag),
			CreatedAt: types.StringValue(formatTime(inst.CreatedAt)),
		})
		ids = append(ids, inst.ID)
	}
	idSet, diags := types.SetValueFrom(ctx, types.StringType, ids)
	resp.Diagnostics.Append(diags...)
	cfg.IDs = idSet
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}
