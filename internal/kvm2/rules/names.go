package rules

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
)

// The names the core gives to what it creates for a VM. Volumes carry the VM's UID, so no
// volume of another VM, another tool or an administrator can be mistaken for ours by its name:
// a VM name is a DNS label (no dots), so "<name>.<uid>." cannot be produced by another name.

// OverlayName is the root disk volume of VM name with uid.
func OverlayName(name, uid string) string { return name + "." + uid + ".qcow2" }

// SeedName is the NoCloud seed volume of VM name with uid.
func SeedName(name, uid string) string { return name + "." + uid + ".cidata.iso" }

// Volume names of VMs created before volumes carried the UID. Such volumes are only ever
// touched when the VM's own definition names them, the VM's mark carries the UID in state, and
// HasLegacyNames(uid) holds.
func LegacyOverlayName(name string) string { return name + ".qcow2" }
func LegacySeedName(name string) string    { return name + "-cidata.iso" }

// HasLegacyNames reports whether the VM with uid may have volumes of the legacy names: only a VM
// of an earlier version, whose UID is not a UUID. UUID UIDs arrived together with volumes named
// with the UID, so a VM with a UUID UID never had a volume of a legacy name, and one its
// definition names (an administrator's disk attached by hand, say) is not the VM's own.
func HasLegacyNames(uid string) bool { return !definition.IsUUID(uid) }

// uidRE accepts the UIDs this provider has issued: canonical UUIDs, and the base32 text of
// earlier versions.
var uidRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,63}$`)

// UIDRule says what ValidateUID accepts.
const UIDRule = "the `uid` of a kvm2_proxy_vm: 1 to 64 letters, digits or hyphens, starting with a letter or digit"

// UID is the rule of a VM's UID.
var UID = Text{Words: UIDRule, MinLen: 1, MaxLen: 64, Example: "u", Refused: []string{"-u", "u_1", "u.1"},
	Accepted: []string{"0f8fad5b-d9cb-469f-a165-70867728950e"}, check: validateUID}

// ValidateUID reports whether uid can be the UID of a VM.
func ValidateUID(uid string) error { return UID.Check(uid) }

func validateUID(uid string) error {
	if !uidRE.MatchString(uid) {
		return fmt.Errorf("uid %q must be 1 to 64 letters, digits or hyphens, starting with a letter or digit", uid)
	}
	return nil
}

// NewUID returns a random (version 4) UUID in canonical form. It is both the VM's UID in its
// mark and its libvirt domain UUID, so a name collision cannot produce it.
func NewUID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("generate uid: %w", err)
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]), nil
}

// DomainUUID is the libvirt UUID of the VM with uid: the UID itself when it is a UUID (every
// UID this provider issues now), else one derived from it. A definition that carries a UUID is
// never silently redefined over another domain of the same name.
func DomainUUID(uid string) string {
	if definition.IsUUID(uid) {
		return uid
	}
	sum := sha256.Sum256([]byte("kvm2-uid:" + uid))
	sum[6] = sum[6]&0x0f | 0x50
	sum[8] = sum[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", sum[0:4], sum[4:6], sum[6:8], sum[8:10], sum[10:16])
}

// UserDataSHA256 is the hex sha256 of user data, as the mark records it.
func UserDataSHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// SeedDigest is the digest the mark records of a VM's seed (`seed-digest`): the hex sha256 of
// a line naming the source the mark records for the user data ("" for none), then the whole
// seed image as uploaded. Read-back compares it before any byte of the seed is parsed, and as
// the source is part of it, a mark whose source is edited (a write-only VM's said to be
// user_data) no longer matches its seed.
func SeedDigest(userDataSource string, seed []byte) string {
	h := sha256.New()
	h.Write([]byte("kvm2 seed v1 user-data-source=" + userDataSource + "\n"))
	h.Write(seed)
	return hex.EncodeToString(h.Sum(nil))
}

// ValidateUserDataWOVersion accepts the mark's record of a write-only user data version: none
// (""), or a decimal integer as the caller's int64 prints it.
func ValidateUserDataWOVersion(v string) error {
	if v == "" {
		return nil
	}
	if n, err := strconv.ParseInt(v, 10, 64); err != nil || strconv.FormatInt(n, 10) != v {
		return fmt.Errorf("user data version %q is not a decimal integer", v)
	}
	return nil
}
