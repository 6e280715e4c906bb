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
