package rules

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"time"
)

// The rules of reaching a guest's TCP port from its host: the port an apply waits for
// (wait_for_port), and the egress check's requests through a VM's proxy (kvm2_egress_check).

var (
	// WaitPort is wait_for_port: a TCP port of the guest.
	WaitPort = Ints{Name: "wait_for_port", Min: 1, Max: 65535}
	// ProxyPort is the port of the proxy an egress check sends its request through.
	ProxyPort = Ints{Name: "proxy_port", Min: 1, Max: 65535}
	// EgressTimeout is an egress check's bound on one request, whole seconds.
	EgressTimeout = Ints{Name: "timeout_seconds", Min: 1, Max: 60, Unit: "seconds"}
	// EgressFirstLine is how many bytes of a response's first body line a check may report.
	EgressFirstLine = Ints{Name: "first_line_bytes", Min: 1, Max: 512, Unit: "bytes"}
	// EgressPerHost is how many egress requests a check sends through one host at once.
	EgressPerHost = Ints{Name: "concurrency_per_host", Min: 1, Max: 16}

	// EgressTargetURL is the URL a check fetches through each proxy.
	EgressTargetURL = Text{Words: EgressTargetURLRule, MinLen: 1, MaxLen: 2048, Control: NoControl, Space: true,
		Example: "http://example.com/a", Refused: []string{"ftp://example.com/", "http://", "example.com"},
		check: ValidateEgressTargetURL}
	// EgressPattern is the expected-body pattern of a check.
	EgressPattern = Text{Words: EgressPatternRule, MinLen: 1, MaxLen: 1024, Example: "a",
		Refused: []string{"(", "a{2000}"}, check: ValidateEgressPattern}
)

const (
	// PortProbeTimeout bounds one connect of the wait for a port.
	PortProbeTimeout = 5 * time.Second
	// DefaultEgressTimeout is an egress check's bound on one request when none is given.
	DefaultEgressTimeout = 10
	// DefaultEgressPerHost is how many requests a check sends through one host at once by default.
	DefaultEgressPerHost = 4
	// DefaultEgressFirstLine is how many bytes of the first line a check reports when asked to.
	DefaultEgressFirstLine = 256
	// EgressBodyBytes is how much of a response body a check reads: the pattern is matched
	// against it, the first line taken from it; the rest is never read.
	EgressBodyBytes = 64 << 10

	// EgressTargetURLRule says what EgressTargetURL accepts.
	EgressTargetURLRule = "an absolute http:// or https:// URL with a host, at most 2048 bytes, without white space or control " +
		"characters (an http URL is " +
		"fetched with an absolute-form GET to the proxy, an https one through its CONNECT tunnel)"
	// EgressPatternRule says what EgressPattern accepts.
	EgressPatternRule = "a regular expression in RE2 syntax (Go's regexp), at most 1024 bytes, matched against the " +
		"first 64 KiB of the body"
)

// ValidatePortWaitSteering accepts what a mark records of wait_for_port: "" (not set) or a port.
func ValidatePortWaitSteering(port string) error {
	if port == "" {
		return nil
	}
	n, err := strconv.ParseInt(port, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != port {
		return fmt.Errorf("wait_for_port %q is not a port (%s)", port, WaitPort.Text())
	}
	return WaitPort.Check(n)
}

// ValidatePortWait checks that a wait for a port has the address the wait for an address gives.
func ValidatePortWait(waitIP bool, port int64) error {
	if port == 0 {
		return nil
	}
	if err := WaitPort.Check(port); err != nil {
		return err
	}
	if !waitIP {
		return errors.New("wait_for_port connects to the address the wait for an address finds, but wait_for_ip is false")
	}
	return nil
}

// ValidateEgressTargetURL accepts an absolute http or https URL with a host.
func ValidateEgressTargetURL(s string) error {
	if err := checkChars("target_url", s, NoControl, true); err != nil {
		return err
	}
	if len(s) > 2048 {
		return fmt.Errorf("target_url is %d bytes; it must be at most 2048", len(s))
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" {
		return fmt.Errorf("target_url %q is not %s", s, EgressTargetURLRule)
	}
	return nil
}

// ValidateEgressPattern accepts a regular expression Go's regexp compiles, at most 1024 bytes.
func ValidateEgressPattern(s string) error {
	if len(s) == 0 || len(s) > 1024 {
		return fmt.Errorf("expected_body_pattern is %d bytes; it must be 1 to 1024", len(s))
	}
	if _, err := regexp.Compile(s); err != nil {
		return fmt.Errorf("expected_body_pattern is not %s: %w", EgressPatternRule, err)
	}
	return nil
}
