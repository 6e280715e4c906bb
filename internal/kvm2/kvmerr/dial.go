package kvmerr

import "fmt"

// Stage is the step of reaching a host's libvirt daemon at which a dial failed. The stage, not
// the text of the cause, decides the class: a refused key is Permanent whatever words the SSH
// library uses for it.
type Stage string

// Dial stages, in the order a dial goes through them. Where one step can fail in two ways that
// call for different handling, each way has a stage of its own (resolve and tcp, forward and
// socket), so that the class still follows from the stage alone.
const (
	StageKey       Stage = "key"       // reading or parsing the private key
	StageResolve   Stage = "resolve"   // the host name is not known to DNS
	StageTCP       Stage = "tcp"       // TCP connect (refused, unreachable, timed out)
	StageHandshake Stage = "handshake" // SSH transport handshake
	StageNegotiate Stage = "negotiate" // no key exchange, cipher or MAC in common with the host
	StageHostKey   Stage = "hostkey"   // host key verification, or no host key algorithm in common
	StageAuth      Stage = "auth"      // user authentication
	StageForward   Stage = "forward"   // sshd refused to forward the libvirt unix socket
	StageSocket    Stage = "socket"    // sshd could not connect to the libvirt unix socket
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
