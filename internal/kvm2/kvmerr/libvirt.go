package kvmerr

import libvirt "github.com/digitalocean/go-libvirt"

// The questions the core asks of a libvirt answer. IsNotFound (kvmerr.go) is the one way to ask
// whether an object does not exist: it reads the table of Classify, where only libvirt's "no
// such domain, volume, pool, network or mark" codes are NotFound. Anything else (a timeout, a
// refused call, a broken link) is not, so a flaky host never makes an object look gone.

// IgnoreNotFound drops an error that means the object is already gone.
func IgnoreNotFound(err error) error {
	if IsNotFound(err) {
		return nil
	}
	return err
}

// HasCode reports whether err is libvirt's answer with code.
func HasCode(err error, code libvirt.ErrorNumber) bool {
	c, ok := libvirtCode(err)
	return ok && c == code
}

// IsLibvirtError reports whether err is an answer from libvirt (as opposed to a transport
// failure or an ended ctx).
func IsLibvirtError(err error) bool {
	_, ok := libvirtCode(err)
	return ok
}

// FlagRejected reports whether libvirt refused a flag it does not support.
func FlagRejected(err error) bool {
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		if HasCode(err, code) {
			return true
		}
	}
	return false
}
