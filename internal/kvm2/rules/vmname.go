package rules

import (
	"errors"
	"fmt"
)

// maxVMNameLen is a DNS label's limit; the name doubles as the guest's hostname.
const maxVMNameLen = 63

// validateVMName accepts 1 to 63 lowercase letters, digits and hyphens that start with a
// letter and do not end with a hyphen. That keeps the name a valid DNS label (it becomes the
// guest hostname) and free of anything libvirt or a file path would treat specially (it becomes
// part of volume names).
func validateVMName(name string) error {
	if name == "" {
		return errors.New("domain name is empty")
	}
	if len(name) > maxVMNameLen {
		return fmt.Errorf("domain name %q is %d characters long, the limit is %d", name, len(name), maxVMNameLen)
	}
	if name[0] < 'a' || name[0] > 'z' {
		return fmt.Errorf("domain name %q must start with a lowercase letter", name)
	}
	if name[len(name)-1] == '-' {
		return fmt.Errorf("domain name %q must not end with a hyphen", name)
	}
	for i := 0; i < len(name); i++ {
		if !isVMNameByte(name[i]) {
			return fmt.Errorf("domain name %q contains %q; only lowercase letters, digits and hyphens are allowed", name, name[i])
		}
	}
	return nil
}

// isVMNameByte reports whether c may appear in a VM name.
func isVMNameByte(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'
}
