package kvm2

import (
	"context"
	"sync"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/rules"
)

// keyedLocks is a set of mutexes keyed by string (one per host/name, one per image) whose
// entries exist only while someone holds or waits for them, so the map never outgrows the
// work in flight. A waiter gives up when its ctx ends.
type keyedLocks struct {
	mu      sync.Mutex
	entries map[string]*keyedLock
}

// keyedLock is one key's mutex: a one-slot channel, so waiting can select on ctx, and the
// number of holders plus waiters, so the last one out removes the entry.
type keyedLock struct {
	slot chan struct{}
	refs int
}

func newKeyedLocks() *keyedLocks { return &keyedLocks{entries: map[string]*keyedLock{}} }

// lock takes key's lock, waiting at most until ctx ends. The returned unlock must be called
// exactly once.
func (l *keyedLocks) lock(ctx context.Context, key string) (unlock func(), err error) {
	l.mu.Lock()
	e, ok := l.entries[key]
	if !ok {
		e = &keyedLock{slot: make(chan struct{}, 1)}
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
func (l *keyedLocks) drop(key string, e *keyedLock) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e.refs--
	if e.refs == 0 {
		delete(l.entries, key)
	}
}

// size is the number of live entries (for tests).
func (l *keyedLocks) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

// lockKey is the per-name lock of an instance.
func lockKey(host, name string) string { return "instance:" + rules.FormatID(host, name) }

// macLockKey is the lock creates with a fixed MAC address on one host take.
func macLockKey(host, mac string) string { return "mac:" + host + "/" + mac }
