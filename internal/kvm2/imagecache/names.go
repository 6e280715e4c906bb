package imagecache

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// A cached base image is its volume under its name plus marker volumes beside it. A marker is
// an empty raw volume whose name says everything, in a namespace no base image name can take
// (ValidateBaseImageName refuses ".kvm2-") and in a form no checksum file shares (it is empty):
//
//	<name>.kvm2-pending-<unix seconds>  the claim, created before the image and deleted last,
//	                                    so a fetch in progress (or its debris) is known as ours;
//	<name>.kvm2-sha256-<64 hex>         the image is complete and has that digest (created last).
//
// Finding the digest reads no volume content: with the digest known (from state or the request)
// it is one name lookup, otherwise one listing of the pool's volume names.
//
// Images cached by earlier versions have a marker "<name>.sha256" holding the hex digest. Such a
// marker is only believed together with the caller's record of the digest and path (state), and
// it is then replaced by the markers above.
// Ref names one cached base image: volume Name in pool Pool on host Host.
type Ref struct{ Host, Pool, Name string }

// ID is the base image's ID, "host/pool/name".
func (r Ref) ID() string { return rules.FormatBaseImageID(r.Host, r.Pool, r.Name) }

// markerPrefix starts the name of every marker of the image, and of nothing else: a base image
// name never contains rules.MarkerInfix, so the first rules.MarkerInfix in a marker's name ends its image's.
func (r Ref) markerPrefix() string { return r.Name + rules.MarkerInfix }

// digestMarker is the name of the marker saying the image is complete with digest sha.
func (r Ref) digestMarker(sha string) string { return r.Name + rules.DigestInfix + sha }

// pendingMarker is the name of the claim of a fetch that started at t.
func (r Ref) pendingMarker(t time.Time) string {
	return r.Name + rules.PendingInfix + strconv.FormatInt(t.Unix(), 10)
}

// legacyMarker is the name of the marker earlier versions kept beside the image.
func (r Ref) legacyMarker() string { return r.Name + rules.LegacyMarkerSuffix }

// fields are the log fields identifying the image.
func (r Ref) fields() map[string]any {
	return map[string]any{"host": r.Host, "pool": r.Pool, "volume": r.Name}
}

// markerKind is what a name in the image's marker namespace says it is.
type markerKind int

const (
	notAMarker markerKind = iota
	digestMarker
	pendingMarker
)

// parseMarkerName reads a name that starts with r.markerPrefix(): the digest of a digest
// marker, or the start time of a claim. Any other name there is notAMarker: no version of the
// cache writes it.
func (r Ref) parseMarkerName(name string) (kind markerKind, sha string, since time.Time) {
	if rest, ok := strings.CutPrefix(name, r.Name+rules.DigestInfix); ok && rules.IsSHA256(rest) {
		return digestMarker, rest, time.Time{}
	}
	if rest, ok := strings.CutPrefix(name, r.Name+rules.PendingInfix); ok {
		if secs, err := strconv.ParseInt(rest, 10, 64); err == nil && secs > 0 && strconv.FormatInt(secs, 10) == rest {
			return pendingMarker, "", time.Unix(secs, 0)
		}
	}
	return notAMarker, "", time.Time{}
}

// ParseRef parses a base image ID "host/pool/name" strictly.
func ParseRef(id string) (Ref, error) {
	host, pool, name, err := rules.ParseBaseImageID(id)
	if err != nil {
		return Ref{}, err
	}
	if err := rules.ValidateBaseImageName(name); err != nil {
		return Ref{}, fmt.Errorf("base image ID %q: %w", id, err)
	}
	return Ref{Host: host, Pool: pool, Name: name}, nil
}
