package keylock

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestKeyedLocks_mutualExclusionPerKey(t *testing.T) {
	l := New()
	var inside, maxInside atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			unlock, err := l.Lock(context.Background(), "k")
			if err != nil {
				t.Error(err)
				return
			}
			n := inside.Add(1)
			for {
				m := maxInside.Load()
				if n <= m || maxInside.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(100 * time.Microsecond)
			inside.Add(-1)
			unlock()
		}()
	}
	wg.Wait()
	if maxInside.Load() != 1 {
		t.Fatalf("%d holders at once", maxInside.Load())
	}
	if l.Size() != 0 {
		t.Fatalf("%d entries left", l.Size())
	}
}

func TestKeyedLocks_keysAreIndependent(t *testing.T) {
	l := New()
	ua, err := l.Lock(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ub, err := l.Lock(ctx, "b")
	if err != nil {
		t.Fatalf("b blocked by a: %v", err)
	}
	if l.Size() != 2 {
		t.Fatalf("size = %d", l.Size())
	}
	ua()
	ub()
	if l.Size() != 0 {
		t.Fatalf("%d entries left", l.Size())
	}
}

func TestKeyedLocks_waiterGivesUpWithCtx(t *testing.T) {
	l := New()
	unlock, err := l.Lock(context.Background(), "k")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := l.Lock(ctx, "k")
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("waiter err = %v", err)
	}
	if l.Size() != 1 {
		t.Fatalf("size while held = %d, want 1", l.Size())
	}
	unlock()
	if l.Size() != 0 {
		t.Fatalf("%d entries left", l.Size())
	}
}

func TestKeyedLocks_unlockTwiceIsHarmless(t *testing.T) {
	l := New()
	unlock, err := l.Lock(context.Background(), "k")
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	unlock()
	again, err := l.Lock(context.Background(), "k")
	if err != nil {
		t.Fatal(err)
	}
	if l.Size() != 1 {
		t.Fatalf("size = %d", l.Size())
	}
	again()
	if l.Size() != 0 {
		t.Fatalf("%d entries left", l.Size())
	}
}

func TestKeyedLocks_handsOverToWaiter(t *testing.T) {
	l := New()
	unlock, _ := l.Lock(context.Background(), "k")
	got := make(chan func(), 1)
	go func() {
		u, err := l.Lock(context.Background(), "k")
		if err != nil {
			t.Error(err)
		}
		got <- u
	}()
	unlock()
	(<-got)()
	if l.Size() != 0 {
		t.Fatalf("%d entries left", l.Size())
	}
}
