package rules

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// The names of the image cache: a base image's own name, and the namespace of the empty marker
// volumes kept beside it ("<name>.kvm2-sha256-<digest>" says the image is complete and whose
// digest it has, "<name>.kvm2-pending-<unix s>" claims the name during a download, and
// "<name>.sha256" is the marker of earlier versions). No base image name can take that
// namespace, so a marker's name is never a user's image.
const (
	MarkerInfix        = ".kvm2-"
	DigestInfix        = MarkerInfix + "sha256-"
	PendingInfix       = MarkerInfix + "pending-"
	LegacyMarkerSuffix = ".sha256"
	LegacyMarkerSize   = 65 // what earlier versions wrote: 64 hex digits and a newline

	// MaxVolumeName is the longest file name of a directory pool; the longest marker name
	// (the digest's) must fit in it.
	MaxVolumeName       = 255
	MaxBaseImageNameLen = MaxVolumeName - len(DigestInfix) - 64
)

// baseNameRE keeps base volume names safe as file names in a dir pool and as ID segments.
var baseNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)

// sha256HexRE is a lowercase hex SHA-256 digest.
var sha256HexRE = regexp.MustCompile(`^[0-9a-f]{64}$`)

// The rules of a base image request: its name, the digest, the format and the source.
var (
	BaseImageName = Text{Words: baseImageNameWords, MinLen: 1, MaxLen: MaxBaseImageNameLen, Example: "a",
		Refused: []string{"-a", "a" + MarkerInfix + "x", "a" + LegacyMarkerSuffix, "a/b", "a b"}, check: validateBaseImageName}
	SHA256 = Text{Words: "64 lowercase hex digits", MinLen: 64, MaxLen: 64, Example: strings.Repeat("0", 63) + "a",
		Refused: []string{strings.Repeat("A", 64), strings.Repeat("g", 64)}, check: func(s string) error {
			if !IsSHA256(s) {
				return fmt.Errorf("sha256 %q is not 64 lowercase hex digits", s)
			}
			return nil
		}}
	ImageFormat = Text{Words: `"qcow2" or "raw"`, Values: []string{"qcow2", "raw"}, Example: "qcow2", check: func(s string) error {
		if s != "qcow2" && s != "raw" {
			return fmt.Errorf("format %q is neither \"qcow2\" nor \"raw\"", s)
		}
		return nil
	}}
	SourceURL = Text{Words: sourceURLWords, MinLen: 8, Example: "http://a",
		Refused: []string{"ftp://a", "http://", "https:///x", "a", "http//a"}, Accepted: []string{"https://a/b?c=d"}, check: validateSourceURL}

	BaseImageNameRule = baseImageNameWords
)

// validateSourceURL accepts an http or https URL with a host. Its error shows no user info,
// query or fragment, which may carry credentials of signed URLs.
func validateSourceURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		shown := "<unparsable URL>"
		if err == nil {
			u.User, u.RawQuery, u.Fragment = nil, "", ""
			shown = u.String()
		}
		return fmt.Errorf("source URL %q is not %s", shown, sourceURLWords)
	}
	return nil
}

const sourceURLWords = "an `http://` or `https://` URL with a host"

var baseImageNameWords = fmt.Sprintf("1 to %d letters, digits, '.', '_', '+' and '-', starting with a letter or digit, "+
	"without %q (reserved for the markers kept beside images) and not ending in %q (checksum files)",
	MaxBaseImageNameLen, MarkerInfix, LegacyMarkerSuffix)

// ValidateBaseImageName reports whether name can be the volume name of a base image: 1 to
// MaxBaseImageNameLen letters, digits, '.', '_', '+', '-' starting with a letter or digit,
// containing no ".kvm2-" (the namespace of the cache's markers) and not ending in ".sha256" (the
// markers of earlier versions, and the name of published checksum files).
func ValidateBaseImageName(name string) error { return BaseImageName.Check(name) }

func validateBaseImageName(name string) error {
	switch {
	case len(name) == 0 || len(name) > MaxBaseImageNameLen || !baseNameRE.MatchString(name):
		return fmt.Errorf("base image name %q: use 1-%d characters of letters, digits, '.', '_', '+', '-', starting with a letter or digit",
			name, MaxBaseImageNameLen)
	case strings.Contains(name, MarkerInfix):
		return fmt.Errorf("base image name %q: names containing %q are reserved for the markers kvm2 keeps beside its images", name, MarkerInfix)
	case strings.HasSuffix(name, LegacyMarkerSuffix):
		return fmt.Errorf("base image name %q: the suffix %q is reserved for checksum files and the markers of earlier kvm2 versions", name, LegacyMarkerSuffix)
	}
	return nil
}

// IsSHA256 reports whether s is a SHA-256 digest in lowercase hex, as the cache records them.
func IsSHA256(s string) bool { return sha256HexRE.MatchString(s) }
