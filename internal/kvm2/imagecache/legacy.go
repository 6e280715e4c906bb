package imagecache

import (
	"context"
	"errors"
	"fmt"

	libvirt "github.com/digitalocean/go-libvirt"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/backend"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/corelog"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/hostops"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// Images cached by earlier versions: the image plus "<name>.sha256" holding the hex digest and
// a newline. That marker's name and content are what administrators' checksum files have too,
// so it proves nothing alone; it proves the image the caller's only when the caller's record
// (its state) holds the same digest and the image's path. Reading it is the one stream read
// left, and it happens once: a proven image is moved to today's markers at once.

// legacyMarkerReadLimit bounds the read: anything longer than a marker is not one.
const legacyMarkerReadLimit = 128

// errEmptyLegacyRead is a marker read that delivered nothing twice (libvirt 9.0 streams
// sometimes lose their data packet): no verdict, so the caller retries.
var errEmptyLegacyRead = errors.New("reading the marker of an earlier kvm2 version returned no data twice; retry")

// migrate moves an image of an earlier version that rec proves to be the caller's to today's
// markers: the digest marker is created, then the old marker deleted. ok is false when rec does
// not prove it (the image is then foreign).
func (ic *Cache) migrate(ctx context.Context, b backend.Backend, p libvirt.StoragePool, ref Ref, e cacheEntry, rec baseImageRecord) (BaseImage, bool, error) {
	img, proven, err := ic.proveLegacy(ctx, b, ref, e, rec)
	if err != nil || !proven {
		return BaseImage{}, false, err
	}
	x, err := definition.MarkerVolumeXML(ref.digestMarker(rec.sha))
	if err != nil {
		return BaseImage{}, false, kvmerr.New(kvmerr.Permanent, "", ref.Host, err)
	}
	if _, err := b.StorageVolCreateXML(ctx, p, x); err != nil {
		return BaseImage{}, false, fmt.Errorf("create marker volume %s: %w", ref.digestMarker(rec.sha), err)
	}
	if err := hostops.DeleteNamedVolumes(ctx, b, p, e.legacy.Name); err != nil {
		return BaseImage{}, false, err
	}
	f := ref.fields()
	f["sha256"] = rec.sha
	ic.logf(ctx, corelog.LevelInfo, "moved a base image cached by an earlier version to today's markers", f)
	return img, true, nil
}

// proveLegacy checks rec against an image of an earlier version: the image's path, the old
// marker's size, and its content (read once, bounded).
func (ic *Cache) proveLegacy(ctx context.Context, b backend.Backend, ref Ref, e cacheEntry, rec baseImageRecord) (BaseImage, bool, error) {
	if rec.sha == "" || rec.path == "" || e.image == nil || e.legacy == nil {
		return BaseImage{}, false, nil
	}
	img, err := describeBase(ctx, b, *e.image, ref, rec.sha)
	if err != nil || img.Path != rec.path {
		return BaseImage{}, false, err
	}
	ok, err := ic.legacyMarkerHolds(ctx, b, *e.legacy, rec.sha)
	return img, ok, err
}

// legacyMarkerHolds reports whether vol is exactly what earlier versions wrote for digest sha.
// Each read has its own short budget (a stalled stream costs seconds, and the abandoned call
// is retried once on a fresh connection by onPooled); an empty read is read again, since one
// faulty read must neither prove nor disprove anything.
func (ic *Cache) legacyMarkerHolds(ctx context.Context, b backend.Backend, vol libvirt.StorageVol, sha string) (bool, error) {
	capacity, _, err := b.StorageVolGetInfo(ctx, vol)
	if err != nil || capacity != rules.LegacyMarkerSize {
		return false, kvmerr.IgnoreNotFound(err)
	}
	for range 2 {
		var w boundedWriter
		rctx, cancel := context.WithTimeout(ctx, ic.markerTimeout)
		err := b.StorageVolDownload(rctx, vol, &w, legacyMarkerReadLimit)
		cancel()
		if err != nil {
			return false, kvmerr.IgnoreNotFound(err)
		}
		if w.n > 0 {
			return string(w.bytes()) == sha+"\n", nil
		}
	}
	return false, kvmerr.New(kvmerr.Transient, "", b.Host(), fmt.Errorf("volume %s: %w", vol.Name, errEmptyLegacyRead))
}

// boundedWriter keeps the first legacyMarkerReadLimit bytes written to it and drops the rest,
// so a misbehaving download can never grow memory.
type boundedWriter struct {
	buf [legacyMarkerReadLimit]byte
	n   int
}

func (w *boundedWriter) Write(p []byte) (int, error) {
	w.n += copy(w.buf[w.n:], p)
	return len(p), nil
}

func (w *boundedWriter) bytes() []byte { return w.buf[:w.n] }
