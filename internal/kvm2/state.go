package kvm2

import libvirt "github.com/digitalocean/go-libvirt"

// stateOf maps a libvirt domain state to the core's State.
func stateOf(s libvirt.DomainState) State {
	switch s {
	case libvirt.DomainRunning, libvirt.DomainBlocked:
		// Blocked is a running guest waiting on a resource.
		return StateRunning
	case libvirt.DomainShutdown:
		// Being shut down: the guest is still alive, so it still counts as running.
		return StateRunning
	case libvirt.DomainPaused:
		return StatePaused
	case libvirt.DomainShutoff:
		return StateStopped
	case libvirt.DomainCrashed:
		return StateCrashed
	case libvirt.DomainPmsuspended:
		return StateSuspended
	}
	return StateUnknown
}

// isActive reports whether a domain in state s has a running QEMU process.
func isActive(s libvirt.DomainState) bool {
	switch s {
	case libvirt.DomainRunning, libvirt.DomainBlocked, libvirt.DomainPaused,
		libvirt.DomainShutdown, libvirt.DomainPmsuspended:
		return true
	}
	return false
}
