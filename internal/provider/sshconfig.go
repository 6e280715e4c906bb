package provider

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/kevinburke/ssh_config"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// sshConfigKeys is what the provider reads of an OpenSSH client config, in words.
const sshConfigKeys = "`HostName`, `Port`, `User`, `IdentityFile` and `ProxyJump`"

// sshConfig is one OpenSSH client config file, read once per host that names it.
type sshConfig struct {
	file string
	cfg  *ssh_config.Config
}

// get returns the first value of key for alias, as ssh would pick it ("" when none).
func (c sshConfig) get(alias, key string) (string, error) {
	v, err := c.cfg.Get(alias, key)
	if err != nil {
		return "", fmt.Errorf("%s: %s of %q: %w", c.file, key, alias, err)
	}
	return v, nil
}

// applySSHConfig resolves host h as `ssh <address>` would with the OpenSSH client config at
// h.SSHConfigFile: the file's HostName replaces the address (the alias), and its Port, User,
// IdentityFile (the first) and ProxyJump fill what the host block leaves unset; the block
// always wins. Each ProxyJump hop is looked up in the same file for its own HostName, Port,
// User and IdentityFile; a hop with a ProxyJump of its own is refused. Nothing else is read:
// StrictHostKeyChecking and UserKnownHostsFile never weaken the host-key check (a warning says
// they were ignored). Each value read is held to the rule of the attribute it stands for
// (address, port, user, the number of jump hosts) as soon as it is read, so that a value the
// attribute would refuse is refused naming the file, and none is dropped as if unset.
func applySSHConfig(_ context.Context, name string, h hostModel, hc *kvm2.HostConfig) diag.Diagnostics {
	var diags diag.Diagnostics
	at := path.Root("hosts").AtMapKey(name).AtName("ssh_config_file")
	file := expandHome(h.SSHConfigFile.ValueString())
	fail := func(err error) diag.Diagnostics {
		diags.AddAttributeError(at, "Unable to configure host "+name, err.Error()+".")
		return diags
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return fail(fmt.Errorf("ssh_config_file %q cannot be read: %w. Point ssh_config_file at an existing file", file, err))
	}
	parsed, err := ssh_config.DecodeBytes(raw)
	if err != nil {
		return fail(fmt.Errorf("ssh_config_file %s cannot be parsed: %w", file, err))
	}
	c := sshConfig{file: file, cfg: parsed}
	alias := hc.Address
	r, err := c.resolve(alias)
	if err != nil {
		return fail(err)
	}
	hc.Address = r.hostName
	if h.Port.IsNull() && r.port != 0 {
		hc.Port = r.port
	}
	if h.User.IsNull() && r.user != "" {
		hc.User = r.user
	}
	if h.PrivateKeyFile.IsNull() && h.PrivateKey.IsNull() && !h.UseAgent.ValueBool() && r.identityFile != "" {
		hc.PrivateKeyFile = r.identityFile
	}
	if h.Jump.IsNull() {
		jumps, err := c.proxyJump(alias)
		if err != nil {
			return fail(err)
		}
		hc.Jump = jumps
	}
	for _, w := range c.ignored(alias) {
		diags.AddAttributeWarning(at, "Setting of the ssh config ignored", w)
	}
	return diags
}

// resolved is what the file says of one alias.
type resolved struct {
	hostName, user, identityFile string
	port                         int
}

// resolve reads HostName (with %h), Port, User and the first IdentityFile of alias.
func (c sshConfig) resolve(alias string) (resolved, error) {
	r := resolved{hostName: alias}
	v, err := c.get(alias, "HostName")
	if err != nil {
		return r, err
	}
	if v != "" {
		if r.hostName, err = c.expand(v, alias, "", "HostName"); err != nil {
			return r, err
		}
		if err := rules.ValidateAddress(r.hostName); err != nil {
			return r, fmt.Errorf("%s: HostName of %q: %w", c.file, alias, err)
		}
	}
	if v, err = c.get(alias, "Port"); err != nil {
		return r, err
	}
	if v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return r, fmt.Errorf("%s: Port %q of %q is not a port number (%s)", c.file, v, alias, rules.PortRule)
		}
		if err := rules.Port.Check(n); err != nil {
			return r, fmt.Errorf("%s: Port of %q: %w", c.file, alias, err)
		}
		r.port = int(n)
	}
	if r.user, err = c.get(alias, "User"); err != nil {
		return r, err
	}
	if r.user != "" {
		if err := rules.User.Check(r.user); err != nil {
			return r, fmt.Errorf("%s: User of %q: %w", c.file, alias, err)
		}
	}
	if v, err = c.get(alias, "IdentityFile"); err != nil {
		return r, err
	}
	if v != "" {
		if r.identityFile, err = c.expand(v, r.hostName, r.user, "IdentityFile"); err != nil {
			return r, err
		}
		if _, err := os.Stat(r.identityFile); err != nil {
			return r, fmt.Errorf("%s: IdentityFile %q of %q cannot be read: %w", c.file, r.identityFile, alias, err)
		}
	}
	return r, nil
}

// proxyJump turns alias's ProxyJump into jump hosts, each looked up in the file; nil for none.
func (c sshConfig) proxyJump(alias string) ([]kvm2.JumpHost, error) {
	v, err := c.get(alias, "ProxyJump")
	if err != nil || v == "" || strings.EqualFold(v, "none") {
		return nil, err
	}
	specs := strings.Split(v, ",")
	if err := rules.JumpHosts.Check(int64(len(specs))); err != nil {
		return nil, fmt.Errorf("%s: ProxyJump of %q: %w", c.file, alias, err)
	}
	var out []kvm2.JumpHost
	for _, spec := range specs {
		user, host, port, err := rules.ParseJumpSpec(strings.TrimSpace(spec))
		if err != nil {
			return nil, fmt.Errorf("%s: ProxyJump of %q: %w", c.file, alias, err)
		}
		if nested, err := c.get(host, "ProxyJump"); err != nil {
			return nil, err
		} else if nested != "" && !strings.EqualFold(nested, "none") {
			return nil, fmt.Errorf("%s: jump host %q has a ProxyJump of its own (%s): list every hop, in order, in "+
				"the ProxyJump of %q, or in the host's jump attribute", c.file, host, nested, alias)
		}
		r, err := c.resolve(host)
		if err != nil {
			return nil, err
		}
		j := kvm2.JumpHost{Address: r.hostName, Port: r.port, User: r.user, PrivateKeyFile: r.identityFile}
		if user != "" {
			j.User = user
		}
		if port != 0 {
			j.Port = port
		}
		out = append(out, j)
	}
	return out, nil
}

// ignored lists the settings of alias that would weaken or move the host-key check, which the
// provider does not read.
func (c sshConfig) ignored(alias string) []string {
	var out []string
	if v, _ := c.get(alias, "StrictHostKeyChecking"); strings.EqualFold(v, "no") || strings.EqualFold(v, "off") {
		out = append(out, fmt.Sprintf("%s says StrictHostKeyChecking %s for %q: the provider ignores it and "+
			"verifies every host key, the jump hosts' included.", c.file, v, alias))
	}
	if v, _ := c.get(alias, "UserKnownHostsFile"); v != "" {
		out = append(out, fmt.Sprintf("%s names UserKnownHostsFile %s for %q: the provider does not read it; the "+
			"host's known_hosts_file (default ~/.ssh/known_hosts) or host_key verifies the host and its jump hosts.",
			c.file, v, alias))
	}
	return out
}

// expand replaces the tokens ssh expands in HostName and IdentityFile that need no connection:
// ~/ and %d (home), %h (host), %r (remote user), %u (local user) and %%. Others are refused.
func (c sshConfig) expand(v, host, remoteUser, key string) (string, error) {
	home, _ := os.UserHomeDir()
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '%' {
			b.WriteByte(v[i])
			continue
		}
		if i+1 == len(v) {
			return "", fmt.Errorf("%s: %s %q ends with a lone %%", c.file, key, v)
		}
		i++
		switch v[i] {
		case '%':
			b.WriteByte('%')
		case 'd':
			b.WriteString(home)
		case 'h':
			b.WriteString(host)
		case 'r':
			b.WriteString(remoteUser)
		case 'u':
			b.WriteString(os.Getenv("USER"))
		default:
			return "", fmt.Errorf("%s: %s %q uses %%%c, which the provider does not expand (only %%d, %%h, %%r, %%u "+
				"and %%%%): write the value out", c.file, key, v, v[i])
		}
	}
	out := b.String()
	if key == "IdentityFile" {
		out = expandHome(out)
		if !filepath.IsAbs(out) {
			out = filepath.Join(home, out) // ssh reads a relative IdentityFile from the home directory
		}
	}
	return out, nil
}
