package rules

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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

const hostNameWords = "1 to 63 letters, digits, dots, underscores or hyphens, starting with a letter or digit"

// maxSocketPath is the longest unix socket path the kernel takes (sun_path holds 108 bytes,
// the terminating NUL included).
const maxSocketPath = 107

// The rules of a host's settings.
var (
	HostName = Text{Words: hostNameWords,
		MinLen: 1, MaxLen: 63, Example: "h", Refused: []string{"a/b", "-a", "a b", "a:b"}, check: validateHostName}
	// Address is the SSH server's address: a port has its own attribute, and a user, brackets
	// or a path would be read as part of a name no resolver knows.
	Address = Text{Words: "a host name or IP address, without brackets, user, port, path, white space or control characters",
		MinLen: 1, Control: NoControl, Space: true, Forbid: "[]/@", Example: "h",
		Refused:  []string{"host:22", "192.0.2.1:22", "[2001:db8::1]:22", "[2001:db8::1]", "user@host", "host/path", "::1:22:"},
		Accepted: []string{"192.0.2.1", "2001:db8::1", "::1", "fe80::1%eth0", "host.example.org"},
		check:    validateAddress}
	Port = Ints{Name: "port", Min: 1, Max: 65535}
	User = Text{Words: "a user name without white space, control characters, '@' or ':'",
		MinLen: 1, Control: NoControl, Space: true, Forbid: "@:", Example: "u", check: validateUser}
	Socket = Text{Words: fmt.Sprintf("an absolute, clean path of at most %d bytes without control characters", maxSocketPath),
		MinLen: 1, MaxLen: maxSocketPath, Control: NoControl, Example: "/s",
		Refused: []string{"s", "/a/", "//a", "/a/../b", "/a/./b"}, check: validateSocket}
	MaxConcurrentOperations = Ints{Name: "max_concurrent_operations", Min: MinMaxConcurrentOperations, Max: MaxMaxConcurrentOperations}
	MaxClientRequests       = Ints{Name: "max_client_requests", Min: MinMaxClientRequests, Max: MaxMaxClientRequests}
	// Hosts is how many hosts the provider block names.
	Hosts = atLeast("hosts", 1, "host")
)

// What each host rule accepts, in words, for schema descriptions and diagnostics.
var (
	HostNameRule = HostName.Text()
	AddressRule  = Address.Text()
	PortRule     = Port.Text()
	UserRule     = User.Text()
	SocketRule   = Socket.Text()

	MaxConcurrentOperationsRule = MaxConcurrentOperations.Text()
	MaxClientRequestsRule       = MaxClientRequests.Text()
)

// ValidateHostName reports whether name can be a host key.
func ValidateHostName(name string) error { return HostName.Check(name) }

func validateHostName(name string) error {
	if !hostNameRE.MatchString(name) {
		return fmt.Errorf("host name %q must be %s", name, hostNameWords)
	}
	return nil
}

// ValidateSocket accepts the path of the libvirt unix socket on a host. The path is sent to
// sshd for forwarding and, when sshd does not forward, quoted into an `nc -U` command line,
// so control characters (a newline would end the command) are refused outright.
func ValidateSocket(path string) error { return Socket.Check(path) }

func validateSocket(path string) error {
	if err := checkChars("socket", path, NoControl, false); err != nil {
		return err
	}
	switch {
	case !strings.HasPrefix(path, "/"):
		return fmt.Errorf("socket %q must be an absolute path", path)
	case filepath.Clean(path) != path:
		return fmt.Errorf("socket %q must be a clean path (no trailing slash, '//', '.' or '..' segments): %q", path, filepath.Clean(path))
	case len(path) > maxSocketPath:
		return fmt.Errorf("socket path is %d bytes long; a unix socket path is at most %d", len(path), maxSocketPath)
	}
	return nil
}

// ValidateAddress accepts a host name or IP address for the SSH server by Address: not empty,
// no white space or control characters, no brackets, user, path or port. A colon is only
// accepted as part of an IPv6 address (with its zone, if any).
func ValidateAddress(addr string) error { return Address.Check(addr) }

func validateAddress(addr string) error {
	if addr == "" {
		return errors.New("address is required")
	}
	if err := checkChars("address", addr, NoControl, true); err != nil {
		return err
	}
	if strings.ContainsAny(addr, "[]/@") {
		return fmt.Errorf("address %q must be a bare host name or IP address, without brackets, user, port or path", addr)
	}
	if strings.Contains(addr, ":") {
		if ip, err := netip.ParseAddr(addr); err != nil || !ip.Is6() {
			return fmt.Errorf("address %q holds a colon but is no IPv6 address: give the port in the port attribute, "+
				"and the address without it", addr)
		}
	}
	return nil
}

// ValidatePort accepts a TCP port.
func ValidatePort(port int64) error { return Port.Check(port) }

// ValidateMaxConcurrentOperations accepts how many operations on one host may run at once:
// MinMaxConcurrentOperations to MaxMaxConcurrentOperations.
func ValidateMaxConcurrentOperations(n int64) error { return MaxConcurrentOperations.Check(n) }

// ValidateMaxClientRequests accepts how many concurrent requests a host's libvirtd serves per
// client connection: MinMaxClientRequests to MaxMaxClientRequests.
func ValidateMaxClientRequests(n int64) error { return MaxClientRequests.Check(n) }

// ValidateUser accepts an SSH user name: not empty, no white space, control characters, '@'
// or ':'.
func ValidateUser(user string) error { return User.Check(user) }

func validateUser(user string) error {
	switch {
	case user == "":
		return errors.New("user is empty")
	case strings.ContainsAny(user, "@:"):
		return fmt.Errorf("user %q must not contain '@' or ':'", user)
	}
	return checkChars("user", user, NoControl, true)
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

	// JumpAuthDefault and JumpHostKeyDefault say what a jump host leaving them unset uses.
	JumpAuthDefault = "A jump host that sets none of private_key_file, private_key and use_agent logs in " +
		"with the host's own"
	JumpHostKeyDefault = "A jump host that sets neither known_hosts_file nor host_key is verified against the " +
		"host's known_hosts_file (~/.ssh/known_hosts by default; never against the host's pinned host_key, " +
		"which is the host's key, not the jump's)"
	HostKeySourceRule = "at most one of known_hosts_file and host_key"
)

// ValidateSSHAuth requires a way to log in: a private key file, an inline private key or the
// SSH agent. A host, and each of its jump hosts once the host's credentials are lent to a jump
// that sets none (JumpAuthDefault), must have one.
func ValidateSSHAuth(privateKeyFile, privateKey string, useAgent bool) error {
	if privateKeyFile == "" && privateKey == "" && !useAgent {
		return errors.New("no way to authenticate: set private_key_file, private_key or use_agent = true")
	}
	return nil
}

// DefaultKnownHostsFile is the known_hosts file of a host that sets neither known_hosts_file
// nor host_key: ~/.ssh/known_hosts under home.
func DefaultKnownHostsFile(home string) string { return filepath.Join(home, ".ssh", "known_hosts") }

// JumpHosts is how many jump hosts one host may have.
var (
	JumpHosts     = Ints{Name: "the number of jump hosts", Min: 0, Max: MaxJumpHosts, Unit: "jump hosts", AtMost: true}
	JumpHostsRule = JumpHosts.Text()
	JumpUserRule  = "required: " + UserRule + " (no default: a bastion's account is rarely root)"
)

// ValidateJumpHosts accepts the number of jump hosts of one host: 0 to MaxJumpHosts (every hop
// adds a handshake to every connection).
func ValidateJumpHosts(n int) error { return JumpHosts.Check(int64(n)) }

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
