// Package baseimage is the kvm2_base_image resource: a base image in a host's pool, downloaded
// and verified through its sha256 by the core's image cache.
package baseimage

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/imagecache"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/memory"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

var (
	_ resource.ResourceWithConfigure   = (*baseImageResource)(nil)
	_ resource.ResourceWithImportState = (*baseImageResource)(nil)
	_ resource.ResourceWithModifyPlan  = (*baseImageResource)(nil)
)

const baseImageKind = "base image"

// Time budgets of the base image operations. A create downloads and uploads a whole image.
const (
	baseImageCreateTimeout = 30 * time.Minute
	baseImageReadTimeout   = 2 * time.Minute
	baseImageDeleteTimeout = 5 * time.Minute
)

// baseImageResource is kvm2_base_image: a verified, cached base volume on one host.
type baseImageResource struct{ data *corecall.Data }

type baseImageModel struct {
	ID        types.String   `tfsdk:"id"`
	Host      types.String   `tfsdk:"host"`
	Name      types.String   `tfsdk:"name"`
	SourceURL types.String   `tfsdk:"source_url"`
	SHA256    types.String   `tfsdk:"sha256"`
	Format    types.String   `tfsdk:"format"`
	Pool      types.String   `tfsdk:"pool"`
	Path      types.String   `tfsdk:"path"`
	SizeBytes types.Int64    `tfsdk:"size_bytes"`
	Timeouts  timeouts.Value `tfsdk:"timeouts"`
}

// NewResource is the kvm2_base_image resource.
func NewResource() resource.Resource { return &baseImageResource{} }

func (r *baseImageResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_base_image"
}

func (r *baseImageResource) Schema(ctx context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	keepAndReplace := []planmodifier.String{stringplanmodifier.UseStateForUnknown(), stringplanmodifier.RequiresReplace()}
	resp.Schema = schema.Schema{
		MarkdownDescription: "A verified, cached base volume on one host, downloaded from `source_url` and " +
			"streamed into the storage pool while its sha256 is computed. VMs use it as the backing file of " +
			"their disks. Deleting it is refused while a domain on the host still uses it, and the error names " +
			"those domains. Every input forces replacement.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				MarkdownDescription: "`host/pool/name`. Use it as `base_image_id` of `kvm2_proxy_vm` and to import.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"host": schema.StringAttribute{
				MarkdownDescription: "Name of the host (a key of the provider's `hosts`) that keeps the image.",
				Required:            true,
				PlanModifiers:       replace,
			},
			"name": schema.StringAttribute{
				MarkdownDescription: "Volume name in the pool: " + rules.BaseImageNameRule + ".",
				Required:            true,
				PlanModifiers:       replace,
				Validators:          []validator.String{validators.BaseImageName()},
			},
			"source_url": schema.StringAttribute{
				MarkdownDescription: "URL the image is downloaded from, by the provider: " + rules.SourceURL.Text() + ". " +
					"The host does not record it: after an import it is taken from the configuration without replacement.",
				Required: true,
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(sourceURLChanged,
					"Changing a known source URL replaces the image.", "Changing a known source URL replaces the image.")},
				Validators: []validator.String{validators.SourceURL()},
			},
			"sha256": schema.StringAttribute{
				MarkdownDescription: "Expected sha256 of the download, " + rules.SHA256.Text() + ", verified while " +
					"streaming: on a mismatch nothing is left in the pool. When unset, it is computed from the download.",
				Optional:      true,
				Computed:      true,
				PlanModifiers: keepAndReplace,
				Validators:    []validator.String{validators.SHA256()},
			},
			"format": schema.StringAttribute{
				MarkdownDescription: "Image format: " + rules.ImageFormat.Text() + ". Default: `\"qcow2\"`.",
				Optional:            true,
				Computed:            true,
				Default:             stringdefault.StaticString("qcow2"),
				PlanModifiers:       replace,
				Validators:          []validator.String{validators.ImageFormat()},
			},
			"pool": schema.StringAttribute{
				MarkdownDescription: "Storage pool that holds the volume. Default: the host's `pool`.",
				Optional:            true,
				Computed:            true,
				PlanModifiers:       keepAndReplace,
			},
			"path": schema.StringAttribute{
				MarkdownDescription: "Path of the volume on the host.",
				Computed:            true,
				PlanModifiers:       []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"size_bytes": schema.Int64Attribute{
				MarkdownDescription: "Size of the uploaded image, in bytes.",
				Computed:            true,
				PlanModifiers:       []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
		},
		Blocks: map[string]schema.Block{
			"timeouts": timeouts.Block(ctx, timeouts.Opts{
				Create: true, Read: true, Delete: true,
				CreateDescription: "Time for the download, upload and verification. Default: `30m`.",
				ReadDescription:   "Time for a refresh, retries included. Default: `2m`.",
				DeleteDescription: "Time for the delete, retries included. Default: `5m`.",
			}),
		},
	}
}

func (r *baseImageResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

// ModifyPlan checks at plan time that the host is configured and fills the pool default, so
// the id is known before apply when the host's pool is.
func (r *baseImageResource) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if req.Plan.Raw.IsNull() || r.data == nil {
		return
	}
	var plan baseImageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(corecall.CheckHostConfigured(r.data, path.Root("host"), plan.Host)...)
	if resp.Diagnostics.HasError() || !req.State.Raw.IsNull() || plan.Host.IsUnknown() {
		return
	}
	// A new image: its pool (default: the host's) and its id are known now, so VMs that
	// reference the id plan with known values.
	if plan.Pool.IsUnknown() {
		plan.Pool = types.StringValue(r.data.Pool(plan.Host.ValueString()))
	}
	if !plan.Name.IsUnknown() && !plan.Pool.IsUnknown() {
		plan.ID = types.StringValue(plan.Host.ValueString() + "/" + plan.Pool.ValueString() + "/" + plan.Name.ValueString())
	}
	resp.Diagnostics.Append(resp.Plan.Set(ctx, plan)...)
}

// sourceURLChanged replaces the image when its recorded source URL changes; an imported image
// has none recorded, and taking the configured one is not a change of the volume.
func sourceURLChanged(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull()
}

func (r *baseImageResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	memory.Creating()
	var plan baseImageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := plan.Timeouts.Create(ctx, baseImageCreateTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	breq := imagecache.BaseImageRequest{
		Host:      plan.Host.ValueString(),
		Pool:      plan.Pool.ValueString(),
		Name:      plan.Name.ValueString(),
		SourceURL: plan.SourceURL.ValueString(),
		SHA256:    plan.SHA256.ValueString(),
		Format:    plan.Format.ValueString(),
	}
	label := strings.Join([]string{breq.Host, breq.Pool, breq.Name}, "/")
	img, err := corecall.WithRetry(ctx, r.data.Retry, "create base image", func(ctx context.Context) (imagecache.BaseImage, error) {
		return r.data.Client.EnsureBaseImage(ctx, breq)
	})
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("create", baseImageKind, label, err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, baseImageState(img, plan))...)
}

func (r *baseImageResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var state baseImageModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Read(ctx, baseImageReadTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	id := state.ID.ValueString()
	rec := recordOf(state)
	img, err := corecall.WithRetry(ctx, r.data.Retry, "read base image", func(ctx context.Context) (imagecache.BaseImage, error) {
		return r.data.Client.GetBaseImage(ctx, id, rec)
	})
	if corecall.IsNotFound(err) {
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("read", baseImageKind, id, err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, baseImageState(img, state))...)
}

// Update is never called with a change: every input forces replacement.
func (r *baseImageResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan baseImageModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	resp.Diagnostics.Append(resp.State.Set(ctx, plan)...)
}

func (r *baseImageResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state baseImageModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(r.data, &resp.Diagnostics) {
		return
	}
	timeout, d := state.Timeouts.Delete(ctx, baseImageDeleteTimeout)
	resp.Diagnostics.Append(d...)
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), timeout)
	defer cancel()
	id := state.ID.ValueString()
	rec := recordOf(state)
	err := corecall.RetryErr(ctx, r.data.Retry, "delete base image", func(ctx context.Context) error {
		return r.data.Client.DeleteBaseImage(ctx, id, rec)
	})
	if err != nil && !corecall.IsNotFound(err) {
		resp.Diagnostics.Append(corecall.ErrorDiagnostic("delete", baseImageKind, id, err))
	}
}

// recordOf is what state recorded when the image was cached: its digest (which makes the read
// one name lookup) and path. Together they prove an image cached by an earlier version of the
// provider to be this resource's, so the core moves it to today's markers (or deletes it). An
// import has recorded neither yet.
func recordOf(state baseImageModel) imagecache.BaseImageOption {
	return imagecache.Recorded(state.SHA256.ValueString(), state.Path.ValueString())
}

// ImportState accepts "host/pool/name"; Read fills the rest from the cache marker.
func (r *baseImageResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	host, pool, name, err := rules.ParseBaseImageID(req.ID)
	if err == nil {
		err = rules.ValidateBaseImageName(name)
	}
	if err != nil {
		resp.Diagnostics.AddError("Unable to import base image "+req.ID,
			fmt.Sprintf("%v. Use host/pool/name, for example lab/default/debian-12.qcow2.", err))
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("host"), host)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("pool"), pool)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("name"), name)...)
}

// baseImageState is the model of img as the host reports it. Inputs the host does not report
// (an empty field) keep the value from prior, so a configured value is never lost.
func baseImageState(img imagecache.BaseImage, prior baseImageModel) baseImageModel {
	return baseImageModel{
		ID:        types.StringValue(img.ID),
		Host:      stringOr(img.Host, prior.Host),
		Name:      stringOr(img.Name, prior.Name),
		SourceURL: stringOr(img.SourceURL, prior.SourceURL),
		SHA256:    stringOr(img.SHA256, prior.SHA256),
		Format:    stringOr(img.Format, prior.Format),
		Pool:      stringOr(img.Pool, prior.Pool),
		Path:      types.StringValue(img.Path),
		SizeBytes: types.Int64Value(int64(img.SizeBytes)),
		Timeouts:  prior.Timeouts,
	}
}

// stringOr is v as a value, or fallback when v is empty.
func stringOr(v string, fallback types.String) types.String {
	if v == "" {
		return fallback
	}
	return types.StringValue(v)
}
