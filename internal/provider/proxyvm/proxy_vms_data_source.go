package proxyvm

import (
	"context"
	"sort"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/attribute"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

var _ datasource.DataSourceWithConfigure = (*proxyVMsDataSource)(nil)

// proxyVMsTimeout bounds one listing, retries included.
const proxyVMsTimeout = 2 * time.Minute

// proxyVMsDataSource is kvm2_proxy_vms: the marked VMs carrying a tag, for inventory and bulk
// import with `import { for_each = data.kvm2_proxy_vms.x.ids ... }`.
type proxyVMsDataSource struct{ data *corecall.Data }

type proxyVMsModel struct {
	Tag  types.String   `tfsdk:"tag"`
	Host types.String   `tfsdk:"host"`
	VMs  []proxyVMEntry `tfsdk:"vms"`
	IDs  types.Set      `tfsdk:"ids"`
}

// proxyVMEntry is one VM of the listing: its identity, and what a per-VM resource block needs,
// as its mark records it (the listing reads nothing else per VM).
type proxyVMEntry struct {
	ID                types.String `tfsdk:"id"`
	Name              types.String `tfsdk:"name"`
	NamePrefix        types.String `tfsdk:"name_prefix"`
	Host              types.String `tfsdk:"host"`
	UID               types.String `tfsdk:"uid"`
	Tag               types.String `tfsdk:"tag"`
	CreatedAt         types.String `tfsdk:"created_at"`
	BaseImageID       types.String `tfsdk:"base_image_id"`
	VCPUs             types.Int64  `tfsdk:"vcpus"`
	MemoryMiB         types.Int64  `tfsdk:"memory_mib"`
	DiskGiB           types.Int64  `tfsdk:"disk_gib"`
	Firmware          types.String `tfsdk:"firmware"`
	Network           types.String `tfsdk:"network"`
	Bridge            types.String `tfsdk:"bridge"`
	NetworkConfig     types.String `tfsdk:"network_config"`
	Running           types.Bool   `tfsdk:"running"`
	WaitForIP         types.Bool   `tfsdk:"wait_for_ip"`
	WaitForCloudInit  types.Bool   `tfsdk:"wait_for_cloud_init"`
	UserDataSHA256    types.String `tfsdk:"user_data_sha256"`
	UserDataSource    types.String `tfsdk:"user_data_source"`
	UserDataWOVersion types.Int64  `tfsdk:"user_data_wo_version"`
	NetworkInterfaces types.List   `tfsdk:"network_interfaces"`
	IPv6Address       types.String `tfsdk:"ipv6_address"`
	WaitForPort       types.Int64  `tfsdk:"wait_for_port"`
}

// listedEntry is the entry of a listed VM: the fields of the object an import records
// (listedModel, as `terraform query` returns it), and running and the user data's source, which
// only the listing and the mark say; its NICs and IPv6 address are those of full, the VM read in
// full as the list resource reads it (readListed), converted as its state is (applyNICs).
func listedEntry(inst, full kvm2.Instance) proxyVMEntry {
	m := listedModel(inst)
	applyNICs(&m, full)
	e := proxyVMEntry{
		ID: m.ID, Name: types.StringValue(inst.Name), NamePrefix: m.NamePrefix, Host: m.Host, UID: m.UID, Tag: m.Tag,
		CreatedAt: m.CreatedAt, BaseImageID: m.BaseImageID, VCPUs: m.VCPUs, MemoryMiB: m.MemoryMiB,
		DiskGiB: m.DiskGiB, Firmware: m.Firmware, Network: m.Network, Bridge: m.Bridge,
		NetworkConfig: m.NetworkConfig, Running: types.BoolValue(inst.Active), WaitForIP: m.WaitForIP,
		WaitForCloudInit: m.WaitForCloudInit, UserDataSHA256: types.StringNull(),
		UserDataSource: optionalString(inst.UserDataSource), UserDataWOVersion: m.UserDataWOVersion,
		NetworkInterfaces: m.NetworkInterfaces, IPv6Address: m.IPv6Address, WaitForPort: m.WaitForPort,
	}
	if inst.UserDataHash != "" && inst.UserDataHash != emptyUserDataSHA256 {
		e.UserDataSHA256 = types.StringValue(inst.UserDataHash)
	}
	return e
}

// NewProxyVMsDataSource is the kvm2_proxy_vms data source.
func NewProxyVMsDataSource() datasource.DataSource { return &proxyVMsDataSource{} }

func (d *proxyVMsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_proxy_vms"
}

func (d *proxyVMsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Lists the proxy VMs (domains carrying the provider's mark) with a given tag. `ids` feeds `import { for_each = ... }` to bulk-import a " +
			"fleet, and each entry of `vms` holds what the VM's mark records, so one resource block with `for_each` " +
			"can be written per VM, and the VM's network interfaces with the addresses the host reports of each " +
			"(`network_interfaces`, `ipv6_address`), read as the list resource reads them with `include_resource` " +
			"(one full read per VM, as an import's). `autostart` is not in it, and `disk_gib` is the size the " +
			"mark records, not a disk grown outside the provider; user data is never in it, only its sha256 and " +
			"the argument that gave it. For VMs that differ in those, `terraform query` with the `kvm2_proxy_vm` " +
			"list resource writes each VM's full configuration. A host that cannot be listed fails the read, so a " +
			"partial list is never mistaken for the whole fleet.",
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
					"id":   attribute.ComputedString("`host/name`, the import id of `kvm2_proxy_vm`."),
					"name": attribute.ComputedString("Domain name."),
					"name_prefix": attribute.ComputedString("The `name_prefix` the VM's name was drawn from, as its mark records it; " +
						"null for a VM made with `name`. `name` and `name_prefix` are exclusive: a block sets `name` only " +
						"when this is null."),
					"host":           attribute.ComputedString("Host name."),
					"uid":            attribute.ComputedString("Unique id from the VM's mark."),
					"tag":            attribute.ComputedString("Tag from the VM's mark."),
					"created_at":     attribute.ComputedString("Creation time from the VM's mark, RFC 3339 UTC."),
					"base_image_id":  attribute.ComputedString("`base_image_id` from the VM's mark."),
					"vcpus":          attribute.ComputedInt("`vcpus` from the VM's mark."),
					"memory_mib":     attribute.ComputedInt("`memory_mib` from the VM's mark."),
					"disk_gib":       attribute.ComputedInt("`disk_gib` from the VM's mark (a disk grown outside the provider is not seen)."),
					"firmware":       attribute.ComputedString("`firmware` from the VM's mark."),
					"network":        attribute.ComputedString("libvirt network of the VM's first NIC, from its mark; null when it is on a bridge."),
					"bridge":         attribute.ComputedString("Host bridge of the VM's first NIC, from its mark; null when it is on a libvirt network."),
					"network_config": attribute.ComputedString("`network_config` from the VM's mark; null when it has none."),
					"running": schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether libvirt lists the domain " +
						"active (running, or paused by an administrator), from the listing itself. A paused VM imports with " +
						"`running = false`, so a block that copies this plans its start."},
					"wait_for_ip": schema.BoolAttribute{Computed: true, MarkdownDescription: "`wait_for_ip` from the VM's mark."},
					"wait_for_cloud_init": schema.BoolAttribute{Computed: true, MarkdownDescription: "`wait_for_cloud_init` " +
						"from the VM's mark; null when it was not set."},
					"user_data_sha256": attribute.ComputedString("sha256 of the VM's user data, from its mark; null when the VM has " +
						"no user data."),
					"user_data_source": attribute.ComputedString("Which argument gave the VM's user data, from its mark: `user_data` " +
						"(an import reads it back from the VM's seed when the seed matches the mark) or `user_data_wo` " +
						"(never read back); null for no user data or a VM made by an earlier version, whose mark does not " +
						"say. The user data itself is never listed: a block gives it, else the plan replaces the VM."),
					"wait_for_port":        attribute.ComputedInt("`wait_for_port` from the VM's mark; null when it was not set."),
					"user_data_wo_version": attribute.ComputedInt("`user_data_wo_version` from the VM's mark; null when it was not set."),
					"network_interfaces": schema.ListAttribute{Computed: true, ElementType: nicObjectType,
						MarkdownDescription: "The VM's network interfaces in the order the guest sees them, as " +
							"`kvm2_proxy_vm`'s `network_interfaces` reads them: each NIC's `network` or `bridge`, `mac_address`, " +
							"`bandwidth`, and the addresses the host reports of it (`ipv4_addresses`; `ipv6_addresses`, global " +
							"before unique-local, never link-local); a stopped VM's lists are empty."},
					"ipv6_address": attribute.ComputedString("The first NIC's first IPv6 address, as `kvm2_proxy_vm`'s `ipv6_address`; " +
						"empty when none is known."),
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
	d.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

func (d *proxyVMsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg proxyVMsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(d.data, &resp.Diagnostics) {
		return
	}
	var hosts []string
	if !cfg.Host.IsNull() {
		resp.Diagnostics.Append(corecall.CheckHostConfigured(d.data, path.Root("host"), cfg.Host)...)
		if resp.Diagnostics.HasError() {
			return
		}
		hosts = []string{cfg.Host.ValueString()}
	}
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), proxyVMsTimeout)
	defer cancel()
	tag := cfg.Tag.ValueString()
	list, err := corecall.WithRetry(ctx, d.data.Retry, "list proxy VMs", func(ctx context.Context) ([]kvm2.Instance, error) {
		return d.data.Client.ListByTag(ctx, tag, hosts...)
	})
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("list", "proxy VMs with tag", tag, err))
		return
	}
	sort.Slice(list, func(i, j int) bool { return list[i].ID < list[j].ID })
	full, err := readListed(ctx, d.data, list)
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("list", "proxy VMs with tag", tag, err))
		return
	}
	cfg.VMs = make([]proxyVMEntry, 0, len(list))
	ids := make([]string, 0, len(list))
	for i, inst := range list {
		cfg.VMs = append(cfg.VMs, listedEntry(inst, full[i]))
		ids = append(ids, inst.ID)
	}
	idSet, diags := types.SetValueFrom(ctx, types.StringType, ids)
	resp.Diagnostics.Append(diags...)
	cfg.IDs = idSet
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}
