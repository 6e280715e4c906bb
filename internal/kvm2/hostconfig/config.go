// Package hostconfig is the configuration of the libvirt hosts the core reaches over SSH: the
// Config and HostConfig types, every default (WithDefaults), the checks of a host and its jump
// hosts (Validate, the auth rule), and the views of a host the transport and the connection
// pool take.
package hostconfig

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// Config is everything the core needs: the hosts, keyed by name. Defaults are applied by
// (Config).WithDefaults in one place; New calls it and never dials.
type Config struct {
	Hosts map[string]HostConfig
}

// HostConfig describes one libvirt host reached over SSH.
type HostConfig struct {
	Address string // hostname or IP of the SSH server
	Port    int    // default 22
	User    string // default "root"

	// Exactly one way to authenticate is normally set; several may be combined.
	PrivateKeyFile string // read on every dial, so rotation needs no restart
	PrivateKey     string // inline PEM/OpenSSH key (secret: never logged)
	UseAgent       bool   // use the agent at $SSH_AUTH_SOCK

	// Exactly one way to verify the host key: a known_hosts file (port-aware) or a pinned key
	// in authorized_keys format. There is no insecure mode.
	KnownHostsFile string // default ~/.ssh/known_hosts when HostKey is empty
	HostKey        string

	Socket  string // libvirt unix socket on the host; default /var/run/libvirt/libvirt-sock
	Pool    string // storage pool; default "default"
	Network string // libvirt network; default "default" unless Bridge is set
	Bridge  string // host bridge, alternative to Network
	Zone    string // free-form placement label

	// MaxConcurrentOperations is how many core operations on this host may run at once
	// (ValidateMaxConcurrentOperations); default DefaultMaxConcurrentOperations, Terraform's
	// default parallelism. The others wait for one to end.
	MaxConcurrentOperations int
	// MaxClientRequests is how many requests the host's libvirtd serves at once on one client
	// connection (ValidateMaxClientRequests); default DefaultMaxClientRequests, libvirtd's own
	// default of max_client_requests. Set it to the host's max_client_requests of libvirtd.conf
	// (or virtqemud.conf) when that was raised. Together with MaxConcurrentOperations it decides
	// how many pooled connections the host gets (Connections).
	MaxClientRequests int

	// Jump lists the jump hosts (bastions) the host is reached through, in order from the
	// provider (at most rules.MaxJumpHosts); none: the host is dialed directly. Every hop's host
	// key is verified.
	Jump []JumpHost
}

// JumpHost is one bastion on the way to a host. What it leaves unset of its credentials and
// host-key source comes from the host (rules.JumpAuthDefault, rules.JumpHostKeyDefault).
type JumpHost struct {
	Address        string
	Port           int    // default rules.DefaultJumpPort
	User           string // required
	PrivateKeyFile string
	PrivateKey     string // secret: never logged
	UseAgent       bool
	KnownHostsFile string
	HostKey        string
}

// Connections is how many pooled connections the host gets: enough that every one of its
// MaxConcurrentOperations operations has a request slot of libvirtd, that is
// ceil(MaxConcurrentOperations / MaxClientRequests). Unset fields count as their defaults.
func (h HostConfig) Connections() int {
	ops, per := h.Concurrency()
	return (ops + per - 1) / per
}

// UsersPerConnection is how many operations share one pooled connection at most:
// min(MaxClientRequests, MaxConcurrentOperations). Unset fields count as their defaults.
func (h HostConfig) UsersPerConnection() int {
	ops, per := h.Concurrency()
	return min(ops, per)
}

// Concurrency returns MaxConcurrentOperations and MaxClientRequests, defaulted when unset.
func (h HostConfig) Concurrency() (ops, perConn int) {
	ops, perConn = h.MaxConcurrentOperations, h.MaxClientRequests
	if ops <= 0 {
		ops = rules.DefaultMaxConcurrentOperations
	}
	if perConn <= 0 {
		perConn = rules.DefaultMaxClientRequests
	}
	return ops, perConn
}

// ValidatePrivateKey parses an inline private key exactly as every dial does; the error never
// carries key material. New does not call it (the dial parses the key again and gives the
// same answer), so callers that want the answer before the first dial ask here.
func ValidatePrivateKey(key string) error {
	if err := sshx.CheckPrivateKey([]byte(key)); err != nil {
		return fmt.Errorf("private key: %w", err)
	}
	return nil
}

// WithDefaults returns a copy of c with every host's unset fields defaulted: port 22, user root,
// the libvirt socket path, pool "default", network "default" unless a bridge is set, and
// ~/.ssh/known_hosts unless a pinned host key is set, 10 concurrent operations and libvirtd's
// 5 requests per client connection.
func (c Config) WithDefaults() Config {
	out := Config{Hosts: make(map[string]HostConfig, len(c.Hosts))}
	for name, h := range c.Hosts {
		out.Hosts[name] = h.withDefaults()
	}
	return out
}

func (h HostConfig) withDefaults() HostConfig {
	if h.Port == 0 {
		h.Port = rules.DefaultPort
	}
	if h.User == "" {
		h.User = rules.DefaultUser
	}
	if h.Socket == "" {
		h.Socket = rules.DefaultSocket
	}
	if h.Pool == "" {
		h.Pool = rules.DefaultPool
	}
	if h.Network == "" && h.Bridge == "" {
		h.Network = rules.DefaultNetwork
	}
	if h.MaxConcurrentOperations == 0 {
		h.MaxConcurrentOperations = rules.DefaultMaxConcurrentOperations
	}
	if h.MaxClientRequests == 0 {
		h.MaxClientRequests = rules.DefaultMaxClientRequests
	}
	knownHosts := h.KnownHostsFile
	if knownHosts == "" {
		knownHosts = defaultKnownHosts()
	}
	if h.KnownHostsFile == "" && h.HostKey == "" {
		h.KnownHostsFile = knownHosts
	}
	h.Jump = h.jumpDefaults(knownHosts)
	return h
}

// jumpDefaults returns h's jump hosts with their defaults: port 22, the host's credentials
// when a jump sets none (rules.JumpAuthDefault), the host's known_hosts file when it sets no
// host-key source (rules.JumpHostKeyDefault). A fresh slice: the caller's is not changed.
func (h HostConfig) jumpDefaults(knownHosts string) []JumpHost {
	if h.Jump == nil {
		return nil
	}
	out := make([]JumpHost, len(h.Jump))
	for i, j := range h.Jump {
		if j.Port == 0 {
			j.Port = rules.DefaultJumpPort
		}
		if rules.ValidateSSHAuth(j.PrivateKeyFile, j.PrivateKey, j.UseAgent) != nil {
			j.PrivateKeyFile, j.PrivateKey, j.UseAgent = h.PrivateKeyFile, h.PrivateKey, h.UseAgent
		}
		if j.KnownHostsFile == "" && j.HostKey == "" {
			j.KnownHostsFile = knownHosts
		}
		out[i] = j
	}
	return out
}

// defaultKnownHosts is ~/.ssh/known_hosts, or "" without a home directory.
func defaultKnownHosts() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return rules.DefaultKnownHostsFile(home)
}

// Validate reports every problem of c at once. It expects defaults to be applied already
// (New applies them), so that "no host-key method" means one could not be defaulted.
func (c Config) Validate() error {
	if len(c.Hosts) == 0 {
		return errors.New("at least one host must be configured")
	}
	var errs []error
	for _, name := range SortedNames(c.Hosts) {
		if err := c.Hosts[name].validate(); err != nil {
			errs = append(errs, fmt.Errorf("host %q: %w", name, err))
		}
		if err := rules.ValidateHostName(name); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func (h HostConfig) validate() error {
	var errs []error
	check := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	check(rules.ValidateAddress(h.Address))
	check(rules.ValidatePort(int64(h.Port)))
	// An empty user, pool or attachment is one WithDefaults fills.
	if h.User != "" {
		check(rules.ValidateUser(h.User))
	}
	if h.Pool != "" {
		check(rules.ValidatePoolName(h.Pool))
	}
	if h.Socket != "" {
		check(rules.ValidateSocket(h.Socket))
	}
	// Zero is a limit WithDefaults fills.
	if h.MaxConcurrentOperations != 0 {
		check(rules.ValidateMaxConcurrentOperations(int64(h.MaxConcurrentOperations)))
	}
	if h.MaxClientRequests != 0 {
		check(rules.ValidateMaxClientRequests(int64(h.MaxClientRequests)))
	}
	if h.Network != "" || h.Bridge != "" {
		check(rules.ValidateAttachment(h.Network, h.Bridge))
	}
	check(checkSSH(h.KnownHostsFile, h.HostKey, h.PrivateKeyFile, h.PrivateKey, h.UseAgent))
	check(rules.ValidateJumpHosts(len(h.Jump)))
	for i, j := range h.Jump {
		err := errors.Join(rules.ValidateJump(j.Address, int64(j.Port), j.User),
			checkSSH(j.KnownHostsFile, j.HostKey, j.PrivateKeyFile, j.PrivateKey, j.UseAgent))
		if err != nil {
			errs = append(errs, fmt.Errorf("jump host %d: %w", i+1, err))
		}
	}
	return errors.Join(errs...)
}

// checkSSH refuses a host or jump host with two host-key sources, or none, or no way to
// authenticate; defaults are applied already.
func checkSSH(knownHostsFile, hostKey, privateKeyFile, privateKey string, useAgent bool) error {
	var errs []error
	if err := rules.ValidateHostKeySource(knownHostsFile, hostKey); err != nil {
		errs = append(errs, err)
	}
	if knownHostsFile == "" && hostKey == "" {
		errs = append(errs, errors.New("no way to verify the host key: set a known_hosts file or a host key"))
	}
	if err := rules.ValidateSSHAuth(privateKeyFile, privateKey, useAgent); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// SSHConfig is the transport's view of h.
func (h HostConfig) SSHConfig() sshx.Config {
	return sshx.Config{
		Address: h.Address, Port: h.Port, User: h.User,
		PrivateKeyFile: h.PrivateKeyFile, PrivateKey: h.PrivateKey, UseAgent: h.UseAgent,
		KnownHostsFile: h.KnownHostsFile, HostKey: h.HostKey, Socket: h.Socket,
		Jump: h.sshJump(),
	}
}

// sshJump is the transport's view of h's jump hosts; nil without any.
func (h HostConfig) sshJump() []sshx.Hop {
	if len(h.Jump) == 0 {
		return nil
	}
	out := make([]sshx.Hop, len(h.Jump))
	for i, j := range h.Jump {
		out[i] = sshx.Hop{
			Address: j.Address, Port: j.Port, User: j.User,
			PrivateKeyFile: j.PrivateKeyFile, PrivateKey: j.PrivateKey, UseAgent: j.UseAgent,
			KnownHostsFile: j.KnownHostsFile, HostKey: j.HostKey,
		}
	}
	return out
}

// PoolLimits is the connection pool's view of h.
func (h HostConfig) PoolLimits() backend.Limits {
	ops, _ := h.Concurrency()
	return backend.Limits{Operations: ops, PerConnection: h.UsersPerConnection()}
}

// PoolLimits is the connection pool's view of every host.
func (c Config) PoolLimits() map[string]backend.Limits {
	out := make(map[string]backend.Limits, len(c.Hosts))
	for name, h := range c.Hosts {
		out[name] = h.PoolLimits()
	}
	return out
}

// SSHConfigs is the transport's view of every host.
func (c Config) SSHConfigs() map[string]sshx.Config {
	out := make(map[string]sshx.Config, len(c.Hosts))
	for name, h := range c.Hosts {
		out[name] = h.SSHConfig()
	}
	return out
}

// UnreadableFiles lists the configured files of h that cannot be read now. New only warns about
// them: the files are read again on every dial, so they may appear later.
func (h HostConfig) UnreadableFiles() []string {
	var out []string
	files := []string{h.PrivateKeyFile, h.KnownHostsFile}
	for _, j := range h.Jump {
		files = append(files, j.PrivateKeyFile, j.KnownHostsFile)
	}
	for i, f := range files {
		if f == "" || slices.Contains(files[:i], f) {
			continue // a jump's file is often the host's own
		}
		if _, err := os.Stat(f); err != nil {
			out = append(out, f)
		}
	}
	return out
}

// SortedNames returns the host names of m, sorted.
func SortedNames(m map[string]HostConfig) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
