package kvmerr

import "fmt"

// Stage is the step of reaching a host's libvirt daemon at which a dial failed. The stage, not
// the text of the cause, decides the class: a refused key is Permanent whatever words the SSH
// library uses for it.
type Stage string

// Dial stages, in the order a dial goes through them.
const (
	StageKey       Stage = "key"       // reading or parsing the private key
	StageTCP       Stage = "tcp"       // TCP connect
	StageHandshake Stage = "handshake" // SSH transport handshake
	StageHostKey   Stage = "hostkey"   // host key verification
	StageAuth      Stage = "auth"      // user authentication
	StageForward   Stage = "forward"   // forwarding the libvirt unix socket
	StageLibvirt   Stage = "libvirt"   // libvirt RPC connect over the forwarded socket
)

// DialError is a failed dial of host, tagged with the stage that failed.
type DialError struct {
	Host  string
	Stage Stage
	Err   error
}

// Error renders "dial <host>: <stage>: <cause>".
func (e *DialError) Error() string {
	return fmt.Sprintf("dial %s: %s: %v", e.Host, e.Stage, e.Err)
}

// Unwrap returns the cause.
func (e *DialError) Unwrap() error { return e.Err }

// QuotaError reports that storage pool Pool on Host has fewer Available bytes than Needed.
type QuotaError struct {
	Host, Pool        string
	Available, Needed uint64
}

// Error names the pool, the host, and the free and needed sizes in both readable and exact form.
func (e *QuotaError) Error() string {
	return fmt.Sprintf("pool %q on host %q has %s free, needs %s",
		e.Pool, e.Host, formatBytes(e.Available), formatBytes(e.Needed))
}

// Is makes errors.Is(err, ErrQuotaExceeded) true for a QuotaError anywhere in the chain.
func (e *QuotaError) Is(target error) bool { return target == ErrQuotaExceeded }

// formatBytes renders n as "1.5 GiB (1610612736 bytes)", or "n bytes" below one KiB.
func formatBytes(n uint64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	suffixes := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	value := float64(n) / unit
	i := 0
	for value >= unit && i < len(suffixes)-1 {
		value /= unit
		i++
	}
	return fmt.Sprintf("%.1f %s (%d bytes)", value, suffixes[i], n)
}
