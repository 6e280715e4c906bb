package rules

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode"
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

// Jump hosts (bastions): a host may be reached through up to MaxJumpHosts of them, in order
// from the provider. Each is an SSH server of its own with its own address, port, user,
// credentials and host-key source, and its host key is verified as the host's is; there is no
// insecure mode on any hop.
const (
	// MaxJumpHosts bounds a host's chain: every hop adds a handshake to every connection, and
	// real bastion chains are one or two long.
	MaxJumpHosts = 4
	// DefaultJumpPort is a jump host's SSH port when none is given.
	DefaultJumpPort = DefaultPort

	JumpHostsRule = "at most 4 jump hosts"
	JumpUserRule  = "required: " + UserRule + " (no default: a bastion's account is rarely root)"
	// JumpAuthDefault and JumpHostKeyDefault say what a jump host leaving them unset uses.
	JumpAuthDefault = "A jump host that sets none of private_key_file, private_key and use_agent logs in " +
		"with the host's own"
	JumpHostKeyDefault = "A jump host that sets neither known_hosts_file nor host_key is verified against the " +
		"host's known_hosts_file (~/.ssh/known_hosts by default; never against the host's pinned host_key, " +
		"which is the host's key, not the jump's)"
	HostKeySourceRule = "at most one of known_hosts_file and host_key"
)

// ValidateJumpHosts accepts the number of jump hosts of one host: 0 to MaxJumpHosts.
func ValidateJumpHosts(n int) error {
	if n > MaxJumpHosts {
		return fmt.Errorf("%d jump hosts; at most %d are allowed (every hop adds a handshake to every connection)", n, MaxJumpHosts)
	}
	return nil
}

// ValidateJump accepts one jump host's address, port and user. The user is required.
func ValidateJump(address string, port int64, user string) error {
	var errs []error
	if err := ValidateAddress(address); err != nil {
		errs = append(errs, err)
	}
	if err := ValidatePort(port); err != nil {
		errs = append(errs, err)
	}
	if user == "" {
		errs = append(errs, errors.New("a jump host's user is required: set the account that logs in to the bastion"))
	} else if err := ValidateUser(user); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// ValidateHostKeySource refuses a host or jump host that sets both a known_hosts file and a
// pinned host key: one source verifies its key. Neither is left to the defaults.
func ValidateHostKeySource(knownHostsFile, hostKey string) error {
	if knownHostsFile != "" && hostKey != "" {
		return errors.New("set exactly one of known_hosts file and host key, not both")
	}
	return nil
}

// JumpSpecRule is what one hop of an OpenSSH ProxyJump value may be.
const JumpSpecRule = "[user@]host[:port] or ssh://[user@]host[:port], an IPv6 address in brackets when a port follows"

// ParseJumpSpec reads one hop of an OpenSSH ProxyJump value (JumpSpecRule). User and port are
// empty and 0 when the spec leaves them out; the address and a given port pass the host rules.
func ParseJumpSpec(spec string) (user, host string, port int, err error) {
	if spec == "" {
		return "", "", 0, errors.New("jump host is empty: " + JumpSpecRule)
	}
	rest := strings.TrimPrefix(spec, "ssh://")
	if i := strings.LastIndex(rest, "@"); i >= 0 {
		user, rest = rest[:i], rest[i+1:]
		if err := ValidateUser(user); err != nil {
			return "", "", 0, fmt.Errorf("jump host %q: %w", spec, err)
		}
	}
	host = rest
	switch {
	case strings.HasPrefix(rest, "["):
		h, p, err := net.SplitHostPort(rest)
		if err != nil {
			return "", "", 0, fmt.Errorf("jump host %q is not %s", spec, JumpSpecRule)
		}
		host, rest = h, p
	case strings.Count(rest, ":") == 1:
		host, rest, _ = strings.Cut(rest, ":")
	default:
		rest = "" // a bare name, or an IPv6 address without a port
	}
	if err := ValidateAddress(host); err != nil {
		return "", "", 0, fmt.Errorf("jump host %q: %w", spec, err)
	}
	if rest != "" {
		n, err := strconv.Atoi(rest)
		if err != nil {
			return "", "", 0, fmt.Errorf("jump host %q: %q is not a port number", spec, rest)
		}
		if err := ValidatePort(int64(n)); err != nil {
			return "", "", 0, fmt.Errorf("jump host %q: %w", spec, err)
		}
		port = n
	}
	return user, host, port, nil
}
