package backend

import (
	"context"
	"errors"
	"io"
	"sync"

	libvirt "github.com/digitalocean/go-libvirt"
)

// gate guards a caller's reader or writer handed to a streaming RPC: once shut, go-libvirt's
// goroutines can no longer touch it, even if they outlive the call. shut waits for an
// operation already in progress, so after it returns the caller owns its stream again.
type gate struct {
	mu   sync.Mutex
	shut bool
}

var errStreamDetached = errors.New("stream detached from an abandoned call")

func (g *gate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.shut = true
}

// pass runs op on p unless the gate is shut, and holds the gate while op runs.
func (g *gate) pass(op func([]byte) (int, error), p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut {
		return 0, errStreamDetached
	}
	return op(p)
}

type gatedReader struct {
	*gate
	r io.Reader
}

// Read returns io.EOF unwrapped from r, which go-libvirt compares with ==.
func (g gatedReader) Read(p []byte) (int, error) { return g.pass(g.r.Read, p) }

type gatedWriter struct {
	*gate
	w io.Writer
}

func (g gatedWriter) Write(p []byte) (int, error) { return g.pass(g.w.Write, p) }

// StorageVolUpload is exempt from the per-call budget (an image upload takes as long as it
// takes) but abandoned like any RPC when ctx ends. r is detached before return.
func (b *libvirtBackend) StorageVolUpload(ctx context.Context, vol libvirt.StorageVol, r io.Reader, length uint64) error {
	in := gatedReader{gate: &gate{}, r: r}
	defer in.close()
	_, err := call(ctx, b, "StorageVolUpload", false, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolUpload(vol, in, 0, length, 0)
	})
	return err
}

// StorageVolDownload copies at most length bytes of vol into w; w is detached before return.
func (b *libvirtBackend) StorageVolDownload(ctx context.Context, vol libvirt.StorageVol, w io.Writer, length uint64) error {
	out := gatedWriter{gate: &gate{}, w: w}
	defer out.close()
	_, err := call(ctx, b, "StorageVolDownload", true, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolDownload(vol, out, 0, length, 0)
	})
	return err
}

// StorageVolDownloadRange copies at most length bytes of vol from offset into w; w is detached
// before return.
func (b *libvirtBackend) StorageVolDownloadRange(ctx context.Context, vol libvirt.StorageVol, w io.Writer, offset, length uint64) error {
	out := gatedWriter{gate: &gate{}, w: w}
	defer out.close()
	_, err := call(ctx, b, "StorageVolDownloadRange", true, func() (struct{}, error) {
		return struct{}{}, b.l.StorageVolDownload(vol, out, offset, length, 0)
	})
	return err
}
