package kvm2

import (
	"errors"

	libvirt "github.com/digitalocean/go-libvirt"
)

// The libvirt error helpers of the core. notFound is the one way to ask whether libvirt said
// an object does not exist; everything else (a timeout, a refused call, a broken link) is not
// "not found", so a flaky host never makes an object look gone.

// notFoundCodes are libvirt's "no such object" answers.
var notFoundCodes = []libvirt.ErrorNumber{
	libvirt.ErrNoDomain, libvirt.ErrNoStorageVol, libvirt.ErrNoStoragePool, libvirt.ErrNoNetwork,
}

// notFound reports whether libvirt answered that the object does not exist.
func notFound(err error) bool {
	for _, code := range notFoundCodes {
		if isLibvirtCode(err, code) {
			return true
		}
	}
	return false
}

// ignoreNotFound drops errors that mean the object is already gone.
func ignoreNotFound(err error) error {
	if notFound(err) {
		return nil
	}
	return err
}

// isLibvirtCode reports whether err carries libvirt error code code.
func isLibvirtCode(err error, code libvirt.ErrorNumber) bool {
	var le libvirt.Error
	return errors.As(err, &le) && le.Code == uint32(code)
}

// isLibvirtError reports whether err is an answer from libvirt (as opposed to a transport
// failure or an ended ctx).
func isLibvirtError(err error) bool {
	var le libvirt.Error
	return errors.As(err, &le)
}

// flagRejected reports whether libvirt refused a flag it does not support.
func flagRejected(err error) bool {
	for _, code := range []libvirt.ErrorNumber{libvirt.ErrInvalidArg, libvirt.ErrNoSupport, libvirt.ErrArgumentUnsupported} {
		if isLibvirtCode(err, code) {
			return true
		}
	}
	return false
}
