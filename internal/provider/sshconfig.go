package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostconfig"
)

// sshConfigKeys is what the provider reads of an OpenSSH client config, in words.
const sshConfigKeys = "`HostName`, `Port`, `User`, `IdentityFile` and `ProxyJump`"

// applySSHConfig resolves host h as `ssh <address>` would with the OpenSSH client config at
// h.SSHConfigFile: the file's HostName replaces the address (the alias), and its Port, User,
// IdentityFile (the first) and ProxyJump fill what the host block leaves unset; the block
// always wins. Each ProxyJump hop is looked up in the same file for its own HostName, Port,
// User and IdentityFile; a hop with a ProxyJump of its own is refused. Nothing else is read:
// StrictHostKeyChecking and UserKnownHostsFile never weaken the host-key check (a warning says
// they were ignored). Each value read is held to the rule of the attribute it stands for
// (address, port, user, the number of jump hosts) as soon as it is read, so that a value the
// attribute would refuse is refused naming the file, and none is dropped as if unset.
func applySSHConfig(_ context.Context, name string, h hostModel, hc *hostconfig.HostConfig) diag.Diagnostics {
	var diags diag.Diagnostics
	at := path.Root("hosts").AtMapKey(name).AtName("ssh_config_file")
	file := hostconfig.ExpandHome(h.SSHConfigFile.ValueString())
	fail := func(err error) diag.Diagnostics {
		diags.AddAttributeError(at, "Unable to configure host "+name, err.Error()+".")
		return diags
	}
	c, err := hostconfig.ReadSSHConfig(file)
	if err != nil {
		return fail(err)
	}
	alias := hc.Address
	r, err := c.Resolve(alias)
	if err != nil {
		return fail(err)
	}
	hc.Address = r.HostName
	if h.Port.IsNull() && r.Port != 0 {
		hc.Port = r.Port
	}
	if h.User.IsNull() && r.User != "" {
		hc.User = r.User
	}
	if h.PrivateKeyFile.IsNull() && h.PrivateKey.IsNull() && !h.UseAgent.ValueBool() && r.IdentityFile != "" {
		hc.PrivateKeyFile = r.IdentityFile
	}
	if h.Jump.IsNull() {
		jumps, err := c.ProxyJump(alias)
		if err != nil {
			return fail(err)
		}
		hc.Jump = jumps
	}
	for _, w := range c.Ignored(alias) {
		diags.AddAttributeWarning(at, "Setting of the ssh config ignored", w)
	}
	return diags
}
