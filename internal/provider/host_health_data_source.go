package provider

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
)

var _ datasource.DataSourceWithConfigure = (*hostHealthDataSource)(nil)

// hostHealthTimeout bounds one check of every host; the core probes hosts concurrently.
const hostHealthTimeout = time.Minute

// hostHealthDataSource is kvm2_host_health. A host that is down is reported, never an error, so
// the data source can feed `check` blocks and preconditions.
type hostHealthDataSource struct{ data *providerData }

type hostHealthModel struct {
	Host    types.String      `tfsdk:"host"`
	Hosts   []hostHealthEntry `tfsdk:"hosts"`
	Healthy types.Bool        `tfsdk:"healthy"`
}

type hostHealthEntry struct {
	Name               types.String `tfsdk:"name"`
	Status             types.String `tfsdk:"status"`
	Reason             types.String `tfsdk:"reason"`
	Message            types.String `tfsdk:"message"`
	LibvirtVersion     types.String `tfsdk:"libvirt_version"`
	Hypervisor         types.String `tfsdk:"hypervisor"`
	Pool               types.String `tfsdk:"pool"`
	PoolCapacityBytes  types.Int64  `tfsdk:"pool_capacity_bytes"`
	PoolAvailableBytes types.Int64  `tfsdk:"pool_available_bytes"`
	LatencyMs          types.Int64  `tfsdk:"latency_ms"`
	Transport          types.String `tfsdk:"transport"`

	MaxConcurrentOperations types.Int64 `tfsdk:"max_concurrent_operations"`
	MaxClientRequests       types.Int64 `tfsdk:"max_client_requests"`
	Connections             types.Int64 `tfsdk:"connections"`
	HostCPUs                types.Int64 `tfsdk:"host_cpus"`
}

func newHostHealthDataSource() datasource.DataSource { return &hostHealthDataSource{} }

func (d *hostHealthDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_host_health"
}

func (d *hostHealthDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		MarkdownDescription: "Checks hosts on fresh connections: SSH, host key, the libvirt socket, the storage pool " +
			"and the network. A host that fails is reported in `hosts` with a reason; reading the data source never " +
			"fails because of it, so it can be used in `check` blocks and preconditions.",
		Attributes: map[string]schema.Attribute{
			"host": schema.StringAttribute{
				MarkdownDescription: "Check only this host (a key of the provider's `hosts`). Default: every configured host.",
				Optional:            true,
			},
			"healthy": schema.BoolAttribute{
				MarkdownDescription: "`true` when every checked host has status `ok`.",
				Computed:            true,
			},
			"hosts": schema.ListNestedAttribute{
				MarkdownDescription: "One entry per checked host, sorted by name.",
				Computed:            true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"name":   computedString("Host name."),
					"status": computedString("`ok`, `degraded` (works, with a warning such as a nearly full pool) or `down`."),
					"reason": computedString("Reason code: `OK`, `Unreachable`, `Timeout`, `AuthFailed`, `HostKeyMismatch` (a key that differs from " +
						"the pinned or known one), `HostKeyUnknown` (no known_hosts entry for the host), " +
						"`SocketForwardRefused`, `LibvirtError`, `PoolNotFound`, `PoolInactive`, `NetworkNotFound`, " +
						"`NetworkInactive` or `PoolLow`."),
					"message":              computedString("Human-readable explanation of the reason."),
					"libvirt_version":      computedString("libvirt version of the host, for example `9.0.0`; empty when not reached."),
					"hypervisor":           computedString("`kvm`, or `qemu` when the host offers only emulation (TCG)."),
					"pool":                 computedString("Storage pool checked (the host's `pool`)."),
					"pool_capacity_bytes":  computedInt("Capacity of the pool, in bytes."),
					"pool_available_bytes": computedInt("Free space in the pool, in bytes."),
					"latency_ms":           computedInt("Time the check took, in milliseconds."),
					"transport": computedString("How the connection reached the libvirt socket: `streamlocal` (sshd " +
						"forwarded the socket, like `ssh -L`), `exec:virt-ssh-helper` or `exec:nc` (sshd did not forward " +
						"it, so the socket was reached through that helper run over an exec channel, as libvirt's own " +
						"`qemu+ssh` does); empty when the host was not reached. The transport that worked is remembered " +
						"per host and tried first on later connections."),
					"max_concurrent_operations": computedInt("How many operations of this provider may run on the host at " +
						"once: the host's `max_concurrent_operations`, or its default; 0 for a host that is not configured."),
					"max_client_requests": computedInt("How many requests the host's libvirt daemon is taken to serve at " +
						"once per connection: the host's `max_client_requests`, or its default; 0 for a host that is not configured."),
					"connections": computedInt("How many pooled connections the provider opens to the host at most, " +
						"ceil(`max_concurrent_operations` / `max_client_requests`)."),
					"host_cpus": computedInt("Active CPUs the host reports; 0 when the check did not get that far or the " +
						"host did not say (that alone does not change the status)."),
				}},
			},
		},
	}
}

func (d *hostHealthDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.data = providerDataFrom(req.ProviderData, &resp.Diagnostics)
}

func (d *hostHealthDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg hostHealthModel
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
	ctx, cancel := context.WithTimeout(withCoreLogging(ctx), hostHealthTimeout)
	defer cancel()
	reports := d.data.client.Check(ctx, hosts...)
	cfg.Hosts = make([]hostHealthEntry, 0, len(reports))
	healthy := true
	for _, h := range reports {
		cfg.Hosts = append(cfg.Hosts, hostHealthEntryOf(h))
		healthy = healthy && h.Status == hosthealth.HealthOK
	}
	cfg.Healthy = types.BoolValue(healthy && len(reports) > 0)
	resp.Diagnostics.Append(resp.State.Set(ctx, cfg)...)
}

// hostHealthEntryOf is the data source entry of one report.
func hostHealthEntryOf(h hosthealth.HostHealth) hostHealthEntry {
	return hostHealthEntry{
		Name:               types.StringValue(h.Host),
		Status:             types.StringValue(string(h.Status)),
		Reason:             types.StringValue(h.Reason),
		Message:            types.StringValue(h.Message),
		LibvirtVersion:     types.StringValue(h.LibvirtVersion),
		Hypervisor:         types.StringValue(h.Hypervisor),
		Pool:               types.StringValue(h.Pool),
		PoolCapacityBytes:  types.Int64Value(int64(h.PoolCapacityBytes)),
		PoolAvailableBytes: types.Int64Value(int64(h.PoolAvailableBytes)),
		LatencyMs:          types.Int64Value(h.Latency.Milliseconds()),
		Transport:          types.StringValue(h.Transport),

		MaxConcurrentOperations: types.Int64Value(int64(h.MaxConcurrentOperations)),
		MaxClientRequests:       types.Int64Value(int64(h.MaxClientRequests)),
		Connections:             types.Int64Value(int64(h.Connections)),
		HostCPUs:                types.Int64Value(int64(h.HostCPUs)),
	}
}

// computedString is a computed string attribute of a data source.
func computedString(desc string) schema.StringAttribute {
	return schema.StringAttribute{MarkdownDescription: desc, Computed: true}
}

// computedInt is a computed integer attribute of a data source.
func computedInt(desc string) schema.Int64Attribute {
	return schema.Int64Attribute{MarkdownDescription: desc, Computed: true}
}
