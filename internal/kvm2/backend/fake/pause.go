package fake

import (
	"context"
	"sync"
)

// Gate holds one call of a Backend before it runs, so a test can interleave two clients of one
// host at an exact point: it pauses client A before a call, lets client B act, then releases A.
// Reached is closed when the call arrives; the call then waits for Release (or for its ctx,
// whose error it then returns).
type Gate struct {
	reached chan struct{}
	release chan struct{}
	once    sync.Once
}

// Reached is closed once the paused call has arrived.
func (g *Gate) Reached() <-chan struct{} { return g.reached }

// Release lets the paused call (and every later call through the gate) run.
func (g *Gate) Release() { g.once.Do(func() { close(g.release) }) }

// Pause holds the first call of method on b whose Call matches (every call when match is nil)
// before it touches the host, until the returned Gate is released. Later calls pass.
func (b *Backend) Pause(method string, match func(Call) bool) *Gate {
	g := &Gate{reached: make(chan struct{}), release: make(chan struct{})}
	var mu sync.Mutex
	armed := true
	b.Inject(method, func(ctx context.Context, c Call) error {
		mu.Lock()
		hit := armed && (match == nil || match(c))
		if hit {
			armed = false
		}
		mu.Unlock()
		if !hit {
			return nil
		}
		close(g.reached)
		select {
		case <-g.release:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	return g
}

// PauseTarget is Pause for the first call of method on target.
func (b *Backend) PauseTarget(method, target string) *Gate {
	return b.Pause(method, func(c Call) bool { return c.Target == target })
}
