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
	once    sync.Once // Release
	first   sync.Once // Hold's first call
}

// Reached is closed once the paused call has arrived.
func (g *Gate) Reached() <-chan struct{} { return g.reached }

// Release lets the paused call (and every later call through the gate) run.
func (g *Gate) Release() { g.once.Do(func() { close(g.release) }) }

// NewGate is a gate that holds the first call Hold is asked to hold. Pause sets one on the
// fake; a test on real connections sets one in a backend.Hook.
func NewGate() *Gate {
	return &Gate{reached: make(chan struct{}), release: make(chan struct{})}
}

// Hold holds the calling call when it is the first the gate is asked to hold, until Release (or
// its ctx ends, whose error it then returns); every later call passes at once.
func (g *Gate) Hold(ctx context.Context) error {
	first := false
	g.first.Do(func() { first = true })
	if !first {
		return nil
	}
	close(g.reached)
	select {
	case <-g.release:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Pause holds the first call of method on b whose Call matches (every call when match is nil)
// before it touches the host, until the returned Gate is released. Later calls pass.
func (b *Backend) Pause(method string, match func(Call) bool) *Gate {
	g := NewGate()
	b.Inject(method, func(ctx context.Context, c Call) error {
		if match != nil && !match(c) {
			return nil
		}
		return g.Hold(ctx)
	})
	return g
}

// PauseTarget is Pause for the first call of method on target.
func (b *Backend) PauseTarget(method, target string) *Gate {
	return b.Pause(method, func(c Call) bool { return c.Target == target })
}
