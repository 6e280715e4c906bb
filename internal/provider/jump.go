package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/validators"
)

// jumpModel is one element of a host's jump list.
type jumpModel struct {
	Address        types.String `tfsdk:"address"`
	Port           types.Int64  `tfsdk:"port"`
	User           types.String `tfsdk:"user"`
	PrivateKeyFile types.String `tfsdk:"private_key_file"`
	PrivateKey     types.String `tfsdk:"private_key"`
	UseAgent       types.Bool   `tfsdk:"use_agent"`
	KnownHostsFile types.String `tfsdk:"known_hosts_file"`
	HostKey        types.String `tfsdk:"host_key"`
}

// jumpAttrTypes are the attribute types of one jump host object.
func jumpAttrTypes() map[string]attr.Type {
	return map[string]attr.Type{
		"address": types.StringType, "port": types.Int64Type, "user": types.StringType,
		"private_key_file": types.StringType, "private_key": types.StringType, "use_agent": types.BoolType,
		"known_hosts_file": types.StringType, "host_key": types.StringType,
	}
}

// sshConfigFileSchema is the ssh_config_file attribute of a host.
func sshConfigFileSchema() schema.StringAttribute {
	return schema.StringAttribute{
		MarkdownDescription: "An OpenSSH client config file (for example `~/.ssh/config`; a leading `~/` is the home " +
			"directory) in which `address` is looked up as `ssh <address>` would: its " + sshConfigKeys + " fill what " +
			"this host leaves unset (`HostName` replaces `address`; `ProxyJump` fills `jump`, each hop looked up in " +
			"the same file; the first `IdentityFile` is used when the host sets no credentials). Nothing else is " +
			"read: `StrictHostKeyChecking` and `UserKnownHostsFile` are ignored (a warning says so), so every host " +
			"key, the jump hosts' included, is verified against `known_hosts_file` or `host_key`. Read when the " +
			"provider is configured; `Include` is followed, `Match` is not supported. Default: none, the file is " +
			"not read.",
		Optional: true,
	}
}

// jumpSchema is the jump attribute of a host: its bastions, in order from the provider.
func jumpSchema() schema.ListNestedAttribute {
	return schema.ListNestedAttribute{
		MarkdownDescription: "Jump hosts (bastions) the host is reached through, in order from the machine running " +
			"Terraform: the first is dialed directly, each next one and then the host through a TCP forward " +
			"(`direct-tcpip`, as `ssh -J` does) of the one before; " + rules.JumpHostsRule + ". Every jump host's key " +
			"is verified, as the host's is; there is no way to turn that off. A jump host needs TCP forwarding to the " +
			"next address for its user (`AllowTcpForwarding local`, with a `PermitOpen` naming that address) and " +
			"nothing else: no shell, no libvirt. " + rules.JumpAuthDefault + ". " + rules.JumpHostKeyDefault +
			". Default: none, the host is dialed directly.",
		Optional:   true,
		Validators: []validator.List{validators.JumpHosts()},
		NestedObject: schema.NestedAttributeObject{
			Validators: []validator.Object{validators.HostKeySource()},
			Attributes: map[string]schema.Attribute{
				"address": schema.StringAttribute{
					MarkdownDescription: "Address of the jump host's SSH server: " + rules.AddressRule + ". Reached " +
						"from the jump host before it (the first one from this machine).",
					Required:   true,
					Validators: []validator.String{validators.Address()},
				},
				"port": schema.Int64Attribute{
					MarkdownDescription: fmt.Sprintf("TCP port of the jump host's SSH server, %s. Default: `%d`.",
						rules.PortRule, rules.DefaultJumpPort),
					Optional:   true,
					Validators: []validator.Int64{validators.Port()},
				},
				"user": schema.StringAttribute{
					MarkdownDescription: "SSH user on the jump host, " + rules.JumpUserRule + ".",
					Required:            true,
					Validators:          []validator.String{validators.User()},
				},
				"private_key_file": schema.StringAttribute{
					MarkdownDescription: "Path of the SSH private key for the jump host (a leading `~/` is the home " +
						"directory), read on every connection. Default: the host's credentials, when the jump host sets " +
						"none of `private_key_file`, `private_key` and `use_agent`.",
					Optional: true,
				},
				"private_key": schema.StringAttribute{
					MarkdownDescription: "SSH private key for the jump host, unencrypted, in PEM or OpenSSH format (use the " +
						"agent for a passphrase-protected key). Parsed when the provider is configured. Sensitive: never logged.",
					Optional:  true,
					Sensitive: true,
				},
				"use_agent": schema.BoolAttribute{
					MarkdownDescription: "Authenticate to the jump host with the SSH agent at `$SSH_AUTH_SOCK`. Default: `false`.",
					Optional:            true,
				},
				"known_hosts_file": schema.StringAttribute{
					MarkdownDescription: "known_hosts file used to verify the jump host's key (port-aware; a leading `~/` " +
						"is the home directory). Conflicts with `host_key` (" + rules.HostKeySourceRule + "). Default: the " +
						"host's `known_hosts_file`, else `~/.ssh/known_hosts`, when `host_key` is not set. A file set here must " +
						"exist when the provider is configured.",
					Optional: true,
				},
				"host_key": schema.StringAttribute{
					MarkdownDescription: "The jump host's public key pinned in authorized_keys format " +
						"(`ssh-ed25519 AAAA...`), an alternative to `known_hosts_file`.",
					Optional: true,
				},
			},
		},
	}
}

// buildJumps turns a host's jump list into the core's, checking what Configure checks of the
// host's own fields: files exist, inline keys parse. Null: no jump hosts.
func buildJumps(ctx context.Context, host string, list types.List) ([]hostconfig.JumpHost, diag.Diagnostics) {
	var diags diag.Diagnostics
	if list.IsNull() {
		return nil, diags
	}
	var models []jumpModel
	diags.Append(list.ElementsAs(ctx, &models, false)...)
	if diags.HasError() || len(models) == 0 {
		return nil, diags
	}
	out := make([]hostconfig.JumpHost, len(models))
	for i, m := range models {
		j := hostconfig.JumpHost{
			Address:        m.Address.ValueString(),
			Port:           int(m.Port.ValueInt64()),
			User:           m.User.ValueString(),
			PrivateKeyFile: hostconfig.ExpandHome(m.PrivateKeyFile.ValueString()),
			PrivateKey:     m.PrivateKey.ValueString(),
			UseAgent:       m.UseAgent.ValueBool(),
			KnownHostsFile: hostconfig.ExpandHome(m.KnownHostsFile.ValueString()),
			HostKey:        m.HostKey.ValueString(),
		}
		at := path.Root("hosts").AtMapKey(host).AtName("jump").AtListIndex(i)
		what := fmt.Sprintf("jump host %d of host %q", i+1, host)
		diags.Append(checkFileAt(at.AtName("private_key_file"), host, what, "private_key_file", j.PrivateKeyFile)...)
		diags.Append(checkFileAt(at.AtName("known_hosts_file"), host, what, "known_hosts_file", j.KnownHostsFile)...)
		diags.Append(checkPrivateKeyAt(at.AtName("private_key"), host, what, j.PrivateKey)...)
		out[i] = j
	}
	return out, diags
}
