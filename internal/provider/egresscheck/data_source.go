// Package egresscheck is the kvm2_egress_check data source: one HTTP request through each
// proxy VM's proxy, made through its host.
package egresscheck

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"sync"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/guest"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/attribute"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

var (
	_ datasource.DataSourceWithConfigure      = (*egressCheckDataSource)(nil)
	_ datasource.DataSourceWithValidateConfig = (*egressCheckDataSource)(nil)
)

// egressCheckTimeout bounds one read whole: the listing, and every request.
const egressCheckTimeout = 5 * time.Minute

// egressCheckDataSource is kvm2_egress_check: one HTTP request through the proxy of each VM of a
// fleet, from its host, for `check` blocks and CI plan checks. A proxy that does not answer is a
// result, never an error, so a check block warns and the plan goes on.
type egressCheckDataSource struct{ data *corecall.Data }

type egressCheckModel struct {
	IDs            types.Set           `tfsdk:"ids"`
	Tag            types.String        `tfsdk:"tag"`
	Host           types.String        `tfsdk:"host"`
	ProxyPort      types.Int64         `tfsdk:"proxy_port"`
	TargetURL      types.String        `tfsdk:"target_url"`
	ExpectedBody   types.String        `tfsdk:"expected_body_pattern"`
	FirstLineBytes types.Int64         `tfsdk:"first_line_bytes"`
	TimeoutSeconds types.Int64         `tfsdk:"timeout_seconds"`
	PerHost        types.Int64         `tfsdk:"concurrency_per_host"`
	Results        []egressCheckResult `tfsdk:"results"`
	AllAnswered    types.Bool          `tfsdk:"all_answered"`
	FailedIDs      types.List          `tfsdk:"failed_ids"`
}

type egressCheckResult struct {
	ID        types.String `tfsdk:"id"`
	Address   types.String `tfsdk:"address"`
	Via       types.String `tfsdk:"via"`
	Answered  types.Bool   `tfsdk:"answered"`
	Status    types.Int64  `tfsdk:"status"`
	LatencyMs types.Int64  `tfsdk:"latency_ms"`
	Matched   types.Bool   `tfsdk:"matched"`
	Truncated types.Bool   `tfsdk:"truncated"`
	FirstLine types.String `tfsdk:"first_line"`
	Error     types.String `tfsdk:"error"`
}

// NewDataSource is the kvm2_egress_check data source.
func NewDataSource() datasource.DataSource { return &egressCheckDataSource{} }

func (d *egressCheckDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_egress_check"
}

func (d *egressCheckDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Sends one HTTP GET of `target_url` through the proxy on `proxy_port` of each given VM, from " +
			"the VM's host, and reports per VM whether the proxy answered, its status, the latency, whether the body " +
			"matched `expected_body_pattern`, and optionally the body's first line: for `check` blocks and CI plan " +
			"checks that every proxy of a fleet still forwards. The host reaches the proxy as `wait_for_port` does " +
			"(a direct-tcpip channel over the provider's SSH connection, else nc run on the host) on the address the " +
			"VM's own wait for an address chooses. Only VMs whose mark proves them the provider's are asked; any other " +
			"is reported with an error and never connected to. Bounded: one request per VM, `timeout_seconds` each, " +
			"at most `concurrency_per_host` at once through one host, the first 64 KiB of a body read and none of it " +
			"kept but the first line asked for. A proxy that does not answer is a result, never an error: in a " +
			"`check` block the assertion on `all_answered` warns, naming the VMs in `failed_ids`, and the plan " +
			"goes on. The request is sent on every read: every plan and refresh.",
		Attributes: map[string]schema.Attribute{
			"ids": schema.SetAttribute{
				MarkdownDescription: "The VMs to check, by `id` (`host/name`), such as `kvm2_proxy_vm.x[*].id`. Set " +
					"either this or `tag`.",
				Optional:    true,
				ElementType: types.StringType,
			},
			"tag": schema.StringAttribute{
				MarkdownDescription: "Check every VM whose mark carries this tag (matched exactly), as " +
					"`kvm2_proxy_vms` lists them. Set either this or `ids`.",
				Optional: true,
			},
			"host": schema.StringAttribute{
				MarkdownDescription: "With `tag`: list only this host (a key of the provider's `hosts`). Default: every " +
					"configured host.",
				Optional: true,
			},
			"proxy_port": schema.Int64Attribute{
				MarkdownDescription: "TCP port of the proxy in each VM: " + rules.ProxyPort.Text() + ".",
				Required:            true,
				Validators:          []validator.Int64{validators.ProxyPort()},
			},
			"target_url": schema.StringAttribute{
				MarkdownDescription: "URL fetched through each proxy: " + rules.EgressTargetURLRule + ".",
				Required:            true,
				Validators:          []validator.String{validators.EgressTargetURL()},
			},
			"expected_body_pattern": schema.StringAttribute{
				MarkdownDescription: "When set, `matched` says whether the body matched it: " + rules.EgressPatternRule +
					". A proxy that answered but did not match counts as failed in `all_answered`.",
				Optional:   true,
				Validators: []validator.String{validators.EgressPattern()},
			},
			"first_line_bytes": schema.Int64Attribute{
				MarkdownDescription: "When set, `first_line` reports the body's first line, cut to this many bytes (" +
					rules.EgressFirstLine.Text() + "), with what is not printable text removed. Default: not reported.",
				Optional:   true,
				Validators: []validator.Int64{validators.EgressFirstLine()},
			},
			"timeout_seconds": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Bound on each VM's request, its read of the VM included: %s. Default: %d.",
					rules.EgressTimeout.Text(), rules.DefaultEgressTimeout),
				Optional:   true,
				Validators: []validator.Int64{validators.EgressTimeout()},
			},
			"concurrency_per_host": schema.Int64Attribute{
				MarkdownDescription: fmt.Sprintf("Requests sent through one host at once: %s. Default: %d.",
					rules.EgressPerHost.Text(), rules.DefaultEgressPerHost),
				Optional:   true,
				Validators: []validator.Int64{validators.EgressPerHost()},
			},
			"results": schema.ListNestedAttribute{
				MarkdownDescription: "One entry per VM, sorted by id.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"id":      attribute.ComputedString("The VM's `id`."),
					"address": attribute.ComputedString("The proxy's address and port asked (`address:port`); empty when the VM had none."),
					"via":     attribute.ComputedString("How the host reached it: `direct-tcpip` or `exec:nc`; empty when it did not try."),
					"answered": schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether the proxy gave an HTTP " +
						"response (any status)."},
					"status":     attribute.ComputedInt("The response's HTTP status; 0 when none."),
					"latency_ms": attribute.ComputedInt("Milliseconds from the request to the end of the body read; 0 when none."),
					"matched": schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether the body matched " +
						"`expected_body_pattern`; null when none is set."},
					"truncated": schema.BoolAttribute{Computed: true, MarkdownDescription: "Whether the body was longer " +
						"than the 64 KiB read (the rest was never read)."},
					"first_line": attribute.ComputedString("The body's first line, cut to `first_line_bytes`; null unless that is set."),
					"error":      attribute.ComputedString("Why the VM did not answer (or was not asked); empty when it answered."),
				}},
			},
			"all_answered": schema.BoolAttribute{
				Computed: true,
				MarkdownDescription: "Whether every VM's proxy answered (and matched `expected_body_pattern`, when set). " +
					"True for no VMs.",
			},
			"failed_ids": schema.ListAttribute{
				MarkdownDescription: "The `id` of every VM that did not answer or match, sorted: for a check's error message.",
				Computed:            true,
				ElementType:         types.StringType,
			},
		},
	}
}

func (d *egressCheckDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

// ValidateConfig asks for exactly one of ids and tag, and host only with tag.
func (d *egressCheckDataSource) ValidateConfig(ctx context.Context, req datasource.ValidateConfigRequest, resp *datasource.ValidateConfigResponse) {
	var ids types.Set
	var tag, host types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("ids"), &ids)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("tag"), &tag)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("host"), &host)...)
	if resp.Diagnostics.HasError() || ids.IsUnknown() || tag.IsUnknown() {
		return
	}
	if ids.IsNull() == tag.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("ids"), "Invalid VMs to check", "Set exactly one of ids and tag.")
	}
	if !host.IsNull() && tag.IsNull() {
		resp.Diagnostics.AddAttributeError(path.Root("host"), "Invalid VMs to check", "host narrows tag; with ids each id names its host.")
	}
}

func (d *egressCheckDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg egressCheckModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || !corecall.RequireClient(d.data, &resp.Diagnostics) {
		return
	}
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), egressCheckTimeout)
	defer cancel()
	vms, diags := d.vms(ctx, cfg)
	if resp.Diagnostics.Append(diags...); diags.HasError() {
		return
	}
	r := guest.EgressRequest{ProxyPort: int(cfg.ProxyPort.ValueInt64()), TargetURL: cfg.TargetURL.ValueString(),
		Timeout: time.Duration(orDefault(cfg.TimeoutSeconds, rules.DefaultEgressTimeout)) * time.Second}
	if !cfg.ExpectedBody.IsNull() {
		r.Pattern = regexp.MustCompile(cfg.ExpectedBody.ValueString()) // its validator compiled it
	}
	if !cfg.FirstLineBytes.IsNull() {
		r.FirstLineBytes = int(cfg.FirstLineBytes.ValueInt64())
	}
	cfg.Results = checkEgress(ctx, d.data.Client, vms, r, int(orDefault(cfg.PerHost, rules.DefaultEgressPerHost)))
	failed := []string{}
	for _, res := range cfg.Results {
		if !res.Answered.ValueBool() || (r.Pattern != nil && !res.Matched.ValueBool()) {
			failed = append(failed, res.ID.ValueString())
		}
	}
	cfg.AllAnswered = types.BoolValue(len(failed) == 0)
	cfg.FailedIDs = attribute.StringList(failed)
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}

// egressVM is one VM to ask: its id, and its uid once its mark proved it ours; notOurs says
// why it is not asked.
type egressVM struct {
	id, uid, notOurs string
}

// vms is the VMs the configuration names: by tag, the marked VMs the listing gives (with their
// uids); by id, each VM's uid read from its mark as an import reads it, a VM it does not prove
// ours reported and never asked. A host that cannot be listed fails the read, as the listing
// does.
func (d *egressCheckDataSource) vms(ctx context.Context, cfg egressCheckModel) ([]egressVM, diag.Diagnostics) {
	var diags diag.Diagnostics
	if !cfg.Tag.IsNull() {
		var hosts []string
		if !cfg.Host.IsNull() {
			if diags.Append(corecall.CheckHostConfigured(d.data, path.Root("host"), cfg.Host)...); diags.HasError() {
				return nil, diags
			}
			hosts = []string{cfg.Host.ValueString()}
		}
		list, err := corecall.WithRetry(ctx, d.data.Retry, "list proxy VMs", func(ctx context.Context) ([]kvm2.Instance, error) {
			return d.data.Client.ListByTag(ctx, cfg.Tag.ValueString(), hosts...)
		})
		if err != nil {
			diags.Append(corecall.ErrorDiagnostic("list", "proxy VMs with tag", cfg.Tag.ValueString(), err))
			return nil, diags
		}
		out := make([]egressVM, len(list))
		for i, inst := range list {
			out[i] = egressVM{id: inst.ID, uid: inst.UID}
		}
		return out, diags
	}
	var ids []string
	if diags.Append(cfg.IDs.ElementsAs(ctx, &ids, false)...); diags.HasError() {
		return nil, diags
	}
	sort.Strings(ids)
	out := make([]egressVM, len(ids))
	slots := make(chan struct{}, corecall.ReadParallel)
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			out[i].id = id
			inst, err := corecall.WithRetry(ctx, d.data.Retry, "read proxy VM", func(ctx context.Context) (kvm2.Instance, error) {
				return d.data.Client.Get(ctx, id, "")
			})
			if err != nil {
				out[i].notOurs = "not read as a proxy VM of this provider, so not asked: " + err.Error()
				return
			}
			out[i].uid = inst.UID
		}()
	}
	wg.Wait()
	return out, diags
}

// checkEgress asks every VM of vms, at most perHost at once through one host, and returns the
// results in the order of vms.
func checkEgress(ctx context.Context, c *kvm2.Client, vms []egressVM, r guest.EgressRequest, perHost int) []egressCheckResult {
	out := make([]egressCheckResult, len(vms))
	sems := map[string]chan struct{}{}
	for _, vm := range vms {
		host, _, _ := rules.ParseID(vm.id)
		if sems[host] == nil {
			sems[host] = make(chan struct{}, perHost)
		}
	}
	done := make(chan struct{})
	for i, vm := range vms {
		host, _, _ := rules.ParseID(vm.id)
		go func() {
			defer func() { done <- struct{}{} }()
			if vm.notOurs != "" {
				out[i] = egressResult(vm.id, guest.EgressResult{Error: vm.notOurs}, r)
				return
			}
			select {
			case sems[host] <- struct{}{}:
			case <-ctx.Done():
				out[i] = egressResult(vm.id, guest.EgressResult{Error: ctx.Err().Error()}, r)
				return
			}
			defer func() { <-sems[host] }()
			res, err := c.Egress(ctx, vm.id, vm.uid, r)
			if err != nil {
				res = guest.EgressResult{Error: err.Error()}
			}
			out[i] = egressResult(vm.id, res, r)
		}()
	}
	for range vms {
		<-done
	}
	return out
}

// egressResult is the state of one VM's result.
func egressResult(id string, res guest.EgressResult, r guest.EgressRequest) egressCheckResult {
	out := egressCheckResult{
		ID: types.StringValue(id), Address: types.StringValue(""), Via: types.StringValue(res.Via),
		Answered: types.BoolValue(res.Answered), Status: types.Int64Value(int64(res.Status)),
		LatencyMs: types.Int64Value(res.Latency.Milliseconds()), Matched: types.BoolNull(),
		Truncated: types.BoolValue(res.Truncated), FirstLine: types.StringNull(), Error: types.StringValue(res.Error),
	}
	if res.Address.IsValid() {
		out.Address = types.StringValue(res.Address.String())
	}
	if r.Pattern != nil {
		out.Matched = types.BoolValue(res.Matched)
	}
	if r.FirstLineBytes > 0 {
		out.FirstLine = types.StringValue(res.FirstLine)
	}
	return out
}

// orDefault is v, or def when v is null.
func orDefault(v types.Int64, def int64) int64 {
	if v.IsNull() || v.IsUnknown() {
		return def
	}
	return v.ValueInt64()
}
