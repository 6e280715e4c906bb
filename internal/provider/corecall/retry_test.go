package corecall_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/corecall"
	"github.com/egress-proxies/terraform-provider-kvm2/internal/provider/providertest"
)

func TestWithRetry(t *testing.T) {
	t.Parallel()
	transient := kvmerr.New(kvmerr.Transient, "get", "lab", errors.New("connection reset"))
	tests := []struct {
		name      string
		failures  []error // returned by successive attempts, then success
		wantCalls int
		wantErr   error
	}{
		{"success at once", nil, 1, nil},
		{"transient then success", []error{transient, transient}, 3, nil},
		{"permanent not retried", []error{kvmerr.New(kvmerr.Permanent, "create", "lab", errors.New("xml"))}, 1, kvmerr.ErrPermanent},
		{"not found not retried", []error{kvmerr.New(kvmerr.NotFound, "get", "lab", errors.New("gone"))}, 1, kvmerr.ErrNotFound},
		{"quota not retried", []error{&kvmerr.QuotaError{Host: "lab", Pool: "p", Available: 1, Needed: 2}}, 1, kvmerr.ErrQuotaExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			got, err := corecall.WithRetry(context.Background(), providertest.FastRetry, "test", func(context.Context) (int, error) {
				calls++
				if calls <= len(tt.failures) {
					return 0, tt.failures[calls-1]
				}
				return 42, nil
			})
			if calls != tt.wantCalls {
				t.Errorf("calls = %d, want %d", calls, tt.wantCalls)
			}
			if tt.wantErr == nil {
				if err != nil || got != 42 {
					t.Errorf("got (%d, %v), want (42, nil)", got, err)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Errorf("err = %v, want class %v", err, tt.wantErr)
			}
		})
	}
}

// TestWithRetry_timeoutKeepsLastError: when the operation's time runs out during retries, the
// caller sees what the host last answered, still classified Transient.
func TestWithRetry_timeoutKeepsLastError(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	last := kvmerr.New(kvmerr.Transient, "get", "lab", errors.New("connection refused"))
	calls := 0
	err := corecall.RetryErr(ctx, providertest.FastRetry, "test", func(context.Context) error {
		calls++
		return last
	})
	if !errors.Is(err, kvmerr.ErrTransient) || err.Error() != last.Error() {
		t.Errorf("err = %v, want the last transient failure %v", err, last)
	}
	if calls < 2 {
		t.Errorf("calls = %d, want retries before the timeout", calls)
	}
}

// TestWithRetry_timeoutReportsTheHostsAnswer: an attempt cut short by the timeout itself
// ("connect: context deadline exceeded") says nothing of the host; the caller sees the failure
// the host answered before it.
func TestWithRetry_timeoutReportsTheHostsAnswer(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	reset := kvmerr.New(kvmerr.Transient, "read base image", "lab", errors.New("read: connection reset by peer"))
	err := corecall.RetryErr(ctx, providertest.FastRetry, "test", func(ctx context.Context) error {
		select {
		case <-ctx.Done():
			return kvmerr.New(kvmerr.Transient, "read base image", "lab", fmt.Errorf("connect on lab: %w", ctx.Err()))
		case <-time.After(time.Millisecond):
			return reset
		}
	})
	if !errors.Is(err, kvmerr.ErrTransient) || err.Error() != reset.Error() {
		t.Errorf("err = %v, want the host's answer %v", err, reset)
	}
}

// TestWithRetry_cancelSaysInterrupted: a cancelled context (Terraform asked the provider to
// stop) ends the retries at once, keeps the last failure's text and class, and is told apart
// from a timeout, so the diagnostic does not blame the host.
func TestWithRetry_cancelSaysInterrupted(t *testing.T) {
	t.Parallel()
	last := kvmerr.New(kvmerr.Transient, "create", "lab", errors.New("rpc abandoned: context canceled"))
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	err := corecall.RetryErr(ctx, providertest.FastRetry, "test", func(context.Context) error {
		calls++
		cancel() // the interrupt lands during the first attempt
		return last
	})
	if calls != 1 {
		t.Errorf("calls = %d, want no retry after the cancel", calls)
	}
	var ie *corecall.InterruptedError
	if !errors.As(err, &ie) || !errors.Is(err, kvmerr.ErrTransient) || err.Error() != last.Error() {
		t.Fatalf("err = %v, want the last failure wrapped as interrupted", err)
	}
	if d := corecall.ErrorDetail(err); !strings.Contains(d, "interrupted") || strings.Contains(d, "did not answer in time") {
		t.Errorf("detail = %q, want it to say interrupted, not blame the host", d)
	}

	// A timeout is not an interrupt.
	tctx, tcancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer tcancel()
	err = corecall.RetryErr(tctx, providertest.FastRetry, "test", func(context.Context) error { return last })
	if errors.As(err, &ie) || !strings.Contains(corecall.ErrorDetail(err), "did not answer in time") {
		t.Errorf("timeout: err = %v, detail %q", err, corecall.ErrorDetail(err))
	}
}
