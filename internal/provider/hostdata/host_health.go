// Package hostdata is the kvm2_host_health data source: each configured host as the core's
// health check finds it.
package hostdata

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hosthealth"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/attribute"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
)

var _ datasource.DataSourceWithConfigure = (*hostHealthDataSource)(nil)

// hostHealthTimeout bounds one check of every host; the core probes hosts concurrently.
const hostHealthTimeout = time.Minute

// hostHealthDataSource is kvm2_host_health. A host that is down is reported, never an error, so
// the data source can feed `check` blocks and preconditions.
type hostHealthDataSource struct{ data *corecall.Data }

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

// NewHostHealthDataSource is the kvm2_host_health data source.
func NewHostHealthDataSource() datasource.DataSource { return &hostHealthDataSource{} }

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
					"name":   attribute.ComputedString("Host name."),
					"status": attribute.ComputedString("`ok`, `degraded` (works, with a warning such as a nearly full pool) or `down`."),
					"reason": attribute.ComputedString("Reason code: `OK`, `Unreachable`, `Timeout`, `AuthFailed`, `HostKeyMismatch` (a key that differs from " +
						"the pinned or known one), `HostKeyUnknown` (no known_hosts entry for the host), " +
						"`SocketForwardRefused`, `LibvirtError`, `PoolNotFound`, `PoolInactive`, `NetworkNotFound`, " +
						"`NetworkInactive` or `PoolLow`."),
					"message":              attribute.ComputedString("Human-readable explanation of the reason."),
					"libvirt_version":      attribute.ComputedString("libvirt version of the host, for example `9.0.0`; empty when not reached."),
					"hypervisor":           attribute.ComputedString("`kvm`, or `qemu` when the host offers only emulation (TCG)."),
					"pool":                 attribute.ComputedString("Storage pool checked (the host's `pool`)."),
					"pool_capacity_bytes":  attribute.ComputedInt("Capacity of the pool, in bytes."),
					"pool_available_bytes": attribute.ComputedInt("Free space in the pool, in bytes."),
					"latency_ms":           attribute.ComputedInt("Time the check took, in milliseconds."),
					"transport": attribute.ComputedString("How the connection reached the libvirt socket: `streamlocal` (sshd " +
						"forwarded the socket, like `ssh -L`), `exec:virt-ssh-helper` or `exec:nc` (sshd did not forward " +
						"it, so the socket was reached through that helper run over an exec channel, as libvirt's own " +
						"`qemu+ssh` does); empty when the host was not reached. The transport that worked is remembered " +
						"per host and tried first on later connections."),
					"max_concurrent_operations": attribute.ComputedInt("How many operations of this provider may run on the host at " +
						"once: the host's `max_concurrent_operations`, or its default; 0 for a host that is not configured."),
					"max_client_requests": attribute.ComputedInt("How many requests the host's libvirt daemon is taken to serve at " +
						"once per connection: the host's `max_client_requests`, or its default; 0 for a host that is not configured."),
					"connections": attribute.ComputedInt("How many pooled connections the provider opens to the host at most, " +
						"ceil(`max_concurrent_operations` / `max_client_requests`)."),
					"host_cpus": attribute.ComputedInt("Active CPUs the host reports; 0 when the check did not get that far or the " +
						"host did not say (that alone does not change the status)."),
				}},
			},
		},
	}
}

func (d *hostHealthDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.data = corecall.From(req.ProviderData, &resp.Diagnostics)
}

func (d *hostHealthDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg hostHealthModel
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
	ctx, cancel := context.WithTimeout(corecall.WithCoreLogging(ctx), hostHealthTimeout)
	defer cancel()
	reports := d.data.Client.Check(ctx, hosts...)
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
