// Package keylock is a set of mutexes keyed by string, which the core takes per VM name, per
// fixed MAC address and per base image.
package keylock

import (
	"context"
	"sync"
)

// Locks is a set of mutexes keyed by string (one per host/name, one per image) whose
// entries exist only while someone holds or waits for them, so the map never outgrows the
// work in flight. A waiter gives up when its ctx ends.
type Locks struct {
	mu      sync.Mutex
	entries map[string]*entry
}

// entry is one key's mutex: a one-slot channel, so waiting can select on ctx, and the
// number of holders plus waiters, so the last one out removes the entry.
type entry struct {
	slot chan struct{}
	refs int
}

// New returns an empty set.
func New() *Locks { return &Locks{entries: map[string]*entry{}} }

// Lock takes key's lock, waiting at most until ctx ends. The returned unlock must be called
// exactly once.
func (l *Locks) Lock(ctx context.Context, key string) (unlock func(), err error) {
	l.mu.Lock()
	e, ok := l.entries[key]
	if !ok {
		e = &entry{slot: make(chan struct{}, 1)}
		l.entries[key] = e
	}
	e.refs++
	l.mu.Unlock()

	select {
	case e.slot <- struct{}{}:
	case <-ctx.Done():
		l.drop(key, e)
		return nil, ctx.Err()
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			<-e.slot
			l.drop(key, e)
		})
	}, nil
}

// drop releases one reference to key's entry and removes it when nobody holds or waits.
func (l *Locks) drop(key string, e *entry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.refs--
	if e.refs == 0 {
		delete(l.entries, key)
	}
}

// Size is the number of live entries (for tests).
func (l *Locks) Size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

// Refs is how many hold or wait for key's lock (for tests that wait for a waiter).
func (l *Locks) Refs(key string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e := l.entries[key]; e != nil {
		return e.refs
	}
	return 0
}
