package rules

import (
	"fmt"
	"strings"
)

// FormatID is the instance ID of domain name on host: "host/name".
func FormatID(host, name string) string { return host + "/" + name }

// IDRule says what ParseID accepts.
const IDRule = "the `id` of a kvm2_proxy_vm: host/name, a configured host's name and the VM's name"

// ID is the rule of an instance ID.
var ID = Text{Words: IDRule, MinLen: 3, Example: "h/a", Refused: []string{"h", "h/", "/a", "h/a/b", "h/A"}, check: validateID}

// ValidateID checks an instance ID with ParseID.
func ValidateID(id string) error { return ID.Check(id) }

func validateID(id string) error {
	_, _, err := ParseID(id)
	return err
}

// ParseID splits an instance ID "host/name" strictly: exactly one slash, a valid host name and
// a valid domain name.
func ParseID(id string) (host, name string, err error) {
	parts := strings.Split(id, "/")
	if len(parts) != 2 {
		return "", "", fmt.Errorf("instance ID %q must have the form host/name", id)
	}
	if err := ValidateHostName(parts[0]); err != nil {
		return "", "", fmt.Errorf("instance ID %q: %w", id, err)
	}
	if err := validateVMName(parts[1]); err != nil {
		return "", "", fmt.Errorf("instance ID %q: %w", id, err)
	}
	return parts[0], parts[1], nil
}

// FormatBaseImageID is the ID of base volume name in pool on host: "host/pool/name".
func FormatBaseImageID(host, pool, name string) string { return host + "/" + pool + "/" + name }

// ParseBaseImageID splits a base image ID "host/pool/name": exactly two slashes, a valid host
// name and non-empty pool and volume names.
func ParseBaseImageID(id string) (host, pool, name string, err error) {
	parts := strings.Split(id, "/")
	if len(parts) != 3 {
		return "", "", "", fmt.Errorf("base image ID %q must have the form host/pool/name", id)
	}
	if err := ValidateHostName(parts[0]); err != nil {
		return "", "", "", fmt.Errorf("base image ID %q: %w", id, err)
	}
	if parts[1] == "" || parts[2] == "" {
		return "", "", "", fmt.Errorf("base image ID %q has an empty pool or volume name", id)
	}
	return parts[0], parts[1], parts[2], nil
}
