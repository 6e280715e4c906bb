package corecall

import (
	"context"
	"errors"
	"time"

	"github.com/cenkalti/backoff/v5"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/egress-proxies/terraform-provider-kvm2/internal/kvm2/kvmerr"
)

// RetryPolicy shapes the exponential backoff between attempts of a Transient failure. The
// operation's context (its timeout) bounds the total time.
type RetryPolicy struct {
	Initial time.Duration
	Max     time.Duration
	Poll    time.Duration // interval of waits that poll the host (an IPv4 address to appear)
	// Now is the clock of a wait's grace (kvm2.IPWait); nil: the time of day. Tests advance it.
	Now func() time.Time
}

// Clock is the time of day by p's clock.
func (p RetryPolicy) Clock() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// ReadParallel bounds the reads of many VMs one Terraform operation has in flight (the full
// reads of a list with include_resource, the egress checks of kvm2_egress_check): the core's
// per-host connection pool bounds them again per host.
const ReadParallel = 8

// DefaultRetryPolicy is the retry of every provider process outside tests.
var DefaultRetryPolicy = RetryPolicy{Initial: time.Second, Max: 15 * time.Second, Poll: 2 * time.Second}

// WithRetry runs op until it succeeds, fails with a class other than Transient, or ctx ends.
// When ctx ends after a Transient failure, the last failure the host answered is returned rather
// than the bare context error (or an attempt that only ran out of time), so the diagnostic says
// what the host answered; when ctx was cancelled (not timed out), it is wrapped in an
// *InterruptedError, so the diagnostic says so.
func WithRetry[T any](ctx context.Context, p RetryPolicy, what string, op func(context.Context) (T, error)) (T, error) {
	var last error
	attempt := 0
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = p.Initial
	b.MaxInterval = p.Max
	res, err := backoff.Retry(ctx, func() (T, error) {
		attempt++
		v, err := op(ctx)
		if err == nil {
			return v, nil
		}
		// An attempt the timeout itself cut short says nothing of the host: keep what the host
		// answered before it, if anything.
		if last == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
			last = err
		}
		if !errors.Is(err, kvmerr.ErrTransient) || ctx.Err() != nil {
			return v, backoff.Permanent(err) // nothing to retry, or no time left to retry in
		}
		tflog.Debug(ctx, "transient failure, retrying", map[string]any{
			"operation": what, "attempt": attempt, "error": err.Error(),
		})
		return v, err
	}, backoff.WithBackOff(b), backoff.WithMaxElapsedTime(0))
	if err != nil && last != nil && ctx.Err() != nil {
		if errors.Is(ctx.Err(), context.Canceled) && errors.Is(last, kvmerr.ErrTransient) {
			return res, &InterruptedError{err: last}
		}
		return res, last
	}
	return res, err
}

// InterruptedError is a Transient failure of an operation whose context was cancelled rather
// than timed out: Terraform asked the provider to stop (Ctrl-C), and the host was not at
// fault. It keeps the failure's text and class.
type InterruptedError struct{ err error }

func (e *InterruptedError) Error() string { return e.err.Error() }
func (e *InterruptedError) Unwrap() error { return e.err }

// RetryErr is WithRetry for operations that return only an error.
func RetryErr(ctx context.Context, p RetryPolicy, what string, op func(context.Context) error) error {
	_, err := WithRetry(ctx, p, what, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, op(ctx)
	})
	return err
}
