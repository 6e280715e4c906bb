package hostconfig

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kevinburke/ssh_config"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// What the provider reads of an OpenSSH client config (a host's ssh_config_file): HostName,
// Port, User, the first IdentityFile and ProxyJump of an alias, each held to the rule of the
// setting it stands for; which settings are left unread; and ~ expanded as ssh does.

// ReadSSHConfig reads and parses the OpenSSH client config at file.
func ReadSSHConfig(file string) (SSHConfig, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return SSHConfig{}, fmt.Errorf("ssh_config_file %q cannot be read: %w. Point ssh_config_file at an existing file", file, err)
	}
	parsed, err := ssh_config.DecodeBytes(raw)
	if err != nil {
		return SSHConfig{}, fmt.Errorf("ssh_config_file %s cannot be parsed: %w", file, err)
	}
	return SSHConfig{file: file, cfg: parsed}, nil
}

// SSHConfig is one OpenSSH client config file, read once per host that names it.
type SSHConfig struct {
	file string
	cfg  *ssh_config.Config
}

// get returns the first value of key for alias, as ssh would pick it ("" when none).
func (c SSHConfig) get(alias, key string) (string, error) {
	v, err := c.cfg.Get(alias, key)
	if err != nil {
		return "", fmt.Errorf("%s: %s of %q: %w", c.file, key, alias, err)
	}
	return v, nil
}

// SSHHost is what the file says of one alias.
type SSHHost struct {
	HostName, User, IdentityFile string
	Port                         int
}

// Resolve reads HostName (with %h), Port, User and the first IdentityFile of alias.
func (c SSHConfig) Resolve(alias string) (SSHHost, error) {
	r := SSHHost{HostName: alias}
	v, err := c.get(alias, "HostName")
	if err != nil {
		return r, err
	}
	if v != "" {
		if r.HostName, err = c.expand(v, alias, "", "HostName"); err != nil {
			return r, err
		}
		if err := rules.ValidateAddress(r.HostName); err != nil {
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
		r.Port = int(n)
	}
	if r.User, err = c.get(alias, "User"); err != nil {
		return r, err
	}
	if r.User != "" {
		if err := rules.User.Check(r.User); err != nil {
			return r, fmt.Errorf("%s: User of %q: %w", c.file, alias, err)
		}
	}
	if v, err = c.get(alias, "IdentityFile"); err != nil {
		return r, err
	}
	if v != "" {
		if r.IdentityFile, err = c.expand(v, r.HostName, r.User, "IdentityFile"); err != nil {
			return r, err
		}
		if _, err := os.Stat(r.IdentityFile); err != nil {
			return r, fmt.Errorf("%s: IdentityFile %q of %q cannot be read: %w", c.file, r.IdentityFile, alias, err)
		}
	}
	return r, nil
}

// ProxyJump turns alias's ProxyJump into jump hosts, each looked up in the file; nil for none.
func (c SSHConfig) ProxyJump(alias string) ([]JumpHost, error) {
	v, err := c.get(alias, "ProxyJump")
	if err != nil || v == "" || strings.EqualFold(v, "none") {
		return nil, err
	}
	specs := strings.Split(v, ",")
	if err := rules.JumpHosts.Check(int64(len(specs))); err != nil {
		return nil, fmt.Errorf("%s: ProxyJump of %q: %w", c.file, alias, err)
	}
	var out []JumpHost
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
		r, err := c.Resolve(host)
		if err != nil {
			return nil, err
		}
		j := JumpHost{Address: r.HostName, Port: r.Port, User: r.User, PrivateKeyFile: r.IdentityFile}
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

// Ignored lists the settings of alias that would weaken or move the host-key check, which the
// provider does not read.
func (c SSHConfig) Ignored(alias string) []string {
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
func (c SSHConfig) expand(v, host, remoteUser, key string) (string, error) {
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
		out = ExpandHome(out)
		if !filepath.IsAbs(out) {
			out = filepath.Join(home, out) // ssh reads a relative IdentityFile from the home directory
		}
	}
	return out, nil
}

// ExpandHome replaces a leading "~/" with the user's home directory.
func ExpandHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return p
	}
	return filepath.Join(home, strings.TrimPrefix(p, "~"))
}
