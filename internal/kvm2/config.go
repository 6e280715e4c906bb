package kvm2

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/sshx"
)

// Host defaults, applied by (Config).WithDefaults.
const (
	DefaultPort    = 22
	DefaultUser    = "root"
	DefaultSocket  = "/var/run/libvirt/libvirt-sock"
	DefaultPool    = "default"
	DefaultNetwork = "default"

	// DefaultMaxConcurrentOperations is Terraform's default parallelism: a plain apply runs
	// this many operations at once.
	DefaultMaxConcurrentOperations = 10
	// DefaultMaxClientRequests is libvirtd's default max_client_requests: the requests one
	// client connection has served at once, more being queued by the daemon.
	DefaultMaxClientRequests = 5
)

// Bounds of the per-host concurrency settings.
const (
	MinMaxConcurrentOperations = 1
	MaxMaxConcurrentOperations = 64
	MinMaxClientRequests       = 1
	MaxMaxClientRequests       = 1000
)

// hostNameRE is what a host key may look like: it is the first segment of every instance and
// base image ID, so it must not contain a slash, and it shows in logs, so it stays plain.
var hostNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$`)

// ValidateHostName reports whether name can be a host key.
func ValidateHostName(name string) error {
	if !hostNameRE.MatchString(name) {
		return fmt.Errorf("host name %q must be 1 to 63 letters, digits, dots, underscores or hyphens, starting with a letter or digit", name)
	}
	return nil
}

// What each host rule accepts, in words, for schema descriptions and diagnostics.
const (
	HostNameRule = "1 to 63 letters, digits, dots, underscores or hyphens, starting with a letter or digit"
	AddressRule  = "a host name or IP address, without brackets, user, port or path"
	PortRule     = "1 to 65535"
	UserRule     = "a user name without white space, '@' or ':'"
	SocketRule   = "an absolute, clean path of at most 107 bytes without control characters"

	MaxConcurrentOperationsRule = "1 to 64"
	MaxClientRequestsRule       = "1 to 1000"
)

// maxSocketPath is the longest unix socket path the kernel takes (sun_path holds 108 bytes,
// the terminating NUL included).
const maxSocketPath = 107

// ValidateSocket accepts the path of the libvirt unix socket on a host. The path is sent to
// sshd for forwarding and, when sshd does not forward, quoted into an `nc -U` command line,
// so control characters (a newline would end the command) are refused outright.
func ValidateSocket(path string) error {
	switch {
	case !strings.HasPrefix(path, "/"):
		return fmt.Errorf("socket %q must be an absolute path", path)
	case strings.IndexFunc(path, unicode.IsControl) >= 0:
		return fmt.Errorf("socket %q must not contain control characters", path)
	case filepath.Clean(path) != path:
		return fmt.Errorf("socket %q must be a clean path (no trailing slash, '//', '.' or '..' segments): %q", path, filepath.Clean(path))
	case len(path) > maxSocketPath:
		return fmt.Errorf("socket path is %d bytes long; a unix socket path is at most %d", len(path), maxSocketPath)
	}
	return nil
}

// ValidateAddress accepts a host name or IP address for the SSH server: not empty, no white
// space or control characters, and no brackets or port (the port has a field of its own).
func ValidateAddress(addr string) error {
	switch {
	case addr == "":
		return errors.New("address is required")
	case strings.IndexFunc(addr, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0:
		return fmt.Errorf("address %q must not contain white space", addr)
	case strings.ContainsAny(addr, "[]/@"):
		return fmt.Errorf("address %q must be a bare host name or IP address, without brackets, user, port or path", addr)
	}
	return nil
}

// ValidatePort accepts a TCP port.
func ValidatePort(port int64) error {
	if port < 1 || port > 65535 {
		return fmt.Errorf("port %d is not between 1 and 65535", port)
	}
	return nil
}

// ValidateMaxConcurrentOperations accepts how many operations on one host may run at once:
// MinMaxConcurrentOperations to MaxMaxConcurrentOperations.
func ValidateMaxConcurrentOperations(n int64) error {
	if n < MinMaxConcurrentOperations || n > MaxMaxConcurrentOperations {
		return fmt.Errorf("max_concurrent_operations is %d; it must be %d to %d",
			n, MinMaxConcurrentOperations, MaxMaxConcurrentOperations)
	}
	return nil
}

// ValidateMaxClientRequests accepts how many concurrent requests a host's libvirtd serves per
// client connection: MinMaxClientRequests to MaxMaxClientRequests.
func ValidateMaxClientRequests(n int64) error {
	if n < MinMaxClientRequests || n > MaxMaxClientRequests {
		return fmt.Errorf("max_client_requests is %d; it must be %d to %d",
			n, MinMaxClientRequests, MaxMaxClientRequests)
	}
	return nil
}

// Connections is how many pooled connections the host gets: enough that every one of its
// MaxConcurrentOperations operations has a request slot of libvirtd, that is
// ceil(MaxConcurrentOperations / MaxClientRequests). Unset fields count as their defaults.
func (h HostConfig) Connections() int {
	ops, per := h.concurrency()
	return (ops + per - 1) / per
}

// UsersPerConnection is how many operations share one pooled connection at most:
// min(MaxClientRequests, MaxConcurrentOperations). Unset fields count as their defaults.
func (h HostConfig) UsersPerConnection() int {
	ops, per := h.concurrency()
	return min(ops, per)
}

// concurrency returns MaxConcurrentOperations and MaxClientRequests, defaulted when unset.
func (h HostConfig) concurrency() (ops, perConn int) {
	ops, perConn = h.MaxConcurrentOperations, h.MaxClientRequests
	if ops <= 0 {
		ops = DefaultMaxConcurrentOperations
	}
	if perConn <= 0 {
		perConn = DefaultMaxClientRequests
	}
	return ops, perConn
}

// ValidateUser accepts an SSH user name: not empty, no white space, control characters, '@'
// or ':'.
func ValidateUser(user string) error {
	switch {
	case user == "":
		return errors.New("user is empty")
	case strings.ContainsAny(user, "@:") || strings.IndexFunc(user, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}) >= 0:
		return fmt.Errorf("user %q must not contain white space, '@' or ':'", user)
	}
	return nil
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
		h.Port = DefaultPort
	}
	if h.User == "" {
		h.User = DefaultUser
	}
	if h.Socket == "" {
		h.Socket = DefaultSocket
	}
	if h.Pool == "" {
		h.Pool = DefaultPool
	}
	if h.Network == "" && h.Bridge == "" {
		h.Network = DefaultNetwork
	}
	if h.MaxConcurrentOperations == 0 {
		h.MaxConcurrentOperations = DefaultMaxConcurrentOperations
	}
	if h.MaxClientRequests == 0 {
		h.MaxClientRequests = DefaultMaxClientRequests
	}
	if h.KnownHostsFile == "" && h.HostKey == "" {
		if home, err := os.UserHomeDir(); err == nil {
			h.KnownHostsFile = filepath.Join(home, ".ssh", "known_hosts")
		}
	}
	return h
}

// Validate reports every problem of c at once. It expects defaults to be applied already
// (New applies them), so that "no host-key method" means one could not be defaulted.
func (c Config) Validate() error {
	if len(c.Hosts) == 0 {
		return errors.New("at least one host must be configured")
	}
	var errs []error
	for _, name := range sortedHostNames(c.Hosts) {
		if err := c.Hosts[name].validate(); err != nil {
			errs = append(errs, fmt.Errorf("host %q: %w", name, err))
		}
		if err := ValidateHostName(name); err != nil {
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
	check(ValidateAddress(h.Address))
	check(ValidatePort(int64(h.Port)))
	// An empty user, pool or attachment is one WithDefaults fills.
	if h.User != "" {
		check(ValidateUser(h.User))
	}
	if h.Pool != "" {
		check(ValidatePoolName(h.Pool))
	}
	if h.Socket != "" {
		check(ValidateSocket(h.Socket))
	}
	// Zero is a limit WithDefaults fills.
	if h.MaxConcurrentOperations != 0 {
		check(ValidateMaxConcurrentOperations(int64(h.MaxConcurrentOperations)))
	}
	if h.MaxClientRequests != 0 {
		check(ValidateMaxClientRequests(int64(h.MaxClientRequests)))
	}
	if h.Network != "" || h.Bridge != "" {
		check(validateAttachment(h.Network, h.Bridge))
	}
	switch {
	case h.KnownHostsFile != "" && h.HostKey != "":
		errs = append(errs, errors.New("set exactly one of known_hosts file and host key, not both"))
	case h.KnownHostsFile == "" && h.HostKey == "":
		errs = append(errs, errors.New("no way to verify the host key: set a known_hosts file or a host key"))
	}
	if h.PrivateKeyFile == "" && h.PrivateKey == "" && !h.UseAgent {
		errs = append(errs, errors.New("no way to authenticate: set a private key file, an inline private key or use the ssh agent"))
	}
	return errors.Join(errs...)
}

// sshConfig is the transport's view of h.
func (h HostConfig) sshConfig() sshx.Config {
	return sshx.Config{
		Address: h.Address, Port: h.Port, User: h.User,
		PrivateKeyFile: h.PrivateKeyFile, PrivateKey: h.PrivateKey, UseAgent: h.UseAgent,
		KnownHostsFile: h.KnownHostsFile, HostKey: h.HostKey, Socket: h.Socket,
	}
}

// poolLimits is the connection pool's view of h.
func (h HostConfig) poolLimits() backend.Limits {
	ops, _ := h.concurrency()
	return backend.Limits{Operations: ops, PerConnection: h.UsersPerConnection()}
}

// poolLimits is the connection pool's view of every host.
func (c Config) poolLimits() map[string]backend.Limits {
	out := make(map[string]backend.Limits, len(c.Hosts))
	for name, h := range c.Hosts {
		out[name] = h.poolLimits()
	}
	return out
}

// sshConfigs is the transport's view of every host.
func (c Config) sshConfigs() map[string]sshx.Config {
	out := make(map[string]sshx.Config, len(c.Hosts))
	for name, h := range c.Hosts {
		out[name] = h.sshConfig()
	}
	return out
}

// unreadableFiles lists the configured files of h that cannot be read now. New only warns about
// them: the files are read again on every dial, so they may appear later.
func (h HostConfig) unreadableFiles() []string {
	var out []string
	for _, f := range []string{h.PrivateKeyFile, h.KnownHostsFile} {
		if f == "" {
			continue
		}
		if _, err := os.Stat(f); err != nil {
			out = append(out, f)
		}
	}
	return out
}

func sortedHostNames(m map[string]HostConfig) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
