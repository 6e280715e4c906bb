package hostwide

import (
	"context"
	"sync"
)

// turns lets the in-use reads of a host and this client's destroys there take turns. libvirtd
// lists the domains of a host (and gives out a definition) only between the destroys of each:
// a read begun while destroys run waits inside libvirtd until they end, holding its connection's
// request slots, and the askers that came after it began wait for the read after it. Taking
// turns in the client, a read waits for the destroys under way (new ones wait for it), and
// everyone who asks meanwhile shares it; then it runs at once.
type turns struct {
	mu       sync.Mutex
	destroys int           // destroys under way
	reads    int           // reads under way or waiting for their turn
	changed  chan struct{} // closed (and dropped) when either count falls; nil when nobody waits
}

// wait returns the channel closed at the next change; t.mu held.
func (t *turns) wait() <-chan struct{} {
	if t.changed == nil {
		t.changed = make(chan struct{})
	}
	return t.changed
}

// signal wakes every waiter; t.mu held.
func (t *turns) signal() {
	if t.changed != nil {
		close(t.changed)
		t.changed = nil
	}
}

// reserveRead takes a read's turn at once, for a read that begins later: destroys that ask
// from now on wait for it. The read then enters with enterRead(ctx, true), and leave gives the
// turn back (also when that read never begins).
func (t *turns) reserveRead() (leave func()) {
	t.mu.Lock()
	t.reads++
	t.mu.Unlock()
	return t.leaveRead
}

// leaveRead ends a read's turn.
func (t *turns) leaveRead() {
	t.mu.Lock()
	t.reads--
	t.signal()
	t.mu.Unlock()
}

// enterRead waits until no destroy runs; destroys that ask meanwhile wait for the read. waited
// says whether it had to. reserved is a turn reserveRead took for this read: it is not taken
// again, and is given back with leave, or at once on failure.
func (t *turns) enterRead(ctx context.Context, reserved bool) (leave func(), waited bool, err error) {
	t.mu.Lock()
	if !reserved {
		t.reads++
	}
	for t.destroys > 0 {
		waited = true
		ch := t.wait()
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			t.mu.Lock()
			t.reads--
			t.signal()
			t.mu.Unlock()
			return nil, waited, ctx.Err()
		}
		t.mu.Lock()
	}
	t.mu.Unlock()
	return t.leaveRead, waited, nil
}

// enterDestroy waits until no read runs or waits.
func (t *turns) enterDestroy(ctx context.Context) (leave func(), err error) {
	t.mu.Lock()
	for t.reads > 0 {
		ch := t.wait()
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		t.mu.Lock()
	}
	t.destroys++
	t.mu.Unlock()
	return func() {
		t.mu.Lock()
		t.destroys--
		t.signal()
		t.mu.Unlock()
	}, nil
}
