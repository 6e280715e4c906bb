package provider

import (
	"context"
	"fmt"
	"os"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

// providerModel is the provider block.
type providerModel struct {
	Hosts types.Map `tfsdk:"hosts"` // of hostModel
}

// hostModel is one entry of the hosts map.
type hostModel struct {
	Address        types.String `tfsdk:"address"`
	Port           types.Int64  `tfsdk:"port"`
	User           types.String `tfsdk:"user"`
	PrivateKeyFile types.String `tfsdk:"private_key_file"`
	PrivateKey     types.String `tfsdk:"private_key"`
	UseAgent       types.Bool   `tfsdk:"use_agent"`
	KnownHostsFile types.String `tfsdk:"known_hosts_file"`
	HostKey        types.String `tfsdk:"host_key"`
	Socket         types.String `tfsdk:"socket"`
	Pool           types.String `tfsdk:"pool"`
	Network        types.String `tfsdk:"network"`
	Bridge         types.String `tfsdk:"bridge"`
	Zone           types.String `tfsdk:"zone"`

	MaxConcurrentOperations types.Int64 `tfsdk:"max_concurrent_operations"`
	MaxClientRequests       types.Int64 `tfsdk:"max_client_requests"`

	Jump          types.List   `tfsdk:"jump"` // of jumpModel
	SSHConfigFile types.String `tfsdk:"ssh_config_file"`
}

func (p *kvm2Provider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	sibling := func(name string) path.Expression { return path.MatchRelative().AtParent().AtName(name) }
	resp.Schema = schema.Schema{
		MarkdownDescription: "Manages egress proxy VMs on libvirt/KVM hosts reached over SSH. " +
			"Configuring the provider never connects to a host: connections are opened on first use, " +
			"so `terraform validate` and `terraform plan -refresh=false` work without a reachable host.",
		Attributes: map[string]schema.Attribute{
			"hosts": schema.MapNestedAttribute{
				MarkdownDescription: "The libvirt hosts this provider manages, " + rules.Hosts.Text() + ", keyed by host " +
					"name: " + rules.HostNameRule + ". The name is what resources use in `host` and in their ids.",
				Required:   true,
				Validators: validators.Hosts(),
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"address": schema.StringAttribute{
						MarkdownDescription: "Address of the host's SSH server: " + rules.AddressRule + ".",
						Required:            true,
						Validators:          []validator.String{validators.Address()},
					},
					"port": schema.Int64Attribute{
						MarkdownDescription: fmt.Sprintf("TCP port of the SSH server, %s. Default: `%d`.", rules.PortRule, rules.DefaultPort),
						Optional:            true,
						Validators:          []validator.Int64{validators.Port()},
					},
					"user": schema.StringAttribute{
						MarkdownDescription: fmt.Sprintf("SSH user (%s). It must be allowed to use the libvirt socket. Default: `%q`.",
							rules.UserRule, rules.DefaultUser),
						Optional:   true,
						Validators: []validator.String{validators.User()},
					},
					"private_key_file": schema.StringAttribute{
						MarkdownDescription: "Path of the SSH private key (a leading `~/` is the home directory). " +
							"Read on every connection, so a rotated key needs no restart. The file must exist " +
							"when the provider is configured. At least one of `private_key_file`, `private_key` " +
							"and `use_agent` is required.",
						Optional: true,
					},
					"private_key": schema.StringAttribute{
						MarkdownDescription: "SSH private key in PEM or OpenSSH format, unencrypted (load a passphrase-protected " +
							"key into an ssh agent and set `use_agent` instead). Parsed when the provider is configured, so a " +
							"plan fails on a key that cannot be used; the error names the host and never shows the key. " +
							"Sensitive: never logged.",
						Optional:  true,
						Sensitive: true,
					},
					"use_agent": schema.BoolAttribute{
						MarkdownDescription: "Authenticate with the SSH agent at `$SSH_AUTH_SOCK`. Default: `false`.",
						Optional:            true,
					},
					"known_hosts_file": schema.StringAttribute{
						MarkdownDescription: "known_hosts file used to verify the host key (port-aware; a leading `~/` " +
							"is the home directory). Conflicts with `host_key`. Default: `~/.ssh/known_hosts` when " +
							"`host_key` is not set. A file set here must exist when the provider is configured. " +
							"Host-key verification cannot be turned off.",
						Optional:   true,
						Validators: []validator.String{stringvalidator.ConflictsWith(sibling("host_key"))},
					},
					"host_key": schema.StringAttribute{
						MarkdownDescription: "The host's public key pinned in authorized_keys format (`ssh-ed25519 AAAA...`), " +
							"an alternative to `known_hosts_file`.",
						Optional: true,
					},
					"socket": schema.StringAttribute{
						MarkdownDescription: fmt.Sprintf("Path of the libvirt unix socket on the host (%s), forwarded "+
							"over SSH. When sshd does not forward it (`AllowStreamLocalForwarding no`), the socket is reached "+
							"over an exec channel instead, as libvirt's `qemu+ssh` does: the default socket through "+
							"`virt-ssh-helper` (package libvirt-daemon), any socket through `nc -U` (netcat-openbsd). "+
							"Default: `%q`.", rules.SocketRule, rules.DefaultSocket),
						Optional:   true,
						Validators: []validator.String{validators.Socket()},
					},
					"pool": schema.StringAttribute{
						MarkdownDescription: fmt.Sprintf("Default libvirt storage pool for base images and VM disks on this host "+
							"(%s). Default: `%q`.", rules.PoolNameRule, rules.DefaultPool),
						Optional:   true,
						Validators: []validator.String{validators.PoolName()},
					},
					"network": schema.StringAttribute{
						MarkdownDescription: fmt.Sprintf("Default libvirt network for VMs on this host (%s). Conflicts with `bridge`. "+
							"Default: `%q` when `bridge` is not set.", rules.NetworkNameRule, rules.DefaultNetwork),
						Optional: true,
						Validators: []validator.String{
							validators.NetworkName(),
							stringvalidator.ConflictsWith(sibling("bridge")),
						},
					},
					"bridge": schema.StringAttribute{
						MarkdownDescription: "Default host bridge for VMs on this host, instead of a libvirt network (" +
							rules.BridgeNameRule + "). Conflicts with `network`. Default: none.",
						Optional:   true,
						Validators: []validator.String{validators.BridgeName()},
					},
					"zone": schema.StringAttribute{
						MarkdownDescription: "Free-form placement label for the host (for example a rack or site). Default: empty.",
						Optional:            true,
					},
					"max_concurrent_operations": schema.Int64Attribute{
						MarkdownDescription: fmt.Sprintf("How many operations (create, read, delete...) of this provider may run on "+
							"the host at once (%s); more wait for one to end. Match it to Terraform's `-parallelism` when that is "+
							"changed. Default: `%d`, Terraform's default parallelism. The number of SSH connections the provider "+
							"opens to the host is derived from this and `max_client_requests`: "+
							"ceil(`max_concurrent_operations` / `max_client_requests`), each opened only when the ones before are "+
							"busy (`kvm2_host_health` reports it as `connections`).",
							rules.MaxConcurrentOperationsRule, rules.DefaultMaxConcurrentOperations),
						Optional:   true,
						Validators: []validator.Int64{validators.MaxConcurrentOperations()},
					},
					"max_client_requests": schema.Int64Attribute{
						MarkdownDescription: fmt.Sprintf("How many requests the host's libvirt daemon serves at once on one client "+
							"connection (%s): its `max_client_requests`, more being queued by the daemon. The provider gives each "+
							"connection that many operations at once and opens another connection for more. Set it to the "+
							"`max_client_requests` of the host's `libvirtd.conf` (or `virtqemud.conf` with modular daemons) when "+
							"that was raised. Default: `%d`, libvirt's default.",
							rules.MaxClientRequestsRule, rules.DefaultMaxClientRequests),
						Optional:   true,
						Validators: []validator.Int64{validators.MaxClientRequests()},
					},
					"jump":            jumpSchema(),
					"ssh_config_file": sshConfigFileSchema(),
				}},
			},
		},
	}
}

// ValidateConfig checks what the attribute validators cannot express: every host needs a way to
// authenticate. Unknown values (from variables during `terraform validate`) are skipped.
func (p *kvm2Provider) ValidateConfig(ctx context.Context, req provider.ValidateConfigRequest, resp *provider.ValidateConfigResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() || cfg.Hosts.IsNull() || cfg.Hosts.IsUnknown() {
		return
	}
	hosts := map[string]types.Object{}
	resp.Diagnostics.Append(cfg.Hosts.ElementsAs(ctx, &hosts, false)...)
	for name, obj := range hosts {
		if obj.IsNull() || obj.IsUnknown() {
			continue
		}
		var h hostModel
		resp.Diagnostics.Append(obj.As(ctx, &h, basetypes.ObjectAsOptions{})...)
		if d := checkHostAuth(name, h); d != nil {
			resp.Diagnostics.Append(d)
		}
	}
}

// checkHostAuth reports a host with no way to authenticate; nil when one is set or unknown.
func checkHostAuth(name string, h hostModel) diag.Diagnostic {
	if h.PrivateKeyFile.IsUnknown() || h.PrivateKey.IsUnknown() || h.UseAgent.IsUnknown() {
		return nil
	}
	if !h.SSHConfigFile.IsNull() {
		return nil // its IdentityFile may be the way; the core says so at configure if it is not
	}
	err := rules.ValidateSSHAuth(h.PrivateKeyFile.ValueString(), h.PrivateKey.ValueString(), h.UseAgent.ValueBool())
	if err == nil {
		return nil
	}
	return diag.NewAttributeErrorDiagnostic(path.Root("hosts").AtMapKey(name),
		"Missing SSH authentication", fmt.Sprintf("Host %q has %v, so the provider cannot log in to it.", name, err))
}

func (p *kvm2Provider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	if !req.Config.Raw.IsFullyKnown() {
		// Values come from resources not yet created; resources report the missing client if
		// they are asked to work before the configuration is known.
		tflog.Info(ctx, "provider configuration has unknown values; the core is configured on a later run")
		return
	}
	coreCfg, diags := buildCoreConfig(ctx, cfg)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	client, err := p.newClient(coreCfg)
	if err != nil {
		resp.Diagnostics.AddError("Unable to configure the kvm2 provider", err.Error())
		return
	}
	data := &corecall.Data{Client: client, Hosts: coreCfg.Hosts, Retry: p.retry, Lookups: corecall.NewPlanLookups()}
	resp.ResourceData = data
	resp.DataSourceData = data
	resp.ListResourceData = data
	resp.ActionData = data
}

// buildCoreConfig turns the provider block into the core configuration. Files named in it must
// exist: this is checked here rather than in ValidateConfig so that `terraform validate` passes on
// machines (CI) that do not hold the keys, while every plan and apply still fails early.
func buildCoreConfig(ctx context.Context, cfg providerModel) (hostconfig.Config, diag.Diagnostics) {
	var diags diag.Diagnostics
	hosts := map[string]hostModel{}
	diags.Append(cfg.Hosts.ElementsAs(ctx, &hosts, false)...)
	if diags.HasError() {
		return hostconfig.Config{}, diags
	}
	out := hostconfig.Config{Hosts: make(map[string]hostconfig.HostConfig, len(hosts))}
	for name, h := range hosts {
		hc := hostFromModel(h)
		diags.Append(checkFileExists(name, "private_key_file", hc.PrivateKeyFile)...)
		diags.Append(checkPrivateKey(name, hc.PrivateKey)...)
		diags.Append(checkFileExists(name, "known_hosts_file", hc.KnownHostsFile)...)
		jump, d := buildJumps(ctx, name, h.Jump)
		diags.Append(d...)
		hc.Jump = jump
		if !h.SSHConfigFile.IsNull() {
			diags.Append(applySSHConfig(ctx, name, h, &hc)...)
		}
		out.Hosts[name] = hc
	}
	return out, diags
}

// hostFromModel is the core's view of one host block, its jump list aside (buildJumps).
func hostFromModel(h hostModel) hostconfig.HostConfig {
	return hostconfig.HostConfig{
		Address:        h.Address.ValueString(),
		Port:           int(h.Port.ValueInt64()),
		User:           h.User.ValueString(),
		PrivateKeyFile: hostconfig.ExpandHome(h.PrivateKeyFile.ValueString()),
		PrivateKey:     h.PrivateKey.ValueString(),
		UseAgent:       h.UseAgent.ValueBool(),
		KnownHostsFile: hostconfig.ExpandHome(h.KnownHostsFile.ValueString()),
		HostKey:        h.HostKey.ValueString(),
		Socket:         h.Socket.ValueString(),
		Pool:           h.Pool.ValueString(),
		Network:        h.Network.ValueString(),
		Bridge:         h.Bridge.ValueString(),
		Zone:           h.Zone.ValueString(),

		MaxConcurrentOperations: int(h.MaxConcurrentOperations.ValueInt64()),
		MaxClientRequests:       int(h.MaxClientRequests.ValueInt64()),
	}
}

// checkFileExists reports a configured file that cannot be found; an empty path is not checked.
func checkFileExists(host, attr, file string) diag.Diagnostics {
	return checkFileAt(path.Root("hosts").AtMapKey(host).AtName(attr), host, "", attr, file)
}

// checkFileAt is checkFileExists for the attribute at, of what (a jump host; "" for the host).
func checkFileAt(at path.Path, host, what, attr, file string) diag.Diagnostics {
	var diags diag.Diagnostics
	if file == "" {
		return diags
	}
	if _, err := os.Stat(file); err != nil {
		detail := fmt.Sprintf("%s %q cannot be read: %v. Point %s at an existing file.", attr, file, err, attr)
		if what != "" {
			detail = "In " + what + ": " + detail
		}
		diags.AddAttributeError(at, "Unable to configure host "+host, detail)
	}
	return diags
}

// checkPrivateKey reports an inline key the core cannot parse, naming the host. The core's
// error never carries key material, and neither does this diagnostic.
func checkPrivateKey(host, key string) diag.Diagnostics {
	return checkPrivateKeyAt(path.Root("hosts").AtMapKey(host).AtName("private_key"), host, fmt.Sprintf("host %q", host), key)
}

// checkPrivateKeyAt is checkPrivateKey for the attribute at, of what ("host \"lab\"", a jump host).
func checkPrivateKeyAt(at path.Path, host, what, key string) diag.Diagnostics {
	var diags diag.Diagnostics
	if key == "" {
		return diags
	}
	if err := hostconfig.ValidatePrivateKey(key); err != nil {
		diags.AddAttributeError(at,
			"Unable to configure host "+host,
			fmt.Sprintf("The private_key of %s cannot be used: %v.\n\nSet private_key to the whole unencrypted "+
				"key in PEM or OpenSSH format, for example file(\"~/.ssh/id_ed25519\"). A passphrase-protected key "+
				"cannot be unlocked by the provider: load it into an ssh agent and set use_agent = true.", what, err))
	}
	return diags
}
