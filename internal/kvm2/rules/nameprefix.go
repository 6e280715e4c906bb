package rules

import (
	"crypto/rand"
	"errors"
	"fmt"
	"strings"
)

// A name prefix gives a VM a name of its own on every create: the prefix and NameSuffixLen
// random lowercase letters and digits. That is what lets a replacement exist beside the VM it
// replaces (Terraform's create_before_destroy): a fixed name is held by the old VM until it is
// destroyed.

// NameSuffixLen is the length of the random suffix; 36^8 (about 2.8e12) suffixes make two VMs
// of one prefix on one host meeting by chance negligible, and a name already held by another
// domain fails the create before it writes anything (the domain's definition is its first write).
const NameSuffixLen = 8

// nameSuffixAlphabet is what a suffix is drawn from: every byte a VM name may end with.
const nameSuffixAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

// MaxNamePrefixLen is the longest prefix whose names still fit a DNS label.
const MaxNamePrefixLen = 63 - NameSuffixLen

// NamePrefix is the rule of a name prefix; NamePrefixRule its words.
var (
	NamePrefix = Text{Words: namePrefixWords, MinLen: 1, MaxLen: MaxNamePrefixLen, Example: "a",
		Refused: []string{"1a", "A", "a_", "a.b"}, Accepted: []string{"a-"}, check: validateNamePrefix}
	NamePrefixRule = namePrefixWords
)

var namePrefixWords = fmt.Sprintf("1 to %d lowercase letters, digits and hyphens starting with a letter (the "+
	"VM's name is the prefix followed by %d random lowercase letters and digits, so it is "+VMNameRule+")",
	MaxNamePrefixLen, NameSuffixLen)

// ValidateNamePrefix accepts a prefix whose every name (prefix plus suffix) is a valid VM name.
func ValidateNamePrefix(prefix string) error { return NamePrefix.Check(prefix) }

func validateNamePrefix(prefix string) error {
	if prefix == "" {
		return errors.New("name prefix is empty")
	}
	if len(prefix) > MaxNamePrefixLen {
		return fmt.Errorf("name prefix %q is %d characters long; with the %d-character random suffix the "+
			"name would exceed 63, so the limit is %d", prefix, len(prefix), NameSuffixLen, MaxNamePrefixLen)
	}
	// The suffix never ends in a hyphen, so the prefix alone decides whether the name is valid.
	if err := ValidateVMName(prefix + strings.Repeat("a", NameSuffixLen)); err != nil {
		return fmt.Errorf("name prefix %q does not begin a valid VM name: %w", prefix, err)
	}
	return nil
}

// NameFromPrefix returns a new VM name: prefix followed by NameSuffixLen random characters.
func NameFromPrefix(prefix string) (string, error) {
	if err := ValidateNamePrefix(prefix); err != nil {
		return "", err
	}
	suffix := make([]byte, 0, NameSuffixLen)
	var buf [16]byte
	for len(suffix) < NameSuffixLen {
		if _, err := rand.Read(buf[:]); err != nil {
			return "", fmt.Errorf("generate a name for prefix %q: %w", prefix, err)
		}
		for _, b := range buf {
			// 252 = 7*36: rejecting the rest keeps every character equally likely.
			if b < 252 && len(suffix) < NameSuffixLen {
				suffix = append(suffix, nameSuffixAlphabet[int(b)%len(nameSuffixAlphabet)])
			}
		}
	}
	return prefix + string(suffix), nil
}

// ValidateNameOfPrefix accepts a VM name and the prefix the caller records for it: none (""), or
// a valid prefix the name begins with. The name need not end in a suffix of NameSuffixLen: a VM
// first created with a fixed name keeps it when its configuration moves to a prefix it begins
// with.
func ValidateNameOfPrefix(name, prefix string) error {
	if prefix == "" {
		return nil
	}
	if err := ValidateNamePrefix(prefix); err != nil {
		return err
	}
	if !strings.HasPrefix(name, prefix) {
		return fmt.Errorf("VM name %q does not begin with its name prefix %q", name, prefix)
	}
	return nil
}
