// Command floor is the fleet benchmark's floor: a plugin-framework provider with one resource,
// floor_item, shaped like a kvm2_proxy_vm configuration, whose create, read, update and delete
// only store the configuration. A plan over N of them is what any framework provider pays
// for N resources (plugin start-up, schema, validate, upgrade, read and plan calls) with no host
// behind it. Built and served by tools/bench/fleet.sh only.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func main() {
	err := providerserver.Serve(context.Background(), func() provider.Provider { return floorProvider{} },
		providerserver.ServeOpts{Address: "registry.terraform.io/kvm2-bench/floor"})
	if err != nil {
		log.Fatal(err)
	}
}

type floorProvider struct{}

func (floorProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "floor"
	resp.Version = "0.0.1"
}

func (floorProvider) Schema(context.Context, provider.SchemaRequest, *provider.SchemaResponse) {}

func (floorProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (floorProvider) Resources(context.Context) []func() resource.Resource {
	return []func() resource.Resource{func() resource.Resource { return item{} }}
}

func (floorProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

// itemModel mirrors the attributes a fleet's kvm2_proxy_vm sets, plus a computed id.
type itemModel struct {
	ID          types.String `tfsdk:"id"`
	Name        types.String `tfsdk:"name"`
	Host        types.String `tfsdk:"host"`
	BaseImageID types.String `tfsdk:"base_image_id"`
	MemoryMiB   types.Int64  `tfsdk:"memory_mib"`
	Vcpus       types.Int64  `tfsdk:"vcpus"`
	DiskGiB     types.Int64  `tfsdk:"disk_gib"`
	Firmware    types.String `tfsdk:"firmware"`
	Network     types.String `tfsdk:"network"`
	Tag         types.String `tfsdk:"tag"`
	Running     types.Bool   `tfsdk:"running"`
	WaitForIP   types.Bool   `tfsdk:"wait_for_ip"`
}

type item struct{}

func (item) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_item"
}

func (item) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Stores its configuration; nothing else.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, Description: "host/name.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()}},
			"name":          schema.StringAttribute{Required: true, Description: "Name."},
			"host":          schema.StringAttribute{Required: true, Description: "Host key."},
			"base_image_id": schema.StringAttribute{Optional: true, Description: "Base image id."},
			"memory_mib":    schema.Int64Attribute{Optional: true, Description: "Memory in MiB."},
			"vcpus":         schema.Int64Attribute{Optional: true, Description: "Virtual CPUs."},
			"disk_gib":      schema.Int64Attribute{Optional: true, Description: "Disk in GiB."},
			"firmware":      schema.StringAttribute{Optional: true, Description: "Firmware."},
			"network":       schema.StringAttribute{Optional: true, Description: "Network."},
			"tag":           schema.StringAttribute{Optional: true, Description: "Tag."},
			"running":       schema.BoolAttribute{Optional: true, Description: "Running."},
			"wait_for_ip":   schema.BoolAttribute{Optional: true, Description: "Wait for an IP."},
		},
	}
}

func (item) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var m itemModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	m.ID = types.StringValue(fmt.Sprintf("%s/%s", m.Host.ValueString(), m.Name.ValueString()))
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Read keeps the state as it is (the response starts as a copy of it).
func (item) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (item) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var m itemModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// Delete has nothing to remove: the framework drops the state.
func (item) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}
