package imagecache

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/definition"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// The qcow2 header fields the cache checks (big-endian; see qemu's docs/interop/qcow2.txt).
const (
	qcow2Magic             = "QFI\xfb"
	qcow2V2HeaderLen       = 72
	qcow2V3HeaderLen       = 104
	qcow2BackingOffsetAt   = 8
	qcow2IncompatibleAt    = 72
	qcow2ExternalDataFile  = 1 << 2 // incompatible feature bit: the data lives in another file
	imageHeaderPeekBufSize = 4096
)

// ErrImageRefused is what every refusal of a downloaded image's content matches (errors.Is):
// not the format asked for, or a qcow2 that names files of the host.
var ErrImageRefused = errors.New("the downloaded image is refused")

// imageHeaderError says why a download's content is refused.
type imageHeaderError struct{ src, why string }

func (e *imageHeaderError) Error() string        { return "the image at " + e.src + " " + e.why }
func (e *imageHeaderError) Is(target error) bool { return target == ErrImageRefused }
func refuseImage(src, format string, a ...any) error {
	return &imageHeaderError{src, fmt.Sprintf(format, a...)}
}

// checkImageHeader looks at the start of a download before anything is written to the pool
// and returns a reader that still yields every byte (the digest covers them all). A qcow2 must
// be a qcow2 (version 2 or 3) without a backing file and without an external data file: either
// names a path that the host would open for the guest.
func checkImageHeader(format string, body io.Reader, src string) (io.Reader, error) {
	if format != definition.FormatQCOW2 {
		return body, nil
	}
	br := bufio.NewReaderSize(body, imageHeaderPeekBufSize)
	head, err := br.Peek(qcow2V3HeaderLen)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, kvmerr.New(kvmerr.Transient, "", "", fmt.Errorf("download %s: %w", src, err))
	}
	if err := checkQCOW2Header(head, src); err != nil {
		return nil, kvmerr.New(kvmerr.Permanent, "", "", err)
	}
	return br, nil
}

// checkQCOW2Header refuses h unless it is the header of a self-contained qcow2.
func checkQCOW2Header(h []byte, src string) error {
	if len(h) < 8 || string(h[:4]) != qcow2Magic {
		return refuseImage(src, `is not a qcow2 image (it does not start with the qcow2 magic): set format = "raw" if it is a raw disk image`)
	}
	version := binary.BigEndian.Uint32(h[4:8])
	need := 0
	switch version {
	case 2:
		need = qcow2V2HeaderLen
	case 3:
		need = qcow2V3HeaderLen
	default:
		return refuseImage(src, "is qcow2 version %d; only versions 2 and 3 are accepted", version)
	}
	if len(h) < need {
		return refuseImage(src, "ends inside its qcow2 header (%d of %d bytes)", len(h), need)
	}
	if binary.BigEndian.Uint64(h[qcow2BackingOffsetAt:]) != 0 {
		return refuseImage(src, "has a backing file of its own, which names a path the host would open for the guest: "+
			"publish a self-contained image (qemu-img convert -O qcow2 image.qcow2 flat.qcow2)")
	}
	if version == 3 && binary.BigEndian.Uint64(h[qcow2IncompatibleAt:])&qcow2ExternalDataFile != 0 {
		return refuseImage(src, "keeps its data in an external file, which names a path the host would open for the guest: "+
			"publish a self-contained image (qemu-img convert -O qcow2 image.qcow2 flat.qcow2)")
	}
	return nil
}
