package backend

import (
	"context"
	"errors"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// A go-libvirt stream (volume upload or download) can hang its whole connection: when libvirtd
// sends a stream packet after the one that ends the call, the client's reader and the returning
// call wait on each other's lock. Only the abandon policy ends such a call, and it closes the
// link. The helpers below run stream work once more on a new connection when that happens; fn
// must be safe to repeat.

// OnceMoreIfAbandoned runs attempt, and once more when its call was abandoned while ctx is live.
func OnceMoreIfAbandoned(ctx context.Context, attempt func() error) error {
	err := attempt()
	if errors.Is(err, kvmerr.ErrAbandoned) && ctx.Err() == nil {
		err = attempt()
	}
	return err
}

// OnPooled runs fn on the host's pooled connection; the pool redials after an abandoned call.
func OnPooled(ctx context.Context, pool Pool, host string, fn func(b Backend) error) error {
	return OnceMoreIfAbandoned(ctx, func() error {
		b, release, err := pool.Acquire(ctx, host)
		if err != nil {
			return err
		}
		defer release()
		return fn(b)
	})
}

// OnDedicated runs fn on a fresh dedicated connection, closed afterwards.
func OnDedicated(ctx context.Context, pool Pool, host string, fn func(d Backend) error) error {
	return OnceMoreIfAbandoned(ctx, func() error {
		d, err := pool.Dedicated(ctx, host)
		if err != nil {
			return err
		}
		defer d.Close()
		return fn(d)
	})
}

// CappedWriter keeps at most Limit bytes of what a download writes (Buf) and notes that more
// came (Over), so a misbehaving download never grows memory past the cap.
type CappedWriter struct {
	Buf   []byte
	Limit int
	Over  bool
}

func (w *CappedWriter) Write(p []byte) (int, error) {
	n := len(p)
	if room := w.Limit - len(w.Buf); n > room {
		w.Over = true
		p = p[:max(room, 0)]
	}
	w.Buf = append(w.Buf, p...)
	return n, nil
}
